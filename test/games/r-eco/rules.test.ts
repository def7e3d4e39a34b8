/** One test per R-Eco rule: legality checks, the turn sequence, setup, options and scoring edges. */
import { describe, expect, it } from 'vitest';
import { cloneJson, playout, rngFromSeed, type Applied } from '../../../src/engine/index.js';
import {
  DECK,
  REWARD_STACK_2,
  REWARD_STACK_3_4,
  REWARD_STACK_5,
  TWO_PLAYER_BONUS_PER_DUMPER,
  cardOf,
} from '../../../src/games/r-eco/constants.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import { cloneState } from '../../../src/games/r-eco/turn.js';
import type { REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { allCards, buildState, notations, sortedNotations } from './helpers.js';

function ok(state: REcoState, seat: number, move: REcoMove): Applied<REcoState> {
  const result = rEco.apply(state, seat, move);
  if (!result.ok) throw new Error(`unexpected rule error ${result.error.key}`);
  return result;
}

function errorKey(state: REcoState, seat: number, move: unknown): string | null {
  const result = rEco.apply(state, seat, move as REcoMove);
  return result.ok ? null : result.error.key;
}

/** A state in the dump step: seat 0 played R1 and collected 3, so holds 7 and must dump 2. */
function dumpStep(): REcoState {
  const state = buildState({
    players: [{ hand: ['R1', 'B1', 'B1', 'Y1', 'G1'] }],
    centres: { red: { dump: ['G2', 'Y2', 'B2'] } },
  });
  return ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] }).state;
}

describe('R-Eco deck and setup', () => {
  it('has 88 waste cards: 19 ones and 3 twos per colour', () => {
    expect(DECK).toHaveLength(88);
    for (const colour of ['red', 'blue', 'yellow', 'green'] as const) {
      expect(DECK.filter((c) => c.colour === colour && c.value === 1)).toHaveLength(19);
      expect(DECK.filter((c) => c.colour === colour && c.value === 2)).toHaveLength(3);
    }
    expect(() => cardOf(88)).toThrow();
  });

  it('deals 3 cards to each player and 1 face up on each dump, the rest to the draw pile', () => {
    const state = rEco.setup({ seats: 4, options: { twoPlayer: false }, seed: 'deal' });
    for (const p of state.players) {
      expect(p.hand).toHaveLength(3);
      expect(p.rewards).toEqual([]);
      expect(p.dumped).toEqual([]);
    }
    for (const colour of ['red', 'blue', 'yellow', 'green'] as const) {
      expect(state.centres[colour].dump).toHaveLength(1);
      expect(state.centres[colour].factory).toEqual([]);
    }
    expect(state.drawPile).toHaveLength(88 - 12 - 4);
    expect(state.discard).toEqual([]);
    expect(new Set(allCards(state)).size).toBe(88);
    expect(state.phase).toBe('play');
  });

  it('is deterministic per seed and shuffles differently for other seeds', () => {
    const input = { seats: 3, options: { twoPlayer: false }, seed: 'same' };
    expect(rEco.setup(input)).toEqual(rEco.setup(input));
    expect(rEco.setup(input).drawPile).not.toEqual(rEco.setup({ ...input, seed: 'other' }).drawPile);
  });

  it('picks the first player at random', () => {
    const firsts = new Set<number>();
    for (let i = 0; i < 60; i++) firsts.add(rEco.setup({ seats: 4, options: { twoPlayer: false }, seed: `first${i}` }).current);
    expect([...firsts].sort()).toEqual([0, 1, 2, 3]);
  });

  it('uses the 3-4 player stacks (one 3 removed), the 5-player stacks and the 2-player stacks', () => {
    expect(REWARD_STACK_3_4).toEqual([0, 1, 2, 3, -2, 4, 5]);
    expect(REWARD_STACK_5).toEqual([0, 1, 2, 3, 3, -2, 4, 5]);
    expect(REWARD_STACK_2).toEqual([0, 1, 2, -2, 4, 5]);
    const stacks = (seats: number) => rEco.setup({ seats, options: { twoPlayer: seats === 2 }, seed: 's' }).centres;
    for (const colour of ['red', 'blue', 'yellow', 'green'] as const) {
      expect(stacks(2)[colour].stack).toEqual([0, 1, 2, -2, 4, 5]);
      expect(stacks(3)[colour].stack).toEqual([0, 1, 2, 3, -2, 4, 5]);
      expect(stacks(4)[colour].stack).toEqual([0, 1, 2, 3, -2, 4, 5]);
      expect(stacks(5)[colour].stack).toEqual([0, 1, 2, 3, 3, -2, 4, 5]);
    }
  });

  it('rejects impossible seat counts', () => {
    expect(() => rEco.setup({ seats: 1, options: { twoPlayer: true }, seed: 'x' })).toThrow();
    expect(() => rEco.setup({ seats: 6, options: { twoPlayer: false }, seed: 'x' })).toThrow();
  });
});

