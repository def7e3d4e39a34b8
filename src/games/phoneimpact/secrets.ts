/**
 * For the leak tests: the same table with other secrets. Hand types are dealt again within each
 * supplier (the backs are public), with the supplier decks and face-down discards; the order of
 * the malus deck below its ordered top is shuffled again; unsent quiz guesses change.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { SUPPLIERS } from './constants.js';
import { CARD_TABLES } from './cards.js';
import { cloneState } from './table.js';
import type { CardId, PhoneImpactState } from './types.js';

export function withOtherSecrets(state: PhoneImpactState, rng: Rng, keep?: Seat): PhoneImpactState {
  const s = cloneState(state);
  const sup = CARD_TABLES[s.ruleset].supplier;
  for (const x of SUPPLIERS) {
    const pool: CardId[] = [];
    const slots: { list: CardId[]; i: number }[] = [];
    const add = (list: CardId[]) => list.forEach((id, i) => {
      if (sup[id] === x) {
        pool.push(id);
        slots.push({ list, i });
      }
    });
    s.players.forEach((p, q) => {
      if (q !== keep) add(p.hand);
    });
    add(s.decks[x]);
    // Event discards lie face down (S21); the "5 identical" ones were seen, but counts suffice.
    add(s.discard);
    rng.shuffle(pool);
    slots.forEach((slot, k) => (slot.list[slot.i] = pool[k]!));
  }
  s.discard.sort((a, b) => a - b);
  const top = s.malusDeck.filter((m) => m <= 6);
  const rest = rng.shuffle(s.malusDeck.filter((m) => m > 6));
  s.malusDeck = [...rest, ...top];
  if (s.event?.step === 'quiz') s.event.guesses = s.event.guesses!.map((g, q) => (g === null || q === keep ? g : rng.int(5000)));
  s.rng = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
  return s;
}
