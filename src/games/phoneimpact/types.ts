/** PhoneImpact data shapes: the state, the moves, and the views renderers and texts see. */
import type { RngState, Seat } from '../../engine/index.js';
import type { Component, EventId, ResType, RulesetId, Supplier } from './constants.js';

export interface PhoneImpactOptions {
  [key: string]: string | boolean;
  ruleset: RulesetId;
  /** The 20-minute game: the ruleset's reduced event set. */
  short: boolean;
  /** S13 option: after a phone or the last malus, the round is finished (always so in 2025). */
  finishRound: boolean;
}

/** A resource card is an id into the ruleset's card table (cards.ts). */
export type CardId = number;
/** A malus card is its printed index, 1..60. */
export type MalusId = number;
/** A hand group: "PP-MC" = PolluPlus common metal. */
export type GroupKey = `${Supplier}-${ResType}`;

export interface PlayerState {
  hand: CardId[];
  /** Oldest first. */
  malus: MalusId[];
  built: Partial<Record<Component, CardId[]>>;
}

/** Cards of each supplier taken for one recipe type: [PP, PM, RC]. */
export type Mix = [number, number, number];

export interface TradeOffer {
  from: Seat;
  to: Seat;
  give: GroupKey[];
  malus: number;
  ask: GroupKey[];
}

/** An event being resolved. */
export interface EventStep {
  id: EventId;
  step: 'quiz' | 'take' | 'e4' | 'e7' | 'e9' | 'e10' | 'e11';
  /** take/e7/e11/e10: the head acts next; e4/e9: everyone listed answers at once. */
  queue: Seat[];
  /** Quiz guesses (null until given). */
  guesses?: (number | null)[];
  /** Event 10 (seed): the target. */
  target?: Seat;
}

export type Phase = 'turn' | 'supply' | 'build' | 'tradeGive' | 'tradeAsk' | 'tradeAnswer' | 'event' | 'over';

export interface PhoneImpactState {
  rng: RngState;
  seats: number;
  ruleset: RulesetId;
  short: boolean;
  finishRound: boolean;
  phase: Phase;
  current: Seat;
  /** Player 1: reads events, starts every round. */
  first: Seat;
  round: number;
  players: PlayerState[];
  /** Supplier decks, top = last element. */
  decks: Record<Supplier, CardId[]>;
  faceUp: Record<Supplier, (CardId | null)[]>;
  malusDeck: MalusId[];
  /** Events still to draw, next first. */
  eventDeck: EventId[];
  revealed: EventId[];
  /** Resource cards out of the game (face down when an event discarded them: S21). */
  discard: CardId[];
  malusOut: MalusId[];
  flags: { trade: boolean; penalty: boolean; double: boolean; noDepollute: boolean };
  tradeUsed: boolean;
  /** The sub-step of a turn: which supplier or component is being answered, the trade draft. */
  supplier: Supplier | null;
  component: Component | null;
  trade: TradeOffer | null;
  event: EventStep | null;
  /** finish-round mode: a trigger fired, the round ends the game. */
  lastRound: boolean;
  /** Why the game ended (for logs and views). */
  endReason: 'phone' | 'malus' | 'event13' | 'events' | null;
  /** Last quiz: the guesses, public once revealed. */
  quizReveal: (number | null)[] | null;
}

export type PhoneImpactMove =
  | { type: 'supply'; supplier: Supplier; faceUp?: number[]; deck?: number }
  | { type: 'build'; component: Component; mix?: Partial<Record<ResType, Mix>> }
  | { type: 'depollute'; count: number }
  | { type: 'pass' }
  | { type: 'back' }
  | { type: 'trade' }
  | { type: 'tradeGive'; target: Seat; give: GroupKey[]; malus: number }
  | { type: 'offer'; target: Seat; give: GroupKey[]; malus: number; ask: GroupKey[] }
  | { type: 'tradeAnswer'; accept: boolean }
  | { type: 'guess'; kg: number }
  | { type: 'takeUp'; group: GroupKey }
  | { type: 'discardPP'; types: ResType[] }
  | { type: 'steal'; supplier: Supplier }
  | { type: 'keep'; pp: Partial<Record<ResType, number>> }
  | { type: 'e10'; option: 'malus' | Supplier }
  | { type: 'e11'; draw: boolean; discard?: GroupKey[] }
  | { type: 'ok' };

export interface CardView {
  supplier: Supplier;
  type: ResType;
}

export interface PlayerView {
  seat: Seat;
  /** Hand size per supplier: the backs are public. */
  handBySupplier: Record<Supplier, number>;
  malusCount: number;
  built: Partial<Record<Component, CardView[]>>;
  points: number;
  recyclOnBoard: number;
  ppOnBoard: number;
}

export interface PhoneImpactPublicView {
  game: 'phoneimpact';
  seats: number;
  ruleset: RulesetId;
  short: boolean;
  finishRound: boolean;
  phase: Phase;
  current: Seat;
  first: Seat;
  round: number;
  players: PlayerView[];
  faceUp: Record<Supplier, (CardView | null)[]>;
  deckSizes: Record<Supplier, number>;
  malusDeck: number;
  eventsLeft: number;
  lastEvent: EventId | null;
  revealed: EventId[];
  discardCount: number;
  malusOutCount: number;
  flags: PhoneImpactState['flags'];
  lastRound: boolean;
  endReason: PhoneImpactState['endReason'];
  /** Seats being waited for. */
  pending: Seat[];
  /** Event being resolved, its public step and the seats still to answer it, in order. */
  event: { id: EventId; step: EventStep['step']; target: Seat | null; queue: Seat[] } | null;
  /** The public side of a trade under way: target and card counts by supplier. */
  trade: { from: Seat; to: Seat; give: Record<Supplier, number>; malus: number; ask: Record<Supplier, number> } | null;
  quizReveal: (number | null)[] | null;
  /** The supplier or component being answered in a turn's sub-step; whether a trade was offered. */
  supplier: Supplier | null;
  component: Component | null;
  tradeUsed: boolean;
  /** Component points, bonus and penalty if the game ended now. */
  scores: number[];
}

export interface PhoneImpactSeatView extends PhoneImpactPublicView {
  seat: Seat;
  hand: CardView[];
  malus: MalusId[];
  /** The whole offer when this seat is a party to the trade under way. */
  offer: TradeOffer | null;
  /** This seat's quiz guess while the quiz is open. */
  myGuess: number | null;
  /** This seat's legal menu entries when it is its turn's menu. */
  menu: string[];
}
