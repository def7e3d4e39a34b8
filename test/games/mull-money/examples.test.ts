/** Every worked example of the spec (mull-money.md §6, T1–T26), one test each. */
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../../src/engine/index.js';
import { startAlert } from '../../../src/games/mull-money/alert.js';
import { MAX_MISSIONS } from '../../../src/games/mull-money/constants.js';
import { canProduce, innovationOptions, legalPlays } from '../../../src/games/mull-money/effects.js';
import { mullMoney } from '../../../src/games/mull-money/index.js';
import { endMission, payWages } from '../../../src/games/mull-money/mission.js';
import { run } from '../../../src/games/mull-money/turn.js';
import { scoreOf } from '../../../src/games/mull-money/scoring.js';
import type { Card, MullState } from '../../../src/games/mull-money/types.js';
import { act, fresh, playing, refused } from './helpers.js';

const has = (s: MullState, seat: number, pred: (m: ReturnType<typeof legalPlays>[number]) => boolean) => legalPlays(s, seat).some(pred);

describe('Müll + Money worked examples', () => {
  it('T1: first-turn production', () => {
    const s = playing({ hand: ['production', 'growth'] });
    const r = act(s, 0, { type: 'play', card: 'production' });
    const p = r.state.players[0]!;
    expect([p.silo, p.cash, p.depot]).toEqual([0, 29, 5]);
    expect(r.state.supply).toBe(s.supply + 5);
  });

  it('T2: one mission of seed example 1 (auction, innovation, production, wages)', () => {
    let s = playing({ hand: ['production', 'raw', 'innovation'] });
    s = act(s, 0, { type: 'play', card: 'raw' }).state;
    expect(s.phase).toBe('bid');
    expect(mullMoney.pending(s)).toEqual([1]);
    s = act(s, 1, { type: 'bid', amount: 4 }).state;
    s = act(s, 2, { type: 'bid', amount: 6 }).state;
    s = act(s, 0, { type: 'bid', amount: 7 }).state;
    expect([s.players[0]!.silo, s.players[0]!.cash, s.players[2]!.cash]).toEqual([10, 8, 15]);
    s = act(s, 0, { type: 'play', card: 'innovation', services: ['raw'] }).state;
    expect([s.players[0]!.cash, s.players[0]!.raw]).toEqual([3, 4]);
    const r = act(s, 0, { type: 'play', card: 'production' });
    // The mission ends with the last card: wages 5 are paid, the next mission is dealt.
    const p = r.state.players[0]!;
    expect([p.silo, p.cash, p.depot]).toEqual([6, 12, 5]);
    expect(r.events.some((e) => e.key === 'mull-money.log.wages' && (e.args!.seat as { seat: number }).seat === 0)).toBe(true);
  });

  it('T3: Expert + Waste Disposal, Growth, then keeping the last card', () => {
    let s = playing({ hand: ['expert', 'disposal', 'growth', 'raw'], players: [{ depot: 11 }] });
    s = act(s, 0, { type: 'play', card: 'disposal', expert: true }).state;
    expect(s.players[0]!.depot).toBe(5);
    s = act(s, 0, { type: 'play', card: 'growth' }).state;
    expect(s.players[0]!.growth).toBe(15);
    expect(legalPlays(s, 0).map((m) => m.type).sort()).toEqual(['keep', 'play']);
    const r = act(s, 0, { type: 'keep' });
    // Kept then carried into the next mission's hand once a lot is taken.
    expect(r.state.players[0]!.kept).toBe('raw');
  });

  it('T4: a pawn at growth 16, staff 4', () => {
    const s = playing({ hand: ['production', 'growth'], players: [{ growth: 16, staff: 4, personnel: 4 }] });
    expect(act(s, 0, { type: 'play', card: 'production' }).state.players[0]!.cash).toBe(15 + 16);
    const w = structuredClone(s);
    payWages(w, []);
    expect(w.players[0]!.cash).toBe(11);
    expect(scoreOf(s.players[0]!) - scoreOf({ ...s.players[0]!, growth: 14 })).toBe(2);
  });

  it('T5: a yellow Alert forcing a loan', () => {
    const s = fresh();
    Object.assign(s.players[0]!, { depot: 10, growth: 17, cash: 3 });
    startAlert(s, false, []);
    expect([s.players[0]!.cash, s.players[0]!.growth, s.players[0]!.loans]).toEqual([8, 16, 1]);
  });

  it('T6: a red Alert at the edge', () => {
    const s = fresh();
    Object.assign(s.players[0]!, { depot: 14, growth: 15 });
    startAlert(s, false, []);
    expect([s.players[0]!.cash, s.players[0]!.growth]).toEqual([5, 14]);
  });

  it('T7: an Alert softened by a kept Corruption', () => {
    const s = fresh();
    Object.assign(s.players[0]!, { depot: 13, cash: 20, kept: 'corruption' as Card });
    startAlert(s, false, []);
    expect(mullMoney.pending(s)).toEqual([0]);
    const r = act(s, 0, { type: 'corruption', use: true });
    const p = r.state.players[0]!;
    expect([p.cash, p.growth, p.kept]).toEqual([19, 14, null]);
    expect(r.state.discard).toContain('corruption');
  });

  it('T8: production blocked by a full depot', () => {
    const s = playing({ hand: ['production', 'growth'], players: [{ depot: 13, waste: 4 }] });
    expect(canProduce(s, 0)).toBe(false);
    expect(refused(s, 0, { type: 'play', card: 'production' })).toBe('mull-money.error.illegalPlay');
    const t = playing({ hand: ['production', 'growth'], players: [{ depot: 13, waste: 3 }] });
    expect(act(t, 0, { type: 'play', card: 'production' }).state.players[0]!.depot).toBe(16);
  });

  it('T9: Waste Transport, alone and with an Expert', () => {
    const depots = [{ depot: 0 }, { depot: 16 }, { depot: 7 }];
    const s = playing({ hand: ['transport', 'expert', 'growth'], players: depots });
    expect(act(s, 0, { type: 'play', card: 'transport' }).state.players.map((p) => p.depot)).toEqual([0, 16, 8]);
    expect(act(s, 0, { type: 'play', card: 'transport', expert: true }).state.players.map((p) => p.depot)).toEqual([0, 16, 9]);
  });

  it('T10: wages forcing a loan', () => {
    const s = fresh();
    Object.assign(s.players[0]!, { staff: 5, cash: 3 });
    payWages(s, []);
    expect([s.players[0]!.cash, s.players[0]!.loans]).toEqual([8, 1]);
  });

  it('T11: repaying a loan with an Expert', () => {
    const s = playing({ hand: ['expert', 'growth'], players: [{ loans: 2, cash: 25 }] });
    const p = act(s, 0, { type: 'repay' }).state.players[0]!;
    expect([p.cash, p.loans]).toEqual([15, 1]);
  });

  it('T12: a bid above cash takes the smallest loan count, even if outbid', () => {
    let s = playing({ hand: ['raw', 'growth'], players: [{}, { cash: 4 }] });
    s = act(s, 0, { type: 'play', card: 'raw' }).state;
    s = act(s, 1, { type: 'bid', amount: 6 }).state;
    expect([s.players[1]!.cash, s.players[1]!.loans]).toEqual([14, 1]);
    s = act(s, 2, { type: 'bid', amount: 7 }).state;
    s = act(s, 0, { type: 'pass' }).state;
    expect([s.players[1]!.cash, s.players[1]!.loans, s.players[1]!.silo]).toEqual([14, 1, 5]);
    expect([s.players[2]!.cash, s.players[2]!.silo, s.players[0]!.cash]).toEqual([8, 10, 22]);
  });

  it('T13: the starting score is 24', () => {
    expect(fresh().players.map(scoreOf)).toEqual([24, 24, 24]);
  });

  it('T14: a recorded final score', () => {
    const base = fresh().players[0]!;
    expect(scoreOf({ ...base, growth: 20, personnel: 1, raw: 2, waste: 1, cash: 22, loans: 0 })).toBe(71);
    expect(scoreOf({ ...base, growth: 19, personnel: 3, raw: 1, waste: 1, cash: 18, loans: 0 })).toBe(64);
  });

  it('T15: a duplicate in a column is discarded and redealt; an Alert is set aside', () => {
    const s = fresh(4);
    const order: Card[] = [
      'production', 'raw', 'growth', 'innovation', 'disposal',
      'expert', 'alert', 'hiring', 'growth', 'transport', 'corruption', 'production',
      'growth', 'production', 'raw', 'expert', 'growth',
    ];
    s.deck = [...order].reverse();
    s.discard = [];
    s.lots = [[], [], [], [], []];
    s.dealt = 0;
    s.phase = 'deal';
    s.alertAside = false;
    s.players.forEach((p) => Object.assign(p, { hand: [], kept: null, done: true }));
    const events: LogEvent[] = [];
    run(s, events);
    expect(s.lots).toEqual([
      ['production', 'expert', 'growth'],
      ['raw', 'hiring', 'production'],
      ['growth', 'transport', 'raw'],
      ['innovation', 'corruption', 'expert'],
      ['disposal', 'production', 'growth'],
    ]);
    expect(s.discard).toEqual(['growth']);
    expect(s.alertAside).toBe(true);
    expect(events.map((e) => e.key)).toContain('mull-money.log.alert');
    expect(s.phase).toBe('choose');
  });

  it('T16: reaching growth 20 ends the game after the mission and a final Alert', () => {
    let s = playing({ hand: ['growth', 'hiring'], players: [{ growth: 19, depot: 9 }] });
    s = act(s, 0, { type: 'play', card: 'growth' }).state;
    expect(s.endTriggered).toBe(true);
    const r = act(s, 0, { type: 'discard', card: 'hiring' });
    expect(r.state.phase).toBe('over');
    expect(r.state.players[0]!.growth).toBe(19);
    expect(r.state.players[0]!.cash).toBe(15 - 5 - 5);
    expect(r.events.map((e) => e.key)).toContain('mull-money.log.finalAlert');
    expect(mullMoney.outcome(r.state)).not.toBeNull();
  });

  it('T17: the bid cap and minimum loans; a 99 bid stands unanswered', () => {
    let s = playing({ hand: ['raw', 'growth'], players: [{}, { cash: 4 }, { cash: 4 }] });
    s = act(s, 0, { type: 'play', card: 'raw' }).state;
    s = act(s, 1, { type: 'bid', amount: 5 }).state;
    s = act(s, 2, { type: 'bid', amount: 26 }).state;
    expect([s.players[2]!.cash, s.players[2]!.loans]).toEqual([34, 3]);
    let t = playing({ hand: ['raw', 'growth'] });
    t = act(t, 0, { type: 'play', card: 'raw' }).state;
    expect(refused(t, 1, { type: 'bid', amount: 100 })).toBe('mull-money.error.badBid');
    const r = act(t, 1, { type: 'bid', amount: 99 });
    expect(r.state.phase).toBe('play');
    expect(r.events.filter((e) => e.key === 'mull-money.log.cannotBid')).toHaveLength(2);
    expect(r.state.players[0]!.cash).toBe(15 + 99);
  });

  it('T18: Innovation with an Expert needs both holes to move', () => {
    const s = playing({ hand: ['innovation', 'expert'], players: [{ personnel: 2, raw: 1, waste: 1 }] });
    expect(innovationOptions(s, 0, true)).toEqual([]);
    expect(has(s, 0, (m) => m.type === 'play' && m.card === 'innovation' && m.expert === true)).toBe(false);
    expect(act(s, 0, { type: 'play', card: 'innovation', services: ['personnel'] }).state.players[0]!.personnel).toBe(1);
    const t = playing({ hand: ['innovation', 'expert', 'growth'], players: [{ personnel: 2, raw: 3, waste: 1 }] });
    expect(innovationOptions(t, 0, true)).toEqual([['raw', 'raw'], ['personnel', 'raw']]);
    const a = act(t, 0, { type: 'play', card: 'innovation', expert: true, services: ['raw', 'raw'] }).state.players[0]!;
    expect([a.raw, a.cash]).toEqual([1, 5]);
    const b = act(t, 0, { type: 'play', card: 'innovation', expert: true, services: ['personnel', 'raw'] }).state.players[0]!;
    expect([b.personnel, b.raw, b.cash]).toEqual([1, 2, 5]);
    expect(refused(t, 0, { type: 'play', card: 'innovation', expert: true, services: ['waste', 'raw'] })).toBe('mull-money.error.illegalPlay');
  });

  it('T19: a voluntary loan never helps, so none is offered', () => {
    const base = fresh().players[0]!;
    expect(scoreOf({ ...base, growth: 0, personnel: 0, raw: 0, waste: 0, cash: 7 }) - scoreOf({ ...base, growth: 0, personnel: 0, raw: 0, waste: 0, cash: 17, loans: 1 })).toBe(5);
    const s = playing({ hand: ['growth', 'production', 'expert'] });
    expect(mullMoney.legalMoves(s, 0).some((m) => (m.type as string) === 'loan')).toBe(false);
  });

  it('T20: the mission cap ends the game', () => {
    const s = playing({ hand: ['growth', 'hiring'] });
    s.mission = MAX_MISSIONS;
    const events: LogEvent[] = [];
    endMission(s, events);
    expect(s.phase).toBe('over');
    expect(events.map((e) => e.key)).toEqual(expect.arrayContaining(['mull-money.log.missionCap', 'mull-money.log.finalAlert']));
  });
});