describe('R-Eco options', () => {
  it('defaults to 3-5 players and allows 2 with the two-player option', () => {
    const parsed = rEco.parseOptions({});
    expect(parsed).toEqual({ ok: true, options: { twoPlayer: false } });
    expect(rEco.players({ twoPlayer: false })).toEqual({ min: 3, max: 5 });
    const two = rEco.parseOptions({ 'two-player': true });
    expect(two).toEqual({ ok: true, options: { twoPlayer: true } });
    expect(rEco.players({ twoPlayer: true })).toEqual({ min: 2, max: 5 });
  });

  it('rejects a non-boolean two-player value', () => {
    expect(rEco.parseOptions({ 'two-player': 'yes' })).toMatchObject({ ok: false, error: { key: 'error.badOption' } });
  });

  it('declares its option for /game new', () => {
    expect(rEco.options).toEqual([{ name: 'two-player', kind: 'boolean', description: 'Allow 2 players (2-player variant)', default: false }]);
  });
});

describe('R-Eco move legality', () => {
  const state = buildState({ players: [{ hand: ['R1', 'R2', 'B1'] }, { hand: ['G1', 'Y1'] }] });
  const [r1, r2, b1] = state.players[0]!.hand as [number, number, number];
  const other = state.players[1]!.hand[0]!;

  it('playing is mandatory: an empty play is refused', () => {
    expect(errorKey(state, 0, { type: 'play', cards: [] })).toBe('r-eco.error.noCards');
    const d = rEco.decision(state, 0)!;
    expect(d).toMatchObject({ kind: 'choose', id: 'play' });
    expect(d.shortcuts ?? []).toEqual([]);
  });

  it('refuses moves out of turn', () => {
    expect(errorKey(state, 1, { type: 'play', cards: [other] })).toBe('r-eco.error.notYourTurn');
  });

  it('refuses a dump in the play step and a play in the dump step', () => {
    expect(errorKey(state, 0, { type: 'dump', cards: [r1] })).toBe('r-eco.error.wrongPhase');
    const mid = dumpStep();
    expect(errorKey(mid, 0, { type: 'play', cards: [mid.players[0]!.hand[0]] })).toBe('r-eco.error.wrongPhase');
  });

  it('refuses the same card twice', () => {
    expect(errorKey(state, 0, { type: 'play', cards: [r1, r1] })).toBe('r-eco.error.duplicateCards');
  });

  it('refuses cards that are not in the hand, including unknown ids', () => {
    expect(errorKey(state, 0, { type: 'play', cards: [other] })).toBe('r-eco.error.notInHand');
    expect(errorKey(state, 0, { type: 'play', cards: [999] })).toBe('r-eco.error.notInHand');
    expect(errorKey(state, 0, { type: 'play', cards: [-1] })).toBe('r-eco.error.notInHand');
    expect(errorKey(state, 0, { type: 'play', cards: ['0'] })).toBe('r-eco.error.notInHand');
    expect(errorKey(state, 0, { type: 'play', cards: [r1 + 0.5] })).toBe('r-eco.error.notInHand');
  });

  it('refuses mixed colours', () => {
    expect(errorKey(state, 0, { type: 'play', cards: [r1, b1] })).toBe('r-eco.error.mixedColours');
    expect(errorKey(state, 0, { type: 'play', cards: [r1, r2] })).toBeNull();
  });

  it('refuses malformed moves without throwing', () => {
    expect(errorKey(state, 0, null)).toBe('r-eco.error.badMove');
    expect(errorKey(state, 0, { type: 'pass', cards: [] })).toBe('r-eco.error.badMove');
    expect(errorKey(state, 0, { type: 'play' })).toBe('r-eco.error.badMove');
    expect(errorKey(state, 0, 'play')).toBe('r-eco.error.badMove');
  });

  it('requires exactly hand − 5 distinct cards from the hand in the dump step', () => {
    const mid = dumpStep();
    const hand = mid.players[0]!.hand;
    expect(hand).toHaveLength(7);
    expect(errorKey(mid, 0, { type: 'dump', cards: [hand[0]] })).toBe('r-eco.error.wrongDumpCount');
    expect(errorKey(mid, 0, { type: 'dump', cards: hand.slice(0, 3) })).toBe('r-eco.error.wrongDumpCount');
    expect(rEco.apply(mid, 0, { type: 'dump', cards: [hand[0]!] })).toMatchObject({ error: { args: { count: 2 } } });
    expect(errorKey(mid, 0, { type: 'dump', cards: [hand[0], hand[0]] })).toBe('r-eco.error.duplicateCards');
    expect(errorKey(mid, 0, { type: 'dump', cards: [hand[0], mid.players[1]!.hand[0]] })).toBe('r-eco.error.notInHand');
    expect(errorKey(mid, 0, { type: 'dump', cards: hand.slice(0, 2) })).toBeNull();
  });

  it('refuses every move once the game is over', () => {
    const over = buildState({ phase: 'over', players: [{ hand: ['R1'] }] });
    expect(errorKey(over, 0, { type: 'play', cards: [over.players[0]!.hand[0]] })).toBe('r-eco.error.gameOver');
    expect(rEco.pending(over)).toEqual([]);
    expect(rEco.decision(over, 0)).toBeNull();
    expect(rEco.legalMoves(over, 0)).toEqual([]);
  });

  it('copies states exactly like the engine cloneJson, sharing nothing', () => {
    const { state } = playout<REcoState>(rEco, { seats: 4, options: { twoPlayer: false }, seed: 'clone' });
    const copy = cloneState(state);
    expect(copy).toEqual(cloneJson(state));
    copy.players[0]!.rewards[0]!.value = 99;
    copy.centres.red.stack.push(7);
    copy.rng[0] = 0;
    expect(state).toEqual(playout<REcoState>(rEco, { seats: 4, options: { twoPlayer: false }, seed: 'clone' }).state);
  });

  it('apply is pure: the input state is unchanged after legal and illegal moves', () => {
    const mid = dumpStep();
    for (const [s, seat, move] of [
      [state, 0, { type: 'play', cards: [r1, r2] }],
      [state, 0, { type: 'play', cards: [r1, b1] }],
      [mid, 0, { type: 'dump', cards: mid.players[0]!.hand.slice(0, 2) }],
    ] as const) {
      const before = structuredClone(s);
      const result = rEco.apply(s, seat, move as REcoMove);
      expect(s).toEqual(before);
      if (result.ok) expect(result.state).not.toBe(s);
    }
  });
});

