/**
 * Invariants over seeded bot games for 3, 4 and 5 players, both rulesets, the 20-minute game
 * and finish-the-round: cards conserved after every move, decisions within Discord's limits,
 * every legalMoves entry accepted, bots legal, games end, and replay is exact.
 * Per-move checks throw plain errors: expect() on every step is too slow.
 */
import { describe, expect, it } from 'vitest';
import { replay, rngFromSeed, type Decision, type LoggedMove } from '../../../src/engine/index.js';
import { ALL_EVENTS, MALUS_PER_PLAYER, RULESETS } from '../../../src/games/phoneimpact/constants.js';
import { CARD_TABLES } from '../../../src/games/phoneimpact/cards.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import type { PhoneImpactMove, PhoneImpactOptions, PhoneImpactState } from '../../../src/games/phoneimpact/types.js';
import { census } from './helpers.js';

const ID = /^[A-Za-z0-9_-]{1,32}$/;
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

function checkDecision(d: Decision<PhoneImpactMove>, at: string): void {
  check(ID.test(d.id), `${at}: bad step id ${d.id}`);
  const shortcuts = d.shortcuts ?? [];
  check(shortcuts.length <= 5, `${at}: too many shortcuts`);
  for (const s of shortcuts) check(ID.test(s.id), `${at}: bad shortcut id`);
  let answers = shortcuts.length;
  if (d.kind === 'choose') {
    check(d.choices.length <= 25, `${at}: ${d.choices.length} choices`);
    for (const c of d.choices) check(ID.test(c.id), `${at}: bad choice id ${c.id}`);
    answers += d.choices.length;
  } else if (d.kind === 'pick') {
    check(d.choices.length <= 25 && d.min <= d.max && d.max <= d.choices.length, `${at}: bad pick`);
    for (const c of d.choices) check(ID.test(c.id), `${at}: bad pick id`);
    answers += 2;
  } else {
    check(d.fields.length >= 1 && d.fields.length <= 5, `${at}: ${d.fields.length} fields`);
    for (const f of d.fields) {
      check(ID.test(f.id), `${at}: bad field id`);
      if (f.kind === 'select') {
        check(f.choices.length <= 25 && f.choices.length >= 1, `${at}: ${f.choices.length} select options`);
        for (const c of f.choices) check(ID.test(c.id), `${at}: bad option id ${c.id}`);
      } else check(f.min <= f.max, `${at}: bad number range`);
    }
    answers += 2;
  }
  check(answers >= 2 || d.concealing === true, `${at}: a question with one answer (${d.id})`);
}

/** Every resource card of the ruleset, every malus of the deck and every event, each exactly once. */
function checkConserved(s: PhoneImpactState, malusTotal: number, events: readonly string[], at: string): void {
  const c = census(s);
  const size = CARD_TABLES[s.ruleset].size;
  const seen = new Uint8Array(size);
  check(c.resources.length === size, `${at}: ${c.resources.length} resource cards, not ${size}`);
  for (const id of c.resources) {
    check(Number.isInteger(id) && id >= 0 && id < size && seen[id] === 0, `${at}: resource card ${id} lost or doubled`);
    seen[id] = 1;
  }
  const malus = new Uint8Array(malusTotal + 1);
  check(c.malus.length === malusTotal, `${at}: ${c.malus.length} malus, not ${malusTotal}`);
  for (const m of c.malus) {
    check(Number.isInteger(m) && m >= 1 && m <= malusTotal && malus[m] === 0, `${at}: malus ${m} lost or doubled`);
    malus[m] = 1;
  }
  check(c.events.length === events.length && [...c.events].sort().join() === [...events].sort().join(), `${at}: events not conserved`);
}

const variants: { seats: number; options: PhoneImpactOptions; games: number }[] = [];
for (const seats of [3, 4, 5]) {
  for (const ruleset of ['seed', '2025'] as const) {
    variants.push({ seats, options: { ruleset, short: false, finishRound: false }, games: 25 });
    variants.push({ seats, options: { ruleset, short: true, finishRound: false }, games: 8 });
  }
  variants.push({ seats, options: { ruleset: 'seed', short: false, finishRound: true }, games: 8 });
}

