/**
 * For the leak tests: the same table with other secrets. Other players' cash (never below what
 * public facts allow: a payment always leaves it ≥ 0), unrevealed votes but `keep`'s, the deck
 * order and the RNG are redrawn. Once the game is over cash is public and stays as it is.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { cloneState } from './clone.js';
import type { MullState } from './types.js';

export function withOtherSecrets(state: MullState, rng: Rng, keep?: Seat): MullState {
  const other = cloneState(state);
  if (other.phase !== 'over') {
    other.players.forEach((p, seat) => {
      if (seat !== keep) p.cash = rng.int(60);
    });
  }
  other.vote?.answers.forEach((a, seat) => {
    if (a && seat !== keep) a.vote = a.vote === 'abstain' || seat === other.vote!.proposer ? a.vote : rng.int(2) ? 'yes' : 'no';
  });
  rng.shuffle(other.deck);
  other.rng = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
  return other;
}
