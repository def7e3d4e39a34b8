/**
 * Müll + Money images: PNG, 800 px wide, at most 1.2 × as tall at every player count and state,
 * under 300 KB, deterministic, every text key present in both languages, readable on a phone,
 * and the public board identical whatever the hidden cash and deck order. Cash appears only in
 * the hand image and at the end.
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
export function strictCtx(lang: 'en' | 'fr', seats: number, names = ['Ann', 'Bartholomew the Magnificent Recycler of Kitchen Scraps', 'Chloé', 'Dmitri']): RenderContext {
  const dict = JSON.parse(readFileSync(new URL(`../../src/games/mull-money/locales/${lang}.json`, import.meta.url), 'utf8')) as Dict;
  const find = (path: string[]): unknown => path.reduce<unknown>((n, p) => (typeof n === 'object' && n !== null ? (n as Dict)[p] : undefined), dict);
  const t = (key: string, args: Record<string, string | number> = {}) => {
    const path = key.replace(/^mull-money\./, '').split('.');
    let text = find(path);
    // Plural keys as i18next picks them: French puts 0 and 1 in the singular.
    if (text === undefined && typeof args.count === 'number') {
      const one = lang === 'fr' ? args.count <= 1 : args.count === 1;
      text = find([...path.slice(0, -1), `${path.at(-1)}_${one ? 'one' : 'other'}`]);
    }
    if (typeof text !== 'string') throw new Error(`missing ${key} in ${lang}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
      if (!(name in args)) throw new Error(`${key} needs ${name}`);
      return String(args[name]);
    });
  };
  return { names: names.slice(0, seats), t };
}

export function game(seats: number, experimental: boolean, seed = `img-${seats}-${experimental}`): { states: MullState[]; final: MullState } {
  const input = { seats, options: { experimental, rules: 'N1N2N3' }, seed };
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

const MAX_ASPECT = 1.2;

describe.each([
  { seats: 2, experimental: false },
  { seats: 3, experimental: true },
  { seats: 4, experimental: false },
  { seats: 4, experimental: true },
])('Müll + Money images, $seats seats, experimental $experimental', ({ seats, experimental }) => {
  const { states, final } = game(seats, experimental);

  it('board, hand and final are PNGs 800 px wide, at most 1.2 × as tall, under 300 KB, in both languages', () => {
    const shape = (png: Buffer) => {
      const { width, height } = pngDimensions(png);
      expect(width).toBe(800);
      expect(height).toBeLessThanOrEqual(Math.floor(width * MAX_ASPECT));
      expect(png.length).toBeLessThan(300 * 1024);
    };
    for (const lang of ['en', 'fr'] as const) {
      const ctx = strictCtx(lang, seats);
      for (const s of states) {
        shape(renderMullBoard(mullMoney.publicView(s), ctx));
        for (let seat = 0; seat < seats; seat++) shape(renderMullHand(mullMoney.seatView(s, seat), ctx));
      }
      shape(renderMullFinal(mullMoney.publicView(final), mullMoney.outcome(final)!, ctx));
    }
  });

  it('reads on a phone (every text >= 10 px at 400 px wide)', () => {
    const ctx = strictCtx('fr', seats);
    for (const s of states.slice(0, 4)) {
      expectReadableOnPhone(() => renderMullBoard(mullMoney.publicView(s), ctx));
      expectReadableOnPhone(() => renderMullHand(mullMoney.seatView(s, 0), ctx));
    }
    expectReadableOnPhone(() => renderMullFinal(mullMoney.publicView(final), mullMoney.outcome(final)!, ctx));
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
    for (const s of states) {
      const { texts } = recordTexts(() => renderMullHand(mullMoney.seatView(s, 0), ctx));
      expect(texts.map((t) => t.text).join(' ')).toContain(`Your cash: ${s.players[0]!.cash} M`);
      const board = recordTexts(() => renderMullBoard(mullMoney.publicView(s), ctx)).texts.map((t) => t.text);
      expect(board.filter((t) => /cash/i.test(t))).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// What the learners asked for: the same card names everywhere, depot and silo explained, the
// hand drawn as cards, a final image without an empty half, names that never look alike.

const LANGS = ['en', 'fr'] as const;

/** The drawn texts in order, one per line, so a name wrapped over two lines reads as one. */
function drawn(render: () => Buffer): string {
  return recordTexts(render).texts.map((t) => t.text).join('\n');
}

/** Whether `name` is drawn, whole or wrapped at a space or after a slash or hyphen. */
function shows(text: string, name: string): boolean {
  const pattern = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[ \\n]').replace(/([/-])/g, '$1\\n?');
  return new RegExp(`(^|\\n)${pattern}(\\n|$)`).test(text);
}