describe('R-Eco turn sequence', () => {
  it('gives only one reward per turn however far the factory goes past 4', () => {
    const state = buildState({
      players: [{ hand: ['R2', 'R2', 'R1'] }],
      centres: { red: { factory: ['R2', 'R1'] } },
    });
    const { state: after, events } = ok(state, 0, { type: 'play', cards: state.players[0]!.hand });
    expect(after.players[0]!.rewards).toEqual([{ colour: 'red', value: 0 }]);
    expect(after.centres.red.stack).toEqual([1, 2, 3, -2, 4, 5]);
    expect(events.filter((e) => e.key === 'r-eco.log.reward')).toHaveLength(1);
  });

  it('counts the refill in waste units, not cards', () => {
    const state = buildState({ players: [{ hand: ['B2', 'G1'] }] });
    const { state: after } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(notations(after.centres.blue.factory)).toEqual(['B2']);
    expect(after.centres.blue.dump).toHaveLength(3);
  });

  it('collects the dump of the centre just played to, even after a reward', () => {
    const state = buildState({
      players: [{ hand: ['G2', 'R1'] }],
      centres: { green: { factory: ['G2'], dump: ['Y1', 'Y2'] }, red: { dump: ['B1'] } },
    });
    const { state: after } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(sortedNotations(after.players[0]!.hand)).toEqual(['R1', 'Y1', 'Y2']);
    expect(notations(after.centres.red.dump)).toEqual(['B1']);
  });

  it('checks the hand limit only after collecting: 5 cards stay, 6 must be cut', () => {
    const five = buildState({ players: [{ hand: ['R1', 'B1', 'B1', 'Y1'] }], centres: { red: { dump: ['G1', 'G1'] } } });
    const a = ok(five, 0, { type: 'play', cards: [five.players[0]!.hand[0]!] }).state;
    expect(a.players[0]!.hand).toHaveLength(5);
    expect(a.phase).toBe('play');
    expect(a.current).toBe(1);
  });

  it('ends a game with no refill when the last reward is taken and no dump is needed', () => {
    const state = buildState({
      players: [{ hand: ['G2', 'B1'] }],
      centres: { green: { stack: [5], factory: ['G2'], dump: ['R1'] } },
    });
    const { state: after, events } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(after.phase).toBe('over');
    expect(after.centres.green.dump).toEqual([]);
    expect(after.drawPile).toEqual(state.drawPile);
    expect(events.map((e) => e.key)).toEqual([
      'r-eco.log.playedPays',
      'r-eco.log.reward',
      'r-eco.log.endTriggered',
      'r-eco.log.collected',
      'r-eco.log.gameOver',
    ]);
  });

  it('plays a lone card by itself: a choice with one answer is never asked', () => {
    const state = buildState({ seats: 3, players: [{ hand: ['R1', 'B1'] }, { hand: ['Y1'] }, { hand: ['G1', 'G2'] }] });
    const { state: after, events } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    const keys = events.map((e) => e.key);
    expect(keys).toContain('r-eco.log.forcedPlay');
    expect(keys.filter((k) => k === 'r-eco.log.played')).toHaveLength(2);
    // Seat 1 played its yellow 1 and collected the yellow dump; the turn is past it.
    expect(notations(after.centres.yellow.factory)).toEqual(['Y1']);
    expect(after.current).toBe(2);
  });

  it('G4: with the draw and discard piles both empty, places what it can, possibly nothing', () => {
    const state = buildState({
      players: [{ hand: ['R1', 'B1'] }, { hand: ['Y1', 'B2'] }, { hand: ['R2', 'B1'] }],
      seats: 3,
      centres: { red: { factory: ['R1'] } },
      draw: ['G1'],
      rest: 'none',
    });
    const { state: after } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(notations(after.centres.red.dump)).toEqual(['G1']);
    expect(after.drawPile).toEqual([]);
    expect(after.phase).toBe('play');
    const yellow = after.players[1]!.hand.filter((id) => notations([id])[0] === 'Y1');
    const second = ok(after, 1, { type: 'play', cards: yellow }).state;
    expect(second.centres.yellow.dump).toEqual([]);
    // Playing to the yellow centre now collects nothing.
    const third = buildState({ players: [{ hand: ['Y1', 'B1'] }], rest: 'none' });
    third.centres.yellow.dump = [];
    const { state: last, events } = ok(third, 0, { type: 'play', cards: [third.players[0]!.hand[0]!] });
    expect(sortedNotations(last.players[0]!.hand)).toEqual(['B1']);
    expect(events).toContainEqual(expect.objectContaining({ key: 'r-eco.log.collected', args: expect.objectContaining({ count: 0 }) }));
  });

  it('skips a player left with no cards, and ends the game when nobody holds any', () => {
    const state = buildState({ seats: 3, players: [{ hand: ['R1'] }, { hand: [] }, { hand: ['B1'] }], rest: 'none' });
    const { state: after, events } = ok(state, 0, { type: 'play', cards: state.players[0]!.hand });
    expect(after.current).toBe(2);
    expect(events).toContainEqual({ key: 'r-eco.log.skipped', args: { seat: { seat: 1 } }, visibleTo: 'all' });

    const lastCard = buildState({ seats: 3, players: [{ hand: ['R1'] }, { hand: [] }, { hand: [] }], rest: 'none' });
    lastCard.centres.red.dump = [];
    const { state: end, events: endEvents } = ok(lastCard, 0, { type: 'play', cards: lastCard.players[0]!.hand });
    expect(end.phase).toBe('over');
    expect(endEvents.map((e) => e.key)).toContain('r-eco.log.noCardsLeft');
    expect(rEco.outcome(end)).not.toBeNull();
  });

  it('refills after the dump step at the centre played to, then passes the turn', () => {
    const mid = dumpStep();
    expect(mid.playedColour).toBe('red');
    const { state: after } = ok(mid, 0, { type: 'dump', cards: mid.players[0]!.hand.slice(0, 2) });
    expect(after.centres.red.dump).toHaveLength(2);
    expect(after.playedColour).toBeNull();
    expect(after.current).toBe(1);
    expect(after.turn).toBe(1);
  });
});

