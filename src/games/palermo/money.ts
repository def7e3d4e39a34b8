/** The three money primitives of spec §3.2; every money move in the game goes through them. */
import type { Board } from './types.js';

/** Income x > 0. While in debt the Mafia withholds multiples of 2 (each 2 Mβ = 1 debt), capped by the debt (G11). */
export function receive(b: Board, x: number): { withheld: number } {
  if (x <= 0) return { withheld: 0 };
  if (b.debt === 0) {
    b.cash += x;
    return { withheld: 0 };
  }
  const k = Math.min(Math.floor(x / 2), b.debt);
  b.debt -= k;
  b.cash += x - 2 * k;
  return { withheld: 2 * k };
}

/** A payment that may not be refused: the Mafia lends what is missing. Returns the new debt. */
export function forcedPay(b: Board, y: number): { borrowed: number } {
  if (y <= 0) return { borrowed: 0 };
  if (b.cash >= y) {
    b.cash -= y;
    return { borrowed: 0 };
  }
  const borrowed = y - b.cash;
  b.debt += borrowed;
  b.cash = 0;
  return { borrowed };
}

/** A payment the player chose: legal only from cash. Returns false (and changes nothing) otherwise. */
export function voluntaryPay(b: Board, y: number): boolean {
  if (y > b.cash) return false;
  b.cash -= y;
  return true;
}

/** Score and wealth (G21): cash − 2 × debt. */
export function wealth(b: Board): number {
  return b.cash - 2 * b.debt;
}
