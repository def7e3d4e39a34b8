/**
 * Phase C, investment (spec §3.7, G16, G17, G33): a menu shown again after each item until the
 * player refills: buy and discard (once), offer a contract (one sale, one offer per other
 * player), destroy a card (once), then refill the hand one card at a time.
 */
import type { LogEvent } from '../../engine/index.js';
import { equipmentType, FACTORY_LIFETIME, HAND_SIZE } from './constants.js';
import { drawEquipment, syncCounts } from './decks.js';
import { receive, voluntaryPay } from './money.js';
import { contractMsg, equipmentMsg, priv, pub } from './msgs.js';
import type { PalermoState, Table } from './types.js';
import { canDestroy, repackIncinerators } from './zones.js';

export type MenuItem = 'buy' | 'offer' | 'destroy' | 'refill';
type Err = { key: string; args?: Record<string, number> } | null;

/** Other players the seat may still offer a contract to this phase. */
export function offerTargets(t: Table, seat: number): number[] {
  const b = t.boards[seat]!;
  if (b.saleDone || b.contracts.length === 0) return [];
  const out: number[] = [];
  for (let p = 0; p < t.seats; p++) if (p !== seat && !b.offeredTo.includes(p)) out.push(p);
  return out;
}

export function destroyable(t: Table, seat: number): number[] {
  const b = t.boards[seat]!;
  if (b.destroyDone) return [];
  const out: number[] = [];
  for (let i = 0; i < b.equipment.length; i++) if (canDestroy(b, i)) out.push(i);
  return out;
}

export function menuItems(t: Table, seat: number): MenuItem[] {
  const b = t.boards[seat]!;
  const items: MenuItem[] = [];
  if (!b.boughtDone && b.handCount > 0) items.push('buy');
  if (offerTargets(t, seat).length > 0) items.push('offer');
  if (destroyable(t, seat).length > 0) items.push('destroy');
  items.push('refill');
  return items;
}

export function applyBuy(s: PalermoState, seat: number, buy: number[], discard: number[], events: LogEvent[]): Err {
  const hand = s.hands[seat]!;
  const all = [...buy, ...discard];
  if (new Set(all).size !== all.length || all.some((c) => !hand.includes(c))) return { key: 'palermo.error.notInHand' };
  const b = s.boards[seat]!;
  const cost = buy.reduce((a, c) => a + equipmentType(c).price, 0);
  if (!voluntaryPay(b, cost)) return { key: 'palermo.error.cannotPay', args: { cost, cash: b.cash } };
  for (const card of buy) {
    const kind = equipmentType(card).kind;
    b.equipment.push({ card, life: kind === 'storage' ? null : FACTORY_LIFETIME, at: s.turn });
  }
  s.hands[seat] = hand.filter((c) => !all.includes(c));
  s.equipmentDiscard.push(...discard);
  b.boughtDone = true;
  syncCounts(s);
  if (buy.length > 0 && discard.length > 0) events.push(pub('palermo.log.bought', { seat: { seat }, cards: buy.map(equipmentMsg), cost, count: discard.length }));
  else if (buy.length > 0) events.push(pub('palermo.log.boughtOnly', { seat: { seat }, cards: buy.map(equipmentMsg), cost }));
  else if (discard.length > 0) events.push(pub('palermo.log.discarded', { seat: { seat }, count: discard.length }));
  return null;
}

export function applyOffer(s: PalermoState, seat: number, contract: number, buyer: number, amount: number, events: LogEvent[]): Err {
  if (!offerTargets(s, seat).includes(buyer)) return { key: 'palermo.error.badBuyer' };
  const held = s.boards[seat]!.contracts[contract];
  if (!held) return { key: 'palermo.error.badContract' };
  if (amount > s.boards[buyer]!.cash) return { key: 'palermo.error.buyerCash', args: { cash: s.boards[buyer]!.cash } };
  if (-amount > s.boards[seat]!.cash) return { key: 'palermo.error.cannotPay', args: { cost: -amount, cash: s.boards[seat]!.cash } };
  s.boards[seat]!.offeredTo.push(buyer);
  s.offer = { seller: seat, buyer, contract, amount };
  s.step = 'answer';
  events.push(pub('palermo.log.offer', { seat: { seat }, buyer: { seat: buyer }, contract: contractMsg(held.card), price: held.price, count: held.life, amount }));
  return null;
}

export function applyAnswer(s: PalermoState, accept: boolean, events: LogEvent[]): void {
  const o = s.offer!;
  s.offer = null;
  s.step = 'menu';
  const seller = s.boards[o.seller]!, buyer = s.boards[o.buyer]!;
  const held = seller.contracts[o.contract]!;
  if (!accept) {
    events.push(pub('palermo.log.declined', { seat: { seat: o.buyer }, seller: { seat: o.seller }, contract: contractMsg(held.card) }));
    return;
  }
  // Cash cannot have changed since the offer was made, so the payer still can pay.
  let withheld = 0;
  if (o.amount > 0) {
    voluntaryPay(buyer, o.amount);
    withheld = receive(seller, o.amount).withheld;
  } else if (o.amount < 0) {
    voluntaryPay(seller, -o.amount);
    withheld = receive(buyer, -o.amount).withheld;
  }
  seller.contracts.splice(o.contract, 1);
  buyer.contracts.push(held);
  seller.saleDone = true;
  events.push(pub(withheld ? 'palermo.log.acceptedWithheld' : 'palermo.log.accepted', { seat: { seat: o.buyer }, seller: { seat: o.seller }, contract: contractMsg(held.card), amount: o.amount, ...(withheld ? { withheld } : {}) }));
}

export function applyDestroy(s: PalermoState, seat: number, index: number, events: LogEvent[]): Err {
  if (!destroyable(s, seat).includes(index)) return { key: 'palermo.error.cannotDestroy' };
  const b = s.boards[seat]!;
  const [gone] = b.equipment.splice(index, 1);
  repackIncinerators(b);
  s.equipmentDiscard.push(gone!.card);
  b.destroyDone = true;
  syncCounts(s);
  events.push(pub('palermo.log.destroyed', { seat: { seat }, card: equipmentMsg(gone!.card) }));
  return null;
}

/** Refill options now: the face-up cards, and the deck when it (or its discard) has cards. */
export function refillOptions(t: Table): (number | null)[] {
  const out: (number | null)[] = [...t.equipmentRow];
  if (t.equipmentDeckCount + t.equipmentDiscardCount > 0) out.push(null);
  return out;
}

export function applyRefill(s: PalermoState, seat: number, card: number | null, events: LogEvent[]): Err {
  const hand = s.hands[seat]!;
  if (card === null) {
    const drawn = drawEquipment(s);
    if (drawn === null) return { key: 'palermo.error.deckEmpty' };
    hand.push(drawn);
    events.push(pub('palermo.log.drewDeck', { seat: { seat } }));
    events.push(priv([seat], 'palermo.log.youDrew', { card: equipmentMsg(drawn) }));
  } else {
    const i = s.equipmentRow.indexOf(card);
    if (i < 0) return { key: 'palermo.error.notInRow' };
    hand.push(card);
    const next = drawEquipment(s);
    if (next === null) s.equipmentRow.splice(i, 1);
    else s.equipmentRow[i] = next;
    events.push(pub('palermo.log.tookRow', { seat: { seat }, card: equipmentMsg(card) }));
  }
  syncCounts(s);
  return null;
}

export function handFull(s: Table, seat: number): boolean {
  return s.boards[seat]!.handCount >= HAND_SIZE;
}

