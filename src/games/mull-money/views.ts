/**
 * What players may see (§4.9). Pawns, tracks, silos, depots, loans, lots, hands and kept cards are
 * public; cash is seen by its owner only until the scoring; the deck order and unrevealed votes
 * are never in a view (a seat sees its own vote).
 */
import type { Seat } from '../../engine/index.js';
import { alertWaiting } from './alert.js';
import { commonLength } from './constants.js';
import { pending } from './turn.js';
import { voteWaiting } from './vote.js';
import type { MullPublicView, MullSeatView, MullState } from './types.js';

export function publicView(s: MullState): MullPublicView {
  const over = s.phase === 'over';
  return {
    game: 'mull-money',
    seats: s.seats,
    experimental: s.experimental,
    menu: s.menu.slice(),
    inForce: s.inForce.slice(),
    common: s.common,
    commonLength: commonLength(s.seats),
    phase: s.phase,
    mission: s.mission,
    first: s.first,
    current: s.current,
    players: s.players.map((p, seat) => ({
      seat,
      growth: p.growth, staff: p.staff, personnel: p.personnel, raw: p.raw, waste: p.waste, depot: p.depot, silo: p.silo,
      loans: p.loans, hand: p.hand.slice(), kept: p.kept, done: p.done,
      cash: over ? p.cash : null,
    })),
    deckSize: s.deck.length,
    discard: s.discard.slice(),
    alertAside: s.alertAside,
    lots: s.lots.map((l) => (l ? l.slice() : null)),
    supply: s.supply,
    endTriggered: s.endTriggered,
    alert: s.alert ? { final: s.alert.final, waiting: alertWaiting(s) } : null,
    auction: s.auction ? { ...s.auction, order: s.auction.order.slice() } : null,
    vote: s.vote ? { proposer: s.vote.proposer, proposal: s.vote.proposal, waiting: voteWaiting(s) } : null,
    unserved: s.unserved.slice(),
    pending: pending(s),
  };
}

/** Extended in place: bots read one per move. */
export function seatView(s: MullState, seat: Seat): MullSeatView {
  const v = publicView(s) as MullSeatView;
  v.seat = seat;
  v.myCash = s.players[seat]!.cash;
  const a = s.vote?.answers[seat];
  v.myVote = a ? { ...a } : null;
  return v;
}
