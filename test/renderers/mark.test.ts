/**
 * M.A.R.K. images: PNG 800 px wide and at most 1.2 × as tall, under 300 KB, deterministic, every
 * text key present in both languages, and the public board identical whatever the hidden cash and
 * sealed bids. What the images say is read from the recorded texts: the status and waiting lines
 * are the game's own, the legend explains the dice faces and the storage fee badge, and long
 * names wrap rather than look alike.
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
import { recordTexts } from '../../renderers/recorder.js';
import { awaited, handLine, statusLine } from '../../src/games/mark/presentation.js';
import { hasKey, localise, t as translate, type Language } from '../../src/i18n/index.js';
import { build, rolled } from '../games/mark/helpers.js';

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

/** Discord shows an image taller than 1.2 × its width too small to read. */
function expectShape(png: Buffer): void {
  const { width, height } = pngSize(png);
  expect(width).toBe(800);
  expect(height, `${width} × ${height}`).toBeLessThanOrEqual(width * 1.2);
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

  it('board, hand and final are PNGs 800 px wide, at most 1.2 × as tall, and under 300 KB, in both languages', () => {
    for (const lang of ['en', 'fr'] as const) {
      const ctx = strictCtx(lang, seats);
      for (const s of states) {
        const board = renderMarkBoard(mark.publicView(s), ctx);
        expectShape(board);
        expect(board.length).toBeLessThan(300 * 1024);
        for (let seat = 0; seat < seats; seat++) expectShape(renderMarkHand(mark.seatView(s, seat), ctx));
      }
      expectShape(renderMarkFinal(mark.publicView(final), mark.outcome(final)!, ctx));
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

// ------------------------------------------------------------------ what the images say

const LONG = ['Bartholomew the Magnificent Recycler of Kitchen Scraps', 'Ève-Marie Lefebvre-Dupont de la Tour', 'Wolfeschlegelsteinhausenbergerdorff', 'Dmitri Aleksandrovich Kuznetsov-Ivanov'];
/** Two names that share a long beginning must never look alike. */
const ALIKE = ['Alexandra Konstantinopoulou-Papadakis', 'Alexandra Konstantinopoulou-Papadopoulos', 'Émile', 'Bob'];

/** The bot's own localisation, failing on a missing key. */
function realCtx(lang: Language, names: readonly string[]): RenderContext {
  return {
    names: [...names],
    t: (key, args) => {
      if (!hasKey(lang, key) && !(args && 'count' in args && hasKey(lang, `${key}_one`))) throw new Error(`missing ${key} in ${lang}`);
      return translate(lang, key, args);
    },
  };
}

/** Every text an image drew, as one string without spaces: wrapped lines read on as one. */
function drawnText(render: () => Buffer): { all: string; texts: string[] } {
  const { texts } = recordTexts(render);
  return { all: squash(texts.map((x) => x.text).join('')), texts: texts.map((x) => x.text) };
}

const squash = (text: string) => text.replace(/\s+/g, '');

/** Hand-built states, one per step the table can wait in. */
function steps(): { name: string; state: MarkState }[] {
  const act = build({ seats: 4, current: 1, companies: [['W---', '----'], ['B---', 'G---'], ['----', '----'], ['----', '----']] });
  rolled(act, 'blue', 'gold');
  const bid = build({ seats: 4, current: 2, privateMoney: true });
  bid.phase = 'bid';
  bid.dice = ['hammer', 'red'];
  bid.auction = { colour: 'red', bids: [3, null, 0, null] };
  const place = build({ seats: 3, current: 0 });
  place.phase = 'place';
  place.dice = ['hammer', 'green'];
  place.placer = 2;
  place.colours = ['green'];
  const ret = build({ seats: 2, current: 1, cash: [30, 2], companies: [['----', '----'], ['WWWW', 'BBB-']] });
  ret.phase = 'return';
  const named = build({ seats: 2, current: 1 });
  named.phase = 'name';
  named.dice = ['hammer', 'star'];
  const over = build({ seats: 3, market: [['white', 5], ['blue', 5], ['gold', 5], ['green', 5], ['red', 5]] });
  over.phase = 'over';
  return [{ name: 'act', state: act }, { name: 'bid', state: bid }, { name: 'place', state: place }, { name: 'return', state: ret }, { name: 'name', state: named }, { name: 'over', state: over }];
}

describe('M.A.R.K. board and /status say what the table waits for in the same words', () => {
  for (const lang of ['en', 'fr'] as const) {
    it.each(steps().map((s) => [s.name, s.state] as const))(`${lang}: %s`, (_name, state) => {
      const view = mark.publicView(state);
      const ctx = realCtx(lang, ALIKE.slice(0, state.seats));
      const line = statusLine(view);
      // /status lists that very message among the table's lines.
      expect(mark.present.status(view).at(-1)!.lines).toContainEqual(line);
      const { all } = drawnText(() => renderMarkBoard(view, ctx));
      expect(all).toContain(squash(localise(lang, line, (s) => ctx.names[s]!)));
      // The companies the table waits for are the ones it names.
      for (const seat of awaited(view)) expect(all).toContain(squash(ctx.names[seat]!));
    });
  }
});

describe('M.A.R.K. private view names whom it waits for', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the hand image's line is the private text's own, with the awaited names in full`, () => {
      const cases: { state: MarkState; seat: number; waitingFor: number[] }[] = [];
      const [act, bid, place] = steps().map((s) => s.state);
      cases.push({ state: act!, seat: 0, waitingFor: [1] });
      cases.push({ state: bid!, seat: 0, waitingFor: [1, 3] });
      cases.push({ state: place!, seat: 1, waitingFor: [2] });
      for (const { state, seat, waitingFor } of cases) {
        const view = mark.seatView(state, seat);
        const ctx = realCtx(lang, ALIKE.slice(0, state.seats));
        const line = handLine(view);
        expect(mark.present.hand(view).at(-1)).toEqual(line);
        const text = localise(lang, line, (s) => ctx.names[s]!);
        for (const s of waitingFor) expect(text).toContain(ctx.names[s]);
        const { all } = drawnText(() => renderMarkHand(view, ctx));
        expect(all).toContain(squash(text));
      }
    });
  }

  it('the sealed bidder sees whom the auction still waits for, never their bids', () => {
    const bid = steps()[1]!.state;
    const text = localise('en', handLine(mark.seatView(bid, 0)), (s) => ALIKE[s]!);
    expect(text).toBe(`Your bid of 3 for red is sealed; still to bid: ${ALIKE[1]}, ${ALIKE[3]}.`);
    // Seat 2 bid 0: the others' images and texts do not show it.
    const { all } = drawnText(() => renderMarkHand(mark.seatView(bid, 1), realCtx('en', ALIKE)));
    expect(all).not.toContain(squash('bid of 0'));
  });
});

describe('M.A.R.K. legend', () => {
  const withFee = build({ seats: 2, companies: [['WWW-', 'BBB-'], ['----', '----']] });
  rolled(withFee, 'hammer', 'red');

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the board explains each die face, the storage fee badge, the rows, money and the market`, () => {
      const ctx = realCtx(lang, ['Ann', 'Bob']);
      const view = mark.publicView(withFee);
      expect(view.players[0]!.fee).toBeGreaterThan(0);
      const { all } = drawnText(() => renderMarkBoard(view, ctx));
      for (const key of ['legendHammer', 'legendStar', 'legendColour', 'legendFee', 'legendRows', 'legendMarket']) {
        expect(all, key).toContain(squash(ctx.t(`mark.render.${key}`)));
      }
      // The badge's word is the one the legend explains, and it says what the fee is for.
      const badge = ctx.t('mark.render.fee');
      expect(all).toContain(squash(`${badge} ${ctx.t('mark.render.cash', { cash: view.players[0]!.fee })}`));
      expect(ctx.t('mark.render.legendFee').toLowerCase()).toContain(badge.toLowerCase());
      expect(badge.toLowerCase()).toMatch(lang === 'en' ? /storage/ : /stockage/);
    });

    it(`${lang}: the hand explains its rows and its storage fee badge`, () => {
      const ctx = realCtx(lang, ['Ann', 'Bob']);
      const { all } = drawnText(() => renderMarkHand(mark.seatView(withFee, 0), ctx));
      expect(all).toContain(squash(ctx.t('mark.render.legendRows')));
      expect(all).toContain(squash(ctx.t('mark.render.legendFee')));
    });
  }

  it('explains the hidden cash sign when money is private', () => {
    const hidden = build({ seats: 2, privateMoney: true });
    const ctx = realCtx('en', ['Ann', 'Bob']);
    const { all } = drawnText(() => renderMarkBoard(mark.publicView(hidden), ctx));
    expect(all).toContain(squash(ctx.t('mark.render.cashHidden')));
    expect(all).toContain(squash(ctx.t('mark.render.legendRowsSecret')));
  });
});

describe('M.A.R.K. long names', () => {
  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: names wrap onto a second line instead of being shortened, so look-alike names stay apart`, () => {
      const state = steps()[1]!.state;
      const ctx = realCtx(lang, ALIKE);
      for (const render of [
        () => renderMarkBoard(mark.publicView(state), ctx),
        () => renderMarkHand(mark.seatView(state, 0), ctx),
        () => renderMarkFinal(mark.publicView(state), { standings: ALIKE.map((_, seat) => ({ seat, rank: seat + 1, score: 40 - seat, breakdown: [] })) } as never, ctx),
      ]) {
        const { all, texts } = drawnText(render);
        expect(texts.filter((x) => x.endsWith('…'))).toEqual([]);
        expect(all).toContain(squash(ALIKE[1]!));
      }
      const { all } = drawnText(() => renderMarkBoard(mark.publicView(state), ctx));
      expect(all).toContain(squash(ALIKE[0]!));
    });
  }

  it('the longest names fit every image at every player count, at most 1.2 × as tall as wide', () => {
    for (const seats of [2, 3, 4]) {
      const { states, final } = game(seats, seats !== 3);
      for (const lang of ['en', 'fr'] as const) {
        const ctx = realCtx(lang, LONG.slice(0, seats));
        for (const s of [...states, final]) {
          expectShape(renderMarkBoard(mark.publicView(s), ctx));
          expectShape(renderMarkHand(mark.seatView(s, s.turn % seats), ctx));
        }
        expectShape(renderMarkFinal(mark.publicView(final), mark.outcome(final)!, ctx));
      }
    }
  });
});
