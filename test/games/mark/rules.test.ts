/** One test or more per rule of mark.md §3 and the G-table rulings. */
import { describe, expect, it } from 'vitest';
import { rngFromSeed, type LogEvent } from '../../../src/engine/index.js';
import { FEE_PER_ROW, MARKET_VALUES, RULINGS } from '../../../src/games/mark/constants.js';
import { auctionWinner } from '../../../src/games/mark/auction.js';
import { adjacent, mustReturn, storageFee } from '../../../src/games/mark/company.js';
import { rollColours } from '../../../src/games/mark/dice.js';
import { mark } from '../../../src/games/mark/index.js';
import { run } from '../../../src/games/mark/turn.js';
import type { MarkMove, MarkState } from '../../../src/games/mark/types.js';
import { build, keys, rngRolling, rolled, row, total } from './helpers.js';

function ok(state: MarkState, seat: number, move: MarkMove) {
  const r = mark.apply(state, seat, move);
  if (!r.ok) throw new Error(r.error.key);
  return r;
}

function bidState(seats: number, o: { cash?: number[]; privateMoney?: boolean; companies?: [string, string][] } = {}): MarkState {
  const s = build({ seats, ...o });
  s.dice = ['hammer', 'blue'];
  s.auction = { colour: 'blue', bids: new Array(seats).fill(null) };
  s.phase = 'bid';
  return s;
}

describe('setup', () => {
  it('gives 30 each, 40 materials in the bank and an empty market; the first decision is ready', () => {
    for (const seats of [2, 3, 4]) {
      const s = mark.setup({ seats, options: { short: false, privateMoney: false }, seed: `setup-${seats}` });
      expect(total(s)).toBe(40);
      expect(mark.pending(s).length).toBeGreaterThan(0);
      expect(s.companies).toHaveLength(seats);
    }
    expect(() => mark.setup({ seats: 5, options: { short: false, privateMoney: false }, seed: 'x' })).toThrow();
  });

  it('parses the options with their defaults', () => {
    expect(mark.parseOptions({})).toEqual({ ok: true, options: { short: false, privateMoney: RULINGS.privateMoneyDefault } });
    expect(mark.parseOptions({ 'mark-short': true, 'mark-private-money': true })).toEqual({ ok: true, options: { short: true, privateMoney: true } });
    expect(mark.parseOptions({ 'mark-short': 'yes' }).ok).toBe(false);
    expect(mark.players({ short: false, privateMoney: false })).toEqual({ min: 2, max: 4 });
  });
});

describe('storage fee', () => {
  it('costs 5 per row holding 3 or 4, nothing at 2', () => {
    expect(storageFee({ row1: row('WW--'), row2: row('BB--') })).toBe(0);
    expect(storageFee({ row1: row('WWW-'), row2: row('BB--') })).toBe(FEE_PER_ROW);
    expect(storageFee({ row1: row('WWWW'), row2: row('BBB-') })).toBe(2 * FEE_PER_ROW);
  });

  it('is charged by the engine at the start of the turn, once, with a log line', () => {
    const s = build({ companies: [['WWW-', '----']] });
    const events: LogEvent[] = [];
    run(s, events);
    expect(keys(events).slice(0, 2)).toEqual(['mark.log.feePaid', 'mark.log.rolled']);
    expect(events.filter((e) => e.key === 'mark.log.feePaid')).toHaveLength(1);
  });

  it('when unpaid, both rows must come down to exactly 2 (G21), asked in one form', () => {
    const s = build({ cash: [7, 30], companies: [['WWWW', 'BBB-']] });
    run(s, []);
    const d = mark.decision(s, 0)!;
    expect(d.kind === 'form' && d.fields.map((f) => [f.id, f.kind === 'select' && f.min])).toEqual([['row1', 2], ['row2', 1]]);
    expect(mustReturn(s.companies[0]!.row1)).toBe(2);
    expect(mark.apply(s, 0, { type: 'return', row1: [0], row2: [0] })).toMatchObject({ ok: false, error: { key: 'mark.error.badReturn' } });
    expect(mark.apply(s, 0, { type: 'return', row1: [0, 0], row2: [0] }).ok).toBe(false);
    expect(mark.apply(s, 0, { type: 'return', row1: [0, 1], row2: [3] }).ok).toBe(false);
    const r = ok(s, 0, { type: 'return', row1: [0, 1], row2: [2] });
    expect(r.state.cash[0]).toBe(7);
    expect(storageFee(r.state.companies[0]!)).toBe(0);
    expect(keys(r.events)[0]).toBe('mark.log.returned');
  });
});

