/**
 * What players may see (spec §3.5, G10). Companies, market, bank and dice are public. Cash is
 * public unless the private-money option is on (then each seat sees only its own, until the end);
 * sealed bids are never in a view but the bidder's own.
 */
import type { Seat } from '../../engine/index.js';
import { MARKET_VALUES, ROW_LETTERS, rowsToEnd } from './constants.js';
import { storageFee } from './company.js';
import { fullRows, removedColours } from './market.js';
import { waitingBidders } from './auction.js';
import type { MarkPublicView, MarkSeatView, MarkState } from './types.js';

function view(s: MarkState, reader: Seat | null): MarkPublicView {
  const showAll = !s.privateMoney || s.phase === 'over';
  return {
    game: 'mark',
    seats: s.seats,
    short: s.short,
    privateMoney: s.privateMoney,
    rowsToEnd: rowsToEnd(s.short),
    fullRows: fullRows(s.market),
    phase: s.phase,
    current: s.current,
    turn: s.turn,
    dice: s.dice ? [s.dice[0], s.dice[1]] : null,
    colours: s.colours.slice(),
    actionsLeft: s.actionsLeft,
    market: s.market.map((r, i) => ({ letter: ROW_LETTERS[i]!, colour: r.colour, filled: r.filled, values: MARKET_VALUES[i]! })),
    players: s.companies.map((c, seat) => ({
      seat,
      cash: showAll || seat === reader ? s.cash[seat]! : null,
      row1: c.row1.slice(),
      row2: c.row2.slice(),
      fee: storageFee(c),
    })),
    bank: { ...s.bank },
    out: { ...s.out },
    removed: removedColours(s.market),
    auction: s.auction ? { colour: s.auction.colour, waiting: waitingBidders(s) } : null,
    placer: s.placer,
  };
}

export function publicView(s: MarkState): MarkPublicView {
  return view(s, null);
}

/** Built in place rather than by spreading the public view: bots read one per move. */
export function seatView(s: MarkState, seat: Seat): MarkSeatView {
  const v = view(s, seat) as MarkSeatView;
  v.seat = seat;
  v.myCash = s.cash[seat] ?? 0;
  v.myBid = s.auction?.bids[seat] ?? null;
  return v;
}
