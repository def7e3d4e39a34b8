/**
 * Open one-round auctions (§4.7; N3 lots §4.10.4): from the owner's left neighbour clockwise, the
 * owner last. Each bidder passes or beats the high bid (1..MAX_BID); a bid above one's cash takes
 * the smallest covering number of loans at once, won or not (T12). Raw materials: the winner pays
 * the seller, or the bank when the seller wins; nobody bids → back to the supply (G6).
 * A lot auction (N3) is handed back to its caller when it closes: lots.ts settles it.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { MAX_BID } from './constants.js';
import { loansFor, pay, takeLoans } from './money.js';
import type { Auction, MullState } from './types.js';

/** A lot auction that has just closed, for lots.ts to settle; null while bidding goes on. */
export type ClosedLot = Auction | null;

export function startAuction(s: MullState, kind: Auction['kind'], owner: Seat, count: number, lot: number, order: Seat[], events: LogEvent[]): ClosedLot {
  s.auction = { kind, owner, count, lot, order, turn: 0, high: 0, highBidder: null };
  s.phase = 'bid';
  return settleAuction(s, events);
}

export function bidder(a: Auction): Seat | null {
  return a.turn < a.order.length ? a.order[a.turn]! : null;
}

export function minBid(a: Auction): number {
  return a.high + 1;
}

/** Skips bidders who cannot beat the high bid (T17), and ends the round when all have spoken. */
function settleAuction(s: MullState, events: LogEvent[]): ClosedLot {
  const a = s.auction!;
  while (a.turn < a.order.length && a.high >= MAX_BID) {
    events.push({ key: 'mull-money.log.cannotBid', args: { seat: { seat: a.order[a.turn]! } }, visibleTo: 'all' });
    a.turn++;
  }
  if (a.turn < a.order.length) return null;
  s.auction = null;
  if (a.kind === 'lot') return a;
  sellRaw(s, a, events);
  return null;
}

export function placeBid(s: MullState, seat: Seat, amount: number, events: LogEvent[]): ClosedLot {
  const a = s.auction!;
  const loans = loansFor(s.players[seat]!.cash, amount);
  events.push({ key: 'mull-money.log.bid', args: { seat: { seat }, amount }, visibleTo: 'all' });
  takeLoans(s, seat, loans, events);
  a.high = amount;
  a.highBidder = seat;
  a.turn++;
  return settleAuction(s, events);
}

export function passBid(s: MullState, seat: Seat, events: LogEvent[]): ClosedLot {
  events.push({ key: 'mull-money.log.pass', args: { seat: { seat } }, visibleTo: 'all' });
  s.auction!.turn++;
  return settleAuction(s, events);
}

/** Raw materials: the winner pays the seller (the bank when the seller wins); unsold go back. */
function sellRaw(s: MullState, a: Auction, events: LogEvent[]): void {
  const winner = a.highBidder;
  s.phase = 'play';
  if (winner === null) {
    s.supply += a.count;
    events.push({ key: 'mull-money.log.noSale', args: { count: a.count }, visibleTo: 'all' });
    return;
  }
  s.players[winner]!.silo += a.count;
  if (winner === a.owner) {
    pay(s, winner, a.high, events);
    events.push({ key: 'mull-money.log.boughtOwn', args: { seat: { seat: winner }, count: a.count, paid: a.high }, visibleTo: 'all' });
  } else {
    pay(s, winner, a.high, events, a.owner);
    events.push({ key: 'mull-money.log.bought', args: { seat: { seat: winner }, count: a.count, paid: a.high, seller: { seat: a.owner } }, visibleTo: 'all' });
  }
}
