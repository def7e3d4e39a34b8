/**
 * A complete state drawn from one seat's view, for the strong bot's search. Hands, lots, kept
 * cards and the discard are public; the deck is what the full card list leaves over, shuffled.
 * Other seats' cash is drawn near the seat's own, and a secret answer already given (a vote, a
 * Corruption answer) is the standard bot's answer on the sampled table.
 */
import type { Rng } from '../../engine/index.js';
import { RULINGS } from './constants.js';
import { holdsCorruption, zoneOf } from './alert.js';
import { bot } from './bot.js';
import { buildDeck } from './deck.js';
import { LOT_SIZE, lotCount } from './layout.js';
import { seatView } from './views.js';
import type { Card, MullSeatView, MullState } from './types.js';

/** How far hidden cash may lie from the seat's own, either way. */
export const HIDDEN_CASH_SPREAD = 10;

export function sampleState(view: MullSeatView, rng: Rng): MullState {
  const pool = buildDeck(view.experimental);
  const remove = (card: Card) => {
    const i = pool.indexOf(card);
    if (i >= 0) pool.splice(i, 1);
  };
  for (const p of view.players) {
    p.hand.forEach(remove);
    if (p.kept) remove(p.kept);
  }
  view.discard.forEach(remove);
  for (const lot of view.lots) lot?.forEach(remove);
  if (view.alertAside) remove('alert');
  rng.shuffle(pool);
  const deck = pool.slice(0, view.deckSize);
  const s: MullState = {
    rng: [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)],
    seats: view.seats, experimental: view.experimental, menu: view.menu.slice(), inForce: view.inForce.slice(), common: view.common,
    phase: view.phase, mission: view.mission, first: view.first, current: view.current,
    // Raw auctions and votes come from a card play; the turn moves on once they are settled.
    turnDone: view.phase === 'vote' || (view.phase === 'bid' && view.auction?.kind === 'raw'),
    players: view.players.map((p) => ({
      growth: p.growth, staff: p.staff, personnel: p.personnel, raw: p.raw, waste: p.waste, depot: p.depot, silo: p.silo,
      cash: p.cash ?? (p.seat === view.seat ? view.myCash : Math.max(0, view.myCash - HIDDEN_CASH_SPREAD + rng.int(2 * HIDDEN_CASH_SPREAD + 1))),
      loans: p.loans, hand: p.hand.slice(), kept: p.kept, done: p.done,
    })),
    deck,
    discard: view.discard.slice(),
    alertAside: view.alertAside,
    lots: view.lots.map((l) => (l ? l.slice() : null)),
    // Dealing resumes after an Alert from the cards already in the lots.
    dealt: view.lots.every((l) => l !== null) ? view.lots.reduce((n, l) => n + l!.length, 0) : LOT_SIZE * lotCount({ seats: view.seats } as MullState),
    supply: view.supply,
    endTriggered: view.endTriggered,
    alert: null,
    auction: view.auction ? { ...view.auction, order: view.auction.order.slice() } : null,
    vote: view.vote ? { proposer: view.vote.proposer, proposal: view.vote.proposal, answers: new Array(view.seats).fill(null) } : null,
    unserved: view.unserved.slice(),
  };
  if (view.alert) {
    const alert = { final: view.alert.final, answers: new Array<null | 'ask' | 'use' | 'pay'>(view.seats).fill(null) };
    s.alert = alert;
    const answered: number[] = [];
    for (let seat = 0; seat < view.seats; seat++) {
      if (view.alert.waiting.includes(seat)) alert.answers[seat] = 'ask';
      else if (zoneOf(s, seat) !== 'green' && holdsCorruption(s.players[seat]!)) {
        if (view.alert.final && RULINGS.finalAlertAutoCorruption) alert.answers[seat] = 'use';
        else answered.push(seat);
      }
    }
    for (const seat of answered) {
      alert.answers[seat] = 'ask';
      const move = bot(seatView(s, seat), rng);
      alert.answers[seat] = move.type === 'corruption' && move.use ? 'use' : 'pay';
    }
  }
  if (view.vote && s.vote) {
    const answers = s.vote.answers;
    for (let seat = 0; seat < view.seats; seat++) {
      if (view.vote.waiting.includes(seat)) continue;
      if (seat === view.seat && view.myVote) {
        answers[seat] = { ...view.myVote };
        continue;
      }
      const move = bot(seatView(s, seat), rng);
      answers[seat] = move.type === 'vote' ? { vote: move.vote, corruption: move.corruption, loans: move.loans } : { vote: seat === view.vote.proposer ? 'yes' : 'abstain', corruption: false, loans: 0 };
    }
  }
  return s;
}
