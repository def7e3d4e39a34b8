/**
 * P2 (§4.4): from the first player clockwise, each player takes a lot; the hand for the mission is
 * the lot plus the card kept last mission; the lot nobody took is discarded. With rule N3 in force
 * (variant, §4.10.4) lots are named and auctioned first; the last unserved player takes one free.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { startAuction, type ClosedLot } from './auction.js';
import { pay } from './money.js';
import { cardsMsg } from './msgs.js';
import type { MullState } from './types.js';

export function openLots(s: MullState): number[] {
  const out: number[] = [];
  s.lots.forEach((l, i) => {
    if (l !== null) out.push(i);
  });
  return out;
}

/** Gives lot `lot` to `seat`: it joins the kept card in the hand. */
export function takeLot(s: MullState, seat: Seat, lot: number, events: LogEvent[], price?: number): void {
  const p = s.players[seat]!;
  const cards = s.lots[lot]!;
  s.lots[lot] = null;
  p.hand = p.kept ? [...cards, p.kept] : cards.slice();
  p.kept = null;
  p.done = false;
  const args = { seat: { seat }, lot: lot + 1, cards: cardsMsg(cards) };
  events.push(price === undefined ? { key: 'mull-money.log.tookLot', args, visibleTo: 'all' } : { key: 'mull-money.log.boughtLot', args: { ...args, paid: price }, visibleTo: 'all' });
}

function startPlay(s: MullState, events: LogEvent[]): void {
  for (const i of openLots(s)) {
    s.discard.push(...s.lots[i]!);
    events.push({ key: 'mull-money.log.lotDiscarded', args: { lot: i + 1, cards: cardsMsg(s.lots[i]!) }, visibleTo: 'all' });
    s.lots[i] = null;
  }
  s.unserved = [];
  s.current = s.first;
  s.phase = 'play';
}

/** A plain choice of lot (P2, or the last free pick under N3). */
export function chooseLot(s: MullState, seat: Seat, lot: number, events: LogEvent[]): void {
  takeLot(s, seat, lot, events);
  if (s.unserved.length > 0) {
    s.unserved = s.unserved.filter((x) => x !== seat);
    startPlay(s, events);
    return;
  }
  const next = (seat + 1) % s.seats;
  if (next === s.first) startPlay(s, events);
  else s.current = next;
}

/** N3: the designator names a lot; the unserved players bid for it, the designator last. */
export function nameLot(s: MullState, seat: Seat, lot: number, events: LogEvent[]): void {
  events.push({ key: 'mull-money.log.namedLot', args: { seat: { seat }, lot: lot + 1, cards: cardsMsg(s.lots[lot]!) }, visibleTo: 'all' });
  const order: Seat[] = [];
  for (let i = 1; i <= s.seats; i++) {
    const b = (seat + i) % s.seats;
    if (s.unserved.includes(b)) order.push(b);
  }
  closeLotAuction(s, startAuction(s, 'lot', seat, 0, lot, order, events), events);
}

/** N3: a closed lot auction. The winner pays the bank; nobody bid → the designator takes it free. */
export function closeLotAuction(s: MullState, a: ClosedLot, events: LogEvent[]): void {
  if (a === null) return;
  const winner = a.highBidder;
  if (winner === null) {
    takeLot(s, a.owner, a.lot, events);
    afterLotAuction(s, a.owner);
  } else {
    pay(s, winner, a.high, events);
    takeLot(s, winner, a.lot, events, a.high);
    afterLotAuction(s, winner);
  }
}

/** N3: after a lot auction, the next designator, or the last free pick. */
function afterLotAuction(s: MullState, taker: Seat): void {
  s.unserved = s.unserved.filter((x) => x !== taker);
  if (s.unserved.length === 1) {
    s.current = s.unserved[0]!;
    s.phase = 'choose';
    return;
  }
  for (let i = 0; i < s.seats; i++) {
    const d = (s.first + i) % s.seats;
    if (s.unserved.includes(d)) {
      s.current = d;
      break;
    }
  }
  s.phase = 'name';
}
