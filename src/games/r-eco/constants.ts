/**
 * R-Eco fixed data: the waste deck, the reward stacks and the numbers the rules depend on
 * (spec §2, §3.4, §4 and §7). Values marked RECONSTRUCTED or "partially confirmed" are our own
 * decisions where no source settles the question; each sits in one constant so a correction is
 * a single edit.
 */
import type { Card, CardId, Colour } from './types.js';

export const COLOURS: readonly Colour[] = ['red', 'blue', 'yellow', 'green'];

/**
 * Waste cards of each colour, by value (G1). 19 × "1" + 3 × "2" per colour is the R-Öko split;
 * the exact singles count of the seed's own print is unconfirmed, hence one place to change it.
 */
export const WASTE_CARDS_PER_COLOUR: readonly { value: number; count: number }[] = [
  { value: 1, count: 19 },
  { value: 2, count: 3 },
];

/** The waste deck: a card id is its index here. Ids run colour by colour, ones before twos. */
export const DECK: readonly Card[] = COLOURS.flatMap((colour) =>
  WASTE_CARDS_PER_COLOUR.flatMap(({ value, count }) => Array.from({ length: count }, () => Object.freeze({ colour, value }))),
);

export const DECK_SIZE = DECK.length;

/** Reward stacks, top first (G2). The 3–4 player stack drops one of the two 3s. */
export const REWARD_STACK_3_4: readonly number[] = [0, 1, 2, 3, -2, 4, 5];
export const REWARD_STACK_5: readonly number[] = [0, 1, 2, 3, 3, -2, 4, 5];
/** 2-player variant (§7, G10): both 3s removed. */
export const REWARD_STACK_2: readonly number[] = [0, 1, 2, -2, 4, 5];

export function rewardStackFor(seats: number): readonly number[] {
  if (seats <= 2) return REWARD_STACK_2;
  return seats === 5 ? REWARD_STACK_5 : REWARD_STACK_3_4;
}

/** More cards than this in hand after collecting forces illegal dumping. */
export const HAND_LIMIT = 5;
/** Waste units a factory needs to pay out a reward. */
export const THRESHOLD = 4;
export const START_HAND = 3;
/** Cards put face up on each centre's dump at setup. */
export const START_DUMP = 1;

/** Partially confirmed (G10): the only source is cut off after "4 points per player in a 2 pla…". */
export const TWO_PLAYER_BONUS_PER_DUMPER = 4;

/** Clean-player bonus per player who dumped, by player count (G7). */
export const CLEAN_BONUS_PER_DUMPER: Readonly<Record<number, number>> = {
  2: TWO_PLAYER_BONUS_PER_DUMPER,
  3: 2,
  4: 1,
  5: 1,
};

export function cleanBonusPerDumper(seats: number): number {
  return CLEAN_BONUS_PER_DUMPER[seats] ?? 1;
}

/**
 * What a refill does when the draw pile and the discard pile are both empty (G4).
 * RECONSTRUCTED: no source covers it; we place as many cards as could be drawn (possibly none).
 * 'end-game' would instead end the game after that turn.
 */
export const REFILL_SHORTFALL: 'place-what-remains' | 'end-game' = 'place-what-remains';

/** RECONSTRUCTED (G9): the discard pile's contents are not shown, only its size. */
export const DISCARD_CONTENTS_PUBLIC: boolean = false;

export function cardOf(id: CardId): Card {
  const card = DECK[id];
  if (!card) throw new RangeError(`unknown R-Eco card id ${id}`);
  return card;
}

export function isCardId(value: unknown): value is CardId {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** Waste units shown by a set of cards (a "2" card counts 2). */
export function unitsOf(ids: readonly CardId[]): number {
  let units = 0;
  for (const id of ids) units += cardOf(id).value;
  return units;
}
