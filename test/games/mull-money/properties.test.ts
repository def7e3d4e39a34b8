/**
 * Invariants over seeded bot games for 2, 3 and 4 players, with and without the experimental
 * variant: every game ends; the 53 cards and the 50 raw materials are conserved after every move;
 * cash and loans move only by the amounts the log lines name; cash never goes negative; every bot
 * move and every listed legal move is accepted and expressible through the decision; decisions stay
 * within Discord's limits; replay is exact. Per-move checks throw plain errors (expect() is slow).
 */
import { describe, expect, it } from 'vitest';
import { playout, replay, rngFromSeed, type Decision, type LogEvent } from '../../../src/engine/index.js';
import { playId } from '../../../src/games/mull-money/decisions.js';
import { mullMoney } from '../../../src/games/mull-money/index.js';
import type { MullMove, MullState } from '../../../src/games/mull-money/types.js';
import { cardCount, rawCount } from './helpers.js';

const GAMES = 20;
const SAFE_ID = /^[A-Za-z0-9_-]{1,32}$/;

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function checkDecision(d: Decision<MullMove>, at: string): void {
  check(SAFE_ID.test(d.id), `${at}: unsafe step id ${d.id}`);
  const shortcuts = d.shortcuts ?? [];
  check(shortcuts.length <= 5, `${at}: too many shortcuts`);
  for (const s of shortcuts) check(SAFE_ID.test(s.id), `${at}: unsafe shortcut id`);
  if (d.kind === 'choose') {
    check(d.choices.length + shortcuts.length >= 2, `${at}: a question with one answer`);
    for (const c of d.choices) check(SAFE_ID.test(c.id), `${at}: unsafe choice id ${c.id}`);
    check(new Set(d.choices.map((c) => c.id)).size === d.choices.length, `${at}: duplicate choice ids`);
  } else if (d.kind === 'form') {
    check(d.fields.length >= 1 && d.fields.length <= 5, `${at}: form field count`);
    for (const f of d.fields) {
      check(SAFE_ID.test(f.id), `${at}: unsafe field id`);
      if (f.kind === 'select') check(f.choices.length <= 25 && f.min <= f.max && f.max <= f.choices.length, `${at}: bad select field`);
      else check(f.min <= f.max, `${at}: bad number field`);
    }
  } else check(false, `${at}: no pick decisions in this game`);
}

/** The decision's own answer that stands for this move. */
function viaDecision(d: Decision<MullMove>, move: MullMove): MullMove | null {
  if (d.kind === 'choose') {
    if (move.type === 'lot') return d.toMove(`lot${move.lot}`);
    if (move.type === 'corruption') return d.toMove(move.use ? 'use' : 'pay');
    if (move.type === 'bid' || move.type === 'pass' || move.type === 'vote') return null;
    return d.toMove(playId(move));
  }
  if (d.kind === 'form') {
    if (move.type === 'pass') return d.shortcuts!.find((s) => s.id === 'pass')!.move;
    if (move.type === 'bid') return d.toMove({ value: move.amount });
    if (move.type === 'vote') {
      const values: Record<string, number | string[]> = { loans: move.loans };
      if (d.fields.some((f) => f.id === 'vote')) values.vote = [move.vote];
      if (d.fields.some((f) => f.id === 'corruption')) values.corruption = [move.corruption ? 'yes' : 'no'];
      return d.toMove(values);
    }
  }
  return null;
}

const PAID = new Set(['wages', 'alertFine', 'alertCorruption', 'innovation', 'repay', 'cleanup', 'voteCorruption', 'boughtOwn', 'boughtLot'].map((k) => `mull-money.log.${k}`));

/** Cash and loans may change only by the amounts the log lines name. */
function expected(events: LogEvent[]): { cash: number; loans: number } {
  let cash = 0, loans = 0;
  for (const e of events) {
    const a = e.args as Record<string, number>;
    if (e.key === 'mull-money.log.loan') (cash += 10 * a.count!), (loans += a.count!);
    else if (e.key === 'mull-money.log.production') cash += a.got!;
    else if (e.key === 'mull-money.log.repay') (cash -= a.paid!), loans--;
    else if (PAID.has(e.key)) cash -= a.paid!;
  }
  return { cash, loans };
}

