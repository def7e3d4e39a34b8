/**
 * For the leak tests: the same table with other secrets. Hands (but `keep`'s), set-up draws and
 * sealed picks, the decks' order and make-up and the equipment discard are dealt again from the
 * same pools, so every public count stays the same.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { cloneState } from './clone.js';
import type { PalermoState } from './types.js';

export function withOtherSecrets(state: PalermoState, rng: Rng, keep?: Seat): PalermoState {
  const s = cloneState(state);
  const eq: number[] = [...s.equipmentDeck, ...s.equipmentDiscard];
  const co: number[] = [...s.contractDeck];
  s.hands.forEach((h, seat) => {
    if (seat !== keep) eq.push(...h);
  });
  s.draws.forEach((d, seat) => {
    if (seat === keep) return;
    co.push(...d.contracts);
    eq.push(...d.equipment);
  });
  rng.shuffle(eq);
  rng.shuffle(co);
  s.hands = s.hands.map((h, seat) => (seat === keep ? h : eq.splice(0, h.length)));
  s.draws = s.draws.map((d, seat) => {
    if (seat === keep) return d;
    const contracts = co.splice(0, d.contracts.length), equipment = eq.splice(0, d.equipment.length);
    const pick = s.picks[seat];
    if (pick) s.picks[seat] = { contract: contracts[0]!, equipment: equipment.slice(0, pick.equipment.length) };
    return { contracts, equipment };
  });
  s.contractDeck = co.splice(0);
  s.equipmentDeck = eq.splice(0, s.equipmentDeck.length);
  s.equipmentDiscard = eq.splice(0);
  s.rng = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
  return s;
}
