/** The worked examples of spec §6, one test each (T1–T20). */
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../../src/engine/index.js';
import { BK, BL, BR, GR, YE } from '../../../src/games/palermo/constants.js';
import { palermo } from '../../../src/games/palermo/index.js';
import { mafiaTotal } from '../../../src/games/palermo/mafia.js';
import { receive } from '../../../src/games/palermo/money.js';
import { phaseA } from '../../../src/games/palermo/phaseA.js';
import { applyCounts, endStep, fieldsFor, payUpkeep } from '../../../src/games/palermo/phaseB.js';
import { applyBuy } from '../../../src/games/palermo/phaseC.js';
import { bidBounds, openerFor, startAuctions } from '../../../src/games/palermo/phaseD.js';
import { nextFirstPlayer, phaseE } from '../../../src/games/palermo/phaseE.js';
import { newBoard } from '../../../src/games/palermo/setup.js';
import type { PalermoState } from '../../../src/games/palermo/types.js';
import { capacities, canDestroy, fitsStorage, packStorage } from '../../../src/games/palermo/zones.js';
import { atStep, blank, board, ct, eq, owned, play, refused, vec } from './helpers.js';

const ev = (): LogEvent[] => [];

describe('Palermo worked examples (spec §6)', () => {
  it('T1: market sale pricing and the clean-up rounds up', () => {
    const s = blank();
    board(s, 0, { equipment: owned('R2'), recycling: vec({ BL: 2 }) });
    s.market[BL] = 5;
    s.step = 'sell';
    const cash = s.boards[0]!.cash;
    expect(applyCounts(s, 0, { BL: 2 }, ev())).toBeNull();
    expect(s.boards[0]!.cash - cash).toBe(14);
    expect(s.market[BL]).toBe(7);
    phaseE(s, ev());
    expect(s.market[BL]).toBe(3);
  });

  it('T2: forced Mafia cubes go dearest class first and create debt', () => {
    expect(mafiaTotal(4, vec({ MV: 2, BR: 1 }), vec(), 3)).toBe(8);
    const s = blank();
    s.mafia[GR] = 4;
    board(s, 0, { cash: 3, toMafia: vec({ MV: 2, BR: 1 }) });
    // No cube elsewhere on the board: step 5 has no field and settles itself.
    expect(fieldsFor('mafia', s, 0)).toEqual([]);
    s.phase = 'B';
    s.step = 'mafia';
    const t = s;
    endStep(t, 0, ev());
    expect(t.boards[0]!.cash).toBe(0);
    expect(t.boards[0]!.debt).toBe(5);
    expect(t.mafia.reduce((a, n) => a + n, 0)).toBe(7);
    phaseE(t, ev());
    expect(t.mafia.reduce((a, n) => a + n, 0)).toBe(4);
  });

  it('T3: withholding while in debt, one receipt at a time', () => {
    const b = { ...newBoard(), cash: 0, debt: 5 };
    receive(b, 7);
    expect([b.debt, b.cash]).toEqual([2, 1]);
    receive(b, 2);
    receive(b, 2);
    expect([b.debt, b.cash]).toEqual([0, 1]);
    receive(b, 5);
    expect([b.debt, b.cash]).toEqual([0, 6]);
  });

  it('T4: withholding is capped by the debt', () => {
    const b = { ...newBoard(), cash: 0, debt: 1 };
    receive(b, 10);
    expect([b.debt, b.cash]).toEqual([0, 8]);
  });

  it('T5: forced upkeep borrows; a voluntary payment beyond cash is refused', () => {
    const s = blank();
    board(s, 0, { cash: 3, equipment: owned('S4') });
    payUpkeep(s, 0, ev());
    expect([s.boards[0]!.cash, s.boards[0]!.debt]).toEqual([0, 4]);
    const v = blank();
    board(v, 0, { cash: 3, equipment: owned('R2'), storage: vec({ BL: 2 }) });
    v.step = 'factory';
    expect(applyCounts(v, 0, { rBL: 2 }, ev())?.key).toBe('palermo.error.cannotPay');
    expect(v.boards[0]!.storage[BL]).toBe(2);
    expect(applyCounts(v, 0, { rBL: 1 }, ev())).toBeNull();
    expect(v.boards[0]!.cash).toBe(1);
  });

  it('T6: a first turn with C3, then burning on two incinerators', () => {
    const s = blank();
    const b = board(s, 0, { contracts: [{ card: ct('C3'), price: 5, life: 10 }] });
    s.hands[0] = [eq('I1')];
    phaseA(s, 0, ev());
    expect(b.cash).toBe(25);
    expect(b.sorted[BR]).toBe(5);
    expect(b.contracts[0]!.life).toBe(9);
    s.step = 'store';
    payUpkeep(s, 0, ev());
    expect(applyCounts(s, 0, { BR: 5 }, ev())).toBeNull();
    expect(b.cash).toBe(20);
    expect(applyBuy(s, 0, [eq('I1')], [], ev())).toBeNull();
    expect(b.cash).toBe(10);
    phaseA(s, 0, ev());
    expect(b.cash).toBe(15);
    s.step = 'factory';
    expect(applyCounts(s, 0, { b2BR: 4 }, ev())).toBeNull();
    expect(b.cash).toBe(23);
    expect(b.storage[BR]).toBe(1);
    s.step = 'store';
    payUpkeep(s, 0, ev());
    expect(applyCounts(s, 0, { BR: 5 }, ev())).toBeNull();
    expect([b.cash, b.storage[BR]]).toEqual([18, 6]);
    phaseE(s, ev());
    expect(b.incin2).toEqual(vec());
  });

  it('T7: a bulk cube sorted this turn waits in sorted delivery until next turn', () => {
    let s = blank(2);
    board(s, 0, { bulk: vec({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 }) });
    atStep(s, 'sort');
    const cash = s.boards[0]!.cash;
    s = play(s, 0, { type: 'counts', step: 'sort', values: { YE: 1, BL: 1, WH: 1, GR: 1 } });
    // Step 5 may take the freshly sorted cubes by choice; the player sends none.
    expect(palermo.decision(s, 0)!.id).toBe('mafia0');
    s = play(s, 0, { type: 'counts', step: 'mafia', values: {} });
    // BR went to the Mafia at once (1 Mβ at an empty Mafia space), the sorted cubes stay.
    expect(s.boards[0]!.sorted).toEqual(vec({ YE: 1, BL: 1, WH: 1, GR: 1 }));
    expect(s.boards[0]!.storage).toEqual(vec());
    expect(s.mafia[BR]).toBe(1);
    expect(s.boards[0]!.cash).toBe(cash - 4 - 1);
  });

  it('T8: a full phase D', () => {
    let s = auctionState([ct('C5'), ct('C8'), ct('C3'), ct('C7')]);
    const [c5, c8, c3, c7] = [ct('C5'), ct('C8'), ct('C3'), ct('C7')];
    s = play(s, 0, { type: 'name', card: c5 });
    s = play(s, 0, { type: 'bid', amount: 15 });
    s = play(s, 1, { type: 'bid', amount: 12 });
    s = play(s, 2, { type: 'pass' });
    s = play(s, 3, { type: 'bid', amount: 10 });
    s = play(s, 0, { type: 'pass' });
    s = play(s, 1, { type: 'bid', amount: 9 });
    s = play(s, 3, { type: 'pass' });
    expect(s.boards[1]!.contracts).toEqual([{ card: c5, price: 9, life: 5 }]);
    expect(palermo.pending(s)).toEqual([0]);
    s = play(s, 0, { type: 'name', card: c8 });
    s = play(s, 0, { type: 'bid', amount: 20 });
    expect(palermo.pending(s)).toEqual([2]);
    expect(refused(s, 2, { type: 'bid', amount: 20 })).toBe('palermo.error.bidRange');
    s = play(s, 2, { type: 'bid', amount: 18 });
    s = play(s, 3, { type: 'pass' });
    s = play(s, 0, { type: 'pass' });
    expect(s.boards[2]!.contracts).toEqual([{ card: c8, price: 18, life: 10 }]);
    s = play(s, 0, { type: 'name', card: c3 });
    s = play(s, 0, { type: 'bid', amount: 5 });
    s = play(s, 3, { type: 'bid', amount: 0 });
    s = play(s, 0, { type: 'bid', amount: -2 });
    const r = palermo.apply(s, 3, { type: 'pass' });
    expect(r.ok && r.publish).toBe('log');
    s = (r as { state: PalermoState }).state;
    expect(s.boards[0]!.contracts).toEqual([{ card: c3, price: -2, life: 10 }]);
    // C7 is named by itself; D, alone, may only take it at its printed price or pass.
    expect(palermo.pending(s)).toEqual([3]);
    const d = palermo.decision(s, 3)!;
    expect(d.kind).toBe('choose');
    expect(refused(s, 3, { type: 'bid', amount: 9 })).toBe('palermo.error.bidRange');
    const end = palermo.apply(s, 3, { type: 'bid', amount: 10 });
    expect(end.ok && end.publish).toBe('board');
    s = (end as { state: PalermoState }).state;
    expect(s.boards[3]!.contracts[0]).toMatchObject({ card: c7, price: 10 });
    expect(s.contractRow).toHaveLength(4);
    expect(s.turn).toBe(2);
  });

  it('T9: the next opener is the first eligible player to the first player’s right', () => {
    const s = blank();
    expect(openerFor(s, [false, true, true, true])).toBe(3);
    expect(openerFor(s, [false, true, true, false])).toBe(2);
  });

  it('T10: the first-player token goes to the least wealthy, ties scanned to the right', () => {
    const s = blank();
    board(s, 0, { cash: 12 });
    board(s, 1, { cash: 8 });
    board(s, 2, { cash: 10, debt: 1 });
    board(s, 3, { cash: 30 });
    expect(nextFirstPlayer(s)).toBe(2);
  });

  it('T11: final score is cash minus twice the debt', () => {
    const s = blank(2);
    board(s, 0, { cash: 35, debt: 6 });
    board(s, 1, { cash: 20 });
    s.phase = 'over';
    const out = palermo.outcome(s)!;
    expect(out.standings.map((x) => [x.seat, x.score, x.rank])).toEqual([[0, 23, 1], [1, 20, 2]]);
  });

  it('T12: black waste fills S8, then the sixth cube goes to the Mafia', () => {
    const s = blank();
    const b = board(s, 0, { contracts: [{ card: ct('C9'), price: 50, life: 10 }], equipment: owned('S8'), storage: vec({ BK: 5 }) });
    phaseA(s, 0, ev());
    expect(b.cash).toBe(70);
    atStep(s, 'store');
    expect(b.cash).toBe(55);
    expect(fieldsFor('store', s, 0)).toEqual([]);
    endStep(s, 0, ev());
    expect(b.toMafia[BK]).toBe(1);
    expect(mafiaTotal(0, b.toMafia, vec(), b.cash)).toBe(15);
  });

  it('T13: storing counts with automatic placement', () => {
    const s = blank();
    const b = board(s, 0, { equipment: owned('S2', 'S3'), storage: vec({ BR: 12, YE: 4, WH: 3 }), sorted: vec({ BR: 5, YE: 5, WH: 5, GR: 5 }) });
    atStep(s, 'store');
    expect(b.cash).toBe(20 - 12);
    expect(fieldsFor('store', s, 0).map((f) => f.id)).toEqual(['BR', 'YE', 'WH', 'GR']);
    expect(applyCounts(s, 0, { BR: 5, YE: 5, WH: 5, GR: 5 }, ev())?.key).toBe('palermo.error.storageFull');
    expect(applyCounts(s, 0, { BR: 5, YE: 5, WH: 5, GR: 2 }, ev())).toBeNull();
    const packed = packStorage(b);
    expect(packed.find((p) => p.index === 0)!.cubes[BR]).toBe(17);
    expect(packed.find((p) => p.index === 1)!.cubes[YE]).toBe(9);
    expect(packed.find((p) => p.index === -1)!.cubes).toEqual(vec({ WH: 8, GR: 2 }));
    endStep(s, 0, ev());
    expect(b.toMafia).toEqual(vec({ GR: 3 }));
  });

  it('T14: step 2 in one answer, receipts first', () => {
    const make = () => {
      const s = blank();
      board(s, 0, { cash: 1, debt: 2, equipment: owned('I2', 'R2'), storage: vec({ BR: 3, BL: 2 }) });
      s.step = 'factory';
      return s;
    };
    const ids = fieldsFor('factory', make(), 0).map((f) => f.id);
    expect(ids).toEqual(['b2BR', 'b2BL', 'b1BR', 'rBL']);
    const a = make();
    expect(applyCounts(a, 0, { b2BR: 2, b1BR: 1, rBL: 1 }, ev())).toBeNull();
    expect([a.boards[0]!.cash, a.boards[0]!.debt, a.boards[0]!.storage[BL]]).toEqual([0, 0, 1]);
    const b = make();
    expect(applyCounts(b, 0, { b2BR: 2, b1BR: 1, rBL: 2 }, ev())?.key).toBe('palermo.error.cannotPay');
    expect(b.boards[0]!.storage).toEqual(vec({ BR: 3, BL: 2 }));
    const c = make();
    expect(applyCounts(c, 0, { b1BR: 3, rBL: 2 }, ev())).toBeNull();
    expect([c.boards[0]!.cash, c.boards[0]!.debt, c.boards[0]!.recycling[BL]]).toEqual([0, 2, 2]);
  });

  it('T15: voluntary Mafia cubes are paid from cash, in the cheapest legal order', () => {
    expect(mafiaTotal(5, vec({ BR: 1 }), vec({ BK: 1 }), 20)).toBe(17);
    expect(mafiaTotal(0, vec({ BK: 1 }), vec({ YE: 1 }), 5)).toBe(16);
    expect(mafiaTotal(0, vec(), vec({ BK: 1 }), 3)).toBeNull();
    // (b) through the step: cash 0 and debt 11 afterwards.
    const s = blank();
    board(s, 0, { cash: 5, toMafia: vec({ BK: 1 }), storage: vec({ YE: 1 }) });
    atStep(s, 'mafia');
    const t = play(s, 0, { type: 'counts', step: 'mafia', values: { YE: 1 } });
    expect([t.boards[0]!.cash, t.boards[0]!.debt, t.boards[0]!.storage[YE]]).toEqual([0, 11, 0]);
    // (c): a black cube from S8 storage with 3 Mβ cannot be handed over by choice.
    const c = blank();
    board(c, 0, { cash: 3, equipment: owned('S8'), storage: vec({ BK: 1, BR: 1 }) });
    atStep(c, 'mafia');
    expect(fieldsFor('mafia', c, 0).map((f) => f.id)).toEqual(['BR']);
    c.step = 'mafia';
    expect(applyCounts(c, 0, { BK: 1 }, ev())?.key).toBe('palermo.error.mafiaCash');
  });

  it('T16: destroying a storage card that holds cubes', () => {
    const s = blank();
    const b = board(s, 0, { equipment: owned('S1', 'S3'), storage: vec({ YE: 12, BL: 6 }) });
    expect(canDestroy(b, 0)).toBe(true);
    expect(canDestroy(b, 1)).toBe(true);
    b.storage = vec({ YE: 12, BL: 9 });
    expect(canDestroy(b, 0)).toBe(false);
    expect(fitsStorage(b.storage, capacities(b.equipment))).toBe(true);
  });

  it('T17: contract offers in phase C', () => {
    let s = blank();
    s.phase = 'C';
    s.step = 'menu';
    board(s, 0, { cash: 8, contracts: [{ card: ct('C3'), price: 5, life: 6 }] });
    board(s, 1, { cash: 7 });
    board(s, 2, { cash: 12, debt: 2 });
    s = play(s, 0, { type: 'menu', item: 'offer' });
    expect(refused(s, 0, { type: 'offer', contract: 0, buyer: 1, amount: 10 })).toBe('palermo.error.buyerCash');
    s = play(s, 0, { type: 'offer', contract: 0, buyer: 1, amount: 7 });
    expect(palermo.pending(s)).toEqual([1]);
    s = play(s, 1, { type: 'answer', accept: false });
    expect(palermo.pending(s)).toEqual([0]);
    s = play(s, 0, { type: 'menu', item: 'offer' });
    expect(refused(s, 0, { type: 'offer', contract: 0, buyer: 1, amount: 0 })).toBe('palermo.error.badBuyer');
    s = play(s, 0, { type: 'offer', contract: 0, buyer: 2, amount: -3 });
    s = play(s, 2, { type: 'answer', accept: true });
    expect(s.boards[0]!.cash).toBe(5);
    expect([s.boards[2]!.cash, s.boards[2]!.debt]).toEqual([13, 1]);
    expect(s.boards[2]!.contracts).toEqual([{ card: ct('C3'), price: 5, life: 6 }]);
    expect(s.boards[0]!.contracts).toEqual([]);
    expect(s.boards[0]!.saleDone).toBe(true);
  });

  it('T18: nobody bids: that one card is discarded, the opener stays', () => {
    let s = auctionState([ct('C6'), ct('C9'), ct('C1')], 3);
    s = play(s, 0, { type: 'name', card: ct('C6') });
    s = play(s, 0, { type: 'pass' });
    s = play(s, 1, { type: 'pass' });
    s = play(s, 2, { type: 'pass' });
    expect(s.contractDiscard).toContain(ct('C6'));
    expect(palermo.pending(s)).toEqual([0]);
    s = play(s, 0, { type: 'name', card: ct('C9') });
    s = play(s, 0, { type: 'bid', amount: 45 });
    s = play(s, 1, { type: 'bid', amount: 40 });
    s = play(s, 2, { type: 'pass' });
    s = play(s, 0, { type: 'bid', amount: 38 });
    s = play(s, 1, { type: 'pass' });
    expect(s.boards[0]!.contracts[0]).toMatchObject({ card: ct('C9'), price: 38 });
    // C1 is the last card: named by itself, C (seat 2, to A's right) opens.
    expect(palermo.pending(s)).toEqual([2]);
    s = play(s, 2, { type: 'bid', amount: 5 });
    s = play(s, 1, { type: 'bid', amount: 4 });
    s = play(s, 2, { type: 'pass' });
    expect(s.boards[1]!.contracts[0]).toMatchObject({ card: ct('C1'), price: 4 });
    expect(s.contractRow).toHaveLength(3);
  });

  it('T19: automatic pass without a legal bid; the lone bidder takes or passes', () => {
    let s = auctionState([ct('C9'), ct('C1'), ct('C3'), ct('C4')]);
    board(s, 1, { cash: 2 });
    board(s, 3, { cash: 10 });
    s = play(s, 0, { type: 'name', card: ct('C9') });
    s = play(s, 0, { type: 'pass' });
    s = play(s, 1, { type: 'bid', amount: 1 });
    s = play(s, 2, { type: 'pass' });
    s = play(s, 3, { type: 'bid', amount: -3 });
    // B (cash 2) cannot go below −3: it passes by itself and D wins.
    expect(s.boards[3]!.contracts[0]).toMatchObject({ card: ct('C9'), price: -3 });
    s = play(s, 0, { type: 'name', card: ct('C1') });
    s = play(s, 0, { type: 'pass' });
    s = play(s, 1, { type: 'pass' });
    expect(palermo.pending(s)).toEqual([2]);
    expect(bidBounds(s, 2)).toEqual({ min: 5, max: 5, lone: true });
    const d = palermo.decision(s, 2)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['take']);
    expect(d.shortcuts!.map((c) => c.id)).toEqual(['pass']);
  });

  it('T20: the order of sales does not matter', () => {
    const s = blank();
    board(s, 0, { cash: 0, debt: 3, equipment: owned('R1', 'R2'), recycling: vec({ BL: 2, YE: 1 }) });
    s.market[BL] = 5;
    s.step = 'sell';
    expect(applyCounts(s, 0, { BL: 2, YE: 1 }, ev())).toBeNull();
    expect([s.boards[0]!.cash, s.boards[0]!.debt]).toEqual([13, 0]);
    // Any order: the withheld total is min(debt, Σ⌊price/2⌋).
    for (const order of [[5, 8, 6], [8, 6, 5], [6, 5, 8]]) {
      const b = { ...newBoard(), cash: 0, debt: 3 };
      order.forEach((x) => receive(b, x));
      expect([b.cash, b.debt]).toEqual([13, 0]);
    }
  });
});

function auctionState(row: number[], seats = 4): PalermoState {
  const s = blank(seats);
  s.contractRow = row;
  startAuctions(s);
  return s;
}