const sum = (s: MullState, f: (p: MullState['players'][number]) => number) => s.players.reduce((a, p) => a + f(p), 0);

const variants = [2, 3, 4].flatMap((seats) => [false, true].map((experimental) => ({ seats, experimental })));

describe.each(variants)('Müll + Money bot games, $seats players, experimental $experimental', ({ seats, experimental }) => {
  it(`${GAMES} games end, conserve cards, materials and money, stay legal and replay exactly`, () => {
    const seen = { bid: 0, alert: 0, vote: 0 };
    for (let g = 0; g < GAMES; g++) {
      const input = { seats, options: { experimental, rules: 'N1N2N3' }, seed: `prop-${seats}-${experimental}-${g}` };
      const { state: final, log } = playout<MullState>(mullMoney, input);
      expect(mullMoney.isOver(final)).toBe(true);
      expect(mullMoney.outcome(final)!.standings.map((s) => s.seat).sort()).toEqual([...Array(seats).keys()]);
      expect(replay<MullState>(mullMoney, input, log)).toEqual(final);

      let state = mullMoney.setup(input);
      check(cardCount(state) === 53 && rawCount(state) === 50, 'conservation at setup');
      const botRng = rngFromSeed(`bot:${input.seed}`);
      for (const [i, { seat, move }] of (log as { seat: number; move: MullMove }[]).entries()) {
        const at = `${input.seed} move ${i}`;
        check(mullMoney.pending(state).includes(seat), `${at}: seat not pending`);
        check(JSON.stringify(mullMoney.bot(mullMoney.seatView(state, seat), botRng)) === JSON.stringify(move), `${at}: bot not deterministic`);
        for (const p of mullMoney.pending(state)) {
          const d = mullMoney.decision(state, p);
          check(d !== null, `${at}: pending seat without a decision`);
          checkDecision(d!, at);
        }
        const d = mullMoney.decision(state, seat)!;
        check(JSON.stringify(viaDecision(d, move)) === JSON.stringify(move), `${at}: the decision cannot express ${JSON.stringify(move)}`);
        if (i % 3 === 0) for (const m of mullMoney.legalMoves(state, seat)) check(mullMoney.apply(state, seat, m).ok, `${at}: listed legal move refused`);
        for (const sc of d.shortcuts ?? []) check(mullMoney.apply(state, seat, sc.move).ok, `${at}: shortcut ${sc.id} refused`);

        const result = mullMoney.apply(state, seat, move);
        if (!result.ok) throw new Error(`${at}: ${result.error.key}`);
        const next = result.state;
        check(cardCount(next) === 53, `${at}: ${cardCount(next)} cards`);
        check(rawCount(next) === 50, `${at}: ${rawCount(next)} raw materials`);
        const want = expected(result.events);
        check(sum(next, (p) => p.cash) - sum(state, (p) => p.cash) === want.cash, `${at}: cash moved outside the rules`);
        check(sum(next, (p) => p.loans) - sum(state, (p) => p.loans) === want.loans, `${at}: loans moved outside the rules`);
        check(next.players.every((p) => p.cash >= 0 && p.growth >= 14 && p.growth <= 20 && p.staff >= 1 && p.staff <= 5), `${at}: a track out of bounds`);
        check(next.players.every((p) => p.depot >= 0 && p.depot <= 16 && p.silo >= 0), `${at}: depot or silo out of bounds`);
        check(next.common >= 0 && next.common <= 16 * seats, `${at}: common track out of bounds`);
        if (result.publish === 'quiet') check(move.type === 'vote' || move.type === 'corruption', `${at}: a quiet ${move.type}`);
        if (move.type === 'bid' || move.type === 'pass') {
          seen.bid++;
          check(next.phase !== 'bid' || result.publish === 'log', `${at}: a bid inside an auction is a log line`);
        }
        if (move.type === 'corruption') seen.alert++;
        if (move.type === 'vote') seen.vote++;
        state = next;
      }
      expect(state).toEqual(final);
    }
    expect(seen.bid).toBeGreaterThan(0);
    if (experimental) expect(seen.vote).toBeGreaterThan(0);
  });
});