describe('dice', () => {
  it('a double is one colour twice; a star names any live colour; removed colours drop out', () => {
    const s = build({ market: [['white', 5]] });
    expect(rollColours(s, 'red', 'red')).toEqual(['red']);
    expect(rollColours(s, 'red', 'white')).toEqual(['red']);
    expect(rollColours(s, 'gold', 'star')).toEqual(['blue', 'gold', 'green', 'red']);
  });

  it('a star with more actions than fit as buttons asks the colour first, then that colour\'s actions', () => {
    const s = build({ companies: [['----', 'B---']] });
    rolled(s, 'white', 'star');
    expect(s.phase).toBe('colour');
    const d = mark.decision(s, 0)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['white', 'blue', 'gold', 'green', 'red']);
    expect(mark.apply(s, 0, { type: 'take', colour: 'red', to: 0 })).toMatchObject({ ok: false, error: { key: 'mark.error.wrongStep' } });
    const r = ok(s, 0, { type: 'colour', colour: 'red' });
    expect(r.state.phase).toBe('act');
    const act = mark.decision(r.state, 0)!;
    expect(act.kind === 'choose' && act.choices.map((c) => c.id)).toEqual(['t40', 't41', 't42', 't43']);
    // A short list stays flat.
    const flat = build({ companies: [['WWW-', '----']] });
    rolled(flat, 'white', 'star');
    expect(flat.phase).toBe('act');
  });

  it('a roll with no legal action passes the dice with a log line', () => {
    const s = build({ companies: [['WWWW', 'WWWW']] });
    const events = rolled(s, 'red', 'blue');
    expect(keys(events)[0]).toBe('mark.log.noAction');
    expect(s.current).toBe(1);
  });

  it('a double whose second action is impossible is cut short (G20)', () => {
    const s = build({ companies: [['WWW-', 'WWWW']], market: [null] });
    const events = rolled(s, 'red', 'red');
    expect(keys(events).slice(0, 2)).toEqual(['mark.log.took', 'mark.log.noSecondAction']);
    expect(s.current).toBe(1);
  });

  it('the game ends at once in the middle of a double (G8)', () => {
    const s = build({ companies: [['----', 'RR--']], market: [['white', 5], ['blue', 5], ['gold', 5], ['green', 5], ['red', 4]] });
    rolled(s, 'red', 'red');
    const r = ok(s, 0, { type: 'sell', from: 0, row: 4 });
    expect(r.state.phase).toBe('over');
    expect(mark.pending(r.state)).toEqual([]);
    expect(mark.apply(r.state, 0, { type: 'sell', from: 1, row: 4 })).toMatchObject({ ok: false, error: { key: 'mark.error.gameOver' } });
  });
});

