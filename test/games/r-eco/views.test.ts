/** Hidden information (spec §3.5): what public and seat views show, and how they read as text. */
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../../src/engine/index.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import type { REcoState } from '../../../src/games/r-eco/types.js';
import { COLOURS, DECK } from '../../../src/games/r-eco/constants.js';
import { sortedHand } from '../../../src/games/r-eco/views.js';
import { buildState, type StateSpec } from './helpers.js';

/** Everything public, shared by the two states of the leak test. */
const table: StateSpec = {
  current: 1,
  centres: {
    red: { factory: ['R2'], dump: ['B1', 'G1'], stack: [2, 3, -2, 4, 5] },
    blue: { dump: ['Y2'] },
    yellow: { factory: ['Y1', 'Y1'], dump: ['R1'] },
    green: { dump: ['G2', 'B1', 'R1'] },
  },
};

function twoStates(): [REcoState, REcoState] {
  const a = buildState({
    ...table,
    players: [
      { hand: ['R1', 'B2', 'Y1'], rewards: ['R0', 'R1'] },
      { hand: ['G1', 'G1'], dumped: ['B1'] },
      { hand: ['Y2', 'Y1', 'B1', 'R1'], rewards: ['Y0'] },
      { hand: ['B1'] },
    ],
    discard: ['R1', 'R1', 'B1'],
    rng: [1, 2, 3, 4],
  });
  const b = buildState({
    ...table,
    players: [
      { hand: ['G2', 'G1', 'G1'], rewards: ['R0', 'R1'] },
      { hand: ['R2', 'B1'], dumped: ['Y2'] },
      { hand: ['B1', 'B1', 'B1', 'B2'], rewards: ['Y0'] },
      { hand: ['Y1'] },
    ],
    discard: ['G1', 'Y1', 'Y1'],
    restReversed: true,
    rng: [9, 8, 7, 6],
  });
  return [a, b];
}

function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

describe('R-Eco views', () => {
  it('two states differing only in hidden information give equal public views', () => {
    const [a, b] = twoStates();
    expect(a.players[0]!.hand).not.toEqual(b.players[0]!.hand);
    expect(a.drawPile).not.toEqual(b.drawPile);
    expect(a.drawPile).toHaveLength(b.drawPile.length);
    expect(a.players[1]!.dumped).not.toEqual(b.players[1]!.dumped);
    expect(rEco.publicView(a)).toEqual(rEco.publicView(b));
    expect(rEco.present.status(rEco.publicView(a))).toEqual(rEco.present.status(rEco.publicView(b)));
  });

  it('the public view holds no card ids, hands, deck order, dumped contents or discard contents', () => {
    const [a] = twoStates();
    const view = rEco.publicView(a);
    const keys = keysOf(view);
    for (const hidden of ['id', 'hand', 'drawPile', 'discard', 'dumped', 'rng', 'discardCards']) expect(keys).not.toContain(hidden);
    expect(view.drawCount).toBe(a.drawPile.length);
    expect(view.discardCount).toBe(3);
    expect(view.players.map((p) => [p.handSize, p.dumpedCount])).toEqual([
      [3, 0],
      [2, 1],
      [4, 0],
      [1, 0],
    ]);
    expect(view.centres[0]).toEqual({
      colour: 'red',
      stack: [2, 3, -2, 4, 5],
      factory: [{ colour: 'red', value: 2 }],
      factoryUnits: 2,
      dump: [
        { colour: 'blue', value: 1 },
        { colour: 'green', value: 1 },
      ],
    });
  });

  it('shows the running score from public facts: colour sums, penalty and bonus', () => {
    const [a] = twoStates();
    // Seat 0: red 0+1 = 1, clean, 1 dumper → +1. Seat 1 dumped 1 → −1. Seat 2: lone yellow → 0 + 1.
    expect(rEco.publicView(a).players.map((p) => p.score)).toEqual([2, -1, 1, 1]);
  });

  it('a seat view adds only that seat’s hand, sorted by colour then value, with ids', () => {
    const [a, b] = twoStates();
    const view = rEco.seatView(a, 2);
    const { seat, hand, mustDump, ...rest } = view;
    expect(seat).toBe(2);
    expect(mustDump).toBe(0);
    expect(rest).toEqual(rEco.publicView(a));
    expect(hand.map((c) => c.id).sort()).toEqual([...a.players[2]!.hand].sort());
    expect(hand.map((c) => `${c.colour}${c.value}`)).toEqual(['red1', 'blue1', 'yellow1', 'yellow2']);
    // No id from any other hand or hidden pile appears in it.
    const ids = JSON.stringify(view).match(/"id":\d+/g) ?? [];
    expect(ids).toHaveLength(4);
    // Another state with other hidden cards only changes the hand part.
    const { hand: otherHand, ...otherRest } = rEco.seatView(b, 2);
    expect(otherRest).toEqual({ ...rest, seat, mustDump });
    expect(otherHand).not.toEqual(hand);
  });

  it('sorts any hand, even the whole deck shuffled, by colour in table order then value', () => {
    const ids = DECK.map((_, id) => id).reverse();
    const sorted = sortedHand(ids);
    const rank = (c: { colour: string; value: number }) => COLOURS.indexOf(c.colour as never) * 10 + c.value;
    for (let i = 1; i < sorted.length; i++) expect(rank(sorted[i - 1]!)).toBeLessThanOrEqual(rank(sorted[i]!));
    expect(sorted.map((c) => c.id).sort((a, b) => a - b)).toEqual(DECK.map((_, id) => id));
  });

  it('a seat view in the dump step says how many cards to dump', () => {
    const state = buildState({ phase: 'dump', playedColour: 'red', players: [{ hand: ['R1', 'R1', 'B1', 'B1', 'Y1', 'G1', 'G2'] }] });
    expect(rEco.seatView(state, 0).mustDump).toBe(2);
    expect(rEco.seatView(state, 1).mustDump).toBe(0);
  });
});

