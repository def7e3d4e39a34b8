/**
 * Every game's board, hands and final image keep inside their panels and the image edge, and
 * read on a phone, at every player count, in every language, with the longest names, over
 * states taken all along seeded bot games.
 */
import { writeFileSync } from 'node:fs';
import { LANGUAGES } from '../../src/i18n/index.js';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../src/catalog.js';
import { outOfBounds, recordDrawing } from '../../renderers/canvas.js';
import { GAMES } from '../../src/catalog.js';
import { INLINE_BOXES, INLINE_MAX_ASPECT, MIN_INLINE_TEXT, inlineScale } from '../../renderers/inline.js';
import { LONG_NAMES, expectDrawnWell, lookAlikeNames, realCtx } from './bounds.js';
import { defaultOptions, statesAlong } from '../games/seeded.js';
import { pngDimensions } from './phone-rule.js';

describe.each(Object.keys(GAMES))('%s images stay inside their panels', (id) => {
  const game = GAMES[id]!;
  const r = renderers[id]!;
  const options = defaultOptions(game);
  const { min, max } = game.players(options);
  for (let seats = Math.max(2, min); seats <= max; seats++) {
    it(`${seats} players, in every language`, () => {
      const all = statesAlong(game, seats, options, `bounds-${id}-${seats}`, 6);
      for (const lang of LANGUAGES) {
        // The table's own names: the look-alike check must not see players who are not seated.
        const ctx = realCtx(lang, LONG_NAMES.slice(0, seats));
        for (const [i, s] of all.entries()) {
          const view = game.publicView(s);
          expectDrawnWell(() => r.board(view, ctx), { names: ctx.names });
          if (process.env.BOUNDS_PNG && i === all.length - 2) writeFileSync(`/tmp/bounds-${id}-${seats}-${lang}.png`, r.board(view, ctx));
          const seat = i % seats;
          expectDrawnWell(() => r.hand(game.seatView(s, seat), ctx), { names: ctx.names });
          if (process.env.BOUNDS_PNG && i === all.length - 2) writeFileSync(`/tmp/bounds-${id}-${seats}-${lang}-hand.png`, r.hand(game.seatView(s, seat), ctx));
        }
        const end = all.at(-1)!;
        expectDrawnWell(() => r.final(game.publicView(end), game.outcome(end)!, ctx), { names: ctx.names });
        if (process.env.BOUNDS_PNG) writeFileSync(`/tmp/bounds-${id}-${seats}-${lang}-final.png`, r.final(game.publicView(end), game.outcome(end)!, ctx));
      }
    });
  }
});

/**
 * How large the smallest text of each board looks where Discord shows it in the channel (an
 * embed image: renderers/inline.ts), at the most players, mid-game, in every language.
 */
describe.each(Object.keys(GAMES))('%s board read inline', (id) => {
  const game = GAMES[id]!;
  const r = renderers[id]!;
  const options = defaultOptions(game);
  const { max } = game.players(options);
  it(`smallest text at ${max} players mid-game is at least ${MIN_INLINE_TEXT} px on a phone and a desktop`, () => {
    const all = statesAlong(game, max, options, `inline-${id}-${max}`, 4);
    const view = game.publicView(all[Math.floor(all.length / 2)]);
    const failures: string[] = [];
    for (const lang of LANGUAGES) {
      const { result: png, texts } = recordDrawing(() => r.board(view, realCtx(lang, LONG_NAMES.slice(0, max))));
      const { width, height } = pngDimensions(png);
      const smallest = Math.min(...texts.filter((t) => t.imageWidth === width).map((t) => t.size));
      for (const where of ['phoneEmbed', 'desktopEmbed'] as const) {
        const shown = smallest * inlineScale(width, height, INLINE_BOXES[where]);
        if (shown < MIN_INLINE_TEXT) failures.push(`${lang}, ${where}: ${smallest} px text in a ${width} × ${height} px board shows at ${shown.toFixed(1)} px`);
      }
    }
    expect(failures, `texts below ${MIN_INLINE_TEXT} px as shown inline`).toEqual([]);
  });
});

describe('the inline rules themselves', () => {
  it('a board as tall as the shape rule allows is shown at the phone column width', () => {
    expect(inlineScale(1000, 1000 * INLINE_MAX_ASPECT, INLINE_BOXES.phoneEmbed)).toBeCloseTo(INLINE_BOXES.phoneEmbed.maxWidth / 1000);
    // On a desktop the embed's height cap shrinks a square image further than its width cap.
    expect(inlineScale(1000, 1000, INLINE_BOXES.desktopEmbed)).toBeCloseTo(0.3);
  });

  it('catches an image taller than the shape rule, naming its size', async () => {
    const { createImageCanvas, drawText, encodePng } = await import('../../renderers/canvas.js');
    const draw = (height: number) => () => {
      const { canvas, g } = createImageCanvas(800, height);
      drawText(g, 'Shape', 20, 60, { size: 30, color: '#000' });
      return encodePng(canvas);
    };
    expect(() => expectDrawnWell(draw(960))).not.toThrow();
    expect(() => expectDrawnWell(draw(1000))).toThrow(/800 × 1000 px image is taller than 1.2 × its width/);
  });

  it('catches a shortened name that two players share', () => {
    const names = LONG_NAMES.slice(0, 4);
    expect(lookAlikeNames([{ text: 'Alexandra Konstantinopoulou-Papadak…' }, { text: 'Alexandra Konstantinopoulou-Papado…' }], names)).toEqual([]);
    expect(lookAlikeNames([{ text: 'Alexandra Konstantinopoulou-Pap…' }], names)).toEqual([expect.stringContaining('Papadakis / Alexandra Konstantinopoulou-Papadopoulos')]);
    expect(lookAlikeNames([{ text: '3. Alexandra Konst…' }], names)).toHaveLength(1);
    // The last line of a name wrapped over two.
    expect(lookAlikeNames([{ text: 'Konstantinopoulou-…' }], names)).toHaveLength(1);
    expect(lookAlikeNames([{ text: 'Konstantinopoulou-Papado…' }], names)).toEqual([]);
    expect(lookAlikeNames([{ text: 'Dump…' }, { text: 'Bartholomew the Magnificent…' }], names)).toEqual([]);
    // One of the two alone at a table is no look-alike.
    expect(lookAlikeNames([{ text: 'Alexandra Konst…' }], LONG_NAMES.slice(0, 3))).toEqual([]);
  });
});

describe('the bounds check itself', () => {
  it('catches a text or shape past the image edge or its panel', async () => {
    const { createImageCanvas, drawText, encodePng, fillRoundRect, panel } = await import('../../renderers/canvas.js');
    const draw = (textX: number, boxW: number) => () => {
      const { canvas, g } = createImageCanvas(800, 800);
      panel(g, 'player', 100, 100, 400, 200, () => {
        fillRoundRect(g, 100, 100, boxW, 200, 8, '#ffffff');
        drawText(g, 'A long line of text', textX, 150, { size: 24, color: '#000' });
      });
      return encodePng(canvas);
    };
    expect(outOfBounds(recordDrawing(draw(110, 400)).items)).toEqual([]);
    expect(outOfBounds(recordDrawing(draw(400, 400)).items)).toEqual([expect.stringContaining('text "A long line of text"')]);
    expect(outOfBounds(recordDrawing(draw(110, 420)).items)).toEqual([expect.stringContaining('shape "fill"')]);
    expect(outOfBounds(recordDrawing(draw(700, 400)).items).join()).toContain('crosses image');
  });
});
