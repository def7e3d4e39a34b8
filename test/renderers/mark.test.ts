/**
 * M.A.R.K. images: PNG, portrait 800 px wide, under 300 KB, deterministic, every text key present
 * in both languages, and the public board identical whatever the hidden cash and sealed bids.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playout, rngFromSeed } from '../../src/engine/index.js';
import { mark } from '../../src/games/mark/index.js';
import type { MarkState } from '../../src/games/mark/types.js';
import { renderMarkBoard } from '../../renderers/mark/board.js';
import { renderMarkFinal } from '../../renderers/mark/final.js';
import { renderMarkHand } from '../../renderers/mark/hand.js';
import type { RenderContext } from '../../renderers/types.js';

type Dict = { [key: string]: string | Dict };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An i18next-like `t` over the game's locale file that fails on a missing key. */
function strictCtx(lang: 'en' | 'fr', seats: number): RenderContext {
  const dict = JSON.parse(readFileSync(new URL(`../../src/games/mark/locales/${lang}.json`, import.meta.url), 'utf8')) as Dict;
  const find = (path: string[]): unknown => path.reduce<unknown>((n, p) => (typeof n === 'object' && n !== null ? (n as Dict)[p] : undefined), dict);
  const t = (key: string, args: Record<string, string | number> = {}) => {
    const path = key.replace(/^mark\./, '').split('.');
    let text = find(path);
    if (typeof text !== 'string' && typeof args.count === 'number') text = find([...path.slice(0, -1), `${path.at(-1)}_${args.count === 1 ? 'one' : 'other'}`]);
    if (typeof text !== 'string') throw new Error(`missing ${key} in ${lang}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (!(name in args)) throw new Error(`${key} needs ${name}`);
      return String(args[name]);
    });
  };
  return { names: ['Ann', 'Bartholomew the Magnificent Recycler of Kitchen Scraps', 'Chloé', 'Dmitri'].slice(0, seats), t };
}

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

function game(seats: number, privateMoney: boolean): { states: MarkState[]; final: MarkState } {
  const input = { seats, options: { short: false, privateMoney }, seed: `img-${seats}` };
  const { state: final, log } = playout<MarkState>(mark, input);
  const states: MarkState[] = [];
  let s = mark.setup(input);
  log.forEach((e, i) => {
    const r = mark.apply(s, e.seat, e.move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (i % 25 === 0 || (s.phase !== 'act' && !states.some((x) => x.phase === s.phase))) states.push(s);
  });
  return { states, final };
}

describe.each([2, 3, 4])('M.A.R.K. images with %i seats', (seats) => {
  const { states, final } = game(seats, seats === 3);

  it('board, hand and final are portrait-or-square PNGs 800 px wide and under 300 KB, in both languages', () => {
    for (const lang of ['en', 'fr'] as const) {
      const ctx = strictCtx(lang, seats);
      for (const s of states) {
        const board = renderMarkBoard(mark.publicView(s), ctx);
        const { width, height } = pngSize(board);
        expect(width).toBe(800);
        expect(height).toBeGreaterThanOrEqual(width * (seats <= 2 ? 0.9 : 1));
        expect(board.length).toBeLessThan(300 * 1024);
        for (let seat = 0; seat < seats; seat++) expect(pngSize(renderMarkHand(mark.seatView(s, seat), ctx)).width).toBe(800);
      }
      const png = renderMarkFinal(mark.publicView(final), mark.outcome(final)!, ctx);
      expect(pngSize(png).width).toBe(800);
    }
  });

  it('is deterministic, and hidden cash or sealed bids never change the public board', () => {
    const ctx = strictCtx('en', seats);
    const rng = rngFromSeed('img-secrets');
    for (const s of states) {
      const png = renderMarkBoard(mark.publicView(s), ctx);
      expect(renderMarkBoard(mark.publicView(s), ctx).equals(png)).toBe(true);
      expect(renderMarkBoard(mark.publicView(mark.withOtherSecrets(s, rng)), ctx).equals(png)).toBe(true);
    }
  });
});
