/** Unit tests of each rule outside the worked examples: money, set-up, every phase, the forms. */
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../../src/engine/index.js';
import { BL, BR, CONTRACT_COUNT, EQUIPMENT_COUNT, MV, YE } from '../../../src/games/palermo/constants.js';
import { palermo } from '../../../src/games/palermo/index.js';
import { forcedPay, receive, voluntaryPay } from '../../../src/games/palermo/money.js';
import { advance } from '../../../src/games/palermo/flow.js';
import { phaseA } from '../../../src/games/palermo/phaseA.js';
import { fieldsFor, groupsFor } from '../../../src/games/palermo/phaseB.js';
import { phaseE } from '../../../src/games/palermo/phaseE.js';
import { newBoard } from '../../../src/games/palermo/setup.js';
import type { PalermoState } from '../../../src/games/palermo/types.js';
import { atStep, blank, board, ct, eq, owned, play, refused, vec } from './helpers.js';

const ev = (): LogEvent[] => [];

describe('money primitives (§3.2)', () => {
  it('receive: all to cash without debt; while in debt 2 Mβ per debt point, odd 1 kept', () => {
    const b = newBoard();
    receive(b, 7);
    expect(b.cash).toBe(27);
    const d = { ...newBoard(), cash: 0, debt: 4 };
    expect(receive(d, 5).withheld).toBe(4);
    expect([d.cash, d.debt]).toEqual([1, 2]);
    expect(receive(d, 1).withheld).toBe(0);
    expect(d.cash).toBe(2);
  });
  it('forcedPay: cash first, the Mafia lends the rest', () => {
    const b = { ...newBoard(), cash: 4 };
    expect(forcedPay(b, 3).borrowed).toBe(0);
    expect(forcedPay(b, 5).borrowed).toBe(4);
    expect([b.cash, b.debt]).toEqual([0, 4]);
  });
  it('voluntaryPay: only from cash, else nothing happens', () => {
    const b = { ...newBoard(), cash: 4 };
    expect(voluntaryPay(b, 5)).toBe(false);
    expect(b.cash).toBe(4);
    expect(voluntaryPay(b, 4)).toBe(true);
    expect(b.cash).toBe(0);
  });
});

describe('set-up (§3.3)', () => {
  it('deals 3 contracts and 6 cards to each, asks everyone at once, reveals only at the end', () => {
    let s = palermo.setup({ seats: 3, options: { turns: '10', choice: false }, seed: 'setup' });
    expect(palermo.pending(s)).toEqual([0, 1, 2]);
    expect(s.draws.every((d) => d.contracts.length === 3 && d.equipment.length === 6)).toBe(true);
    const d = palermo.decision(s, 1)!;
    expect(d.kind).toBe('form');
    const first = palermo.apply(s, 1, palermo.legalMoves(s, 1)[0]!);
    expect(first.ok && first.publish).toBe('quiet');
    expect(first.ok && first.events).toEqual([]);
    s = (first as { state: PalermoState }).state;
    expect(palermo.pending(s)).toEqual([0, 2]);
    expect(refused(s, 0, { type: 'setup', contract: s.draws[0]!.contracts[0]!, equipment: s.draws[0]!.equipment.slice(0, 2) })).toBe('palermo.error.keepThree');
    s = play(s, 0, palermo.legalMoves(s, 0)[0]!);
    s = play(s, 2, palermo.legalMoves(s, 2)[0]!);
    expect(s.turn).toBe(1);
    expect(s.contractRow).toHaveLength(3);
    expect(s.equipmentRow).toHaveLength(3);
    expect(s.hands.every((h) => h.length === 3)).toBe(true);
    expect(s.contractDeck.length + s.contractRow.length + 3).toBe(CONTRACT_COUNT);
    expect(s.equipmentDeck.length + s.equipmentRow.length + 9).toBe(EQUIPMENT_COUNT);
    expect(s.boards.every((b) => b.contracts.length === 1)).toBe(true);
  });
});

describe('phase A (§3.5)', () => {
  it('pays income, then forced payments, delivers cubes and burns a lifetime token', () => {
    const s = blank();
    const b = board(s, 0, { cash: 1, contracts: [{ card: ct('C1'), price: -4, life: 3 }, { card: ct('C4'), price: 2, life: 1 }] });
    const events = ev();
    phaseA(s, 0, events);
    expect([b.cash, b.debt]).toEqual([0, 1]);
    expect(b.bulk).toEqual(vec({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 }));
    expect(b.sorted).toEqual(vec({ YE: 5 }));
    expect(b.contracts.map((c) => c.life)).toEqual([2, 0]);
    expect(events[0]!.key).toBe('palermo.log.phaseA');
    phaseE(s, ev());
    expect(b.contracts).toHaveLength(1);
    expect(s.contractDiscard).toContain(ct('C4'));
  });
});

