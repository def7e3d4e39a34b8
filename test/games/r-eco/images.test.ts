/**
 * What the R-Eco images tell a learner: every image stays at most 1.2 × as tall as it is wide
 * (Discord shows taller ones tiny), the bin column gives the number of dumped cards beside the
 * penalty, every mark is named by a heading or the legend, and long names wrap before they are
 * shortened, keeping their ends apart.
 */
import { describe, expect, it } from 'vitest';
import { createImageCanvas, recordDrawing, type DrawnItem } from '../../../renderers/canvas.js';
import { renderREcoBoard } from '../../../renderers/r-eco/board.js';
import { renderREcoFinal } from '../../../renderers/r-eco/final.js';
import { renderREcoHand } from '../../../renderers/r-eco/hand.js';
import { INLINE_BOXES, MIN_INLINE_TEXT, inlineScale } from '../../../renderers/inline.js';
import { nameLines } from '../../../renderers/r-eco/names.js';
import type { RenderContext } from '../../../renderers/types.js';
import { playout } from '../../../src/engine/index.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import type { REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { t } from '../../../src/i18n/index.js';
import { LONG_NAMES, realCtx } from '../../renderers/bounds.js';
import { handOf, makeOutcome, makePublicView, makeSeatView } from '../../renderers/fixtures.js';
import { pngDimensions } from '../../renderers/phone-rule.js';

const LANGS = ['en', 'fr'] as const;

/** States along one seeded bot game: the start, a few in the middle, and the end. */
function gameStates(seats: number): REcoState[] {
  const input = { seats, options: { twoPlayer: seats === 2 }, seed: `images-${seats}` };
  const { log } = playout<REcoState>(rEco, input);
  let state = rEco.setup(input);
  const out = [state];
  const every = Math.max(1, Math.floor(log.length / 4));
  log.forEach(({ seat, move }, i) => {
    const r = rEco.apply(state, seat, move as REcoMove);
    if (!r.ok) throw new Error(r.error.key);
    state = r.state;
    if (i % every === every - 1) out.push(state);
  });
  out.push(state);
  return out;
}

function shape(png: Buffer): number {
  const { width, height } = pngDimensions(png);
  expect(width).toBeGreaterThanOrEqual(800);
  expect(width).toBeLessThanOrEqual(1000);
  return height / width;
}

/** The smallest text of an embedded image (board, final) as a desktop shows it inline, in px. */
function smallestInline(render: () => Buffer): number {
  const { result, texts } = recordDrawing(render);
  const { width, height } = pngDimensions(result);
  return Math.min(...texts.map((x) => x.size)) * inlineScale(width, height, INLINE_BOXES.desktopEmbed);
}

describe.each([2, 3, 4, 5])('R-Eco images with %i players keep a Discord-friendly shape', (seats) => {
  const states = gameStates(seats);

  it.each(LANGS)('board, hands and final are at most 1.2 × as tall as wide (%s)', (lang) => {
    const ctx = realCtx(lang, LONG_NAMES.slice(0, seats));
    for (const [i, s] of states.entries()) {
      expect(shape(renderREcoBoard(rEco.publicView(s), ctx)), `board at state ${i}`).toBeLessThanOrEqual(1.2);
      expect(shape(renderREcoHand(rEco.seatView(s, i % seats), ctx)), `hand at state ${i}`).toBeLessThanOrEqual(1.2);
    }
    const end = states.at(-1)!;
    expect(shape(renderREcoFinal(rEco.publicView(end), rEco.outcome(end)!, ctx))).toBeLessThanOrEqual(1.2);
  });

  it('board and final ranking stay readable in a desktop embed, 300 px high', () => {
    const ctx = realCtx('fr', LONG_NAMES.slice(0, seats));
    const end = states.at(-1)!;
    expect(smallestInline(() => renderREcoBoard(rEco.publicView(states[2]!), ctx))).toBeGreaterThanOrEqual(MIN_INLINE_TEXT);
    expect(smallestInline(() => renderREcoFinal(rEco.publicView(end), rEco.outcome(end)!, ctx))).toBeGreaterThanOrEqual(MIN_INLINE_TEXT);
  });
});

/** The drawn texts with their boxes. */
function textsOf(render: () => Buffer): DrawnItem[] {
  return recordDrawing(render).items.filter((item) => item.kind === 'text');
}

function centreY(item: DrawnItem): number {
  return item.box.y + item.box.h / 2;
}

/** The count and the penalty drawn on one line, the count first and close to it. */
function expectCountBesidePenalty(texts: DrawnItem[], count: number): void {
  const counts = texts.filter((x) => x.label === String(count));
  const penalties = texts.filter((x) => x.label === `−${count}`);
  expect(penalties.length, `penalty −${count}`).toBeGreaterThan(0);
  for (const penalty of penalties) {
    const beside = counts.find((c) => Math.abs(centreY(c) - centreY(penalty)) < 4 && c.box.x < penalty.box.x && penalty.box.x - (c.box.x + c.box.w) < 30);
    expect(beside, `a ${count} just left of −${count}`).toBeDefined();
  }
}

