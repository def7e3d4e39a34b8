/**
 * Hammer auctions (spec §3.3 case 1, G5, G19): every seat, the roller included, bids secretly;
 * the highest bid wins, ties go to the roller, else to the first tied seat clockwise after the
 * roller. The winner pays the bank and places the material on an empty row-1 square.
 */
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { emptySquares } from './company.js';
import { colourMsg, squareName } from './msgs.js';
import type { Colour, MarkState } from './types.js';

export function openAuction(s: MarkState, colour: Colour, events: LogEvent[]): void {
  s.auction = { colour, bids: new Array<number | null>(s.seats).fill(null) };
  events.push({ key: 'mark.log.auction', args: { seat: { seat: s.current }, colour: colourMsg(colour) }, visibleTo: 'all' });
  // With public money, a seat with no cash can only bid 0, which tells nobody anything new.
  if (!s.privateMoney) {
    for (let seat = 0; seat < s.seats; seat++) if (s.cash[seat] === 0) s.auction.bids[seat] = 0;
  }
  if (s.auction.bids.every((b) => b !== null)) resolveAuction(s, events);
  else s.phase = 'bid';
}

/** Seats still to bid. */
export function waitingBidders(s: Pick<MarkState, 'auction'>): Seat[] {
  const out: Seat[] = [];
  s.auction?.bids.forEach((b, seat) => {
    if (b === null) out.push(seat);
  });
  return out;
}

/** The winning seat: highest bid, then the roller, then clockwise from the roller. */
export function auctionWinner(bids: readonly number[], roller: Seat): Seat {
  let winner = roller;
  for (let k = 1; k < bids.length; k++) {
    const seat = (roller + k) % bids.length;
    if (bids[seat]! > bids[winner]!) winner = seat;
  }
  return winner;
}

/** All bids are in: reveal them in one public line, charge the winner, and place or ask. */
export function resolveAuction(s: MarkState, events: LogEvent[]): void {
  const auction = s.auction!;
  const bids = auction.bids as number[];
  const winner = auctionWinner(bids, s.current);
  const amount = bids[winner]!;
  s.cash[winner]! -= amount;
  s.auction = null;
  // Listed from the roller clockwise, the order the tie rule reads them in.
  const list: Msg[] = [];
  for (let k = 0; k < s.seats; k++) {
    const seat = (s.current + k) % s.seats;
    list.push({ key: 'mark.log.bidOf', args: { seat: { seat }, amount: bids[seat]! } });
  }
  events.push({
    key: 'mark.log.reveal',
    args: { colour: colourMsg(auction.colour), bids: list, winner: { seat: winner }, amount },
    visibleTo: 'all',
  });
  const empty = emptySquares(s.companies[winner]!.row1);
  if (empty.length === 0) {
    events.push({ key: 'mark.log.noRoom', args: { seat: { seat: winner }, colour: colourMsg(auction.colour) }, visibleTo: 'all' });
    s.phase = 'roll';
  } else if (empty.length === 1) {
    place(s, winner, auction.colour, empty[0]!, events);
  } else {
    s.placer = winner;
    s.colours = [auction.colour];
    s.phase = 'place';
  }
}

/** The won material goes from the bank to the winner's row 1; then the roller rolls again. */
export function place(s: MarkState, seat: Seat, colour: Colour, to: number, events: LogEvent[]): void {
  s.bank[colour]--;
  s.companies[seat]!.row1[to] = colour;
  s.placer = null;
  s.colours = [];
  events.push({ key: 'mark.log.placed', args: { seat: { seat }, colour: colourMsg(colour), square: squareName(to) }, visibleTo: 'all' });
  s.phase = 'roll';
}
