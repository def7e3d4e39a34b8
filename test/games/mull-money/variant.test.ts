/** The experimental variant's worked examples (spec §6, T21–T26, N = 3: L = 48, yellow from 25, red from 37). */
import { describe, expect, it } from 'vitest';
import { startAlert } from '../../../src/games/mull-money/alert.js';
import { commonLength, commonZone } from '../../../src/games/mull-money/constants.js';
import { buildDeck } from '../../../src/games/mull-money/deck.js';
import { canProduce, legalPlays, negotiationOptions } from '../../../src/games/mull-money/effects.js';
import { mullMoney } from '../../../src/games/mull-money/index.js';
import { voteWeight } from '../../../src/games/mull-money/vote.js';
import type { Card } from '../../../src/games/mull-money/types.js';
import { act, fresh, playing, refused } from './helpers.js';

describe('Müll + Money experimental variant', () => {
  it('the common track and its zones per player count (G25)', () => {
    expect([2, 3, 4].map(commonLength)).toEqual([32, 48, 64]);
    expect([commonZone(24, 3), commonZone(25, 3), commonZone(36, 3), commonZone(37, 3)]).toEqual(['green', 'yellow', 'yellow', 'red']);
    expect([commonZone(16, 2), commonZone(17, 2), commonZone(25, 2), commonZone(33, 4), commonZone(49, 4)]).toEqual(['green', 'yellow', 'red', 'yellow', 'red']);
    const deck = buildDeck(true);
    expect(deck).toHaveLength(53);
    expect(deck.filter((c) => c === 'negotiation')).toHaveLength(3);
    expect(deck).not.toContain('transport');
  });

  it('T21: production moves the common marker; an Alert judges everyone by it', () => {
    let s = playing({ experimental: true, hand: ['production', 'growth'] });
    s.common = 22;
    s = act(s, 0, { type: 'play', card: 'production' }).state;
    expect([s.common, s.players[0]!.depot]).toEqual([27, 0]);
    const a = fresh(3, true);
    a.common = 27;
    a.players[1]!.kept = 'corruption';
    a.players.forEach((p) => (p.growth = 16));
    startAlert(a, false, []);
    expect(mullMoney.pending(a)).toEqual([1]);
    const r = act(a, 1, { type: 'corruption', use: true }).state;
    expect(r.players.map((p) => p.growth)).toEqual([15, 16, 15]);
    expect(r.players.map((p) => p.cash)).toEqual([10, 14, 10]);
    let d = playing({ experimental: true, hand: ['disposal', 'growth'], others: [[], ['disposal', 'expert', 'growth']] });
    d.common = 27;
    d = act(d, 0, { type: 'play', card: 'disposal' }).state;
    expect(d.common).toBe(25);
    d = act(d, 1, { type: 'play', card: 'disposal', expert: true }).state;
    expect(d.common).toBe(21);
  });

  it('T22: Negotiation with a clean-up, then a cash-weighted secret vote', () => {
    let s = playing({
      experimental: true,
      hand: ['negotiation', 'growth'],
      others: [[], ['corruption', 'growth'], ['growth', 'production']],
      players: [{ cash: 8 }, { cash: 15 }, { cash: 25 }],
    });
    s.common = 30;
    s = act(s, 0, { type: 'negotiate', cleanup: true, proposal: 'N2' }).state;
    expect([s.players[0]!.cash, s.common, s.phase]).toEqual([7, 29, 'vote']);
    expect(mullMoney.pending(s)).toEqual([0, 1, 2]);
    const a = act(s, 0, { type: 'vote', vote: 'yes', corruption: false, loans: 1 });
    expect(a.publish).toBe('quiet');
    expect(a.events).toEqual([]);
    // The vote stays secret: the public view is the same whatever was answered.
    expect(mullMoney.publicView(a.state)).toEqual(mullMoney.publicView(act(s, 0, { type: 'vote', vote: 'yes', corruption: false, loans: 0 }).state));
    s = a.state;
    s = act(s, 1, { type: 'vote', vote: 'no', corruption: true, loans: 0 }).state;
    const r = act(s, 2, { type: 'vote', vote: 'yes', corruption: false, loans: 0 });
    expect(r.state.inForce).toEqual(['N2']);
    expect(r.events.find((e) => e.key === 'mull-money.log.adopted')!.args).toMatchObject({ yes: 5, no: 3 });
    expect([r.state.players[0]!.cash, r.state.players[0]!.loans]).toEqual([17, 1]);
    expect(r.state.players[1]!.cash).toBe(14);
    expect(r.state.players[1]!.hand).toEqual(['growth']);
    expect(r.state.discard).toContain('corruption');
    expect([voteWeight(9, false), voteWeight(10, false), voteWeight(20, false), voteWeight(21, true)]).toEqual([1, 2, 2, 4]);
  });

  it('T23: rule N2 bars waste services at 4–5 from producing in the red', () => {
    const s = playing({ experimental: true, hand: ['production', 'growth'], others: [[], ['production', 'growth']], players: [{ waste: 4 }, { waste: 3 }] });
    s.inForce = ['N2'];
    s.common = 40;
    expect(canProduce(s, 0)).toBe(false);
    expect(canProduce(s, 1)).toBe(true);
    s.current = 1;
    expect(act(s, 1, { type: 'play', card: 'production' }).state.common).toBe(43);
    s.common = 46;
    expect(canProduce(s, 1)).toBe(false);
  });

  it('T24: rule N3 auctions the lots', () => {
    let s = fresh(3, true);
    s.inForce = ['N3'];
    s.first = 0;
    s.current = 0;
    s.phase = 'name';
    s.unserved = [0, 1, 2];
    s.players.forEach((p) => (p.kept = null));
    const lots = s.lots.map((l) => l!.slice());
    s = act(s, 0, { type: 'lot', lot: 1 }).state;
    expect(mullMoney.pending(s)).toEqual([1]);
    s = act(s, 1, { type: 'bid', amount: 2 }).state;
    s = act(s, 2, { type: 'pass' }).state;
    s = act(s, 0, { type: 'bid', amount: 3 }).state;
    expect([s.players[0]!.cash, s.players[0]!.hand, s.phase, s.current]).toEqual([12, lots[1], 'name', 1]);
    s = act(s, 1, { type: 'lot', lot: 3 }).state;
    expect(mullMoney.pending(s)).toEqual([2]);
    s = act(s, 2, { type: 'pass' }).state;
    s = act(s, 1, { type: 'pass' }).state;
    expect([s.players[1]!.cash, s.players[1]!.hand, s.phase, s.current]).toEqual([15, lots[3], 'choose', 2]);
    s = act(s, 2, { type: 'lot', lot: 0 }).state;
    expect(s.players[2]!.hand).toEqual(lots[0]);
    expect(s.lots.every((l) => l === null)).toBe(true);
    expect(s.discard.slice(-3)).toEqual(lots[2]);
  });

  it('T25: changed cards: Disposal −2 (−4), no Expert with Growth or Negotiation', () => {
    const s = playing({ experimental: true, hand: ['disposal', 'expert', 'growth', 'negotiation'] });
    s.common = 10;
    expect(act(s, 0, { type: 'play', card: 'disposal' }).state.common).toBe(8);
    expect(act(s, 0, { type: 'play', card: 'disposal', expert: true }).state.common).toBe(6);
    s.common = 1;
    expect(act(s, 0, { type: 'play', card: 'disposal' }).state.common).toBe(0);
    expect(refused(s, 0, { type: 'play', card: 'growth', expert: true })).toBe('mull-money.error.illegalPlay');
    expect(legalPlays(s, 0).some((m) => m.type === 'play' && m.card === ('negotiation' as Card))).toBe(false);
  });

  it('T26: repeal, abstention and a tie that fails', () => {
    let s = playing({ experimental: true, seat: 2, hand: ['negotiation', 'growth'], players: [{ cash: 5 }, { cash: 15 }, { cash: 12 }] });
    s.inForce = ['N2'];
    expect(negotiationOptions(s).map((o) => o.proposal)).toContain('-N2');
    s = act(s, 2, { type: 'negotiate', cleanup: false, proposal: '-N2' }).state;
    s = act(s, 0, { type: 'vote', vote: 'abstain', corruption: false, loans: 0 }).state;
    s = act(s, 1, { type: 'vote', vote: 'no', corruption: false, loans: 0 }).state;
    expect(refused(s, 2, { type: 'vote', vote: 'no', corruption: false, loans: 0 })).toBe('mull-money.error.badVote');
    const r = act(s, 2, { type: 'vote', vote: 'yes', corruption: false, loans: 0 });
    expect(r.state.inForce).toEqual(['N2']);
    expect(r.events.find((e) => e.key === 'mull-money.log.rejected')!.args).toMatchObject({ yes: 2, no: 2 });
    expect(r.events.find((e) => e.key === 'mull-money.log.vote.abstain')!.args).not.toHaveProperty('weight');
  });

  it('N1 makes the clean-up compulsory; nothing to clean at 0', () => {
    const s = playing({ experimental: true, hand: ['negotiation', 'growth'] });
    s.common = 5;
    s.inForce = ['N1'];
    expect(negotiationOptions(s).every((o) => o.cleanup)).toBe(true);
    s.common = 0;
    expect(negotiationOptions(s).every((o) => !o.cleanup)).toBe(true);
  });
});