describe('the bin column', () => {
  it.each(LANGS)('shows how many cards were dumped beside the penalty, on the board and the final ranking (%s)', (lang) => {
    const view = makePublicView(4);
    view.players[2]!.dumpedCount = 7;
    const ctx = realCtx(lang, LONG_NAMES.slice(0, 4));
    expectCountBesidePenalty(textsOf(() => renderREcoBoard(view, ctx)), 7);
    const over = makePublicView(4, 'over');
    over.players[2]!.dumpedCount = 7;
    expectCountBesidePenalty(textsOf(() => renderREcoFinal(over, makeOutcome(over), ctx)), 7);
  });

  it('shows the clean-player bonus beside a zero', () => {
    const view = makePublicView(3);
    view.players[0]!.dumpedCount = 0;
    view.players[0]!.bonus = 6;
    const texts = textsOf(() => renderREcoBoard(view, realCtx('en', LONG_NAMES.slice(0, 3))));
    const bonus = texts.find((x) => x.label === '+6');
    expect(bonus).toBeDefined();
    expect(texts.some((x) => x.label === '0' && Math.abs(centreY(x) - centreY(bonus!)) < 4 && x.box.x < bonus!.box.x)).toBe(true);
  });
});

describe('every mark is explained on the image', () => {
  const tr = (lang: 'en' | 'fr', key: string) => t(lang, `r-eco.render.${key}`, { threshold: 4 });

  it.each(LANGS)('the board names its columns and has a legend for the bin, the bonus, faded rewards and card values (%s)', (lang) => {
    const labels = new Set(textsOf(() => renderREcoBoard(makePublicView(5), realCtx(lang, LONG_NAMES))).map((x) => x.label));
    for (const key of ['colRewards', 'colFactory', 'colDump', 'colHand', 'colDumped', 'colRewardsWon', 'colScore', 'legendDumped', 'legendBonus', 'legendFaded', 'legendWaste']) {
      expect(labels.has(tr(lang, key)), key).toBe(true);
    }
    // The legend shows the marks it explains: a bin record with its penalty, and with a bonus.
    for (const mark of ['2', '−2', '+2']) expect(labels.has(mark), mark).toBe(true);
  });

  it.each(LANGS)('the final ranking explains the bin, the bonus and faded rewards (%s)', (lang) => {
    const view = makePublicView(5, 'over');
    const labels = new Set(textsOf(() => renderREcoFinal(view, makeOutcome(view), realCtx(lang, LONG_NAMES))).map((x) => x.label));
    for (const key of ['legendDumped', 'legendBonus', 'legendFaded']) expect(labels.has(tr(lang, key)), key).toBe(true);
  });

  it.each(LANGS)('the hand explains card values and the factory count (%s)', (lang) => {
    const hand = handOf([['red', 1], ['blue', 2]]);
    const labels = new Set(textsOf(() => renderREcoHand(makeSeatView(3, hand), realCtx(lang, LONG_NAMES))).map((x) => x.label));
    for (const key of ['legendHand', 'legendFactory']) expect(labels.has(tr(lang, key)), key).toBe(true);
  });
});

describe('long names', () => {
  const twins = ['Alexandra Konstantinopoulou-Papadakis', 'Alexandra Konstantinopoulou-Papadopoulos', 'Anna-Lena Schmidt-Weber'];

  function labels(render: (ctx: RenderContext) => Buffer): string[] {
    return textsOf(() => render(realCtx('en', twins))).map((x) => x.label);
  }

  it('wrap onto a second line before they are shortened, and names sharing a long beginning stay apart', () => {
    const view = makePublicView(3);
    const over = makePublicView(3, 'over');
    for (const drawn of [labels((c) => renderREcoBoard(view, c)), labels((c) => renderREcoFinal(over, makeOutcome(over), c))]) {
      // A name that fits on two lines is drawn whole.
      expect(drawn.join('\n')).toContain('Anna-Lena');
      expect(drawn.join('\n')).toContain('Schmidt-Weber');
      // The twins keep their different endings.
      expect(drawn.some((x) => x.endsWith('adakis'))).toBe(true);
      expect(drawn.some((x) => x.endsWith('poulos'))).toBe(true);
    }
  });

  it('break at a space or hyphen and cut the middle of the second line only when needed', () => {
    const { g } = createImageCanvas(900, 100);
    expect(nameLines(g, 'Ann', 300, 23)).toEqual(['Ann']);
    const [a, b] = twins.map((n) => nameLines(g, n, 200, 23));
    expect(a![0]).toBe('Alexandra');
    expect(a).not.toEqual(b);
    for (const lines of [a!, b!]) expect(lines.at(-1)!.endsWith('…')).toBe(false);
  });
});
