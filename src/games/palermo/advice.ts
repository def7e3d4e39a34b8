/**
 * Estimates shared by the bot and the suggested answers: what a contract's cubes are worth per
 * turn to a board, and how useful an equipment card is. Heuristics, not rules.
 */
import { BK, BL, BR, bracket, CONTRACT_CARDS, PRINTED_STORAGE, START_CASH, BRACKET_STARTS, contractType, mafiaPrice, CONTRACT_TYPES, EQUIPMENT_CARDS, EQUIPMENT_TYPES, equipmentType, GR, MV, NC, PRINTED_INCINERATOR, SORTING_COST, WH, YE } from './constants.js';
import type { OwnedEquipment } from './types.js';
import { capacities } from './zones.js';

/** Mafia price per cube a little ahead of the current count (others keep dumping). */
function mafiaGuess(level: number, c: number): number {
  // Black cubes stay for ten turns while the Mafia space fills: expect its dear brackets.
  return mafiaPrice(c, BRACKET_STARTS[c === BK ? Math.max(level, 2) : level]!);
}

/** Bracket index of the Mafia space a few cubes from now. */
export function mafiaLevel(mafiaCount: number): number {
  return bracket(mafiaCount + 8);
}

/** Net value per turn of the cubes delivered by the given contract types, for this equipment. */
export function cubesValue(contractTypes: readonly number[], equipment: readonly OwnedEquipment[], level = 0): number {
  return keyedValue(contractKey(contractTypes), equipmentKey(equipment), level, contractTypes, -1, equipment, -1);
}

// The value depends on the multisets of types only: counts in base 5 (contracts) and 4 (cards).
function contractKey(contractTypes: readonly number[]): number {
  let ck = 0;
  for (const i of contractTypes) ck += CONTRACT_POW[i]!;
  return ck;
}
function equipmentKey(equipment: readonly OwnedEquipment[]): number {
  let ek = 0;
  for (const e of equipment) ek += EQUIPMENT_POW[EQUIPMENT_CARDS[e.card]!]!;
  return ek;
}

/** The memoised value for the given keys; `extraType` / `extraCard` (≥ 0) are one more contract / card. */
function keyedValue(ck: number, ek: number, level: number, contractTypes: readonly number[], extraType: number, equipment: readonly OwnedEquipment[], extraCard: number): number {
  const key = (ck * 2 ** 31 + ek) * 4 + level;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const types = extraType < 0 ? contractTypes : [...contractTypes, extraType];
  const cards = extraCard < 0 ? equipment : [...equipment, { card: extraCard, life: null, at: 0 }];
  const value = computeValue(types, cards, level);
  if (memo.size > 50_000) memo.clear();
  memo.set(key, value);
  return value;
}

// Pure function of the card types: cached across games (bot playouts call it thousands of times).
const memo = new Map<number, number>();
const CONTRACT_POW = CONTRACT_TYPES.map((_, i) => 5 ** i);
const EQUIPMENT_POW = EQUIPMENT_TYPES.map((_, i) => 4 ** i);

function computeValue(contractTypes: readonly number[], equipment: readonly OwnedEquipment[], level: number): number {
  const cap = capacities(equipment);
  const inflow = [0, 0, 0, 0, 0, 0, 0];
  let sorting = 0;
  for (const i of contractTypes) {
    const t = CONTRACT_TYPES[i]!;
    for (let c = 0; c < NC; c++) {
      inflow[c]! += t.delivery[c]!;
      if (t.kind === 'bulk') sorting += t.delivery[c]! * SORTING_COST[c]!;
    }
  }
  let value = -sorting;
  const left = [...inflow];
  const take = (c: number, room: number, gain: number): number => {
    const n = Math.min(left[c]!, room);
    left[c]! -= n;
    value += n * gain;
    return n;
  };
  take(YE, cap.recycling[YE]!, 3);
  take(BL, cap.recycling[BL]!, 4);
  take(WH, cap.recycling[WH]!, 4);
  take(GR, cap.recycling[GR]!, 2);
  take(BR, cap.incin1, 1);
  let room2 = cap.incin2;
  for (const c of [BR, GR, YE, BL]) room2 -= take(c, room2, PRINTED_INCINERATOR.income);
  take(MV, cap.decon, -2);
  // Black cubes wait in S8 storage: a few turns without Mafia costs.
  take(BK, cap.dedicated[BK]! > 0 ? 1 : 0, -3);
  // A little storage slack absorbs the rest for a while.
  for (let c = 0; c < NC; c++) value -= left[c]! * mafiaGuess(level, c) * (c < MV && cap.mixed > 10 ? 0.6 : 1);
  return value;
}

/** Per-turn value of one more contract of type index `type` on top of those held. */
export function marginalValue(held: readonly number[], equipment: readonly OwnedEquipment[], card: number, level = 0): number {
  const type = CONTRACT_CARDS[card]!;
  const ck = contractKey(held), ek = equipmentKey(equipment);
  return keyedValue(ck + CONTRACT_POW[type]!, ek, level, held, type, equipment, -1) - keyedValue(ck, ek, level, held, -1, equipment, -1);
}

export function heldTypes(contracts: readonly { card: number }[]): number[] {
  const out: number[] = [];
  for (const c of contracts) out.push(CONTRACT_CARDS[c.card]!);
  return out;
}

/** How much an equipment card would add per turn to this board (its price not counted). */
export function equipmentGain(held: readonly number[], equipment: readonly OwnedEquipment[], card: number): number {
  const t = equipmentType(card);
  const upkeep = t.kind === 'storage' ? -t.operating : 0;
  const ck = contractKey(held), ek = equipmentKey(equipment);
  return keyedValue(ck, ek + EQUIPMENT_POW[EQUIPMENT_CARDS[card]!]!, 0, held, -1, equipment, card) - keyedValue(ck, ek, 0, held, -1, equipment, -1) - upkeep;
}

/** Mafia bracket a contract kept at set-up is judged at: the shared space fills up mid-game. */
export const SETUP_MAFIA_LEVEL = 2;

/**
 * Set-up advice: the contract and three cards that earn the most over the contract's life. Only
 * the cards the first turn's cash can pay for count towards processing its cubes (an unaffordable
 * recycler does not make a bad contract good); the three best cards are kept for later.
 */
export function suggestSetup(draws: { contracts: number[]; equipment: number[] }, turns = 10): { contract: number; equipment: number[] } {
  let best = { score: -Infinity, contract: draws.contracts[0]!, equipment: draws.equipment.slice(0, 3) };
  for (const contract of draws.contracts) {
    const t = contractType(contract);
    const held = heldTypes([{ card: contract }]);
    const gains = new Map(draws.equipment.map((c) => [c, equipmentGain(held, [], c)]));
    const ranked = [...draws.equipment].sort((a, b) => gains.get(b)! - gains.get(a)! || equipmentType(a).price - equipmentType(b).price || a - b);
    const equipment = ranked.slice(0, 3);
    // First phase C: start cash and the first income, less the upkeep and a little reserve.
    let budget = START_CASH + Math.max(0, t.price) - PRINTED_STORAGE.upkeep - 3;
    const owned: OwnedEquipment[] = [];
    for (const card of equipment) {
      const price = equipmentType(card).price;
      if (gains.get(card)! > 0 && price <= budget) {
        owned.push({ card, life: null, at: 0 });
        budget -= price;
      }
    }
    const score = (t.price + cubesValue(held, owned, SETUP_MAFIA_LEVEL)) * Math.min(t.validity, turns);
    if (score > best.score) best = { score, contract, equipment };
  }
  return { contract: best.contract, equipment: best.equipment };
}
