/** Müll + Money data shapes: the state, the moves, and the views renderers and /status see. */
import type { RngState, Seat } from '../../engine/index.js';

export type Card =
  | 'production' | 'raw' | 'growth' | 'innovation' | 'disposal' | 'expert' | 'hiring'
  | 'transport' | 'negotiation' | 'corruption' | 'alert';
export type Service = 'personnel' | 'raw' | 'waste';
export type RuleId = 'N1' | 'N2' | 'N3';
/** A Negotiation proposal: a rule to bring in, `-N1` etc. to repeal one, or nothing. */
export type Proposal = RuleId | `-${RuleId}` | 'none';

export interface MullOptions {
  [key: string]: string | boolean;
  experimental: boolean;
  /** Rules that may be proposed in the variant, e.g. "N1N2N3". */
  rules: string;
}

export interface Player {
  growth: number;
  staff: number;
  personnel: number;
  raw: number;
  waste: number;
  depot: number;
  silo: number;
  /** Secret: seen by its owner only until the scoring. */
  cash: number;
  loans: number;
  /** The cards this player holds in this mission (face up). */
  hand: Card[];
  /** The card carried over to the next mission (face up). */
  kept: Card | null;
  done: boolean;
}

/**
 * Steps where someone decides: `alert` (Corruption answers), `choose` (a lot), `name` (N3: name a
 * lot to auction), `play` (a card turn), `bid` (an auction), `vote` (variant), `over`. `deal` and
 * `wages` (with the rotation) run inside apply without asking anyone.
 */
export type Phase = 'deal' | 'alert' | 'choose' | 'name' | 'play' | 'bid' | 'vote' | 'wages' | 'over';

export interface Auction {
  kind: 'raw' | 'lot';
  /** The seller (raw) or the player who named the lot (N3). */
  owner: Seat;
  /** Raw materials for sale, or the index of the lot. */
  count: number;
  lot: number;
  order: Seat[];
  /** Index in `order` of the bidder to answer. */
  turn: number;
  high: number;
  highBidder: Seat | null;
}

export interface AlertState {
  final: boolean;
  /** Per seat: null = nothing to ask, 'ask' = still to answer, else the answer. */
  answers: (null | 'ask' | 'use' | 'pay')[];
}

export interface Vote {
  proposer: Seat;
  proposal: Exclude<Proposal, 'none'>;
  /** Per seat: null while unanswered. Secret until all are in. */
  answers: (VoteAnswer | null)[];
}

export interface VoteAnswer {
  vote: 'yes' | 'no' | 'abstain';
  corruption: boolean;
  loans: number;
}

export interface MullState {
  rng: RngState;
  seats: number;
  experimental: boolean;
  /** Rules that may be proposed (variant). */
  menu: RuleId[];
  inForce: RuleId[];
  common: number;
  phase: Phase;
  mission: number;
  first: Seat;
  current: Seat;
  /** The current player has played this turn (an auction or vote may still be running). */
  turnDone: boolean;
  players: Player[];
  deck: Card[];
  discard: Card[];
  alertAside: boolean;
  /** The lots being dealt or on offer (null once taken). */
  lots: (Card[] | null)[];
  /** Cards dealt into lots this layout (deals resume after an Alert). */
  dealt: number;
  supply: number;
  endTriggered: boolean;
  alert: AlertState | null;
  auction: Auction | null;
  vote: Vote | null;
  /** N3: who still has no lot this mission. */
  unserved: Seat[];
}

export type PlayMove =
  | { type: 'play'; card: Card; expert?: boolean; up?: boolean; services?: Service[] }
  | { type: 'repay' }
  | { type: 'discard'; card: Card }
  | { type: 'keep' }
  | { type: 'negotiate'; cleanup: boolean; proposal: Proposal };

export type MullMove =
  | PlayMove
  | { type: 'corruption'; use: boolean }
  | { type: 'lot'; lot: number }
  | { type: 'bid'; amount: number }
  | { type: 'pass' }
  | ({ type: 'vote' } & VoteAnswer);

export interface PlayerView {
  seat: Seat;
  growth: number;
  staff: number;
  personnel: number;
  raw: number;
  waste: number;
  depot: number;
  silo: number;
  loans: number;
  hand: Card[];
  kept: Card | null;
  done: boolean;
  /** Only once the game is over. */
  cash: number | null;
}

/** Everything anyone may see. Never holds hidden cash, the deck order or unrevealed votes. */
export interface MullPublicView {
  game: 'mull-money';
  seats: number;
  experimental: boolean;
  menu: RuleId[];
  inForce: RuleId[];
  common: number;
  commonLength: number;
  phase: Phase;
  mission: number;
  first: Seat;
  current: Seat;
  players: PlayerView[];
  deckSize: number;
  discard: Card[];
  alertAside: boolean;
  lots: (Card[] | null)[];
  supply: number;
  endTriggered: boolean;
  alert: { final: boolean; waiting: Seat[] } | null;
  auction: Auction | null;
  vote: { proposer: Seat; proposal: Exclude<Proposal, 'none'>; waiting: Seat[] } | null;
  unserved: Seat[];
  pending: Seat[];
}

export interface MullSeatView extends MullPublicView {
  seat: Seat;
  myCash: number;
  myVote: VoteAnswer | null;
}
