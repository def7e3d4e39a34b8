/**
 * A complete state drawn from one seat's view, for the strong bot's search. The table is public;
 * other hands, other set-up draws, both decks and the equipment discard are dealt from the cards
 * the view does not show. A set-up choice already sealed by another seat is the standard bot's.
 */
import { cloneJson, type Rng } from '../../engine/index.js';
import { suggestSetup } from './advice.js';
import { CONTRACT_COUNT, EQUIPMENT_COUNT, SETUP_CONTRACT_DRAW, SETUP_EQUIPMENT_DRAW } from './constants.js';
import { ZONES, type PalermoSeatView, type PalermoState, type Table } from './types.js';

export function sampleState(view: PalermoSeatView, rng: Rng): PalermoState {
  // The view shares the table with the real state: copy it before building on it.
  const { game: _game, seat, hand, draws: myDraws, ...shared } = view;
  const table = cloneJson(shared) as Table;
  const seenContracts = new Set<number>([...table.contractRow, ...table.contractDiscard, ...(myDraws?.contracts ?? [])]);
  const seenEquipment = new Set<number>([...table.equipmentRow, ...hand, ...(myDraws?.equipment ?? [])]);
  for (const b of table.boards) {
    for (const c of b.contracts) seenContracts.add(c.card);
    for (const e of b.equipment) seenEquipment.add(e.card);
  }
  const contracts = rng.shuffle([...Array(CONTRACT_COUNT).keys()].filter((c) => !seenContracts.has(c)));
  const equipment = rng.shuffle([...Array(EQUIPMENT_COUNT).keys()].filter((c) => !seenEquipment.has(c)));
  const hands = table.boards.map((b, i) => (i === seat ? hand.slice() : equipment.splice(0, b.handCount)));
  const setup = table.phase === 'setup';
  const draws = setup
    ? table.boards.map((_, i) =>
        i === seat && myDraws
          ? { contracts: myDraws.contracts.slice(), equipment: myDraws.equipment.slice() }
          : { contracts: contracts.splice(0, SETUP_CONTRACT_DRAW), equipment: equipment.splice(0, SETUP_EQUIPMENT_DRAW) },
      )
    : [];
  const picks = setup ? table.boards.map((b, i) => (b.ready ? suggestSetup(draws[i]!, table.turns) : null)) : [];
  const issued = [0, 0, 0, 0, 0, 0, 0];
  const add = (v: number[]) => v.forEach((n, c) => (issued[c]! += n));
  for (const b of table.boards) for (const z of ZONES) add(b[z]);
  add(table.market);
  add(table.mafia);
  return {
    ...table,
    rng: [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)],
    hands,
    draws,
    picks,
    contractDeck: contracts.splice(0, table.contractDeckCount),
    equipmentDeck: equipment.splice(0, table.equipmentDeckCount),
    equipmentDiscard: equipment.splice(0, table.equipmentDiscardCount),
    issued,
  };
}
