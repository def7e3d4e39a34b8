/**
 * The bot: reads only its seat's view. It takes contracts it can process at a profit, keeps
 * storage within capacity, sells unless prices are at their floor, bids down to what a contract
 * is worth to it, and sends nothing to the Mafia by choice.
 */
import type { Rng } from '../../engine/index.js';
import { BR, COLOURS, equipmentType, INCIN2_COLOURS, marketPrice, MV, RECYCLABLE, SORTING_COST } from './constants.js';
import { equipmentGain, heldTypes, mafiaLevel, marginalValue, suggestSetup } from './advice.js';
import { suggest, visibleFields } from './phaseB.js';
import { destroyable, offerTargets } from './phaseC.js';
import { pickValue } from './freeChoice.js';
import { bidBounds } from './phaseD.js';
import type { Board, PalermoMove, PalermoSeatView, Vec } from './types.js';
import { capacities, storageRoom, type Capacities } from './zones.js';

function level(v: PalermoSeatView): number {
  return mafiaLevel(v.mafia.reduce((a, n) => a + n, 0));
}

/** Cash the bot keeps when buying: next turn's storage upkeep. */
function reserve(v: PalermoSeatView): number {
  return capacities(v.boards[v.seat]!.equipment).upkeep;
}

/**
 * Storage after next turn's step 2, when the factories take what they can from it: what is left
 * is where the cubes sorted now will have to fit when stored next turn.
 */
export function storageAfterFactories(b: Board, cap: Capacities): Vec {
  const x = b.storage.slice();
  for (const c of RECYCLABLE) x[c]! -= Math.min(x[c]!, Math.max(0, cap.recycling[c]! - b.recycling[c]!));
  const burn1 = Math.min(x[BR]!, cap.incin1);
  x[BR]! -= burn1;
  let room2 = cap.incin2;
  for (const c of INCIN2_COLOURS) {
    const n = Math.min(x[c]!, room2);
    x[c]! -= n;
    room2 -= n;
  }
  x[MV]! -= Math.min(x[MV]!, cap.decon);
  return x;
}

export function bot(v: PalermoSeatView, rng: Rng): PalermoMove {
  const seat = v.seat;
  const b = v.boards[seat]!;
  switch (v.phase) {
    case 'setup': {
      const s = suggestSetup(v.draws!, v.turns);
      return { type: 'setup', contract: s.contract, equipment: s.equipment };
    }
    case 'B': {
      const fields = visibleFields(v, seat);
      const values = suggest(v, seat, fields);
      if (v.step === 'sell') {
        const cap = capacities(b.equipment);
        // Hold cubes while the market is at its floor and the recycling card has room.
        for (const c of RECYCLABLE) {
          const id = COLOURS[c]!;
          if (values[id] && marketPrice(c, v.market[c]!) <= 2 && b.recycling[c]! < cap.recycling[c]!) values[id] = 0;
        }
      } else if (v.step === 'sort') {
        // Sort only what storage can take next turn, once the factories have emptied some of it
        // (the room is shared, so it is counted down); the rest goes to the Mafia now.
        const cap = capacities(b.equipment);
        const x = storageAfterFactories(b, cap);
        let cash = b.cash;
        for (const f of fields) {
          const n = Math.min(f.max, storageRoom(x, cap, f.colour), Math.floor(cash / SORTING_COST[f.colour]!));
          values[f.id] = n;
          x[f.colour]! += n;
          cash -= n * SORTING_COST[f.colour]!;
        }
      } else if (v.step === 'mafia') {
        for (const f of fields) values[f.id] = 0;
      }
      return { type: 'counts', step: v.step, values };
    }
    case 'C':
      return phaseC(v, rng);
    case 'D':
      return phaseD(v);
    default:
      throw new Error('palermo bot asked to move when no move is due');
  }
}

