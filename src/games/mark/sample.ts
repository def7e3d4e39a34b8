/**
 * A complete state drawn from one seat's view, for the strong bot's search. Everything but hidden
 * cash (private-money option), other seats' sealed bids and the dice to come is public. Hidden
 * cash is drawn near the seat's own (players earn alike), and a sealed bid already made is the
 * standard bot's bid for that seat on the sampled table.
 */
import type { Rng } from '../../engine/index.js';
import { bot } from './bot.js';
import { seatView } from './views.js';
import type { MarkSeatView, MarkState } from './types.js';

/** How far hidden cash may lie from the seat's own, either way. */
export const HIDDEN_CASH_SPREAD = 15;

export function sampleState(view: MarkSeatView, rng: Rng): MarkState {
  const cash = view.players.map((p) =>
    p.seat === view.seat ? view.myCash : (p.cash ?? Math.max(0, view.myCash - HIDDEN_CASH_SPREAD + rng.int(2 * HIDDEN_CASH_SPREAD + 1))),
  );
  const s: MarkState = {
    rng: [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)],
    seats: view.seats,
    short: view.short,
    privateMoney: view.privateMoney,
    phase: view.phase,
    current: view.current,
    turn: view.turn,
    dice: view.dice ? [view.dice[0], view.dice[1]] : null,
    colours: view.colours.slice(),
    actionsLeft: view.actionsLeft,
    market: view.market.map((r) => ({ colour: r.colour, filled: r.filled })),
    companies: view.players.map((p) => ({ row1: p.row1.slice(), row2: p.row2.slice() })),
    cash,
    bank: { ...view.bank },
    out: { ...view.out },
    auction: view.auction ? { colour: view.auction.colour, bids: new Array<number | null>(view.seats).fill(null) } : null,
    placer: view.placer,
  };
  if (s.auction && view.auction) {
    const bids = s.auction.bids;
    const made: number[] = [];
    for (let seat = 0; seat < view.seats; seat++) if (seat !== view.seat && !view.auction.waiting.includes(seat)) made.push(seat);
    for (const seat of made) {
      const move = bot(seatView(s, seat), rng);
      bids[seat] = move.type === 'bid' ? Math.min(move.amount, cash[seat]!) : 0;
    }
    if (!view.auction.waiting.includes(view.seat)) bids[view.seat] = view.myBid ?? 0;
  }
  return s;
}