describe('R-Eco log events', () => {
  it('shows played cards to all, dumped cards only to the dumper', () => {
    const mid = dumpStep();
    const hand = mid.players[0]!.hand;
    const { events } = ok(mid, 0, { type: 'dump', cards: hand.slice(0, 2) });
    const pub = events.find((e) => e.key === 'r-eco.log.dumped')!;
    expect(pub).toEqual({ key: 'r-eco.log.dumped', args: { seat: { seat: 0 }, count: 2 }, visibleTo: 'all' });
    const own = events.find((e) => e.key === 'r-eco.log.youDumped')!;
    expect(own.visibleTo).toEqual([0]);
    expect(own.args!.cards).toHaveLength(2);
  });

  it('logs a play with the cards, the colour and the units now at the factory', () => {
    const state = buildState({ players: [{ hand: ['R2', 'B1'] }], centres: { red: { factory: ['R1'] } } });
    const { events } = ok(state, 0, { type: 'play', cards: [state.players[0]!.hand[0]!] });
    expect(events[0]).toEqual({
      key: 'r-eco.log.played',
      args: {
        seat: { seat: 0 },
        count: 1,
        cards: [{ key: 'r-eco.card', args: { colour: { key: 'r-eco.colour.red' }, value: 2 } }],
        colour: { key: 'r-eco.colour.red' },
        units: 3,
        threshold: 4,
      },
      visibleTo: 'all',
    });
  });
});

