/**
 * Palermo data shapes. The state is split so that everything public sits in `Table` (players'
 * boards, rows, auction); the secrets (hands, set-up draws, deck order) sit beside it. Views share
 * the table and the bot reads the same functions the rules use.
 */
import type { RngState, Seat } from '../../engine/index.js';

/** A count per colour (indices of COLOURS). */
export type Vec = number[];

export interface PalermoOptions {
  [key: string]: string | boolean;
  turns: string;
  /** The free-choice variant (§3.9) instead of auctions. */
  choice: boolean;
}

export interface HeldContract {
  card: number;
  price: number;
  life: number;
}
export interface OwnedEquipment {
  card: number;
  /** Turns left; null = unlimited (G2). */
  life: number | null;
  /** Turn bought, for display order. */
  at: number;
}

export type ZoneName = 'bulk' | 'sorted' | 'storage' | 'recycling' | 'incin2' | 'incin1' | 'decon' | 'toMafia';
export const ZONES: readonly ZoneName[] = ['bulk', 'sorted', 'storage', 'recycling', 'incin2', 'incin1', 'decon', 'toMafia'];

/** One player's public board. */
export interface Board {
  cash: number;
  debt: number;
  contracts: HeldContract[];
  equipment: OwnedEquipment[];
  bulk: Vec;
  sorted: Vec;
  storage: Vec;
  recycling: Vec;
  incin2: Vec;
  incin1: Vec;
  decon: Vec;
  toMafia: Vec;
  handCount: number;
  /** Set-up: this player has sealed its choices. */
  ready: boolean;
  /** Phase C limits (G33). */
  boughtDone: boolean;
  saleDone: boolean;
  destroyDone: boolean;
  offeredTo: Seat[];
  /** Phase D: won a contract this turn. */
  won: boolean;
  /** Cubes this player has handed to the Mafia so far (for the class debrief); absent = none. */
  mafiaCubes?: number;
}

export type Phase = 'setup' | 'B' | 'C' | 'D' | 'over';
/** B: sell, factory, store, sort, mafia. C: menu, buy, offer, destroy, refill, answer (buyer). D: name, bid (auctions) or pick (variant). */
export type Step =
  | 'setup'
  | 'sell' | 'factory' | 'store' | 'sort' | 'mafia'
  | 'menu' | 'buy' | 'offer' | 'destroy' | 'refill' | 'answer'
  | 'name' | 'bid' | 'pick' | 'picked'
  | 'over';

export interface Offer {
  seller: Seat;
  buyer: Seat;
  /** Index into the seller's contracts. */
  contract: number;
  amount: number;
}

export interface Auction {
  eligible: boolean[];
  /** Contract cards not yet offered this phase D. */
  unoffered: number[];
  card: number | null;
  opener: Seat;
  active: boolean[];
  high: number | null;
  highBidder: Seat | null;
  turn: Seat;
}

/** Everything public. */
export interface Table {
  seats: number;
  turns: number;
  turn: number;
  phase: Phase;
  step: Step;
  /** Field groups of the current phase B step (a split step has two), fixed at step entry. */
  groups: string[][];
  part: number;
  /** Voluntary Mafia cubes chosen in the first form of a split step 5. */
  heldVoluntary: Vec;
  current: Seat;
  firstPlayer: Seat;
  boards: Board[];
  market: Vec;
  mafia: Vec;
  contractRow: number[];
  /** Free-choice variant only: the ladder step of each contract on offer (same order); else null. */
  ladder: number[] | null;
  equipmentRow: number[];
  contractDeckCount: number;
  equipmentDeckCount: number;
  contractDiscard: number[];
  equipmentDiscardCount: number;
  offer: Offer | null;
  auction: Auction | null;
}

export interface PalermoState extends Table {
  rng: RngState;
  hands: number[][];
  /** Set-up draws: 3 contracts and 6 equipment cards per player, until everyone has chosen. */
  draws: { contracts: number[]; equipment: number[] }[];
  /** Sealed set-up choices (kept contract, kept equipment) until the last player chooses. */
  picks: ({ contract: number; equipment: number[] } | null)[];
  contractDeck: number[];
  equipmentDeck: number[];
  equipmentDiscard: number[];
  /** Cubes taken from the unlimited supply and not yet returned, per colour (for conservation). */
  issued: Vec;
}

export type PalermoMove =
  | { type: 'setup'; contract: number; equipment: number[] }
  /** A phase B form: counts by field id (colour codes, or b2BR, rYE… for factories). */
  | { type: 'counts'; step: Step; values: Record<string, number> }
  | { type: 'menu'; item: 'buy' | 'offer' | 'destroy' | 'refill' }
  | { type: 'back' }
  | { type: 'buy'; buy: number[]; discard: number[] }
  | { type: 'offer'; contract: number; buyer: Seat; amount: number }
  | { type: 'answer'; accept: boolean }
  | { type: 'destroy'; index: number }
  /** Refill: a face-up card, or null for the deck's top card. */
  | { type: 'refill'; card: number | null }
  | { type: 'name'; card: number }
  | { type: 'bid'; amount: number }
  /** Free-choice variant: take a contract on offer at its current value. */
  | { type: 'pick'; card: number }
  | { type: 'pass' };

export interface PalermoPublicView extends Table {
  game: 'palermo';
}

export interface PalermoSeatView extends PalermoPublicView {
  seat: Seat;
  hand: number[];
  draws: { contracts: number[]; equipment: number[] } | null;
}
