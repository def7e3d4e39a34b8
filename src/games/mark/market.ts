/** The 5 × 5 market (spec §3.1, §3.3 SELL and row completion, G1). */
import { COLOURS, MARKET_SQUARES, MARKET_VALUES } from './constants.js';
import type { Colour, MarketRow } from './types.js';

/** The row that belongs to a colour, or -1 before its first sale. */
export function rowOf(market: readonly MarketRow[], colour: Colour): number {
  for (let r = 0; r < market.length; r++) if (market[r]!.colour === colour) return r;
  return -1;
}

/** A colour is removed once its row is full: its materials are worthless and leave the game. */
export function isRemoved(market: readonly MarketRow[], colour: Colour): boolean {
  const r = rowOf(market, colour);
  return r >= 0 && market[r]!.filled >= MARKET_SQUARES;
}

export function liveColours(market: readonly MarketRow[]): Colour[] {
  return COLOURS.filter((c) => !isRemoved(market, c));
}

export function removedColours(market: readonly MarketRow[]): Colour[] {
  return COLOURS.filter((c) => isRemoved(market, c));
}

export function fullRows(market: readonly MarketRow[]): number {
  let n = 0;
  for (const row of market) if (row.filled >= MARKET_SQUARES) n++;
  return n;
}

/** Money the next sale into this row pays (its next empty square), or 0 when full. */
export function nextValue(market: readonly MarketRow[], row: number): number {
  const r = market[row];
  if (!r || r.filled >= MARKET_SQUARES) return 0;
  return MARKET_VALUES[row]![r.filled]!;
}

/** Rows a colour's first sale may open. */
export function openRows(market: readonly MarketRow[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < market.length; r++) if (market[r]!.colour === null) out.push(r);
  return out;
}

/**
 * What the next sale of a colour would pay at best: its row's next square, or the best open
 * row on a first sale. Used by the bot and the hints.
 */
export function bestPrice(market: readonly MarketRow[], colour: Colour): number {
  const r = rowOf(market, colour);
  if (r >= 0) return nextValue(market, r);
  let best = 0;
  for (const o of openRows(market)) best = Math.max(best, nextValue(market, o));
  return best;
}