describe('phase B forms (§3.6.6)', () => {
  it('skips steps with nothing to decide and pays the upkeep anyway', () => {
    const s = blank(2);
    board(s, 0, { sorted: vec({ BR: 2 }) });
    const events = atStep(s, 'sell');
    advance(s, events);
    expect(s.step).toBe('store');
    expect(s.boards[0]!.cash).toBe(15);
    expect(events.map((e) => e.key)).toEqual(['palermo.log.upkeep']);
    const d = palermo.decision(s, 0)!;
    expect(d.kind === 'form' && d.fields.map((f) => [f.id, f.max, f.default])).toEqual([['BR', 2, 2]]);
  });

  it('splits a step of more than 5 fields into two forms', () => {
    const s = blank();
    board(s, 0, { equipment: owned('S7', 'S8'), sorted: vec({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1, MV: 1, BK: 1 }) });
    s.step = 'store';
    expect(groupsFor('store', s, 0)).toEqual([['BR', 'YE', 'BL', 'WH', 'GR'], ['MV', 'BK']]);
    atStep(s, 'store');
    const d1 = palermo.decision(s, 0)!;
    expect(d1.kind === 'form' && d1.fields.map((f) => f.id)).toEqual(['BR', 'YE', 'BL', 'WH', 'GR']);
    expect(d1.shortcuts!.map((c) => c.id)).toEqual(['all', 'none']);
    const s2 = play(s, 0, { type: 'counts', step: 'store', values: { BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 } });
    const d2 = palermo.decision(s2, 0)!;
    expect(d2.id).toBe('store1');
    expect(d2.kind === 'form' && d2.fields.map((f) => f.id)).toEqual(['MV', 'BK']);
  });

  it('shows a field only when an answer could use it (G37)', () => {
    const s = blank();
    board(s, 0, { cash: 0, bulk: vec({ YE: 2, MV: 1 }) });
    expect(fieldsFor('sort', s, 0)).toEqual([]);
    board(s, 0, { cash: 1 });
    expect(fieldsFor('sort', s, 0).map((f) => [f.id, f.max])).toEqual([['YE', 1]]);
    board(s, 0, { storage: vec({ WH: 3 }) });
    expect(fieldsFor('factory', s, 0)).toEqual([]);
  });

  it('refuses counts beyond a field and explains a storage overflow', () => {
    const s = blank();
    board(s, 0, { sorted: vec({ BR: 8, YE: 8 }) });
    atStep(s, 'store');
    expect(refused(s, 0, { type: 'counts', step: 'store', values: { BR: 9 } })).toBe('palermo.error.outOfBounds');
    expect(refused(s, 0, { type: 'counts', step: 'store', values: { BR: 8, YE: 8 } })).toBe('palermo.error.storageFull');
    expect(refused(s, 0, { type: 'counts', step: 'store', values: { BR: -1 } })).toBe('palermo.error.outOfBounds');
    expect(refused(s, 0, { type: 'counts', step: 'store', values: { XX: 1 } })).toBe('palermo.error.outOfBounds');
    const next = play(s, 0, { type: 'counts', step: 'store', values: { BR: 8, YE: 2 } });
    expect(next.boards[0]!.storage).toEqual(vec({ BR: 8, YE: 2 }));
  });

  it('notes say what a step costs or earns', () => {
    const s = blank();
    board(s, 0, { equipment: owned('R1'), recycling: vec({ YE: 2 }) });
    atStep(s, 'sell');
    const d = palermo.decision(s, 0)!;
    expect(d.notes!.map((n) => n.key)).toContain('palermo.note.sell');
    expect(d.shortcuts!.map((c) => c.id)).toEqual(['all', 'none']);
  });
});

