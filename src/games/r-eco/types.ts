/** R-Eco data shapes: the private state, the moves, and the views renderers and /status see. */
import type { RngState, Seat } from '../../engine/index.js';

export type Colour = 'red' | 'blue' | 'yellow' | 'green';

/** A waste card as players see it: its colour and how many waste units it shows. */
export interface Card {
  colour: Colour;
  value: number;
}

/** Cards are ids into the fixed deck table (see constants.ts), so the state stays small. */
export type CardId = number;

export interface Reward {
  colour: Colour;
  value: number;
}

export interface REcoOptions {
  [key: string]: string | boolean;
  /** Allows 2 players, with the 2-player reward stacks and bonus (spec §7). */
  twoPlayer: boolean;
}

export interface CentreState {
  /** Reward stack, top first. */
  stack: number[];
  factory: CardId[];
  dump: CardId[];
}

export interface PlayerState {
  hand: CardId[];
  rewards: Reward[];
  dumped: CardId[];
}

export interface REcoState {
  rng: RngState;
  seats: number;
  /** `play`: current must play cards; `dump`: current must dump down to the hand limit. */
  phase: 'play' | 'dump' | 'over';
  current: Seat;
  /** Colour played this turn; the refill after the dump step needs it. */
  playedColour: Colour | null;
  players: PlayerState[];
  centres: Record<Colour, CentreState>;
  drawPile: CardId[];
  discard: CardId[];
  endTriggered: boolean;
  /** Completed turns, for logs and views. */
  turn: number;
}

export type REcoMove = { type: 'play'; cards: CardId[] } | { type: 'dump'; cards: CardId[] };

export interface CentreView {
  colour: Colour;
  stack: number[];
  factory: Card[];
  factoryUnits: number;
  dump: Card[];
}

export interface PlayerView {
  seat: Seat;
  handSize: number;
  rewards: Reward[];
  dumpedCount: number;
  /** Score if the game ended now (colour sums, singletons dropped, penalty and bonus). */
  score: number;
  /** The clean-player bonus included in `score` (0 once this player dumped, or while nobody has). */
  bonus: number;
}

/** Everything anyone at the table may see. Contains no card ids, so it cannot leak deck order. */
export interface REcoPublicView {
  game: 'r-eco';
  seats: number;
  phase: 'play' | 'dump' | 'over';
  current: Seat;
  turn: number;
  centres: CentreView[];
  players: PlayerView[];
  drawCount: number;
  discardCount: number;
  /** Present only if DISCARD_CONTENTS_PUBLIC is switched on (G9); off by default. */
  discardCards?: Card[];
  endTriggered: boolean;
}

export interface HandCard extends Card {
  id: CardId;
}

export interface REcoSeatView extends REcoPublicView {
  seat: Seat;
  hand: HandCard[];
  /** How many cards this seat must dump now (0 unless it is in the dump step). */
  mustDump: number;
}
