/**
 * Every game's board, hands and final image keep inside their panels and the image edge, and
 * read on a phone, at every player count, in both languages, with the longest names, over
 * states taken all along seeded bot games.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../src/catalog.js';
import { outOfBounds, recordDrawing } from '../../renderers/canvas.js';
import { playout, type AnyGame, type GameOptions } from '../../src/engine/index.js';
import { GAMES } from '../../src/catalog.js';
import { expectDrawnWell, realCtx } from './bounds.js';

/** States spread along one bot game (about `count` of them), and its end. */
function states(game: AnyGame, seats: number, options: GameOptions, seed: string, count: number): unknown[] {
  const input = { seats, options, seed };
  const { log } = playout<unknown>(game, input);
  let s = game.setup(input);
  const out: unknown[] = [s];
  const every = Math.max(1, Math.floor(log.length / count));
  log.forEach(({ seat, move }, i) => {
    const r = game.apply(s, seat, move);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (i % every === every - 1) out.push(s);
  });
  out.push(s);
  return out;
}

function defaults(game: AnyGame): GameOptions {
  const raw: GameOptions = {};
  for (const o of game.options) raw[o.name] = o.default;
  const parsed = game.parseOptions(raw);
  if (!parsed.ok) throw new Error(parsed.error.key);
  return parsed.options;
}

describe.each(Object.keys(GAMES))('%s images stay inside their panels', (id) => {
  const game = GAMES[id]!;
  const r = renderers[id]!;
  const options = defaults(game);
  const { min, max } = game.players(options);
  for (let seats = Math.max(2, min); seats <= max; seats++) {
    it(`${seats} players, English and French`, () => {
      const all = states(game, seats, options, `bounds-${id}-${seats}`, 6);
      for (const lang of ['en', 'fr'] as const) {
        const ctx = realCtx(lang);
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