describe('actions', () => {
  it('adjacency is straight ahead or one diagonal step', () => {
    expect([0, 1, 2, 3].filter((to) => adjacent(1, to))).toEqual([0, 1, 2]);
    expect([0, 1, 2, 3].filter((to) => adjacent(3, to))).toEqual([2, 3]);
  });

  it('take needs the colour in the bank and an empty row-1 square', () => {
    const s = build({ companies: [['---W', '----']] });
    s.bank.blue = 0;
    rolled(s, 'blue', 'white');
    const d = mark.decision(s, 0)!;
    const ids = d.kind === 'choose' ? d.choices.map((c) => c.id) : [];
    expect(ids.filter((id) => id.startsWith('t'))).toEqual(['t00', 't01', 't02']);
    expect(ids).toContain('p32');
  });

  it('a sale pays the printed value and fills the row in order', () => {
    const s = build({ companies: [['----', 'BB--']], market: [null, null, ['blue', 3]] });
    rolled(s, 'blue', 'blue');
    const a = ok(s, 0, { type: 'sell', from: 0, row: 2 });
    const b = ok(a.state, 0, { type: 'sell', from: 1, row: 2 });
    expect(b.state.cash[0]).toBe(30 + MARKET_VALUES[2]![3]! + MARKET_VALUES[2]![4]!);
    expect(keys(b.events)).toContain('mark.log.rowFull');
  });

  it('each choice carries a detail saying what it does', () => {
    const s = build({ companies: [['G---', 'B---']] });
    rolled(s, 'blue', 'gold');
    const d = mark.decision(s, 0)!;
    if (d.kind !== 'choose') throw new Error('choose expected');
    expect(d.choices.every((c) => c.detail !== undefined)).toBe(true);
    expect(d.choices.find((c) => c.id === 's04')!.detail).toMatchObject({ key: 'mark.detail.sellOpens', args: { row: 'E', value: MARKET_VALUES[4]![0] } });
  });

  it('refuses actions outside the roll and malformed moves, without changing the state', () => {
    const s = build({ companies: [['G---', 'B---']] });
    rolled(s, 'blue', 'gold');
    const before = JSON.stringify(s);
    for (const bad of [null, 'sell', [], { type: 'take', colour: 'red', to: 1 }, { type: 'take', colour: 'pink', to: 1 }, { type: 'sell', from: 0.5, row: 0 }, { type: 'fly' }, { type: 'bid', amount: 3 }]) {
      expect(mark.apply(s, 0, bad as never).ok).toBe(false);
    }
    expect(mark.apply(s, 1, { type: 'take', colour: 'blue', to: 1 })).toMatchObject({ ok: false, error: { key: 'mark.error.notYourTurn' } });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('hammer auctions', () => {
  it('the tie rule: highest, then the roller, then clockwise from the roller', () => {
    expect(auctionWinner([3, 5, 5, 1], 0)).toBe(1);
    expect(auctionWinner([5, 5, 5, 1], 2)).toBe(2);
    expect(auctionWinner([5, 1, 0, 5], 2)).toBe(3);
    expect(auctionWinner([0, 0, 0], 1)).toBe(1);
  });

  it('everyone bids at once; bids are quiet until the last; the reveal is one public line', () => {
    let s = bidState(3);
    expect(mark.pending(s)).toEqual([0, 1, 2]);
    const d = mark.decision(s, 1)!;
    expect(d.kind).toBe('form');
    expect(d.shortcuts!.map((x) => x.move)).toEqual([{ type: 'bid', amount: 0 }]);
    const a = ok(s, 2, { type: 'bid', amount: 4 });
    expect(a.publish).toBe('quiet');
    expect(a.events.every((e) => e.visibleTo !== 'all')).toBe(true);
    expect(mark.pending(a.state)).toEqual([0, 1]);
    expect(mark.apply(a.state, 2, { type: 'bid', amount: 5 })).toMatchObject({ ok: false, error: { key: 'mark.error.alreadyBid' } });
    expect(mark.publicView(a.state)).toEqual(mark.publicView(s = { ...a.state, auction: { colour: 'blue', bids: [null, null, 9] } }));
    const b = ok(a.state, 0, { type: 'bid', amount: 1 });
    const c = ok(b.state, 1, { type: 'bid', amount: 0 });
    expect(c.publish).toBeUndefined();
    const publicLines = c.events.filter((e) => e.visibleTo === 'all');
    expect(publicLines.filter((e) => e.key === 'mark.log.reveal')).toHaveLength(1);
    expect(c.state.cash[2]).toBe(26);
  });

  it('a bid above one\'s cash is refused privately', () => {
    const s = bidState(2, { cash: [3, 30] });
    expect(mark.apply(s, 0, { type: 'bid', amount: 4 })).toMatchObject({ ok: false, error: { key: 'mark.error.bidTooHigh', args: { amount: 4, cash: 3 } } });
    expect(mark.apply(s, 0, { type: 'bid', amount: -1 }).ok).toBe(false);
    expect(mark.apply(s, 0, { type: 'bid', amount: 1.5 }).ok).toBe(false);
  });

  it('with public money a seat with no cash bids 0 without being asked; with private money it is asked', () => {
    const s = build({ seats: 3, cash: [10, 0, 10] });
    s.rng = rngRolling('hammer', 'blue');
    s.phase = 'roll';
    run(s, []);
    expect(s.phase).toBe('bid');
    expect(mark.pending(s)).toEqual([0, 2]);
    const p = build({ seats: 3, cash: [10, 0, 10], privateMoney: true });
    p.rng = rngRolling('hammer', 'blue');
    p.phase = 'roll';
    run(p, []);
    expect(mark.pending(p)).toEqual([0, 1, 2]);
    expect(mark.decision(p, 1)!.concealing).toBe(true);
  });

  it('a winner with several empty squares chooses where to place; then the roller rolls again', () => {
    const s = bidState(2, { companies: [['----', '----'], ['W---', '----']] });
    const a = ok(s, 0, { type: 'bid', amount: 1 });
    const b = ok(a.state, 1, { type: 'bid', amount: 2 });
    expect(b.state.phase).toBe('place');
    expect(mark.pending(b.state)).toEqual([1]);
    const d = mark.decision(b.state, 1)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['1', '2', '3']);
    const c = ok(b.state, 1, { type: 'place', to: 2 });
    expect(c.state.companies[1]!.row1).toEqual(row('W-B-'));
    expect(c.events.find((e) => e.key === 'mark.log.rolled')!.args!.seat).toEqual({ seat: 0 });
  });

  it('hammer with a removed or sold-out colour: no auction, roll again (G4)', () => {
    const s = build({ market: [['blue', 5]] });
    s.rng = rngRolling('hammer', 'blue');
    s.phase = 'roll';
    const events: LogEvent[] = [];
    run(s, events);
    expect(keys(events).slice(0, 3)).toEqual(['mark.log.rolled', 'mark.log.noAuctionRemoved', 'mark.log.rolled']);
    const e = build();
    e.bank.gold = 0;
    e.rng = rngRolling('hammer', 'gold');
    e.phase = 'roll';
    const ev: LogEvent[] = [];
    run(e, ev);
    expect(keys(ev)[1]).toBe('mark.log.noAuctionEmpty');
  });

  it('hammer with star: the roller names a live colour the bank holds (G3, G18)', () => {
    const s = build({ market: [['blue', 5]] });
    s.bank.red = 0;
    s.rng = rngRolling('hammer', 'star');
    s.phase = 'roll';
    run(s, []);
    expect(s.phase).toBe('name');
    const d = mark.decision(s, 0)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['white', 'gold', 'green']);
    expect(mark.apply(s, 0, { type: 'name', colour: 'red' }).ok).toBe(false);
    const r = ok(s, 0, { type: 'name', colour: 'gold' });
    expect(r.state.phase).toBe('bid');
    expect(r.state.auction!.colour).toBe('gold');
  });
});

describe('end and scoring', () => {
  it('equal cash shares the rank (G9)', () => {
    const s = build({ seats: 3, cash: [40, 40, 12] });
    s.phase = 'over';
    expect(mark.outcome(s)!.standings.map((x) => x.rank)).toEqual([1, 1, 3]);
    expect(mark.outcome(build())).toBeNull();
  });
});

describe('bot', () => {
  it('sells at the best price rather than taking', () => {
    const s = build({ companies: [['----', 'B---']], market: [['red', 1]] });
    rolled(s, 'blue', 'white');
    const move = mark.bot(mark.seatView(s, 0), rngFromSeed('b'));
    expect(move).toEqual({ type: 'sell', from: 0, row: 4 });
  });

  it('does not push a row over half full when something else is possible', () => {
    const s = build({ companies: [['WW--', '----']], cash: [6, 30] });
    rolled(s, 'gold', 'white');
    const move = mark.bot(mark.seatView(s, 0), rngFromSeed('b'));
    expect(move.type).toBe('process');
  });

  it('bids nothing without room, something for a valuable material, never above its cash', () => {
    const full = bidState(2, { companies: [['WWWW', '----'], ['----', '----']] });
    expect(mark.bot(mark.seatView(full, 0), rngFromSeed('b'))).toEqual({ type: 'bid', amount: 0 });
    const s = bidState(2, { cash: [40, 4] });
    s.market[4] = { colour: 'blue', filled: 3 };
    const bid = mark.bot(mark.seatView(s, 0), rngFromSeed('b'));
    expect(bid.type === 'bid' && bid.amount).toBeGreaterThan(3);
    const poor = mark.bot(mark.seatView(s, 1), rngFromSeed('b'));
    expect(poor.type === 'bid' && poor.amount).toBeLessThanOrEqual(4);
  });
});