describe('R-Eco scoring', () => {
  it('2 players: a clean player gains the 2-player bonus per dumper', () => {
    expect(TWO_PLAYER_BONUS_PER_DUMPER).toBe(4);
    const state = buildState({ seats: 2, phase: 'over', players: [{ dumped: 0 }, { dumped: 3 }] });
    const standings = rEco.outcome(state)!.standings;
    expect(standings).toMatchObject([
      { seat: 0, score: 4, rank: 1 },
      { seat: 1, score: -3, rank: 2 },
    ]);
  });

  it('5 players: a clean player gains 1 per dumper', () => {
    const state = buildState({ seats: 5, phase: 'over', players: [{}, { dumped: 1 }, { dumped: 1 }, {}, { dumped: 2 }] });
    const scores = rEco.outcome(state)!.standings.map((s) => [s.seat, s.score]);
    expect(scores).toEqual([
      [0, 3],
      [3, 3],
      [1, -1],
      [2, -1],
      [4, -2],
    ]);
  });

  it('gives no bonus when nobody dumped and shares ties on equal dumps', () => {
    const state = buildState({ seats: 3, phase: 'over', players: [{ rewards: ['R1', 'R2'] }, { rewards: ['B3'] }, { rewards: ['G0', 'G3'] }] });
    const standings = rEco.outcome(state)!.standings;
    expect(standings).toMatchObject([
      { seat: 0, score: 3, rank: 1 },
      { seat: 2, score: 3, rank: 1 },
      { seat: 1, score: 0, rank: 3 },
    ]);
  });

  it('ignores cards left in hand', () => {
    const state = buildState({ phase: 'over', players: [{ hand: ['R2', 'R2', 'B2'], rewards: ['Y4', 'Y5'] }] });
    const me = rEco.outcome(state)!.standings.find((s) => s.seat === 0)!;
    expect(me.score).toBe(9);
    expect(me.breakdown).toContainEqual({ key: 'r-eco.score.handIgnored', args: { count: 3 } });
  });

  it('has no outcome before the game is over', () => {
    expect(rEco.outcome(rEco.setup({ seats: 3, options: { twoPlayer: false }, seed: 'x' }))).toBeNull();
  });
});

