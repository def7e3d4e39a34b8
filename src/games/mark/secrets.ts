/**
 * For the leak tests: the same table with other secrets. Sealed bids already made (but `keep`'s),
 * other players' cash when money is private, and the dice to come (the RNG) are redrawn.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { cloneState } from './turn.js';
import type { MarkState } from './types.js';

export function withOtherSecrets(state: MarkState, rng: Rng, keep?: Seat): MarkState {
  const other = cloneState(state);
  if (other.privateMoney && other.phase !== 'over') {
    for (let seat = 0; seat < other.seats; seat++) if (seat !== keep) other.cash[seat] = rng.int(80);
  }
  const bids = other.auction?.bids;
  if (bids) {
    for (let seat = 0; seat < bids.length; seat++) {
      if (seat !== keep && bids[seat] !== null) bids[seat] = rng.int(other.cash[seat]! + 1);
    }
  }
  other.rng = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
  return other;
}
