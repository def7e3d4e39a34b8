/**
 * Müll + Money images: PNG, 800 px wide, square or portrait, under 300 KB, deterministic, every
 * text key present in both languages, readable on a phone, and the public board identical
 * whatever the hidden cash and deck order. Cash appears only in the hand image and at the end.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playout, rngFromSeed } from '../../src/engine/index.js';
import { mullMoney } from '../../src/games/mull-money/index.js';
import type { MullState } from '../../src/games/mull-money/types.js';
import { renderMullBoard } from '../../renderers/mull-money/board.js';
import { renderMullFinal } from '../../renderers/mull-money/final.js';
import { renderMullHand } from '../../renderers/mull-money/hand.js';
import { recordTexts } from '../../renderers/canvas.js';
import type { RenderContext } from '../../renderers/types.js';
import { expectReadableOnPhone, pngDimensions } from './phone-rule.js';

type Dict = { [key: string]: string | Dict };

/** An i18next-like `t` over the game's locale file that fails on a missing key or argument. */
function strictCtx(lang: 'en' | 'fr', seats: number): RenderContext {
  const dict = JSON.parse(readFileSync(new URL(`../../src/games/mull-money/locales/${lang}.json`, import.meta.url), 'utf8')) as Dict;
  const find = (path: string[]): unknown => path.reduce<unknown>((n, p) => (typeof n === 'object' && n !== null ? (n as Dict)[p] : undefined), dict);
  const t = (key: string, args: Record<string, string | number> = {}) => {
    const text = find(key.replace(/^mull-money\./, '').split('.'));
    if (typeof text !== 'string') throw new Error(`missing ${key} in ${lang}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (!(name in args)) throw new Error(`${key} needs ${name}`);
      return String(args[name]);
    });
  };
  return { names: ['Ann', 'Bartholomew the Magnificent Recycler of Kitchen Scraps', 'Chloé', 'Dmitri'].slice(0, seats), t };
}

function game(seats: number, experimental: boolean): { states: MullState[]; final: MullState } {
  const input = { seats, options: { experimental, rules: 'N1N2N3' }, seed: `img-${seats}-${experimental}` };
  const { state: final, log } = playout<MullState>(mullMoney, input);
  const states: MullState[] = [];
  let s = mullMoney.setup(input);
  states.push(s);
  log.forEach((e, i) => {
    const r = mullMoney.apply(s, e.seat, e.move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (i % 40 === 0 || !states.some((x) => x.phase === s.phase)) states.push(s);
  });
  return { states, final };
}

describe.each([
  { seats: 2, experimental: false },
  { seats: 3, experimental: true },
  { seats: 4, experimental: false },
  { seats: 4, experimental: true },
])('Müll + Money images, $seats seats, experimental $experimental', ({ seats, experimental }) => {
  const { states, final } = game(seats, experimental);

  it('board, hand and final are PNGs 800 px wide, square or portrait, under 300 KB, in both languages', () => {
    for (const lang of ['en', 'fr'] as const) {
      const ctx = strictCtx(lang, seats);
      for (const s of states) {
        const board = renderMullBoard(mullMoney.publicView(s), ctx);
        const { width, height } = pngDimensions(board);
        expect(width).toBe(800);
        expect(height).toBeGreaterThanOrEqual(width);
        expect(board.length).toBeLessThan(300 * 1024);
        for (let seat = 0; seat < seats; seat++) expect(pngDimensions(renderMullHand(mullMoney.seatView(s, seat), ctx)).width).toBe(800);
      }
      const png = renderMullFinal(mullMoney.publicView(final), mullMoney.outcome(final)!, ctx);
      expect(pngDimensions(png)).toEqual({ width: 800, height: 800 });
    }
  });

  it('reads on a phone (every text >= 10 px at 400 px wide)', () => {
    const ctx = strictCtx('fr', seats);
    for (const s of states.slice(0, 4)) {
      expectReadableOnPhone(() => renderMullBoard(mullMoney.publicView(s), ctx), { minAspect: 1 });
      expectReadableOnPhone(() => renderMullHand(mullMoney.seatView(s, 0), ctx));
    }
    expectReadableOnPhone(() => renderMullFinal(mullMoney.publicView(final), mullMoney.outcome(final)!, ctx), { minAspect: 1 });
  });

  it('is deterministic, and hidden cash or deck order never change the public board', () => {
    const ctx = strictCtx('en', seats);
    const rng = rngFromSeed('img-secrets');
    for (const s of states) {
      const png = renderMullBoard(mullMoney.publicView(s), ctx);
      expect(renderMullBoard(mullMoney.publicView(s), ctx).equals(png)).toBe(true);
      expect(renderMullBoard(mullMoney.publicView(mullMoney.withOtherSecrets(s, rng)), ctx).equals(png)).toBe(true);
    }
  });

  it('shows a seat its own cash in the hand image, and nobody cash on the board', () => {
    const ctx = strictCtx('en', seats);
    const s = states[Math.min(3, states.length - 1)]!;
    const { texts } = recordTexts(() => renderMullHand(mullMoney.seatView(s, 0), ctx));
    expect(texts.map((t) => t.text)).toContain(`Cash ${s.players[0]!.cash} M`);
    const board = recordTexts(() => renderMullBoard(mullMoney.publicView(s), ctx)).texts.map((t) => t.text);
    expect(board.some((t) => t.startsWith('Cash'))).toBe(false);
  });
});