describe('R-Eco decisions and legal moves', () => {
  it('offers each distinct play as one choice: colour, then fewer 2s, then fewer 1s', () => {
    const state = buildState({ players: [{ hand: ['G1', 'R2', 'B1', 'R1'] }] });
    const d = rEco.decision(state, 0)!;
    expect(d.kind).toBe('choose');
    if (d.kind !== 'choose') return;
    expect(d.id).toBe('play');
    expect(d.choices.map((c) => c.id)).toEqual(['r-1x1-0x2', 'r-0x1-1x2', 'r-1x1-1x2', 'b-1x1-0x2', 'g-1x1-0x2']);
    expect(d.choices[2]!.label).toEqual({
      key: 'r-eco.play.label',
      args: { symbol: { key: 'r-eco.symbol.red' }, colour: { key: 'r-eco.colour.red' }, values: '1 + 2' },
    });
    expect(d.choices.every((c) => c.detail?.key === 'r-eco.play.detail')).toBe(true);
    const both = d.toMove('r-1x1-1x2')!;
    expect(both.type).toBe('play');
    expect(sortedNotations(both.cards)).toEqual(['R1', 'R2']);
    expect(d.toMove('r-2x1-0x2')).toBeNull();
    expect(d.toMove('999')).toBeNull();
    expect(rEco.decision(state, 1)).toBeNull();
  });

  it('offers no mixed-colour play, and every choice is accepted', () => {
    const state = buildState({ players: [{ hand: ['R1', 'R1', 'R2', 'B2', 'G1'] }] });
    const d = rEco.decision(state, 0)!;
    if (d.kind !== 'choose') throw new Error('expected choose');
    expect(d.choices).toHaveLength(7);
    for (const c of d.choices) {
      const move = d.toMove(c.id)!;
      expect(new Set(move.cards.map((id) => notations([id])[0]![0])).size).toBe(1);
      expect(rEco.apply(state, 0, move).ok).toBe(true);
    }
  });

  it('labels dump choices with the colour symbol, name and value', () => {
    const d = rEco.decision(dumpStep(), 0)!;
    if (d.kind !== 'pick') throw new Error('expected pick');
    expect(d.choices[0]!.label).toEqual({
      key: 'r-eco.cardChoice',
      args: { symbol: { key: 'r-eco.symbol.blue' }, colour: { key: 'r-eco.colour.blue' }, value: 1 },
    });
  });

  it('asks for exactly hand − 5 cards in the dump step', () => {
    const mid = dumpStep();
    const d = rEco.decision(mid, 0)!;
    expect(d).toMatchObject({ kind: 'pick', id: 'dump', min: 2, max: 2, prompt: { key: 'r-eco.prompt.dump', args: { count: 2 } } });
    if (d.kind !== 'pick') return;
    const ids = d.choices.slice(0, 2).map((c) => c.id);
    const move = d.toMove(ids)!;
    expect(move).toEqual({ type: 'dump', cards: ids.map(Number) });
    expect(rEco.apply(mid, 0, move).ok).toBe(true);
  });

  it('lists one move per distinct play: colour × how many 1s and 2s', () => {
    const state = buildState({ players: [{ hand: ['R1', 'R1', 'R2', 'B2', 'G1'] }] });
    const moves = rEco.legalMoves(state, 0);
    // Red: 1, 2 ones without the 2, then 0, 1, 2 ones with it; blue and green: one each.
    expect(moves).toHaveLength(5 + 1 + 1);
    expect(new Set(moves.map((m) => sortedNotations(m.cards).join())).size).toBe(7);
    for (const m of moves) expect(rEco.apply(state, 0, m).ok).toBe(true);
    expect(rEco.legalMoves(state, 1)).toEqual([]);
  });

  it('lists every way to dump the excess', () => {
    const mid = dumpStep();
    const moves = rEco.legalMoves(mid, 0);
    expect(moves).toHaveLength(21);
    expect(new Set(moves.map((m) => [...m.cards].sort().join())).size).toBe(21);
    for (const m of moves) expect(rEco.apply(mid, 0, m).ok).toBe(true);
  });
});

