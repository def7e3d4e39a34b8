/**
 * Invariants over seeded bot games for 2, 3 and 4 players, with and without the short game and
 * private money: every game ends; the 40 materials are conserved after every move; cash moves
 * only through sales, fees and auction payments; every bot move and every listed legal move is
 * accepted; decisions stay within Discord's limits; secret bids publish nothing; replay is exact.
 * Per-move checks throw plain errors: expect() on every step is too slow.
 */
import { describe, expect, it } from 'vitest';
import { playout, replay, rngFromSeed, type Decision, type LogEvent } from '../../../src/engine/index.js';
import { actionId } from '../../../src/games/mark/decisions.js';
import { mark } from '../../../src/games/mark/index.js';
import type { MarkMove, MarkState } from '../../../src/games/mark/types.js';
import { total } from './helpers.js';

const GAMES = 50;
const SAFE_ID = /^[A-Za-z0-9_-]{1,32}$/;

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function checkDecision(d: Decision<MarkMove>, at: string): void {
  check(SAFE_ID.test(d.id), `${at}: unsafe step id ${d.id}`);
  const shortcuts = d.shortcuts ?? [];
  check(shortcuts.length <= 5, `${at}: too many shortcuts`);
  for (const s of shortcuts) check(SAFE_ID.test(s.id), `${at}: unsafe shortcut id`);
  if (d.kind === 'choose') {
    check(d.choices.length + shortcuts.length >= 2 || d.concealing === true, `${at}: a question with one answer`);
    for (const c of d.choices) check(SAFE_ID.test(c.id), `${at}: unsafe choice id ${c.id}`);
    check(new Set(d.choices.map((c) => c.id)).size === d.choices.length, `${at}: duplicate choice ids`);
  } else if (d.kind === 'pick') {
    check(d.choices.length <= 25, `${at}: pick over 25`);
  } else {
    check(d.fields.length >= 1 && d.fields.length <= 5, `${at}: form field count`);
    for (const f of d.fields) {
      check(SAFE_ID.test(f.id), `${at}: unsafe field id`);
      if (f.kind === 'select') check(f.choices.length <= 25 && f.min <= f.max && f.max <= f.choices.length, `${at}: bad select field`);
      else check(f.min <= f.max, `${at}: bad number field`);
    }
  }
}

/** The decision's own answer that stands for this move. */
function viaDecision(d: Decision<MarkMove>, move: MarkMove): MarkMove | null {
  if (d.kind === 'choose') {
    if (move.type === 'name' || move.type === 'colour') return d.toMove(move.colour);
    if (move.type === 'place') return d.toMove(String(move.to));
    if (move.type === 'take' || move.type === 'process' || move.type === 'sell') return d.toMove(actionId(move));
    return null;
  }
  if (d.kind === 'form') {
    if (move.type === 'bid') return d.toMove({ value: move.amount });
    if (move.type === 'return') return d.toMove({ row1: move.row1.map(String), row2: move.row2.map(String) });
  }
  return null;
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

/** Cash may change only by the amounts the log lines name. */
function expectedCashDelta(events: LogEvent[]): number {
  let delta = 0;
  for (const e of events) {
    if (e.key === 'mark.log.sold' || e.key === 'mark.log.opened') delta += e.args!.value as number;
    else if (e.key === 'mark.log.feePaid') delta -= e.args!.fee as number;
    else if (e.key === 'mark.log.reveal') delta -= e.args!.amount as number;
  }
  return delta;
}

const variants = [2, 3, 4].flatMap((seats) => [
  { seats, options: { short: false, privateMoney: false } },
  { seats, options: { short: true, privateMoney: true } },
]);

describe.each(variants)('M.A.R.K. bot games, $seats players, $options', ({ seats, options }) => {
  it(`${GAMES} games end, conserve materials and money rules, stay legal and replay exactly`, () => {
    let auctions = 0, returns = 0, doubles = 0;
    for (let g = 0; g < GAMES; g++) {
      const input = { seats, options, seed: `prop-${seats}-${options.short}-${g}` };
      const { state: final, log } = playout<MarkState>(mark, input);
      expect(mark.isOver(final)).toBe(true);
      expect(mark.outcome(final)!.standings.map((s) => s.seat).sort()).toEqual([...Array(seats).keys()]);
      expect(replay<MarkState>(mark, input, log)).toEqual(final);

      let state = mark.setup(input);
      check(total(state) === 40, 'materials at setup');
      const botRng = rngFromSeed(`bot:${input.seed}`);
      for (const [i, { seat, move }] of (log as { seat: number; move: MarkMove }[]).entries()) {
        const at = `${input.seed} move ${i}`;
        check(mark.pending(state).includes(seat), `${at}: seat not pending`);
        check(JSON.stringify(mark.bot(mark.seatView(state, seat), botRng)) === JSON.stringify(move), `${at}: bot not deterministic`);
        for (const p of mark.pending(state)) {
          const d = mark.decision(state, p);
          check(d !== null, `${at}: pending seat without a decision`);
          checkDecision(d!, at);
        }
        const d = mark.decision(state, seat)!;
        check(JSON.stringify(viaDecision(d, move)) === JSON.stringify(move), `${at}: the decision cannot express the bot move`);
        if (i % 2 === 0) {
          for (const m of mark.legalMoves(state, seat)) check(mark.apply(state, seat, m).ok, `${at}: listed legal move refused`);
        }

        const result = mark.apply(state, seat, move);
        if (!result.ok) throw new Error(`${at}: ${result.error.key}`);
        const next = result.state;
        check(total(next) === 40, `${at}: ${total(next)} materials`);
        check(sum(next.cash) - sum(state.cash) === expectedCashDelta(result.events), `${at}: cash moved outside the rules`);
        check(next.cash.every((c) => c >= 0), `${at}: negative cash`);
        for (const c of next.companies) check(c.row1.length === 4 && c.row2.length === 4, `${at}: row size`);
        if (result.publish === 'quiet') {
          check(move.type === 'bid' && result.events.every((e) => e.visibleTo !== 'all'), `${at}: a quiet move published a line`);
        }
        if (move.type === 'bid') auctions++;
        if (move.type === 'return') returns++;
        if (state.phase === 'act' && state.dice![0] === state.dice![1]) doubles++;
        state = next;
      }
      expect(state).toEqual(final);
    }
    expect(auctions).toBeGreaterThan(GAMES);
    expect(doubles).toBeGreaterThan(0);
    void returns;
  });
});