describe('Müll + Money images name the cards as the buttons and the log do', () => {
  const { states } = game(4, false, 'names-4');
  const choosing = states.find((s) => s.phase === 'choose' && s.lots.filter(Boolean).length > 2)!;
  const playing = states.find((s) => s.phase === 'play' && s.players[s.current]!.hand.length >= 2)!;

  it.each(LANGS)('every card on the board and in the hand image is drawn under its button name (%s)', (lang) => {
    const ctx = strictCtx(lang, 4);
    for (const s of [choosing, playing]) {
      const view = mullMoney.publicView(s);
      const board = drawn(() => renderMullBoard(view, ctx));
      const cards = [...view.lots.flatMap((l) => l ?? []), ...view.players.flatMap((p) => (p.hand.length ? p.hand : p.kept ? [p.kept] : []))];
      expect(cards.length).toBeGreaterThan(3);
      for (const c of cards) expect(shows(board, ctx.t(`mull-money.card.${c}`)), `${c} on the board`).toBe(true);
      const hand = drawn(() => renderMullHand(mullMoney.seatView(s, s.current), ctx));
      for (const c of s.players[s.current]!.hand) expect(shows(hand, ctx.t(`mull-money.card.${c}`)), `${c} in the hand`).toBe(true);
    }
    // The old abbreviations are gone.
    const all = drawn(() => renderMullBoard(mullMoney.publicView(choosing), ctx)) + drawn(() => renderMullBoard(mullMoney.publicView(playing), ctx));
    for (const short of ['Innov.', 'Transp.', 'Produce', 'Dispose', 'Staff ±', 'Bribe', 'Négo.', 'Croiss.', 'Élimin.', 'Pers. ±', 'Corrupt.']) expect(all).not.toContain(short);
  });

  it.each(LANGS)('the buttons of a turn use the names the hand image shows (%s)', async (lang) => {
    const { localise } = await import('../../src/i18n/index.js');
    const ctx = strictCtx(lang, 4);
    const seat = playing.current;
    const decision = mullMoney.decision(playing, seat)!;
    expect(decision.kind).toBe('choose');
    const labels = (decision as { choices: { label: Parameters<typeof localise>[1] }[] }).choices.map((c) => localise(lang, c.label, () => 'X'));
    const hand = drawn(() => renderMullHand(mullMoney.seatView(playing, seat), ctx));
    for (const c of new Set(playing.players[seat]!.hand)) {
      const name = ctx.t(`mull-money.card.${c}`);
      if (c !== 'expert') expect(labels.some((l) => l.includes(name)), `a button names ${name}`).toBe(true);
      expect(shows(hand, name)).toBe(true);
    }
  });

  it.each(LANGS)('the log line of each card played names the card (%s)', async (lang) => {
    const { t } = await import('../../src/i18n/index.js');
    const logOf: Record<string, string[]> = {
      production: ['production'], raw: ['rawSale'], growth: ['growth'], innovation: ['innovation'], disposal: ['disposal', 'disposalCommon'],
      hiring: ['hire', 'fire'], transport: ['transport'], negotiation: ['negotiate'],
    };
    for (const [card, keys] of Object.entries(logOf)) {
      for (const key of keys) expect(t(lang, `mull-money.log.${key}`, { seat: 'X', expert: '', count: 2, got: 1, raw: 1, waste: 1, depot: 1, from: 1, to: 2, steps: 1, paid: 5 })).toContain(t(lang, `mull-money.card.${card}`));
    }
  });
});

describe('Müll + Money images explain the depot and the silo', () => {
  it.each(LANGS)('on the board, beside the bilan, and in the hand image (%s)', (lang) => {
    const ctx = strictCtx(lang, 2);
    const { states } = game(2, false, 'legend-2');
    const s = states.find((x) => x.phase === 'play')!;
    const depot = lang === 'en' ? /^Depot: your waste/m : /^Dépôt\u00a0: vos déchets/m;
    const silo = lang === 'en' ? /^Silo: your raw materials/m : /^Silo\u00a0: vos matières premières/m;
    for (const text of [drawn(() => renderMullBoard(mullMoney.publicView(s), ctx)), drawn(() => renderMullHand(mullMoney.seatView(s, 0), ctx))]) {
      expect(text).toMatch(depot);
      expect(text).toMatch(silo);
      // The unit, the loan card and the Euro are explained too.
      expect(text).toMatch(lang === 'en' ? /^M: million euros\./m : /^M\u00a0: million d’euros\./m);
      expect(text).toMatch(lang === 'en' ? /^A loan \(−10 points\)/m : /^Un emprunt \(−10 points\)/m);
    }
    // The bilan's rows and columns under the grid.
    expect(drawn(() => renderMullBoard(mullMoney.publicView(s), ctx))).toMatch(lang === 'en' ? /^Columns: growth/m : /^Colonnes\u00a0: croissance/m);
  });
});