function phaseC(v: PalermoSeatView, rng: Rng): PalermoMove {
  const seat = v.seat;
  const b = v.boards[seat]!;
  const held = heldTypes(b.contracts);
  // Each card's gain once per move (sorting and filtering ask for it many times).
  const gains = new Map<number, number>();
  for (const c of v.hand) gains.set(c, equipmentGain(held, b.equipment, c));
  if (v.step === 'refill') for (const c of v.equipmentRow) gains.set(c, equipmentGain(held, b.equipment, c));
  switch (v.step) {
    case 'answer': {
      const o = v.offer!;
      const c = v.boards[o.seller]!.contracts[o.contract]!;
      const worth = (c.price + marginalValue(held, b.equipment, c.card, level(v))) * Math.min(c.life, v.turns - v.turn);
      return { type: 'answer', accept: worth - o.amount > 0 };
    }
    case 'menu': {
      const affordable = v.hand.filter((c) => gains.get(c)! > 0 && equipmentType(c).price <= b.cash - reserve(v));
      if (!b.boughtDone && (affordable.length > 0 || v.hand.some((c) => gains.get(c)! <= 0)) && v.turn < v.turns) return { type: 'menu', item: 'buy' };
      if (pickDestroy(v) !== null) return { type: 'menu', item: 'destroy' };
      if (pickOffer(v) !== null) return { type: 'menu', item: 'offer' };
      return { type: 'menu', item: 'refill' };
    }
    case 'buy': {
      let cash = b.cash - reserve(v);
      const buy: number[] = [];
      for (const c of [...v.hand].sort((x, y) => gains.get(y)! - gains.get(x)! || x - y)) {
        const price = equipmentType(c).price;
        if (gains.get(c)! > 0 && price <= cash && gains.get(c)! * (v.turns - v.turn) > price / 2) {
          buy.push(c);
          cash -= price;
        }
      }
      const discard = v.hand.filter((c) => !buy.includes(c) && gains.get(c)! <= 0);
      return { type: 'buy', buy, discard };
    }
    case 'destroy':
      return pickDestroy(v) !== null ? { type: 'destroy', index: pickDestroy(v)! } : { type: 'back' };
    case 'offer': {
      const o = pickOffer(v);
      return o ? { type: 'offer', ...o } : { type: 'back' };
    }
    case 'refill': {
      const best = [...v.equipmentRow].sort((x, y) => gains.get(y)! - gains.get(x)! || x - y)[0];
      if (best !== undefined && gains.get(best)! > 0) return { type: 'refill', card: best };
      if (v.equipmentDeckCount + v.equipmentDiscardCount > 0) return { type: 'refill', card: null };
      return { type: 'refill', card: v.equipmentRow[rng.int(v.equipmentRow.length)]! };
    }
    default:
      return { type: 'back' };
  }
}

/** A storage card nothing it holds or receives needs: destroying it saves its upkeep. */
function pickDestroy(v: PalermoSeatView): number | null {
  const b = v.boards[v.seat]!;
  const held = heldTypes(b.contracts);
  for (const i of destroyable(v, v.seat)) {
    const t = equipmentType(b.equipment[i]!.card);
    if (t.kind !== 'storage' || t.colours.length > 1) continue;
    const others = b.equipment.filter((_, k) => k !== i);
    if (b.storage[t.colours[0]!] === 0 && equipmentGain(held, others, b.equipment[i]!.card) < 0) return i;
  }
  return null;
}

/** A contract that loses money every turn, offered with a sweetener to someone who can afford it. */
function pickOffer(v: PalermoSeatView): { contract: number; buyer: number; amount: number } | null {
  const b = v.boards[v.seat]!;
  const targets = offerTargets(v, v.seat);
  // One offer a phase is enough for a bot: a refusal rarely turns into a yes.
  if (targets.length === 0 || b.offeredTo.length > 0) return null;
  const held = heldTypes(b.contracts);
  for (let i = 0; i < b.contracts.length; i++) {
    const c = b.contracts[i]!;
    const rest = held.filter((_, k) => k !== i);
    const worth = c.price + marginalValue(rest, b.equipment, c.card, level(v));
    if (worth >= 0 || c.life < 2) continue;
    const amount = -Math.min(b.cash, 3);
    return { contract: i, buyer: targets[0]!, amount };
  }
  return null;
}

/** Free-choice variant: the contract that adds most a turn at its current value, if any pays. */
function pick(v: PalermoSeatView): PalermoMove {
  const b = v.boards[v.seat]!;
  const held = heldTypes(b.contracts);
  if (v.turn >= v.turns || held.length >= 4) return { type: 'pass' };
  let best: number | null = null, bestValue = 0;
  for (let i = 0; i < v.contractRow.length; i++) {
    const card = v.contractRow[i]!;
    const value = pickValue(v, i) + marginalValue(held, b.equipment, card, level(v));
    if (value >= 1 && value > bestValue) {
      best = card;
      bestValue = value;
    }
  }
  return best === null ? { type: 'pass' } : { type: 'pick', card: best };
}

function phaseD(v: PalermoSeatView): PalermoMove {
  if (v.step === 'pick') return pick(v);
  const a = v.auction!;
  const b = v.boards[v.seat]!;
  const held = heldTypes(b.contracts);
  const lastTurn = v.turn >= v.turns;
  const worth = (card: number) => (lastTurn ? -Infinity : marginalValue(held, b.equipment, card, level(v)));
  if (v.step === 'name') {
    const best = [...a.unoffered].sort((x, y) => worth(y) - worth(x) || x - y)[0]!;
    return { type: 'name', card: best };
  }
  const bounds = bidBounds(v, v.seat)!;
  if (held.length >= 4) return { type: 'pass' };
  // The lowest per-turn price still worth holding the contract for, never below a safe cash floor.
  const floor = Math.max(Math.ceil(-worth(a.card!)) + 1, -Math.floor(b.cash / 4));
  return bounds.max >= floor ? { type: 'bid', amount: bounds.max } : { type: 'pass' };
}