describe('R-Eco bot', () => {
  const rng = rngFromSeed('bot-test');

  it('completes a factory for a good reward rather than feeding an open one', () => {
    const state = buildState({
      players: [{ hand: ['R2', 'B1', 'G1'], rewards: ['R4'] }],
      centres: { red: { stack: [5], factory: ['R2'] }, blue: { factory: ['B1'] } },
    });
    // Taking red 5 ends the game, so give seat 0 the lead it needs to want that.
    expect(sortedNotations(rEco.bot(rEco.seatView(state, 0), rng).cards)).toEqual(['R2']);
  });

  it('does not end the game while behind when another play exists', () => {
    const state = buildState({
      players: [{ hand: ['R2', 'G1'] }, { rewards: ['B4', 'B5'] }],
      centres: { red: { stack: [5], factory: ['R2'] } },
    });
    expect(sortedNotations(rEco.bot(rEco.seatView(state, 0), rng).cards)).toEqual(['G1']);
  });

  it('does not take a −2 that would cost points it already has', () => {
    const state = buildState({
      players: [{ hand: ['R2', 'B1'], rewards: ['R4', 'R5'] }],
      centres: { red: { stack: [-2, 4, 5], factory: ['R2'] } },
    });
    expect(sortedNotations(rEco.bot(rEco.seatView(state, 0), rng).cards)).toEqual(['B1']);
  });

  it('plays the fewest cards that reach the threshold', () => {
    const state = buildState({
      players: [{ hand: ['Y1', 'Y1', 'Y2', 'B1'] }],
      centres: { yellow: { factory: ['Y1', 'Y1'] } },
    });
    expect(sortedNotations(rEco.bot(rEco.seatView(state, 0), rng).cards)).toEqual(['Y2']);
  });

  it('avoids a play whose collected dump would force dumping', () => {
    const state = buildState({
      players: [{ hand: ['R1', 'B1', 'B1', 'Y1', 'Y1'] }],
      centres: { red: { dump: ['G1', 'G1', 'G1', 'G1'] }, blue: { dump: ['G1'] }, yellow: { dump: ['G1'] } },
    });
    const move = rEco.bot(rEco.seatView(state, 0), rng);
    expect(notations(move.cards).every((n) => n[0] !== 'R')).toBe(true);
  });

  it('keeps a clean record over a small reward, unless it has already dumped', () => {
    const table = (myDumped: number) =>
      buildState({
        players: [{ hand: ['R2', 'B1', 'B1', 'Y1', 'G1'], dumped: myDumped }, { dumped: 1 }, { dumped: 2 }],
        centres: { red: { stack: [3, -2, 4, 5], factory: ['R2'], dump: ['G1', 'G1'] }, blue: { dump: ['Y1'] } },
      });
    // Red pays 3 but brings the hand to 6: the first dumped card would also forfeit the bonus.
    expect(notations(rEco.bot(rEco.seatView(table(0), 0), rng).cards)).not.toContain('R2');
    expect(notations(rEco.bot(rEco.seatView(table(1), 0), rng).cards)).toEqual(['R2']);
  });

  it('dumps the cards least likely to complete a factory', () => {
    const state = buildState({
      players: [{ hand: ['R1', 'R2', 'R1', 'B2', 'B1', 'Y2', 'G1'] }],
      centres: { red: { factory: ['R1'] } },
      phase: 'dump',
      playedColour: 'blue',
    });
    const move = rEco.bot(rEco.seatView(state, 0), rng);
    expect(move.type).toBe('dump');
    expect(sortedNotations(move.cards)).toEqual(['B1', 'G1']);
  });
});
