/**
 * Invariants over seeded bot games for 2 to 5 players: cubes and cards conserved after every
 * move, debt moves only through the logged forced payments and withholdings, only the seats
 * concerned see their money change, decisions fit Discord's limits, legal moves are accepted,
 * every game ends, and the seed plus the move log replay to the same state.
 * Per-move checks throw plain errors: expect() on every step is too slow.
 */
import { describe, expect, it } from 'vitest';
import { playout, replay, type LogEvent, type MsgArg } from '../../../src/engine/index.js';
import { CONTRACT_COUNT, EQUIPMENT_COUNT, NC, VARIANT_LADDER } from '../../../src/games/palermo/constants.js';
import { palermo } from '../../../src/games/palermo/index.js';
import type { PalermoMove, PalermoState } from '../../../src/games/palermo/types.js';
import { ZONES } from '../../../src/games/palermo/types.js';

const GAMES = 30;
const SAFE_ID = /^[A-Za-z0-9_-]{1,32}$/;

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

function checkCubes(s: PalermoState): void {
  for (let c = 0; c < NC; c++) {
    let n = s.market[c]! + s.mafia[c]!;
    for (const b of s.boards) for (const z of ZONES) n += b[z][c]!;
    check(n === s.issued[c], `colour ${c}: ${n} cubes on the table, ${s.issued[c]} taken from the supply`);
  }
}

function checkCards(s: PalermoState): void {
  const contracts = [...s.contractDeck, ...s.contractDiscard, ...s.contractRow, ...s.boards.flatMap((b) => b.contracts.map((c) => c.card)), ...s.draws.flatMap((d) => d.contracts)];
  const kept = s.phase === 'setup' ? [] : [];
  check(contracts.length + kept.length === CONTRACT_COUNT && new Set(contracts).size === CONTRACT_COUNT, `contracts: ${contracts.length}`);
  const equipment = [...s.equipmentDeck, ...s.equipmentDiscard, ...s.equipmentRow, ...s.hands.flat(), ...s.boards.flatMap((b) => b.equipment.map((e) => e.card)), ...s.draws.flatMap((d) => d.equipment)];
  check(equipment.length === EQUIPMENT_COUNT && new Set(equipment).size === EQUIPMENT_COUNT, `equipment: ${equipment.length}`);
  check(s.contractDeckCount === s.contractDeck.length && s.equipmentDeckCount === s.equipmentDeck.length, 'deck counts');
  if (s.ladder) check(s.ladder.length === s.contractRow.length && s.ladder.every((k) => k >= 0 && k < VARIANT_LADDER.length), 'a ladder step for each contract on offer');
}

function checkMoney(before: PalermoState, after: PalermoState, seat: number, events: LogEvent[]): void {
  let borrowed = 0, withheld = 0;
  // The Mafia's parts sit in the line or in a money part nested inside it ("contracts pay …").
  const walk = (m: MsgArg): void => {
    if (Array.isArray(m)) return m.forEach(walk);
    if (typeof m !== 'object' || !('key' in m)) return;
    if (typeof m.args?.borrowed === 'number') borrowed += m.args.borrowed;
    if (typeof m.args?.withheld === 'number') withheld += m.args.withheld;
    Object.values(m.args ?? {}).forEach(walk);
  };
  events.forEach(walk);
  const debt = (s: PalermoState) => s.boards.reduce((a, b) => a + b.debt, 0);
  check(withheld % 2 === 0, 'the Mafia withholds multiples of 2');
  check(debt(after) - debt(before) === borrowed - withheld / 2, `debt moved by ${debt(after) - debt(before)}, logged ${borrowed} − ${withheld / 2}`);
  for (const b of after.boards) check(Number.isInteger(b.cash) && b.cash >= 0 && Number.isInteger(b.debt) && b.debt >= 0, 'cash and debt are non-negative integers');
  // Money moves only for the mover and for seats named by a log line of this move (settled steps).
  const named = new Set<number>([seat]);
  for (const e of events) for (const v of Object.values(e.args ?? {})) if (typeof v === 'object' && v !== null && 'seat' in v) named.add((v as { seat: number }).seat);
  after.boards.forEach((b, p) => {
    if (named.has(p)) return;
    check(b.cash === before.boards[p]!.cash && b.debt === before.boards[p]!.debt, `seat ${p}'s money moved on seat ${seat}'s move`);
  });
}

