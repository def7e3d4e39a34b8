/**
 * For the leak tests: the same table with other secrets. Hands (but `keep`'s), face-down dumped
 * cards, the draw pile's order and make-up, the discard when it is not public, and the RNG are
 * dealt again from one pool, so every count stays the same.
 */
import { cloneJson, type Rng, type Seat } from '../../engine/index.js';
import { DISCARD_CONTENTS_PUBLIC } from './constants.js';
import type { CardId, REcoState } from './types.js';

export function withOtherSecrets(state: REcoState, rng: Rng, keep?: Seat): REcoState {
  const other = cloneJson(state);
  const pool: CardId[] = [];
  other.players.forEach((p, seat) => {
    if (seat !== keep) pool.push(...p.hand);
    pool.push(...p.dumped);
  });
  pool.push(...other.drawPile);
  if (!DISCARD_CONTENTS_PUBLIC) pool.push(...other.discard);
  rng.shuffle(pool);
  const deal = (n: number) => pool.splice(0, n);
  other.players.forEach((p, seat) => {
    if (seat !== keep) p.hand = deal(p.hand.length);
    p.dumped = deal(p.dumped.length);
  });
  other.drawPile = deal(other.drawPile.length);
  if (!DISCARD_CONTENTS_PUBLIC) other.discard = deal(other.discard.length);
  other.rng = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
  return other;
}
