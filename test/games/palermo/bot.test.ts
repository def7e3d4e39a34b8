/**
 * The Palermo bot, from its own seat view only: it keeps and bids for contracts it can process at
 * a profit, keeps storage within capacity, sells when prices are good, sends nothing to the Mafia
 * by choice, and clearly beats a player choosing among legal moves at random.
 */
import { describe, expect, it } from 'vitest';
import { rngFromSeed, type Rng } from '../../../src/engine/index.js';
import { BR, MV, WH, YE } from '../../../src/games/palermo/constants.js';
import { palermo } from '../../../src/games/palermo/index.js';
import { suggestSetup } from '../../../src/games/palermo/advice.js';
import { storageAfterFactories } from '../../../src/games/palermo/bot.js';
import { startAuctions } from '../../../src/games/palermo/phaseD.js';
import type { PalermoMove, PalermoState } from '../../../src/games/palermo/types.js';
import { capacities } from '../../../src/games/palermo/zones.js';
import { atStep, blank, board, ct, eq, owned, play, vec } from './helpers.js';

const rng = (): Rng => rngFromSeed('bot-test');
const botMove = (s: PalermoState, seat: number): PalermoMove => palermo.bot(palermo.seatView(s, seat), rng());

/** Phase D with `row` on offer and seat 0 to open. */
function auction(row: number[]): PalermoState {
  const s = blank();
  s.contractRow = row;
  startAuctions(s);
  return s;
}

describe('Palermo bot decisions', () => {
  it('keeps the set-up contract that pays over its life, not one whose cubes it cannot process', () => {
    // C6 (5 white, 0 Mβ) with a recycler it could not pay for in turn 1 is a loss; C5 pays 15.
    const draws = { contracts: [ct('C6'), ct('C5'), ct('C1')], equipment: [eq('R3'), eq('S5'), eq('R2'), eq('I1'), eq('R1'), eq('S4')] };
    expect(suggestSetup(draws).contract).toBe(ct('C5'));
    // Black waste at 50 Mβ a turn outweighs the Mafia bill for one cube a turn.
    expect(suggestSetup({ contracts: [ct('C8'), ct('C9'), ct('C6')], equipment: draws.equipment }).contract).toBe(ct('C9'));
  });

  it('bids for a contract it can process at a profit and passes on one that would cost it', () => {
    // Seat 0 owns two R2 (12 blue a turn): C5's blue cubes sell; C6's white ones only feed the Mafia.
    let s = auction([ct('C5'), ct('C6'), ct('C3'), ct('C7')]);
    board(s, 0, { equipment: owned('R2', 'R2') });
    const named = botMove(s, 0);
    expect(named).toEqual({ type: 'name', card: ct('C5') });
    s = play(s, 0, named);
    expect(botMove(s, 0)).toEqual({ type: 'bid', amount: 15 });

    s = auction([ct('C6'), ct('C5'), ct('C3'), ct('C7')]);
    s = play(s, 0, { type: 'name', card: ct('C6') });
    s = play(s, 0, { type: 'bid', amount: 0 });
    // Seat 1 has nothing for white glass: a contract paying at most −1 a turn is not worth it.
    expect(botMove(s, 1)).toEqual({ type: 'pass' });
  });

  it('outbids only down to what the contract is worth to it', () => {
    let s = auction([ct('C3'), ct('C5'), ct('C6'), ct('C7')]);
    // Seat 1 burns brown on two I2 (10 a turn at 1 Mβ) and the printed incinerator: C3 is worth a lot.
    board(s, 1, { equipment: owned('I2', 'I2') });
    s = play(s, 0, { type: 'name', card: ct('C3') });
    s = play(s, 0, { type: 'bid', amount: 5 });
    expect(botMove(s, 1)).toEqual({ type: 'bid', amount: 4 });
    // Seat 2 burns 2 brown and pays the Mafia for 3 (about 2 Mβ each): it still takes it at 3.
    s = play(s, 1, { type: 'bid', amount: 4 });
    expect(botMove(s, 2)).toEqual({ type: 'bid', amount: 3 });
    s = play(s, 2, { type: 'bid', amount: 3 });
    s = play(s, 3, { type: 'pass' });
    s = play(s, 0, { type: 'pass' });
    // Seat 1 goes on lower; at 1 a turn seat 2 would lose money, so it lets seat 1 have it.
    expect(botMove(s, 1)).toEqual({ type: 'bid', amount: 2 });
    s = play(s, 1, { type: 'bid', amount: 1 });
    expect(botMove(s, 2)).toEqual({ type: 'pass' });
  });

  it('sorts only what storage will hold next turn, the factories having emptied some of it', () => {
    const s = blank();
    // Printed storage (10) holds 8 yellow; an R1 will take 3 of them next turn; 5 brown, 5 white arrive.
    board(s, 0, { equipment: owned('R1'), storage: vec({ YE: 8 }), bulk: vec({ BR: 2, YE: 3, WH: 5 }), cash: 30 });
    const b = s.boards[0]!;
    expect(storageAfterFactories(b, capacities(b.equipment))).toEqual(vec({ YE: 3 }));
    atStep(s, 'sort');
    const m = botMove(s, 0) as Extract<PalermoMove, { type: 'counts' }>;
    const sorted = (m.values.BR ?? 0) + (m.values.YE ?? 0) + (m.values.WH ?? 0);
    // 10 − 3 = 7 free places: never more sorted than that.
    expect(sorted).toBe(7);
    expect(palermo.apply(s, 0, m).ok).toBe(true);
  });

  it('stores within capacity, every time', () => {
    const s = blank();
    board(s, 0, { storage: vec({ BR: 9 }), sorted: vec({ BR: 5, WH: 5, MV: 3 }), cash: 30 });
    atStep(s, 'store');
    const m = botMove(s, 0) as Extract<PalermoMove, { type: 'counts' }>;
    expect((m.values.BR ?? 0) + (m.values.WH ?? 0)).toBe(1);
    expect(m.values.MV ?? 0).toBe(0);
    expect(palermo.apply(s, 0, m).ok).toBe(true);
  });

  it('sells recycled cubes while the market pays, and holds them at the floor price', () => {
    const s = blank();
    board(s, 0, { equipment: owned('R1', 'R3'), recycling: vec({ YE: 2, WH: 3 }) });
    s.market = vec({ YE: 16, WH: 0 });
    atStep(s, 'sell');
    const m = botMove(s, 0) as Extract<PalermoMove, { type: 'counts' }>;
    expect(m.values.WH).toBe(3);
    // Yellow at 2 Mβ (16 cubes on the market) waits: the clean-up halves the market.
    expect(m.values.YE ?? 0).toBe(0);
    expect(s.market[YE]).toBe(16);
    expect(s.market[WH]).toBe(0);
  });

  it('sends nothing to the Mafia by choice', () => {
    const s = blank();
    board(s, 0, { storage: vec({ BR: 10 }), sorted: vec({ MV: 2 }), cash: 40 });
    atStep(s, 'store');
    let state = play(s, 0, botMove(s, 0));
    // The sort step has nothing to sort; the Mafia step asks for voluntary cubes.
    for (let i = 0; i < 4 && state.current === 0 && state.phase === 'B'; i++) {
      const m = botMove(state, 0);
      if (m.type === 'counts' && m.step === 'mafia') expect(Object.values(m.values).every((n) => n === 0)).toBe(true);
      state = play(state, 0, m);
    }
    expect(state.boards[0]!.storage[BR]).toBe(10);
    expect(state.boards[0]!.storage[MV]! + state.boards[0]!.toMafia[MV]!).toBeLessThanOrEqual(2);
  });

  it('accepts a paid offer of a contract it can use and declines one it cannot', () => {
    let s = blank();
    s.phase = 'C';
    s.step = 'menu';
    board(s, 0, { contracts: [{ card: ct('C6'), price: 0, life: 8 }], cash: 20 });
    board(s, 1, { equipment: owned('R3', 'R3'), cash: 20 });
    board(s, 2, { cash: 20 });
    s = play(s, 0, { type: 'menu', item: 'offer' });
    // Seat 1 recycles white glass (6 a turn) and sells it at up to 7 Mβ: free C6 is a gift.
    const toOne = play(s, 0, { type: 'offer', contract: 0, buyer: 1, amount: 0 });
    expect(botMove(toOne, 1)).toEqual({ type: 'answer', accept: true });
    // Seat 2 could only hand the glass to the Mafia: even 3 Mβ on top does not make it worth it.
    const toTwo = play(s, 0, { type: 'offer', contract: 0, buyer: 2, amount: -3 });
    expect(botMove(toTwo, 2)).toEqual({ type: 'answer', accept: false });
  });
});

