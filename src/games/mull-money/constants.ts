/**
 * Müll + Money fixed data and every number the rules depend on (spec §2–§4). Values the spec marks
 * RECONSTRUCTED each sit in one named constant or table, so a correction is one edit.
 */
import type { Card, RuleId, Service } from './types.js';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 4;

/** The 53 action cards (spec §2, G1). In the variant the 3 Transport cards are Negotiation cards. */
export const DECK_COUNTS: Readonly<Record<Exclude<Card, 'negotiation'>, number>> = {
  production: 9,
  raw: 8,
  growth: 8,
  innovation: 7,
  disposal: 7,
  expert: 4,
  hiring: 4,
  transport: 3,
  corruption: 2,
  alert: 1,
};
export const DECK_SIZE = 53;
export const CARDS: readonly Card[] = ['production', 'raw', 'growth', 'innovation', 'disposal', 'expert', 'hiring', 'transport', 'negotiation', 'corruption', 'alert'];
export const SERVICES: readonly Service[] = ['personnel', 'raw', 'waste'];

/** Bilan board (§3.1): growth 14..20 left to right, staff 5..1 top to bottom. */
export const GROWTH_MIN = 14;
export const GROWTH_MAX = 20;
export const STAFF_MIN = 1;
export const STAFF_MAX = 5;

/** Production-factor holes (§3.2, G3): the value above each hole and its end points. */
export const SERVICE_START = 5;
export const SERVICE_BEST = 1;
export const SERVICE_POINTS: Readonly<Record<number, number>> = { 5: 1, 4: 3, 3: 6, 2: 10, 1: 15 };

/** Depot (G4): 0..16; green up to 8, yellow up to 12, red above. */
export const DEPOT_MAX = 16;
export const GREEN_MAX = 8;
export const YELLOW_MAX = 12;

export const START_CASH = 15;
export const START_SILO = 5;
export const RAW_SUPPLY = 50;
export const LOAN = 10;

export const INNOVATION_COST = 5;
export const EXPERT_PRODUCTION_BONUS = 5;
export const DISPOSAL_STEPS = 3;

/** Alert fines per zone (§4.5), and at the final alert (RECONSTRUCTED G22: same as any Alert). */
export const ALERT_FINES = { yellow: 5, red: 10 } as const;
export const FINAL_ALERT_FINES = { yellow: 5, red: 10 } as const;
/** Squares the pawn goes left at an Alert. */
export const ALERT_STEPS = { yellow: 1, red: 2 } as const;
/** What a Corruption card costs instead of the fine (G5). */
export const CORRUPTION_FEE = 1;

/** RECONSTRUCTED G21: the highest bid allowed in any auction. */
export const MAX_BID = 99;
/** RECONSTRUCTED G24: the game ends after this mission even if no pawn reached growth 20. */
export const MAX_MISSIONS = 30;

/** Experimental variant (§4.10). */
/** RECONSTRUCTED G25: the common track is 16 per player, green to 8N, yellow to 12N. */
export const COMMON_PER_PLAYER = 16;
export const COMMON_GREEN_PER_PLAYER = 8;
export const COMMON_YELLOW_PER_PLAYER = 12;
/** §4.10.1 (5): Waste Disposal moves the common marker back 2 (4 with an Expert, RECONSTRUCTED). */
export const VARIANT_DISPOSAL_STEPS = 2;
/** §4.10.2: a clean-up costs 1 million and moves the common marker back 1. */
export const CLEANUP_COST = 1;
export const CLEANUP_STEPS = 1;
/** RECONSTRUCTED (N2): waste values barred from producing while the common marker is in the red. */
export const N2_BARRED_WASTE_MIN = 4;
/** §4.10.3: vote weights by cash after the answer's loans: below 10 → 1, 10..20 → 2, above → 3. */
export const VOTE_WEIGHT_LOW = 10;
export const VOTE_WEIGHT_HIGH = 20;
/** §4.10.3: at most this many loans in a vote answer (3 lift any cash above 20). */
export const VOTE_MAX_LOANS = 3;
export const RULE_IDS: readonly RuleId[] = ['N1', 'N2', 'N3'];

/**
 * Decisions taken where the spec is silent (written down here, as the brief asks):
 * - Alert answers are collected from every seat concerned at once; they are not secret (kept cards
 *   and zones are public), so each answer is a log line and the Alert resolves when all are in.
 * - The last chooser of lots is still asked (two different lots); the unchosen lot is discarded.
 * - The vote form of the proposer has no vote field (yes); a player with nothing but "yes, no loan"
 *   to answer is never asked.
 * - An auction bidder whose turn comes with the high bid at MAX_BID passes without being asked (T17).
 * - The common track in the variant replaces depots; Transport cards are named Negotiation there.
 */
export const RULINGS = {
  /** G13: repaying a loan with an Expert needs cash ≥ 10. */
  repayNeedsCash: LOAN,
  /** G31: the final Alert uses a held Corruption automatically (always the better answer). */
  finalAlertAutoCorruption: true,
  /** G33: equal score and cash share the rank. */
  sharedRank: true,
} as const;

export function servicePoints(value: number): number {
  return SERVICE_POINTS[value] ?? 0;
}

export type Zone = 'green' | 'yellow' | 'red';

export function depotZone(depot: number): Zone {
  return depot <= GREEN_MAX ? 'green' : depot <= YELLOW_MAX ? 'yellow' : 'red';
}

export function commonLength(seats: number): number {
  return COMMON_PER_PLAYER * seats;
}

export function commonZone(marker: number, seats: number): Zone {
  return marker <= COMMON_GREEN_PER_PLAYER * seats ? 'green' : marker <= COMMON_YELLOW_PER_PLAYER * seats ? 'yellow' : 'red';
}

export function isCard(v: unknown): v is Card {
  return typeof v === 'string' && (CARDS as readonly string[]).includes(v);
}

export function isService(v: unknown): v is Service {
  return v === 'personnel' || v === 'raw' || v === 'waste';
}
