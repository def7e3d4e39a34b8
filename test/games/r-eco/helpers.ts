/**
 * Builds R-Eco states by hand from card notation: 'R1' is a red 1, 'B2' a blue 2; rewards are
 * 'R0', 'B-2'. Equal cards are interchangeable, so each notation takes the next free id of that
 * colour and value. Cards not placed anywhere go to the draw pile (or where `rest` says), so a
 * built state still holds all 88 cards unless `rest: 'none'`.
 */
import { COLOURS, DECK, cardOf, rewardStackFor } from '../../../src/games/r-eco/constants.js';
import type { CardId, Colour, REcoState, Reward } from '../../../src/games/r-eco/types.js';

const LETTER: Record<string, Colour> = { R: 'red', B: 'blue', Y: 'yellow', G: 'green' };

export function parseCard(notation: string): { colour: Colour; value: number } {
  const m = /^([RBYG])(-?\d+)$/.exec(notation);
  if (!m) throw new Error(`bad card notation ${notation}`);
  return { colour: LETTER[m[1]!]!, value: Number(m[2]) };
}

export function notationOf(id: CardId): string {
  const c = cardOf(id);
  return `${c.colour[0]!.toUpperCase()}${c.value}`;
}

export function notations(ids: readonly CardId[]): string[] {
  return ids.map(notationOf);
}

export function reward(notation: string): Reward {
  return parseCard(notation);
}

export interface PlayerSpec {
  /** Defaults to two free cards; `[]` is an empty hand. */
  hand?: string[];
  rewards?: string[];
  /** Dumped cards by notation, or just how many (any free cards). */
  dumped?: string[] | number;
}

export interface CentreSpec {
  stack?: number[];
  factory?: string[];
  dump?: string[];
}

export interface StateSpec {
  seats?: number;
  current?: number;
  phase?: REcoState['phase'];
  playedColour?: Colour | null;
  endTriggered?: boolean;
  players?: PlayerSpec[];
  centres?: Partial<Record<Colour, CentreSpec>>;
  /** The draw pile, top card first. */
  draw?: string[];
  discard?: string[];
  /** Where the cards not named anywhere go. */
  rest?: 'draw' | 'discard' | 'none';
  /** Order of the free cards, so two states can differ only in hidden order. */
  restReversed?: boolean;
  rng?: REcoState['rng'];
}

export class CardPool {
  private readonly free = new Map<string, CardId[]>();

  constructor() {
    DECK.forEach((c, id) => {
      const key = `${c.colour}:${c.value}`;
      this.free.set(key, [...(this.free.get(key) ?? []), id]);
    });
  }

  take(notation: string): CardId {
    const { colour, value } = parseCard(notation);
    const id = this.free.get(`${colour}:${value}`)?.shift();
    if (id === undefined) throw new Error(`no free ${notation} left`);
    return id;
  }

  takeAny(): CardId {
    for (const ids of this.free.values()) {
      const id = ids.shift();
      if (id !== undefined) return id;
    }
    throw new Error('no free card left');
  }

  remaining(): CardId[] {
    return [...this.free.values()].flat().sort((a, b) => a - b);
  }
}

export function buildState(spec: StateSpec = {}): REcoState {
  const seats = spec.seats ?? 4;
  const pool = new CardPool();
  const take = (list: readonly string[] | undefined): CardId[] => (list ?? []).map((n) => pool.take(n));
  const players = Array.from({ length: seats }, (_, i) => {
    const p = spec.players?.[i] ?? {};
    return { hand: take(p.hand), rewards: (p.rewards ?? []).map(reward), dumped: typeof p.dumped === 'number' ? [] : take(p.dumped) };
  });
  const centres = {} as REcoState['centres'];
  for (const colour of COLOURS) {
    const c = spec.centres?.[colour] ?? {};
    centres[colour] = { stack: [...(c.stack ?? rewardStackFor(seats))], factory: take(c.factory), dump: take(c.dump) };
  }
  // Numbers of dumped cards are filled from free cards once everything named has been placed.
  const drawTopFirst = take(spec.draw);
  const discard = take(spec.discard);
  spec.players?.forEach((p, i) => {
    if (typeof p.dumped === 'number') for (let k = 0; k < p.dumped; k++) players[i]!.dumped.push(pool.takeAny());
  });
  // Players with no hand given hold two cards: an empty hand would make them skip their turn.
  players.forEach((p, i) => {
    if (spec.players?.[i]?.hand === undefined) p.hand.push(pool.takeAny(), pool.takeAny());
  });
  const rest = pool.remaining();
  if (spec.restReversed) rest.reverse();
  const drawPile = drawTopFirst.reverse();
  if ((spec.rest ?? 'draw') === 'draw') drawPile.unshift(...rest);
  else if (spec.rest === 'discard') discard.push(...rest);
  return {
    rng: spec.rng ?? [1, 2, 3, 4],
    seats,
    phase: spec.phase ?? 'play',
    current: spec.current ?? 0,
    playedColour: spec.playedColour ?? null,
    players,
    centres,
    drawPile,
    discard,
    endTriggered: spec.endTriggered ?? false,
    turn: 0,
  };
}

/** Every card id in a state, wherever it lies. */
export function allCards(state: REcoState): CardId[] {
  const ids: CardId[] = [...state.drawPile, ...state.discard];
  for (const p of state.players) ids.push(...p.hand, ...p.dumped);
  for (const colour of COLOURS) ids.push(...state.centres[colour].factory, ...state.centres[colour].dump);
  return ids;
}

/** Sorted notations, for comparing card sets whose order does not matter. */
export function sortedNotations(ids: readonly CardId[]): string[] {
  return notations(ids).sort();
}
