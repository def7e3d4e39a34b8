/**
 * Views and secrets: private money hides other players' cash from every public output, sealed
 * bids never show before the reveal, and withOtherSecrets changes only hidden facts.
 */
import { describe, expect, it } from 'vitest';
import { playout, rngFromSeed } from '../../../src/engine/index.js';
import { mark } from '../../../src/games/mark/index.js';
import type { MarkState } from '../../../src/games/mark/types.js';
import { build } from './helpers.js';

/** States of a bot game, every `step` moves. */
function states(options: { short: boolean; privateMoney: boolean }, seed: string, step = 7): MarkState[] {
  const input = { seats: 4, options, seed };
  const { log } = playout<MarkState>(mark, input);
  const out: MarkState[] = [];
  let s = mark.setup(input);
  log.forEach((entry, i) => {
    const r = mark.apply(s, entry.seat, entry.move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (i % step === 0 || s.phase === 'bid') out.push(s);
  });
  return out;
}

describe('M.A.R.K. views', () => {
  it('public money: every cash is public', () => {
    const s = build({ seats: 3, cash: [1, 2, 3] });
    expect(mark.publicView(s).players.map((p) => p.cash)).toEqual([1, 2, 3]);
  });

  it('private money: the public view shows no cash, a seat sees only its own, the end shows all', () => {
    const s = build({ seats: 3, cash: [1, 2, 3], privateMoney: true });
    expect(mark.publicView(s).players.map((p) => p.cash)).toEqual([null, null, null]);
    const v = mark.seatView(s, 1);
    expect(v.players.map((p) => p.cash)).toEqual([null, 2, null]);
    expect(v.myCash).toBe(2);
    s.phase = 'over';
    expect(mark.publicView(s).players.map((p) => p.cash)).toEqual([1, 2, 3]);
  });

  it('a seat sees its own sealed bid and nobody else\'s', () => {
    const s = build({ seats: 3 });
    s.phase = 'bid';
    s.auction = { colour: 'red', bids: [4, null, 7] };
    expect(mark.seatView(s, 0).myBid).toBe(4);
    expect(mark.seatView(s, 1).myBid).toBeNull();
    expect(JSON.stringify(mark.publicView(s))).not.toContain('"bids"');
    expect(mark.publicView(s).auction).toEqual({ colour: 'red', waiting: [1] });
  });

  for (const options of [{ short: false, privateMoney: false }, { short: true, privateMoney: true }]) {
    it(`withOtherSecrets keeps every public fact (${JSON.stringify(options)})`, () => {
      const rng = rngFromSeed('secrets');
      let changedCash = 0, changedBids = 0;
      for (const s of states(options, `leak-${options.privateMoney}`)) {
        const other = mark.withOtherSecrets(s, rng, 0);
        expect(mark.publicView(other)).toEqual(mark.publicView(s));
        expect(mark.present.status(mark.publicView(other))).toEqual(mark.present.status(mark.publicView(s)));
        expect(mark.pending(other)).toEqual(mark.pending(s));
        expect(mark.seatView(other, 0)).toEqual(mark.seatView(s, 0));
        if (JSON.stringify(other.cash) !== JSON.stringify(s.cash)) changedCash++;
        if (JSON.stringify(other.auction) !== JSON.stringify(s.auction)) changedBids++;
      }
      if (options.privateMoney) expect(changedCash).toBeGreaterThan(0);
      else expect(changedCash).toBe(0);
      expect(changedBids).toBeGreaterThan(0);
    });
  }

  it('status and hand texts describe the table', () => {
    const s = build({ seats: 2, privateMoney: true, cash: [11, 22] });
    const status = JSON.stringify(mark.present.status(mark.publicView(s)));
    expect(status).not.toContain('22');
    expect(status).toContain('mark.status.cashHidden');
    const hand = mark.present.hand(mark.seatView(s, 1));
    expect(hand[0]).toEqual({ key: 'mark.status.cash', args: { cash: 22 } });
  });
});
