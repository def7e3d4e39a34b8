/** The spec's worked examples T1–T14 (mark.md §5), one test each. Prices come from the G1 table. */
import { describe, expect, it } from 'vitest';
import { MARKET_VALUES } from '../../../src/games/mark/constants.js';
import { storageFee } from '../../../src/games/mark/company.js';
import { chargeFee } from '../../../src/games/mark/fee.js';
import { mark } from '../../../src/games/mark/index.js';
import { run } from '../../../src/games/mark/turn.js';
import type { LogEvent } from '../../../src/engine/index.js';
import type { MarkMove, MarkState } from '../../../src/games/mark/types.js';
import { build, keys, rolled, row, total } from './helpers.js';

function ok(state: MarkState, seat: number, move: MarkMove) {
  const r = mark.apply(state, seat, move);
  if (!r.ok) throw new Error(r.error.key);
  return r;
}

function choiceIds(state: MarkState, seat = state.current): string[] {
  const d = mark.decision(state, seat);
  return d?.kind === 'choose' ? d.choices.map((c) => c.id) : [];
}

describe('M.A.R.K. worked examples', () => {
  it('T1: one row over half full costs 5', () => {
    const s = build({ companies: [['WBR-', 'G---']] });
    expect(storageFee(s.companies[0]!)).toBe(5);
    expect(chargeFee(s, [])).toBe(true);
    expect(s.cash[0]).toBe(25);
  });

  it('T2: both rows over half full cost 10', () => {
    const s = build({ companies: [['WBR-', 'GGGG']] });
    expect(storageFee(s.companies[0]!)).toBe(10);
    expect(chargeFee(s, [])).toBe(true);
    expect(s.cash[0]).toBe(20);
  });

  it('T3: an unaffordable fee is not paid; the player returns two row-1 materials of their choice', () => {
    const s = build({ cash: [4, 30], companies: [['WBRG', 'N---']] });
    const events: LogEvent[] = [];
    run(s, events);
    expect(keys(events)).toEqual(['mark.log.feeUnpaid']);
    expect(s.phase).toBe('return');
    expect(mark.pending(s)).toEqual([0]);
    const d = mark.decision(s, 0)!;
    expect(d.kind).toBe('form');
    if (d.kind !== 'form') return;
    expect(d.fields).toHaveLength(1);
    expect(d.fields[0]).toMatchObject({ kind: 'select', id: 'row1', min: 2, max: 2 });
    const move = d.toMove({ row1: ['1', '3'] })!;
    const r = ok(s, 0, move);
    expect(r.state.cash[0]).toBe(4);
    expect(r.state.companies[0]!.row1).toEqual(row('W-R-'));
    expect(r.state.bank.blue).toBe(s.bank.blue + 1);
    expect(r.state.bank.gold).toBe(s.bank.gold + 1);
    expect(total(r.state)).toBe(40);
  });

  it('T4: a row-1 material moves straight ahead or diagonally, never further', () => {
    const s = build({ companies: [['B---', '----']] });
    rolled(s, 'red', 'blue');
    const ids = choiceIds(s);
    expect(ids).toContain('p00');
    expect(ids).toContain('p01');
    expect(ids).not.toContain('p02');
    expect(mark.apply(s, 0, { type: 'process', from: 0, to: 2 })).toMatchObject({ ok: false, error: { key: 'mark.error.illegalAction' } });
  });

  it('T5: a double gives two actions, and the second may move what the first took', () => {
    const s = build({ companies: [['WW--', '----']] });
    rolled(s, 'gold', 'gold');
    expect(s.actionsLeft).toBe(2);
    const first = ok(s, 0, { type: 'take', colour: 'gold', to: 2 });
    expect(first.state.phase).toBe('act');
    expect(first.state.current).toBe(0);
    const second = ok(first.state, 0, { type: 'process', from: 2, to: 3 });
    expect(second.state.companies[0]!.row2).toEqual(row('---G'));
    expect(second.state.companies[0]!.row1).toEqual(row('WW--'));
    expect(second.state.current).toBe(1);
  });

  it('T6: star + colour is not a double: one action, in any live colour', () => {
    const s = build({ companies: [['----', '----']] });
    rolled(s, 'green', 'star');
    expect(s.actionsLeft).toBe(1);
    expect(s.colours).toEqual(['white', 'blue', 'gold', 'green', 'red']);
    const r = ok(s, 0, { type: 'take', colour: 'red', to: 0 });
    expect(r.state.current).toBe(1);
  });

  function auction(seats: number, colour: 'white', b: { companies?: [string, string][] } = {}): MarkState {
    const s = build({ seats, companies: b.companies });
    s.dice = ['hammer', colour];
    s.auction = { colour, bids: new Array(seats).fill(null) };
    s.phase = 'bid';
    return s;
  }

  it('T7: Q and R tie at 5; Q comes first after the roller, pays 5 and places white; P rolls again', () => {
    const s = auction(4, 'white', { companies: [['----', '----'], ['WWW-', '----'], ['----', '----'], ['----', '----']] });
    let state = s;
    const bids = [3, 5, 5, 1];
    let last: ReturnType<typeof ok> | null = null;
    for (let seat = 0; seat < 4; seat++) {
      last = ok(state, seat, { type: 'bid', amount: bids[seat]! });
      state = last.state;
      if (seat < 3) expect(last.publish).toBe('quiet');
    }
    const events = last!.events;
    const reveal = events.find((e) => e.key === 'mark.log.reveal')!;
    expect(reveal.args!.winner).toEqual({ seat: 1 });
    expect(reveal.args!.amount).toBe(5);
    expect(state.cash).toEqual([30, 25, 30, 30]);
    expect(state.companies[1]!.row1).toEqual(row('WWWW'));
    const rolls = events.filter((e) => e.key === 'mark.log.rolled');
    expect(rolls[0]!.args!.seat).toEqual({ seat: 0 });
    expect(total(state)).toBe(40);
  });

  it('T7 (no room): the winner with a full row 1 still pays and gets nothing', () => {
    const s = auction(4, 'white', { companies: [['----', '----'], ['WWWW', '----'], ['----', '----'], ['----', '----']] });
    let state = s;
    let events: LogEvent[] = [];
    [3, 5, 5, 1].forEach((amount, seat) => {
      const r = ok(state, seat, { type: 'bid', amount });
      state = r.state;
      events = r.events;
    });
    expect(keys(events)).toContain('mark.log.noRoom');
    expect(state.cash[1]).toBe(25);
    expect(state.bank.white).toBe(s.bank.white);
  });

  it('T8: a tie with the roller goes to the roller', () => {
    const s = auction(2, 'white');
    const a = ok(s, 0, { type: 'bid', amount: 4 });
    const b = ok(a.state, 1, { type: 'bid', amount: 4 });
    expect(b.events.find((e) => e.key === 'mark.log.reveal')!.args!.winner).toEqual({ seat: 0 });
    expect(b.state.cash).toEqual([26, 30]);
  });

  it('T9: the first sale of a colour opens a row of the seller\'s choice at its lowest square', () => {
    const s = build({ companies: [['----', 'R---']] });
    rolled(s, 'red', 'white');
    const sells = choiceIds(s).filter((id) => id.startsWith('s'));
    expect(sells).toEqual(['s00', 's01', 's02', 's03', 's04']);
    const r = ok(s, 0, { type: 'sell', from: 0, row: 2 });
    expect(r.state.cash[0]).toBe(30 + MARKET_VALUES[2]![0]!);
    expect(r.state.market[2]).toEqual({ colour: 'red', filled: 1 });
  });

  it('T10: a later sale takes the next square of the colour\'s row', () => {
    const s = build({ companies: [['----', 'R---']], market: [null, ['red', 2]] });
    rolled(s, 'red', 'white');
    expect(choiceIds(s).filter((id) => id.startsWith('s'))).toEqual(['s01']);
    const r = ok(s, 0, { type: 'sell', from: 0, row: 1 });
    expect(r.state.cash[0]).toBe(30 + MARKET_VALUES[1]![2]!);
    expect(r.state.market[1]).toEqual({ colour: 'red', filled: 3 });
  });

  it('T11: filling a row removes its colour everywhere; a later red double loses the turn', () => {
    const s = build({ companies: [['R---', 'R---'], ['RR--', '-R--']], market: [['red', 4]] });
    rolled(s, 'red', 'white');
    const r = ok(s, 0, { type: 'sell', from: 0, row: 0 });
    const after = r.state;
    expect(after.market[0]).toEqual({ colour: 'red', filled: 5 });
    expect(after.bank.red).toBe(0);
    expect(after.companies.flatMap((c) => [...c.row1, ...c.row2])).not.toContain('red');
    expect(after.out.red).toBe(8 - 5);
    expect(total(after)).toBe(40);
    const later = build({ companies: [['----', '----']], market: [['red', 5]] });
    const events = rolled(later, 'red', 'red');
    expect(keys(events)[0]).toBe('mark.log.noAction');
    expect(later.current).toBe(1);
  });

  it('T12: the sale that fills the last required row ends the game; most money wins', () => {
    const full = (): ([string, number] | null)[] => [['white', 5], ['blue', 5], ['gold', 5], ['green', 5], ['red', 4]];
    const s = build({ companies: [['----', 'R---']], market: full() as never, cash: [10, 20] });
    rolled(s, 'red', 'white');
    const r = ok(s, 0, { type: 'sell', from: 0, row: 4 });
    expect(r.state.phase).toBe('over');
    const value = MARKET_VALUES[4]![4]!;
    expect(mark.outcome(r.state)!.standings.map((x) => [x.seat, x.score, x.rank])).toEqual(
      10 + value > 20 ? [[0, 10 + value, 1], [1, 20, 2]] : [[1, 20, 1], [0, 10 + value, 2]],
    );
    // Short variant: the fourth full row is enough.
    const short = build({ short: true, companies: [['----', 'R---']], market: [['white', 5], ['blue', 5], ['gold', 5], ['red', 4], null] });
    rolled(short, 'red', 'green');
    expect(ok(short, 0, { type: 'sell', from: 0, row: 3 }).state.phase).toBe('over');
  });

  it('T13: with white removed and blue only takeable, the take happens without asking', () => {
    const s = build({ companies: [['RRR-', 'GGGG']], market: [['white', 5]], cash: [30, 30] });
    const events = rolled(s, 'white', 'blue');
    expect(keys(events)[0]).toBe('mark.log.took');
    expect(s.companies[0]!.row1).toEqual(row('RRRB'));
    expect(s.current).toBe(1);
  });

  it('T14: two red products in row 2 are two separate sell choices at the same price', () => {
    const s = build({ companies: [['---G', 'R-RN']], market: [['white', 5], ['red', 1]] });
    rolled(s, 'red', 'white');
    const d = mark.decision(s, 0)!;
    if (d.kind !== 'choose') throw new Error('expected choose');
    const ids = d.choices.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['s01', 's21', 't40', 't41', 't42']));
    const detail = (id: string) => d.choices.find((c) => c.id === id)!.detail!.args!.value;
    expect(detail('s01')).toBe(detail('s21'));
    // Selling from square 2 frees the only square the gold on row-1 square 4 can reach.
    const r = ok(s, 0, { type: 'sell', from: 2, row: 1 });
    expect(r.state.companies[0]!.row2).toEqual(row('R--N'));
  });
});
