/** M.A.R.K. data shapes: the state, the moves, and the views renderers and /status see. */
import type { RngState, Seat } from '../../engine/index.js';

export type Colour = 'white' | 'blue' | 'gold' | 'green' | 'red';
export type Face = Colour | 'hammer' | 'star';
/** One company square: a material's colour, or empty. */
export type Square = Colour | null;

export interface MarkOptions {
  [key: string]: string | boolean;
  /** Ends the game when 4 of the 5 market rows are full (seed variant). */
  short: boolean;
  /** Each player's cash is seen by that player only (G10). */
  privateMoney: boolean;
}

/** A company: row 1 takes materials in, row 2 holds finished products ready to sell. */
export interface Company {
  row1: Square[];
  row2: Square[];
}

export interface MarketRow {
  /** The colour this row belongs to, set by that colour's first sale. */
  colour: Colour | null;
  /** Squares used, from the lowest value on. 5 = full, and the colour is removed. */
  filled: number;
}

/**
 * Steps. Decision steps: `return` (unpaid fee), `colour` (a star with a long action list: the
 * colour first), `act` (pick an action), `name` (hammer + star),
 * `bid` (everyone, secret), `place` (auction winner), `over`. Transient steps, run by apply
 * without asking anyone: `turn` (fee), `roll`, `actions` (settle forced actions), `next`.
 */
export type Phase = 'turn' | 'roll' | 'actions' | 'next' | 'return' | 'colour' | 'act' | 'name' | 'bid' | 'place' | 'over';

export interface Auction {
  colour: Colour;
  /** Sealed bids by seat; null while that seat has not bid. Secret until the last is in. */
  bids: (number | null)[];
}

export interface MarkState {
  rng: RngState;
  seats: number;
  short: boolean;
  privateMoney: boolean;
  phase: Phase;
  current: Seat;
  /** Turns started, for logs and views. */
  turn: number;
  /** The latest roll, [hammer die, star die]. */
  dice: [Face, Face] | null;
  /** Colours the current roll allows for actions. */
  colours: Colour[];
  /** Actions still to take for this roll (2 on a double). */
  actionsLeft: number;
  market: MarketRow[];
  companies: Company[];
  cash: number[];
  bank: Record<Colour, number>;
  /** Materials that left the game when their colour's row filled. */
  out: Record<Colour, number>;
  auction: Auction | null;
  /** The auction winner who must place the material. */
  placer: Seat | null;
}

export type Action =
  | { type: 'take'; colour: Colour; to: number }
  | { type: 'process'; from: number; to: number }
  | { type: 'sell'; from: number; row: number };

export type MarkMove =
  | Action
  | { type: 'return'; row1: number[]; row2: number[] }
  | { type: 'name'; colour: Colour }
  | { type: 'colour'; colour: Colour }
  | { type: 'bid'; amount: number }
  | { type: 'place'; to: number };

export interface MarketRowView extends MarketRow {
  letter: string;
  values: readonly number[];
}

export interface PlayerView extends Company {
  seat: Seat;
  /** Null when money is private and this is not the reader's own cash. */
  cash: number | null;
  /** Storage fee this company would owe at the start of its turn. */
  fee: number;
}

/** Everything anyone at the table may see. Never holds hidden cash or sealed bids. */
export interface MarkPublicView {
  game: 'mark';
  seats: number;
  short: boolean;
  privateMoney: boolean;
  rowsToEnd: number;
  fullRows: number;
  phase: Phase;
  current: Seat;
  turn: number;
  dice: [Face, Face] | null;
  colours: Colour[];
  actionsLeft: number;
  market: MarketRowView[];
  players: PlayerView[];
  bank: Record<Colour, number>;
  out: Record<Colour, number>;
  removed: Colour[];
  /** The running auction: its colour and who still has to bid (never the amounts). */
  auction: { colour: Colour; waiting: Seat[] } | null;
  placer: Seat | null;
}

export interface MarkSeatView extends MarkPublicView {
  seat: Seat;
  /** This seat's own cash, whatever the money option. */
  myCash: number;
  /** This seat's sealed bid in the running auction, if already made. */
  myBid: number | null;
}