describe('R-Eco presentation', () => {
  const keys = (msgs: Msg[]) => msgs.map((m) => m.key);

  it('has one status field per player, one for the centres and one for the table', () => {
    const [a] = twoStates();
    const fields = rEco.present.status(rEco.publicView(a));
    expect(fields).toHaveLength(6);
    expect(fields[1]!.name).toEqual({ key: 'r-eco.status.playerCurrent', args: { seat: { seat: 1 } } });
    expect(fields[0]!.name).toEqual({ key: 'r-eco.status.player', args: { seat: { seat: 0 } } });
    expect(fields[0]!.lines).toEqual([
      { key: 'r-eco.status.rewards', args: { colour: { key: 'r-eco.colour.red' }, values: [0, 1] } },
      { key: 'r-eco.status.scoreWithBonus', args: { score: 2, bonus: 1 } },
      { key: 'r-eco.status.handSize', args: { count: 3 } },
      { key: 'r-eco.status.dumpedCount', args: { count: 0 } },
    ]);
    expect(fields[4]!.lines[0]).toMatchObject({ key: 'r-eco.status.centre', args: { top: 2, left: 5, units: 2 } });
    expect(keys(fields[5]!.lines)).toEqual(['r-eco.status.draw', 'r-eco.status.discard', 'r-eco.status.turn']);
  });

  it('tells the current player what to do and which factories they can complete', () => {
    const [a] = twoStates();
    // Seat 1 holds G1 G1; green's factory is empty, so nothing completes yet.
    expect(keys(rEco.present.hand(rEco.seatView(a, 1)))).toEqual(['r-eco.hand.cards', 'r-eco.hand.play']);
    // Seat 0 is not the current player.
    expect(keys(rEco.present.hand(rEco.seatView(a, 0)))).toEqual(['r-eco.hand.cards', 'r-eco.hand.waiting']);
    const state = buildState({ players: [{ hand: ['Y2', 'R1'] }], centres: { yellow: { factory: ['Y1', 'Y1'] } } });
    expect(rEco.present.hand(rEco.seatView(state, 0))).toContainEqual({
      key: 'r-eco.hand.canComplete',
      args: { colour: { key: 'r-eco.colour.yellow' }, reward: 0 },
    });
  });

  it('asks for the dump count in the dump step and says when the game is over', () => {
    const dumping = buildState({ phase: 'dump', playedColour: 'red', players: [{ hand: ['R1', 'R1', 'B1', 'B1', 'Y1', 'G1'] }] });
    expect(rEco.present.hand(rEco.seatView(dumping, 0))).toContainEqual({ key: 'r-eco.hand.dump', args: { count: 1 } });
    const over = buildState({ phase: 'over', players: [{ hand: [] }] });
    expect(keys(rEco.present.hand(rEco.seatView(over, 0)))).toEqual(['r-eco.hand.empty', 'r-eco.hand.over']);
    expect(keys(rEco.present.status(rEco.publicView(over)).at(-1)!.lines)).toContain('r-eco.status.over');
    expect(rEco.present.rulesKey).toBe('r-eco.rules');
  });
});