describe('Palermo bot strength', () => {
  /** One game: `botSeat` plays the bot, every other seat a uniformly random legal move. */
  function versusRandom(seats: number, botSeat: number, seed: string): { bot: number; others: number[] } {
    let s = palermo.setup({ seats, options: { turns: '5', choice: false }, seed });
    const r = rngFromSeed(`random:${seed}`);
    for (let n = 0; !palermo.isOver(s); n++) {
      if (n > 20_000) throw new Error('no end');
      const seat = palermo.pending(s)[0]!;
      let move: PalermoMove;
      if (seat === botSeat) move = palermo.bot(palermo.seatView(s, seat), r);
      else {
        const moves = palermo.legalMoves(s, seat);
        move = moves[r.int(moves.length)]!;
      }
      const res = palermo.apply(s, seat, move);
      if (!res.ok) throw new Error(res.error.key);
      s = res.state;
    }
    const standings = palermo.outcome(s)!.standings;
    const score = (seat: number) => standings.find((x) => x.seat === seat)!.score;
    return { bot: score(botSeat), others: standings.filter((x) => x.seat !== botSeat).map((x) => x.seat).map(score) };
  }

  it('beats players choosing legal moves at random in nearly every one of 100 seeded games', () => {
    let wins = 0, botTotal = 0, randomTotal = 0, randomCount = 0;
    for (let i = 0; i < 100; i++) {
      const seats = 2 + (i % 3);
      const g = versusRandom(seats, i % seats, `vs-random-${i}`);
      if (g.others.every((o) => g.bot > o)) wins++;
      botTotal += g.bot;
      randomTotal += g.others.reduce((a, n) => a + n, 0);
      randomCount += g.others.length;
    }
    expect(wins).toBeGreaterThanOrEqual(90);
    expect(botTotal / 100).toBeGreaterThan(0);
    expect(botTotal / 100).toBeGreaterThan(randomTotal / randomCount + 100);
  });
});