describe('Müll + Money hand image draws the cards as cards', () => {
  it.each(LANGS)('each card in hand with its name, its worth and its effect (%s)', async (lang) => {
    const { playing } = await import('../games/mull-money/helpers.js');
    const ctx = strictCtx(lang, 3);
    const s = playing({ hand: ['production', 'raw', 'innovation', 'disposal'], players: [{ growth: 17, raw: 4, waste: 3, personnel: 5 }] });
    const { result: png, items, texts } = (await import('../../renderers/canvas.js')).recordDrawing(() => renderMullHand(mullMoney.seatView(s, 0), ctx));
    const text = texts.map((t) => t.text).join('\n');
    const t = ctx.t;
    for (const c of ['production', 'raw', 'innovation', 'disposal'] as const) expect(shows(text, t(`mull-money.card.${c}`))).toBe(true);
    expect(text).toContain('+17 M');
    expect(text).toContain(t('mull-money.render.value.raw', { n: 4 }));
    expect(text).toContain('−5 M');
    expect(text).toContain('−3');
    expect(text).toContain(t('mull-money.render.effect.production', { raw: 4, waste: 3, personnel: 5 }).split(' ')[0]);
    // Four card faces side by side, each taller than wide like a card, across the image.
    const faces = items.filter((i) => i.kind === 'shape' && i.box.h > i.box.w && i.box.w > 150 && i.box.h < 400);
    expect(new Set(faces.map((f) => Math.round(f.box.x))).size).toBeGreaterThanOrEqual(4);
    expect(pngDimensions(png).width).toBe(800);
  });

  it.each(LANGS)('a kept card shows with a caption, an empty hand says how it fills (%s)', async (lang) => {
    const { fresh } = await import('../games/mull-money/helpers.js');
    const ctx = strictCtx(lang, 3);
    const s = fresh(3);
    s.players[0]!.kept = 'corruption';
    const kept = drawn(() => renderMullHand(mullMoney.seatView(s, 0), ctx));
    expect(kept).toContain(ctx.t('mull-money.render.keptCard'));
    expect(shows(kept, ctx.t('mull-money.card.corruption'))).toBe(true);
    expect(drawn(() => renderMullHand(mullMoney.seatView(s, 1), ctx))).toContain(ctx.t('mull-money.render.noCards').split(' ')[0]!);
  });
});

describe('Müll + Money final image fills its width', () => {
  it.each([2, 3, 4])('%i players: result cards side by side, no empty half', async (seats) => {
    const { recordDrawing } = await import('../../renderers/canvas.js');
    const { final } = game(seats, false, `final-${seats}`);
    for (const lang of LANGS) {
      const { result: png, items } = recordDrawing(() => renderMullFinal(mullMoney.publicView(final), mullMoney.outcome(final)!, strictCtx(lang, seats)));
      const { width, height } = pngDimensions(png);
      expect(height).toBeLessThanOrEqual(width * MAX_ASPECT);
      const panels = items.filter((i) => i.label.startsWith('panel ')).map((i) => i.box);
      expect(panels).toHaveLength(seats);
      // The panels reach both sides and the bottom: nothing is left blank.
      expect(Math.min(...panels.map((b) => b.x))).toBeLessThan(0.05 * width);
      expect(Math.max(...panels.map((b) => b.x + b.w))).toBeGreaterThan(0.95 * width);
      expect(Math.max(...panels.map((b) => b.y + b.h))).toBeGreaterThan(height - 30);
      // Side by side: the first row holds more than one result.
      expect(panels.filter((b) => b.y === panels[0]!.y).length).toBeGreaterThan(1);
    }
  });
});

describe('Müll + Money names that share a long beginning', () => {
  const names = ['Alexandra Konstantinopoulou-Papadakis', 'Alexandra Konstantinopoulou-Papadopoulos', 'Bartholomew the Magnificent Recycler of Kitchen Scraps', 'Wolfeschlegelsteinhausenbergerdorff'];
  it.each(LANGS)('wrap onto a second line in full on the board, the hand and the final image (%s)', (lang) => {
    const { states, final } = game(4, false, 'alike-4');
    const ctx = strictCtx(lang, 4, names);
    const s = states.find((x) => x.phase === 'play')!;
    for (const text of [
      drawn(() => renderMullBoard(mullMoney.publicView(s), ctx)),
      drawn(() => renderMullFinal(mullMoney.publicView(final), mullMoney.outcome(final)!, ctx)),
    ]) {
      expect(text).toContain('Papadakis');
      expect(text).toContain('Papadopoulos');
    }
    for (const seat of [0, 1]) expect(drawn(() => renderMullHand(mullMoney.seatView(s, seat), ctx))).toContain(seat === 0 ? 'Papadakis' : 'Papadopoulos');
  });
});