describe.each(variants)('PhoneImpact bot games: $seats players, $options', ({ seats, options, games }) => {
  it(`${games} games end, conserve every card, stay within limits and replay exactly`, () => {
    const rules = RULESETS[options.ruleset];
    const malusTotal = MALUS_PER_PLAYER * (options.short && rules.shortMalusPlayers ? rules.shortMalusPlayers : seats);
    const eventList = options.short ? rules.shortEvents : ALL_EVENTS;
    const ends = new Set<string>();
    for (let g = 0; g < games; g++) {
      const input = { seats, options, seed: `prop-${seats}-${options.ruleset}-${options.short}-${options.finishRound}-${g}` };
      let s = phoneImpact.setup(input);
      const rng = rngFromSeed(`bot:${input.seed}`);
      const log: LoggedMove[] = [];
      while (!phoneImpact.isOver(s)) {
        const at = `${input.seed} move ${log.length}`;
        check(log.length < 2000, `${at}: no end`);
        const pending = phoneImpact.pending(s);
        check(pending.length > 0, `${at}: nobody pending`);
        for (const seat of pending) {
          const d = phoneImpact.decision(s, seat);
          check(d !== null, `${at}: pending seat without a decision`);
          checkDecision(d!, at);
        }
        const seat = pending[(log.length * 7) % pending.length]!;
        // A sample of legalMoves entries is accepted.
        if (log.length % 5 === 0) {
          for (const m of phoneImpact.legalMoves(s, seat)) {
            const r = phoneImpact.apply(s, seat, m);
            if (!r.ok) throw new Error(`${at}: legal move refused ${JSON.stringify(m)}`);
            checkConserved(r.state, malusTotal, eventList, `${at} after ${JSON.stringify(m)}`);
          }
        }
        const move = phoneImpact.bot(phoneImpact.seatView(s, seat), rng);
        const r = phoneImpact.apply(s, seat, move);
        if (!r.ok) throw new Error(`${at}: bot move refused ${r.error.key} ${JSON.stringify(move)}`);
        checkConserved(r.state, malusTotal, eventList, at);
        s = r.state;
        log.push({ seat, move });
      }
      ends.add(s.endReason!);
      const o = phoneImpact.outcome(s)!;
      expect(o.standings.map((x) => x.seat).sort()).toEqual([...Array(seats).keys()]);
      expect(replay<PhoneImpactState>(phoneImpact, input, log)).toEqual(s);
    }
    expect(ends.size).toBeGreaterThan(0);
  });
});

/**
 * Games where each move is drawn at random among the listed legal moves and the bot's move: paths
 * bots avoid (odd trades, backing out of sub-steps, extreme guesses) still conserve every card,
 * respect the limits, end, and replay exactly.
 */
describe.each([3, 4, 5].flatMap((seats) => (['seed', '2025'] as const).map((ruleset) => ({ seats, ruleset }))))(
  'PhoneImpact random legal play: $seats players, $ruleset',
  ({ seats, ruleset }) => {
    it('6 games end, conserve every card, stay within limits and replay exactly', () => {
      const options: PhoneImpactOptions = { ruleset, short: false, finishRound: false };
      const rules = RULESETS[ruleset];
      const malusTotal = MALUS_PER_PLAYER * seats;
      for (let g = 0; g < 6; g++) {
        const input = { seats, options, seed: `random-${seats}-${ruleset}-${g}` };
        let s = phoneImpact.setup(input);
        const rng = rngFromSeed(`random:${input.seed}`);
        const log: LoggedMove[] = [];
        while (!phoneImpact.isOver(s)) {
          const at = `${input.seed} move ${log.length}`;
          check(log.length < 4000, `${at}: no end`);
          const pending = phoneImpact.pending(s);
          check(pending.length > 0, `${at}: nobody pending`);
          const seat = pending[rng.int(pending.length)]!;
          checkDecision(phoneImpact.decision(s, seat)!, at);
          const moves = [...phoneImpact.legalMoves(s, seat), phoneImpact.bot(phoneImpact.seatView(s, seat), rng)];
          const move = moves[rng.int(moves.length)]!;
          const r = phoneImpact.apply(s, seat, move);
          if (!r.ok) throw new Error(`${at}: move refused ${r.error.key} ${JSON.stringify(move)}`);
          checkConserved(r.state, malusTotal, rules.events, at);
          s = r.state;
          log.push({ seat, move });
        }
        expect(replay<PhoneImpactState>(phoneImpact, input, log)).toEqual(s);
      }
    });
  },
);

describe('setup guards', () => {
  it('refuses 2 or 6 seats', () => {
    expect(() => phoneImpact.setup({ seats: 2, options: { ruleset: 'seed', short: false, finishRound: false }, seed: 'x' })).toThrow();
    expect(() => phoneImpact.setup({ seats: 6, options: { ruleset: 'seed', short: false, finishRound: false }, seed: 'x' })).toThrow();
  });
});
