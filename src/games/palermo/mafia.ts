/**
 * Step 5 pricing (spec §3.6 step 5, G8, G10): all the step's cubes go in the cheapest legal
 * order, so the player is never asked for an order. Classes: BK, MV, and CO (common colours).
 */
import { BK, MAFIA_TARIFF, MV, bracket } from './constants.js';
import type { Vec } from './types.js';

const TARIFFS = [MAFIA_TARIFF.BK, MAFIA_TARIFF.MV, MAFIA_TARIFF.CO] as const;

/** Counts by class [BK, MV, CO] of a colour vector. */
export function byClass(x: Vec): [number, number, number] {
  return [x[BK]!, x[MV]!, x[0]! + x[1]! + x[2]! + x[3]! + x[4]!];
}

/** Cost of placing s[0] BK, then s[1] MV, then s[2] CO cubes, from the i0-th cube of the step on. */
function descCost(p0: number, s: readonly number[], i0: number): number {
  let i = i0, total = 0;
  for (let k = 0; k < 3; k++) {
    const tariff = TARIFFS[k]!;
    for (let n = 0; n < s[k]!; n++) total += tariff[bracket(p0 + i++)]!;
  }
  return total;
}

/**
 * The least total price of disposing of `mandatory` and `voluntary` cubes with `p0` cubes already
 * in the Mafia space, such that every voluntary cube is paid from `cash`; null when no order lets
 * the voluntary cubes be paid.
 */
export function mafiaTotal(p0: number, mandatory: Vec, voluntary: Vec, cash: number): number | null {
  const f = byClass(mandatory), v = byClass(voluntary);
  if (v[0] + v[1] + v[2] === 0) return descCost(p0, f, 0);
  let best: number | null = null;
  const s = [0, 0, 0], rest = [0, 0, 0];
  for (let x = 0; x <= f[0]; x++)
    for (let y = 0; y <= f[1]; y++)
      for (let z = 0; z <= f[2]; z++) {
        s[0] = v[0] + x; s[1] = v[1] + y; s[2] = v[2] + z;
        const pre = descCost(p0, s, 0);
        if (pre > cash) continue;
        rest[0] = f[0] - x; rest[1] = f[1] - y; rest[2] = f[2] - z;
        const total = pre + descCost(p0, rest, s[0] + s[1] + s[2]);
        if (best === null || total < best) best = total;
      }
  return best;
}
