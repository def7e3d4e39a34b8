/**
 * Open one-round auctions (§4.7; N3 lots §4.10.4): from the owner's left neighbour clockwise, the
 * owner last. Each bidder passes or beats the high bid (1..MAX_BID); a bid above one's cash takes
 * the smallest covering number of loans at once, won or not (T12). Raw materials: the winner pays
 * the seller, or the bank when the seller wins; nobody bids → back to the supply (G6).
 * Lots: the winner pays the bank; nobody bids → the designator takes it free.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { MAX_BID } from './constants.js';
import { afterLotAuction, takeLot } from './lots.js';
import { loansFor, pay, takeLoans } from './money.js';
import type { Auction, MullState } from './types.js';

export function startAuction(s: MullState, kind: Auction['kind'], owner: Seat, count: number, lot: number, order: Seat[], events: LogEvent[]): void {
  s.auction = { kind, owner, count, lot, order, turn: 0, high: 0, highBidder: null };
  s.phase = 'bid';
  settleAuction(s, events);
}

export function bidder(a: Auction): Seat | null {
  return a.turn < a.order.length ? a.order[a.turn]! : null;
}

export function minBid(a: Auction): number {
  return a.high + 1;
}

/** Skips bidders who cannot beat the high bid (T17), and ends the round when all have spoken. */
function settleAuction(s: MullState, events: LogEvent[]): void {
  const a = s.auction!;
  while (a.turn < a.order.length && a.high >= MAX_BID) {
    events.push({ key: 'mull-money.log.cannotBid', args: { seat: { seat: a.order[a.turn]! } }, visibleTo: 'all' });
    a.turn++;
  }
  if (a.turn >= a.order.length) resolveAuction(s, events);
}

export function placeBid(s: MullState, seat: Seat, amount: number, events: LogEvent[]): void {
  const a = s.auction!;
  const loans = loansFor(s.players[seat]!.cash, amount);
  events.push({ key: 'mull-money.log.bid', args: { seat: { seat }, amount }, visibleTo: 'all' });
  takeLoans(s, seat, loans, events);
  a.high = amount;
  a.highBidder = seat;
  a.turn++;
  settleAuction(s, events);
}

export function passBid(s: MullState, seat: Seat, events: LogEvent[]): void {
  events.push({ key: 'mull-money.log.pass', args: { seat: { seat } }, visibleTo: 'all' });
  s.auction!.turn++;
  settleAuction(s, events);
}

function resolveAuction(s: MullState, events: LogEvent[]): void {
  const a = s.auction!;
  s.auction = null;
  const winner = a.highBidder;
  if (a.kind === 'lot') {
    if (winner === null) {
      takeLot(s, a.owner, a.lot, events);
      afterLotAuction(s, a.owner);
    } else {
      pay(s, winner, a.high, events);
      takeLot(s, winner, a.lot, events, a.high);
      afterLotAuction(s, winner);
    }
    return;
  }
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