describe('phase C (§3.7)', () => {
  const atC = (): PalermoState => {
    const s = blank(2);
    s.phase = 'C';
    s.step = 'menu';
    s.hands[0] = [eq('S2'), eq('I1'), eq('R1')];
    return s;
  };

  it('buys and discards once, within cash, then the menu no longer offers it', () => {
    let s = atC();
    board(s, 0, { cash: 15 });
    s = play(s, 0, { type: 'menu', item: 'buy' });
    expect(refused(s, 0, { type: 'buy', buy: [eq('S2'), eq('I1')], discard: [] })).toBe('palermo.error.cannotPay');
    expect(refused(s, 0, { type: 'buy', buy: [eq('S2')], discard: [eq('S2')] })).toBe('palermo.error.notInHand');
    s = play(s, 0, { type: 'buy', buy: [eq('S2')], discard: [eq('R1')] });
    expect(s.boards[0]!.cash).toBe(5);
    expect(s.boards[0]!.equipment.map((e) => e.card)).toEqual([eq('S2')]);
    expect(s.hands[0]).toEqual([eq('I1')]);
    // The new card may be destroyed again; buying is no longer offered.
    const d = palermo.decision(s, 0)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['destroy', 'refill']);
    s = play(s, 0, { type: 'menu', item: 'refill' });
    const r = palermo.decision(s, 0)!;
    expect(r.kind === 'choose' && r.choices.length).toBe(4);
  });

  it('Back returns to the menu without using the item', () => {
    let s = atC();
    s = play(s, 0, { type: 'menu', item: 'buy' });
    s = play(s, 0, { type: 'back' });
    expect(s.step).toBe('menu');
    expect(s.boards[0]!.boughtDone).toBe(false);
  });

  it('destroys a bought card when its cubes fit elsewhere, never a printed space', () => {
    let s = atC();
    board(s, 0, { equipment: owned('S3', 'S4'), storage: vec({ YE: 4, BL: 12 }) });
    s = play(s, 0, { type: 'menu', item: 'destroy' });
    const d = palermo.decision(s, 0)!;
    // S4 holds 10 of 12 blue: without it 16 cubes overflow the mixed 10. S3 can go (4 YE fit).
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['0']);
    expect(refused(s, 0, { type: 'destroy', index: 1 })).toBe('palermo.error.cannotDestroy');
    s = play(s, 0, { type: 'destroy', index: 0 });
    expect(s.boards[0]!.equipment.map((e) => e.card)).toEqual([eq('S4')]);
    expect(s.equipmentDiscard).toContain(eq('S3'));
    expect(s.boards[0]!.storage).toEqual(vec({ YE: 4, BL: 12 }));
  });

  it('refills one card at a time from the row (replaced from the deck) or the deck', () => {
    let s = atC();
    s.hands[0] = [];
    board(s, 0, { handCount: 0 });
    s = play(s, 0, { type: 'menu', item: 'refill' });
    const row = [...s.equipmentRow];
    s = play(s, 0, { type: 'refill', card: row[0]! });
    expect(s.hands[0]).toEqual([row[0]]);
    expect(s.equipmentRow).toHaveLength(3);
    expect(s.equipmentRow).not.toContain(row[0]);
    s = play(s, 0, { type: 'refill', card: null });
    s = play(s, 0, { type: 'refill', card: null });
    expect(s.hands[0]).toHaveLength(3);
    // Seat 0 is done: seat 1's phase C starts.
    expect(palermo.pending(s)).toEqual([1]);
  });
});

describe('phase E (§3.10)', () => {
  it('halves the market (up) and the Mafia (down, fixed colour order), empties factories', () => {
    const s = blank(2);
    s.market = vec({ YE: 3, BL: 1 });
    s.mafia = vec({ BR: 2, MV: 1, BK: 2 });
    board(s, 0, { incin2: vec({ BR: 2 }), incin1: vec({ BR: 3 }), decon: vec({ MV: 1 }), recycling: vec({ YE: 2 }) });
    phaseE(s, ev());
    expect(s.market).toEqual(vec({ YE: 1 }));
    expect(s.mafia).toEqual(vec({ BR: 2, MV: 1 }));
    expect(s.boards[0]!.incin2[BR]! + s.boards[0]!.incin1[BR]! + s.boards[0]!.decon[MV]!).toBe(0);
    expect(s.boards[0]!.recycling[YE]).toBe(2);
    void BL;
  });

  it('ends the game after the last turn with a shared win on a tie', () => {
    const s = blank(3);
    board(s, 0, { cash: 10 });
    board(s, 1, { cash: 14, debt: 2 });
    board(s, 2, { cash: 9 });
    s.phase = 'over';
    expect(palermo.outcome(s)!.standings.map((x) => [x.seat, x.rank])).toEqual([[0, 1], [1, 1], [2, 3]]);
  });
});