function checkDecision(s: PalermoState, seat: number): void {
  const d = palermo.decision(s, seat);
  check(d !== null, `no decision for pending seat ${seat} at ${s.phase}/${s.step}`);
  if (!d) return;
  check(SAFE_ID.test(d.id), `unsafe step id ${d.id}`);
  const shortcuts = d.shortcuts ?? [];
  check(shortcuts.length <= 5, 'more than 5 shortcuts');
  shortcuts.forEach((c) => check(SAFE_ID.test(c.id), `unsafe shortcut id ${c.id}`));
  if (d.kind === 'form') {
    check(d.fields.length >= 1 && d.fields.length <= 5, `${d.fields.length} fields`);
    for (const f of d.fields) {
      check(SAFE_ID.test(f.id), `unsafe field id ${f.id}`);
      if (f.kind === 'select') check(f.choices.length <= 25 && f.choices.every((c) => SAFE_ID.test(c.id)), 'select too long');
      else check(f.min <= f.max && (f.default === undefined || (f.default >= f.min && f.default <= f.max)), `field ${f.id} bounds`);
    }
  } else {
    check(d.choices.length <= 25 && d.choices.every((c) => SAFE_ID.test(c.id)), 'choices');
    check(d.choices.length + shortcuts.length >= 2, `a question with one answer at ${d.id}`);
  }
}

describe.each([2, 3, 4, 5])('Palermo bot games with %i players', (seats) => {
  it(`${GAMES} games end, conserve cubes, cards and money rules, stay legal and replay exactly`, () => {
    const seen = new Set<string>();
    for (let g = 0; g < GAMES; g++) {
      // One game in three uses the free-choice variant (§3.9) instead of auctions.
      const input = { seats, options: { turns: g % 3 === 0 ? '5' : '10', choice: g % 3 === 1 }, seed: `prop-${seats}-${g}` };
      const { state: final, log } = playout<PalermoState>(palermo, input);
      expect(palermo.isOver(final)).toBe(true);
      expect(replay<PalermoState>(palermo, input, log)).toEqual(final);
      let s = palermo.setup(input);
      checkCards(s);
      for (const [i, { seat, move }] of (log as { seat: number; move: PalermoMove }[]).entries()) {
        const at = `game ${input.seed}, move ${i}`;
        try {
          check(palermo.pending(s).includes(seat), 'mover not pending');
          checkDecision(s, seat);
          if (i % 11 === 0) {
            for (const m of palermo.legalMoves(s, seat)) {
              const r = palermo.apply(s, seat, m);
              check(r.ok, `legal move refused: ${JSON.stringify(m)} ${r.ok ? '' : r.error.key}`);
            }
          }
          const r = palermo.apply(s, seat, move);
          if (!r.ok) throw new Error(r.error.key);
          checkCubes(r.state);
          checkCards(r.state);
          checkMoney(s, r.state, seat, r.events);
          seen.add(move.type === 'menu' ? `menu:${move.item}` : move.type === 'answer' ? `answer:${move.accept}` : move.type);
          s = r.state;
        } catch (e) {
          throw new Error(`${at}: ${(e as Error).message}`);
        }
      }
      expect(s).toEqual(final);
      expect(palermo.outcome(final)!.standings).toHaveLength(seats);
    }
    // The bots must reach every kind of move.
    for (const kind of ['setup', 'counts', 'menu:buy', 'buy', 'refill', 'name', 'bid', 'pass', 'pick']) expect(seen).toContain(kind);
  });
});
