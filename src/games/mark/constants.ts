/**
 * M.A.R.K. fixed data and every number the rules depend on (spec §2, §3, §4). Values the spec
 * marks RECONSTRUCTED sit in one named constant or table each, so a correction is one edit.
 */
import type { Colour } from './types.js';

/** Material colours in board order (white glass, blue cardboard, gold metal, green caps, red plastic). */
export const COLOURS: readonly Colour[] = ['white', 'blue', 'gold', 'green', 'red'];

/** The hammer die and the star die (spec §2): five colours plus a sticker on the black face. */
export const DIE_A: readonly (Colour | 'hammer')[] = ['white', 'blue', 'gold', 'green', 'red', 'hammer'];
export const DIE_B: readonly (Colour | 'star')[] = ['white', 'blue', 'gold', 'green', 'red', 'star'];

export const MATERIALS_PER_COLOUR = 8;
export const TOTAL_MATERIALS = MATERIALS_PER_COLOUR * COLOURS.length;
export const START_CASH = 30;
/** Squares in each of a company's two rows. */
export const ROW_SQUARES = 4;
/** A row holding more than this is "more than half full" and costs a storage fee. */
export const HALF_ROW = 2;
/** Storage fee per over-half-full row (5 for one row, 10 for both). */
export const FEE_PER_ROW = 5;
export const MARKET_ROWS = 5;
export const MARKET_SQUARES = 5;
/** Market row letters as printed on our board. */
/**
 * Not a rule: a star early in the game can allow more actions than fit as buttons (20). Then the
 * player names the colour first and picks among that colour's actions.
 */
export const MAX_FLAT_ACTIONS = 20;
export const ROW_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/**
 * RECONSTRUCTED (G1, G2): the money printed on the 25 market squares, one row per line, lowest
 * (the arrow) first. No source gives the real board; the rows differ so that choosing a row matters.
 */
export const MARKET_VALUES: readonly (readonly number[])[] = [
  [2, 4, 6, 8, 10],
  [3, 5, 7, 9, 11],
  [4, 6, 8, 10, 12],
  [5, 7, 9, 11, 13],
  [6, 8, 10, 12, 14],
];

/** Full market rows that end the game: all five, or four with the short variant (§3.4). */
export const END_ROWS_FULL = 5;
export const END_ROWS_SHORT = 4;

/**
 * The RECONSTRUCTED rulings G3–G9 (and G18–G21), named so that the code reads them where they apply.
 */
export const RULINGS = {
  /** G3/G18: hammer + star lets the roller name any live colour the bank still holds. */
  hammerStarNamesColour: true,
  /** G4: no auction for a removed or sold-out colour; the roller still rolls again. */
  rerollWithoutAuction: true,
  /** G5: the lowest bid; all at 0 means the tie rule gives the material to the roller for free. */
  minBid: 0,
  /** G6: the second action of a double may move the material the first one moved. */
  doubleMayReuseMaterial: true,
  /** G7/G21: an unpaid fee returns materials until each over-full row holds exactly HALF_ROW. */
  unpaidFeeReturnsTo: HALF_ROW,
  /** G8: the game ends at once when the last required row fills, even mid-double. */
  endImmediately: true,
  /** G9: equal cash at the end shares the rank (no further tie-break). */
  sharedVictory: true,
  /** G10: money is public by default; an option makes it private. */
  privateMoneyDefault: false,
} as const;

export function colourIndex(colour: Colour): number {
  return COLOURS.indexOf(colour);
}

export function isColour(value: unknown): value is Colour {
  return typeof value === 'string' && (COLOURS as readonly string[]).includes(value);
}

export function rowsToEnd(short: boolean): number {
  return short ? END_ROWS_SHORT : END_ROWS_FULL;
}
