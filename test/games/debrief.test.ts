/**
 * What each game tells a class session: the ranking if a table stopped now, the debrief's key
 * numbers and lines, and the cards a player may flag. Over seeded bot games of every catalog game
 * (and the test-only fixtures), then one worked example per game with numbers checked by hand.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/catalog.js', async (importOriginal) => (await import('../e2e/fixtures/registry.js')).catalogWith(await importOriginal(), ['sealed-bid', 'cube-market']));

const { cloneJson, rngFromSeed } = await import('../../src/engine/index.js');
const { CATALOG } = await import('../../src/catalog.js');
const { localise } = await import('../../src/i18n/index.js');
const { defaultOptions, statesAlong } = await import('./seeded.js');
type AnyGame = import('../../src/engine/index.js').AnyGame;
type Msg = import('../../src/engine/index.js').Msg;
type Outcome = import('../../src/engine/index.js').Outcome;

const FIXTURES = new Set(['sealed-bid', 'cube-market']);
const SAFE = /^[A-Za-z0-9_-]{1,32}$/;

/** A text every reader can read: found in both languages, no key or placeholder left over. */
function expectText(game: AnyGame, msg: Msg, what: string): void {
  if (FIXTURES.has(game.id)) return;
  for (const language of ['en', 'fr'] as const) {
    const text = localise(language, msg, (s) => `Player ${s}`);
    expect(text, `${what} (${language}): ${msg.key}`).not.toMatch(/\b(?:phoneimpact|palermo|r-eco|mark|mull-money)\.[\w.]+|\{\{|undefined|NaN/);
    expect(text.length, what).toBeGreaterThan(0);
  }
}

/** Every seat once; a better score never ranks below a worse one; ranks run from 1. */
function expectRanking(outcome: Outcome, seats: number, what: string): void {
  expect(outcome.standings.map((s) => s.seat).sort((a, b) => a - b), what).toEqual(Array.from({ length: seats }, (_, i) => i));
  expect(Math.min(...outcome.standings.map((s) => s.rank)), what).toBe(1);
  for (const a of outcome.standings) {
    expect(Number.isFinite(a.score), what).toBe(true);
    expect(a.rank, what).toBe(1 + outcome.standings.filter((b) => b.rank < a.rank).length);
    for (const b of outcome.standings) if (a.score > b.score) expect(a.rank, `${what}: seat ${a.seat} above ${b.seat}`).toBeLessThan(b.rank);
  }
}

/** Variants: the smallest and largest table with default options, plus each option switched. */
function variants(game: AnyGame): { seats: number; options: Record<string, string | boolean> }[] {
  const raw: Record<string, string | boolean>[] = [{}];
  for (const o of game.options) raw.push({ [o.name]: o.kind === 'boolean' ? !o.default : o.choices[0]!.value });
  return raw.flatMap((r) => {
    const parsed = game.parseOptions(r);
    if (!parsed.ok) return [];
    const { min, max } = game.players(parsed.options);
    return [...new Set([Math.max(2, min), max])].map((seats) => ({ seats, options: parsed.options }));
  });
}

describe.each(CATALOG.map((e) => [e.game.id, e.game] as const))('the class-session side of %s', (_id, game) => {
  it('ranks every seat now, tells the same public debrief whatever the secrets, and names every flaggable card', () => {
    expect(defaultOptions(game)).toBeDefined();
    for (const { seats, options } of variants(game)) {
      const states = statesAlong(game, seats, options, `debrief-${game.id}-${seats}`, 12);
      const rng = rngFromSeed(`debrief-secrets-${game.id}`);
      states.forEach((state, i) => {
        const at = `${game.id} ${seats}p ${JSON.stringify(options)} state ${i}`;
        const before = cloneJson(state);
        const now = game.standingsNow(state);
        expectRanking(now, seats, at);
        if (game.isOver(state)) expect(now, `${at}: at the end`).toEqual(game.outcome(state));

        for (const final of [false, true]) {
          const d = game.debrief(state, final);
          expect(d.seats.map((s) => s.seat), at).toEqual(Array.from({ length: seats }, (_, k) => k));
          // The class screen draws one column per number: the same keys, in the same order, for every seat.
          const keys = d.seats[0]!.numbers.map((n) => n.key);
          expect(new Set(keys).size, at).toBe(keys.length);
          for (const s of d.seats) {
            expect(s.numbers.map((n) => n.key), at).toEqual(keys);
            for (const n of s.numbers) {
              expect(Number.isInteger(n.value), `${at}: ${n.key}`).toBe(true);
              expectText(game, n.label, `${at}: label ${n.key}`);
            }
          }
          d.lines.forEach((l) => expectText(game, l, `${at}: line`));
        }
        // A mid-game debrief is public: other secrets, the same debrief.
        const mid = game.debrief(state, false);
        expect(game.debrief(game.withOtherSecrets(state, rng), false), `${at}: debrief with other secrets`).toEqual(mid);
        for (let keep = 0; keep < seats; keep++) expect(game.debrief(game.withOtherSecrets(state, rng, keep), false), at).toEqual(mid);

        for (let seat = 0; seat < seats; seat++) {
          const items = game.flaggable(game.seatView(state, seat));
          expect(new Set(items.map((f) => f.id)).size, at).toBe(items.length);
          for (const f of items) {
            expect(f.id, at).toMatch(SAFE);
            const text = game.flagText(f.id, options);
            expect(text, `${at}: flagText(${f.id})`).not.toBeNull();
            // The label the player flagged is the one the debrief lists.
            expect(localise('en', text!.label), `${at}: ${f.id}`).toBe(localise('en', f.label));
            expectText(game, text!.label, `${at}: flag label ${f.id}`);
            expectText(game, text!.text, `${at}: flag text ${f.id}`);
            // Without the options (an export of an old session) the id still resolves.
            expect(game.flagText(f.id), `${at}: flagText(${f.id}) without options`).not.toBeNull();
          }
        }
        expect(state, `${at}: nothing changed the state`).toEqual(before);
      });
    }
    for (const nonsense of ['', 'x', 'zz_nothing', 'c_', 'e_', 'm_', 'r_', '__proto__', 'c_red-9']) expect(game.flagText(nonsense), nonsense).toBeNull();
  }, 300_000);
});

// ---------------------------------------------------------------- worked examples

const num = (d: { seats: { seat: number; numbers: { key: string; value: number }[] }[] }, seat: number) => Object.fromEntries(d.seats[seat]!.numbers.map((n) => [n.key, n.value]));
const ranks = (o: Outcome) => Object.fromEntries(o.standings.map((s) => [s.seat, [s.score, s.rank]]));
const en = (m: Msg) => localise('en', m, (s) => `P${s}`);

describe('worked examples', () => {
  it('PhoneImpact: points, malus and impact as the boards stand', async () => {
    const { phoneImpact } = await import('../../src/games/phoneimpact/index.js');
    const { cardsOf } = await import('../../src/games/phoneimpact/cards.js');
    const s = phoneImpact.setup({ seats: 3, options: { ruleset: 'seed', short: false, finishRound: false }, seed: 'worked' });
    const pp = cardsOf('seed', 'PP');
    const pm = cardsOf('seed', 'PM');
    const rc = cardsOf('seed', 'RC');
    // Seat 0: a screen (8) of 4 PolluPlus and 2 Recycl' cards; seat 1: a battery (6) of 4 PolluMoins.
    s.players[0]!.built = { screen: [...pp.slice(0, 4), ...rc.slice(0, 2)] };
    s.players[1]!.built = { battery: pm.slice(0, 4) };
    s.players[0]!.malus = [1, 2];
    s.players[1]!.malus = [];
    s.players[2]!.malus = [3, 4, 5];
    s.flags.penalty = true;
    // 0: 8 + 2 (most Recycl') − 2 malus = 8; 1: 6; 2: −3.
    expect(ranks(phoneImpact.standingsNow(s))).toEqual({ 0: [8, 1], 1: [6, 2], 2: [-3, 3] });
    const d = phoneImpact.debrief(s, false);
    expect(num(d, 0)).toEqual({ points: 8, malus: 2, impact: 4, recycled: 2, components: 1 });
    expect(num(d, 1)).toEqual({ points: 6, malus: 0, impact: 4, recycled: 0, components: 1 });
    expect(num(d, 2)).toEqual({ points: -3, malus: 3, impact: 0, recycled: 0, components: 0 });
    expect(d.lines.map(en)).toEqual([
      "Cards on the phones: from mines 8, from Recycl' 2. What made recycled parts harder to get?",
      'Most malus held: P2 (3). Was the extra pollution worth the cards?',
      'Malus that left the game: 0. Was depolluting worth a turn?',
      'Event 6 or 13 made every malus cost a point: did the table see it coming?',
    ]);
    // Malus cards are flagged by topic: the same card, numbered by its edition.
    expect(phoneImpact.flagText('m_brazil2015', { ruleset: 'seed', short: false, finishRound: false })!.label).toEqual({ key: 'phoneimpact.debrief.flag.malus', args: { n: 12 } });
    expect(phoneImpact.flagText('m_brazil2015', { ruleset: '2025', short: false, finishRound: false })!.label).toEqual({ key: 'phoneimpact.debrief.flag.malus', args: { n: 14 } });
    expect(en(phoneImpact.flagText('e_10duel')!.text)).toBe('Tax: the top recycler gives a malus to, or takes a card from, the top PolluPlus user.');
    expect(phoneImpact.flagText('e_10')).toBeNull();
    s.players[0]!.malus = [12];
    s.players[0]!.hand = [pp[0]!];
    s.revealed = ['1', '1bis'];
    expect(phoneImpact.flaggable(phoneImpact.seatView(s, 0)).map((f) => f.id)).toEqual(['e_1', 'e_1bis', 'm_brazil2015', 'c_PP-MC']);
  });

  it('R-Eco: cards dumped, lonely rewards and the clean bonus', async () => {
    const { rEco } = await import('../../src/games/r-eco/index.js');
    const s = rEco.setup({ seats: 3, options: { twoPlayer: false }, seed: 'worked' });
    s.players[0]!.rewards = [{ colour: 'red', value: 3 }, { colour: 'red', value: 2 }, { colour: 'blue', value: 5 }];
    s.players[1]!.rewards = [{ colour: 'green', value: 4 }, { colour: 'green', value: -2 }];
    s.players[1]!.dumped = [0, 1];
    s.players[2]!.rewards = [];
    // 0: red 3 + 2, the lone blue 5 scores nothing, +2 clean bonus = 7; 1: 4 − 2 − 2 dumped = 0; 2: +2.
    expect(ranks(rEco.standingsNow(s))).toEqual({ 0: [7, 1], 2: [2, 2], 1: [0, 3] });
    const d = rEco.debrief(s, false);
    expect(num(d, 0)).toMatchObject({ points: 7, dumped: 0, rewards: 3, lonely: 1 });
    expect(num(d, 1)).toMatchObject({ points: 0, dumped: 2, rewards: 2, lonely: 0 });
    expect(d.lines.map(en)).toEqual([
      'Cards dumped illegally: 2. Stayed clean: P0, P2. Was the clean bonus worth the cards left on the dumps?',
      'Reward cards that scored nothing, alone in their colour: 1. Was it better to stick to a few colours?',
    ]);
    expect(rEco.flaggable(rEco.seatView(s, 1)).filter((f) => f.id.startsWith('r_')).map((f) => f.id)).toEqual(['r_green-4', 'r_green-m2']);
    expect(en(rEco.flagText('r_green-m2')!.text)).toBe('A green reward of −2: a cost, unless it stays alone in its colour.');
    expect(en(rEco.flagText('c_red-2')!.text)).toBe('A red waste card worth 2 units: play it to its factory, or dump it for −1 point.');
  });

  it('M.A.R.K.: money and the waste left in companies, hidden money left out mid-game', async () => {
    const { mark } = await import('../../src/games/mark/index.js');
    const s = mark.setup({ seats: 3, options: { short: false, privateMoney: true }, seed: 'worked' });
    s.cash = [40, 25, 40];
    s.companies[0] = { row1: ['red', null, null, null], row2: ['gold', 'gold', 'blue', null] };
    // Equal cash shares the rank.
    expect(ranks(mark.standingsNow(s))).toEqual({ 0: [40, 1], 2: [40, 1], 1: [25, 3] });
    const mid = mark.debrief(s, false);
    expect(num(mid, 0)).toEqual({ waste: 4, products: 3, fee: 5 });
    expect(num(mark.debrief(s, true), 0)).toEqual({ money: 40, waste: 4, products: 3, fee: 5 });
    expect(en(mid.lines[0]!)).toBe('Materials sold at the market: 0; still in companies: 4, worth nothing at the end. Was it worth taking in more waste than you could sell?');
    expect(mark.flaggable(mark.seatView(s, 0)).map((f) => f.id)).toEqual(['m_blue', 'm_gold', 'm_red', 'fee']);
  });

  it('Müll + Money: score, depot and loans; cash only in the final debrief', async () => {
    const { mullMoney } = await import('../../src/games/mull-money/index.js');
    const s = mullMoney.setup({ seats: 2, options: { experimental: false, rules: 'N1N2N3' }, seed: 'worked' });
    Object.assign(s.players[0]!, { growth: 16, personnel: 3, raw: 4, waste: 5, cash: 21, loans: 1, depot: 10 });
    Object.assign(s.players[1]!, { growth: 14, personnel: 5, raw: 5, waste: 5, cash: 15, loans: 0, depot: 2 });
    // 0: 16 + 6 + 3 + 1 + 10 (half of 21) − 10 = 26; 1: 14 + 1 + 1 + 1 + 7 = 24.
    expect(ranks(mullMoney.standingsNow(s))).toEqual({ 0: [26, 1], 1: [24, 2] });
    expect(num(mullMoney.debrief(s, false), 0)).toEqual({ waste: 10, loans: 1, growth: 16 });
    expect(num(mullMoney.debrief(s, true), 0)).toEqual({ points: 26, money: 21, waste: 10, loans: 1, growth: 16 });
    expect(en(mullMoney.debrief(s, false).lines[0]!)).toBe('Waste in the depots: 12. Outside the green: P0. Was the extra production worth the fines?');
    expect(mullMoney.flagText('c_transport')!.label).toEqual({ key: 'mull-money.card.transport' });
  });

  it('Palermo: cash minus debt, and every cube handed to the Mafia counted', async () => {
    const { palermo } = await import('../../src/games/palermo/index.js');
    const { dispose } = await import('../../src/games/palermo/phaseB.js');
    const s = palermo.setup({ seats: 2, options: { turns: '5', choice: false }, seed: 'worked' });
    s.boards[0]!.cash = 30;
    s.boards[0]!.debt = 2;
    s.boards[1]!.cash = 20;
    // 30 − 2 × 2 = 26 against 20.
    expect(ranks(palermo.standingsNow(s))).toEqual({ 0: [26, 1], 1: [20, 2] });
    // Step 5 hands 3 forced cubes and 1 stored one to the Mafia: 4 counted.
    s.step = 'mafia';
    s.boards[0]!.toMafia = [2, 1, 0, 0, 0, 0, 0];
    s.boards[0]!.storage = [0, 0, 1, 0, 0, 0, 0];
    s.heldVoluntary = [0, 0, 1, 0, 0, 0, 0];
    dispose(s, 0, []);
    const d = palermo.debrief(s, false);
    expect(num(d, 0)).toMatchObject({ debt: 2, mafia: 4 });
    expect(num(d, 1)).toMatchObject({ score: 20, money: 20, debt: 0, mafia: 0 });
    expect(en(d.lines[0]!)).toBe('Cubes sent to the Mafia: 4; most: P0 (4). Why was the illegal dump the easy way out?');
    expect(en(palermo.flagText('c_C1')!.label)).toContain('C1');
    expect(palermo.flagText('e_S1')).not.toBeNull();
  });
});
