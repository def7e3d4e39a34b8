/** The worked examples T1-T10 of the R-Eco specification (§5), each from a hand-built state. */
import { describe, expect, it } from 'vitest';
import type { Applied } from '../../../src/engine/index.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import { colourScore } from '../../../src/games/r-eco/scoring.js';
import type { REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { allCards, buildState, notations, sortedNotations } from './helpers.js';

function ok(state: REcoState, seat: number, move: REcoMove): Applied<REcoState> {
  const result = rEco.apply(state, seat, move);
  if (!result.ok) throw new Error(`unexpected rule error ${result.error.key}`);
  return result;
}

const score = (state: REcoState, seat: number) => rEco.outcome(state)!.standings.find((s) => s.seat === seat)!;

describe('R-Eco worked examples (spec §5)', () => {
  it('T1 below the threshold: no reward, collect the dump, refill by units + 1', () => {
    const state = buildState({
      current: 0,
      players: [{ hand: ['R1', 'B1', 'Y2'] }],
      centres: { red: { factory: ['R2'], dump: ['G1'] } },
    });
    const r1 = state.players[0]!.hand[0]!;
    const { state: after } = ok(state, 0, { type: 'play', cards: [r1] });
    const red = after.centres.red;
    expect(notations(red.factory)).toEqual(['R2', 'R1']);
    expect(red.stack).toEqual([0, 1, 2, 3, -2, 4, 5]);
    expect(after.players[0]!.rewards).toEqual([]);
    expect(sortedNotations(after.players[0]!.hand)).toEqual(['B1', 'G1', 'Y2']);
    expect(red.dump).toHaveLength(4);
    expect(after.drawPile).toHaveLength(state.drawPile.length - 4);
    // The four new dump cards are the top four of the draw pile.
    expect([...red.dump].sort()).toEqual(state.drawPile.slice(-4).sort());
    expect(after.current).toBe(1);
    expect(after.phase).toBe('play');
  });

  it('T2 threshold reached: a single reward, the factory is discarded, overflow is lost', () => {
    const state = buildState({
      players: [{ hand: ['R2', 'R1', 'Y1'] }],
      centres: { red: { factory: ['R2', 'R1'], dump: ['B1', 'B1'] } },
    });
    const played = state.players[0]!.hand.slice(0, 2);
    const factoryBefore = state.centres.red.factory;
    const { state: after } = ok(state, 0, { type: 'play', cards: played });
    expect(after.players[0]!.rewards).toEqual([{ colour: 'red', value: 0 }]);
    expect(after.centres.red.stack[0]).toBe(1);
    expect(after.centres.red.stack).toHaveLength(6);
    expect(after.centres.red.factory).toEqual([]);
    expect([...after.discard].sort()).toEqual([...factoryBefore, ...played].sort());
    expect(sortedNotations(after.players[0]!.hand)).toEqual(['B1', 'B1', 'Y1']);
    expect(after.centres.red.dump).toHaveLength(1);
  });

  it('T3 a hand of 6 after collecting forces exactly 1 card dumped, chosen by the player', () => {
    const state = buildState({
      players: [{ hand: ['R1', 'B1', 'Y1', 'G1'] }],
      centres: { red: { dump: ['B1', 'B2', 'Y1'] } },
    });
    const hand = state.players[0]!.hand;
    const { state: mid } = ok(state, 0, { type: 'play', cards: [hand[0]!] });
    expect(mid.players[0]!.hand).toHaveLength(6);
    expect(mid.phase).toBe('dump');
    expect(mid.current).toBe(0);
    expect(rEco.pending(mid)).toEqual([0]);
    const chosen = mid.players[0]!.hand.find((id) => notations([id])[0] === 'B2')!;
    expect(rEco.apply(mid, 0, { type: 'dump', cards: [] })).toMatchObject({ ok: false, error: { key: 'r-eco.error.wrongDumpCount' } });
    const { state: after } = ok(mid, 0, { type: 'dump', cards: [chosen] });
    expect(after.players[0]!.dumped).toEqual([chosen]);
    expect(after.players[0]!.hand).toHaveLength(5);
    expect(after.players[0]!.hand).not.toContain(chosen);
    expect(after.current).toBe(1);
    // Refill after the dump step still uses the played colour: red holds 1 unit, so 2 cards.
    expect(after.centres.red.dump).toHaveLength(2);
  });

  it('T4 an emptied dump at a factory that just paid out gets exactly 1 card', () => {
    const state = buildState({
      players: [{ hand: ['R1', 'G1'] }],
      centres: { red: { factory: ['R2', 'R1'], dump: ['B1', 'Y1'] } },
      draw: ['Y2', 'G2'],
    });
    const { state: after } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(after.centres.red.factory).toEqual([]);
    expect(notations(after.centres.red.dump)).toEqual(['Y2']);
    expect(after.drawPile).toHaveLength(state.drawPile.length - 1);
  });

  it('T5 mixed colours are rejected; either colour alone is accepted', () => {
    const state = buildState({ players: [{ hand: ['R1', 'B1'] }] });
    const [r1, b1] = state.players[0]!.hand as [number, number];
    const mixed = rEco.apply(state, 0, { type: 'play', cards: [r1, b1] });
    expect(mixed).toEqual({ ok: false, error: { key: 'r-eco.error.mixedColours' } });
    expect(rEco.apply(state, 0, { type: 'play', cards: [r1] }).ok).toBe(true);
    expect(rEco.apply(state, 0, { type: 'play', cards: [b1] }).ok).toBe(true);
  });

  it('T6 emptying a reward stack ends the game after collecting and dumping, with no refill', () => {
    const state = buildState({
      players: [{ hand: ['Y1', 'G1', 'G1', 'B2', 'B1'] }],
      centres: { yellow: { stack: [5], factory: ['Y2', 'Y1'], dump: ['R1', 'R1', 'B1'] } },
    });
    const { state: mid, events } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(mid.players[0]!.rewards).toEqual([{ colour: 'yellow', value: 5 }]);
    expect(mid.endTriggered).toBe(true);
    expect(events.map((e) => e.key)).toContain('r-eco.log.endTriggered');
    // 4 cards left + 3 collected = 7: the last player still dumps down to 5.
    expect(mid.phase).toBe('dump');
    expect(rEco.isOver(mid)).toBe(false);
    expect(rEco.outcome(mid)).toBeNull();
    const { state: end } = ok(mid, 0, { type: 'dump', cards: mid.players[0]!.hand.slice(0, 2) });
    expect(end.phase).toBe('over');
    expect(rEco.isOver(end)).toBe(true);
    expect(end.players[0]!.dumped).toHaveLength(2);
    expect(end.centres.yellow.dump).toEqual([]);
    expect(end.drawPile).toEqual(state.drawPile);
    expect(rEco.pending(end)).toEqual([]);
    expect(rEco.outcome(end)).not.toBeNull();
  });

  it('T7 seed scoring example: totals 8/11/8/7, A ranks before C on fewer dumped cards', () => {
    const state = buildState({
      phase: 'over',
      players: [
        { rewards: ['R0', 'R1', 'R5', 'B-2', 'Y-2', 'G0', 'G3'], dumped: 1 },
        { rewards: ['R2', 'R3', 'B1', 'B2', 'Y2'], dumped: 0 },
        { rewards: ['R-2', 'R4', 'B0', 'B3', 'B4', 'Y0', 'G1', 'G2'], dumped: 4 },
        { rewards: ['Y1', 'Y3', 'Y4'], dumped: 1 },
      ],
    });
    const standings = rEco.outcome(state)!.standings;
    expect(standings.map((s) => [s.seat, s.score, s.rank])).toEqual([
      [1, 11, 1],
      [0, 8, 2],
      [2, 8, 3],
      [3, 7, 4],
    ]);
    const a = score(state, 0).breakdown;
    expect(a).toContainEqual({ key: 'r-eco.score.colour', args: { colour: { key: 'r-eco.colour.red' }, values: [0, 1, 5], sum: 6 } });
    expect(a).toContainEqual({ key: 'r-eco.score.singleton', args: { colour: { key: 'r-eco.colour.blue' }, value: -2 } });
    expect(a).toContainEqual({ key: 'r-eco.score.dumped', args: { count: 1, penalty: -1 } });
    expect(score(state, 1).breakdown).toContainEqual({ key: 'r-eco.score.bonus', args: { count: 3, bonus: 3 } });
  });

  it('T8 3 players: a clean player gains 2 per dumper', () => {
    const state = buildState({ seats: 3, phase: 'over', players: [{ dumped: 0 }, { dumped: 1 }, { dumped: 2 }] });
    expect(score(state, 0).score).toBe(4);
    expect(score(state, 1).score).toBe(-1);
    expect(score(state, 2).score).toBe(-2);
  });

  it('T9 a negative pair scores its sum; a lone −2 scores nothing', () => {
    expect(colourScore([-2, 0])).toBe(-2);
    expect(colourScore([-2])).toBe(0);
    const state = buildState({ phase: 'over', players: [{ rewards: ['B-2', 'B0'] }, { rewards: ['B-2'] }] });
    expect(score(state, 0).score).toBe(-2);
    expect(score(state, 1).score).toBe(0);
  });

  it('T10 reshuffle: 1 card from the draw pile, then the discard becomes the draw pile for 2 more', () => {
    const state = buildState({
      players: [{ hand: ['R1', 'G1'] }],
      centres: { red: { factory: ['R1'] } },
      draw: ['B2'],
      rest: 'discard',
    });
    const lastDraw = state.drawPile[0]!;
    const discardBefore = state.discard.length;
    const { state: after, events } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    // Red holds 2 units, so 3 cards are needed.
    expect(after.centres.red.dump).toHaveLength(3);
    expect(after.centres.red.dump[0]).toBe(lastDraw);
    expect(after.discard).toEqual([]);
    expect(after.drawPile).toHaveLength(discardBefore - 2);
    expect(events).toContainEqual({ key: 'r-eco.log.reshuffle', args: { count: discardBefore }, visibleTo: 'all' });
    // The two extra cards and the new draw pile are exactly the old discard, in a shuffled order.
    expect([...after.drawPile, ...after.centres.red.dump.slice(1)].sort()).toEqual([...state.discard].sort());
    expect(after.drawPile).not.toEqual(state.discard.slice(0, discardBefore - 2));
    expect(new Set(allCards(after)).size).toBe(88);
    expect(allCards(after)).toHaveLength(88);
  });
});
