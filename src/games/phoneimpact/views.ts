/**
 * What players may see (spec §9.1): boards, malus counts, the backs of hand cards, face-up rows,
 * deck sizes and events are public; hand types, deck orders and quiz guesses are not.
 */
import type { Seat } from '../../engine/index.js';
import { COMPONENTS, RECIPES } from './constants.js';
import { CARD_TABLES, bySupplier } from './cards.js';
import { pending } from './decisions.js';
import { menu } from './actions.js';
import { scoreParts } from './scoring.js';
import type { CardId, CardView, GroupKey, PhoneImpactPublicView, PhoneImpactSeatView, PhoneImpactState } from './types.js';

const view = (s: PhoneImpactState, id: CardId): CardView => CARD_TABLES[s.ruleset].views[id]!;

function counts(list: readonly GroupKey[]) {
  const r = { PP: 0, PM: 0, RC: 0 };
  for (const g of list) r[g.split('-')[0] as 'PP']++;
  return r;
}

/** Cards on a seat's board by supplier back, in one pass. */
function boardBacks(s: PhoneImpactState, seat: Seat): Record<'PP' | 'PM' | 'RC', number> {
  const sup = CARD_TABLES[s.ruleset].supplier;
  const r = { PP: 0, PM: 0, RC: 0 };
  const built = s.players[seat]!.built;
  for (const c of COMPONENTS) {
    const ids = built[c];
    if (ids) for (let i = 0; i < ids.length; i++) r[sup[ids[i]!]!]++;
  }
  return r;
}

export function publicView(s: PhoneImpactState): PhoneImpactPublicView {
  const backs = s.players.map((_, seat) => boardBacks(s, seat));
  const scores = scoreParts(s, backs.map((b) => b.RC));
  return {
    game: 'phoneimpact',
    seats: s.seats,
    ruleset: s.ruleset,
    short: s.short,
    finishRound: s.finishRound,
    phase: s.phase,
    current: s.current,
    first: s.first,
    round: s.round,
    players: s.players.map((p, seat) => {
      const built: PhoneImpactPublicView['players'][number]['built'] = {};
      let points = 0;
      for (const c of COMPONENTS) if (p.built[c]) {
        built[c] = p.built[c]!.map((id) => view(s, id));
        points += RECIPES[c].points;
      }
      return { seat, handBySupplier: bySupplier(s.ruleset, p.hand), malusCount: p.malus.length, built, points, recyclOnBoard: backs[seat]!.RC, ppOnBoard: backs[seat]!.PP };
    }),
    faceUp: { PP: s.faceUp.PP.map((id) => (id === null ? null : view(s, id))), PM: s.faceUp.PM.map((id) => (id === null ? null : view(s, id))), RC: s.faceUp.RC.map((id) => (id === null ? null : view(s, id))) },
    deckSizes: { PP: s.decks.PP.length, PM: s.decks.PM.length, RC: s.decks.RC.length },
    malusDeck: s.malusDeck.length,
    eventsLeft: s.eventDeck.length,
    lastEvent: s.revealed[s.revealed.length - 1] ?? null,
    revealed: s.revealed.slice(),
    discardCount: s.discard.length,
    malusOutCount: s.malusOut.length,
    flags: { ...s.flags },
    lastRound: s.lastRound,
    endReason: s.endReason,
    pending: pending(s),
    event: s.event ? { id: s.event.id, step: s.event.step, target: s.event.target ?? null, queue: s.event.queue.slice() } : null,
    trade: s.trade && s.phase === 'tradeAnswer' ? { from: s.trade.from, to: s.trade.to, give: counts(s.trade.give), malus: s.trade.malus, ask: counts(s.trade.ask) } : null,
    quizReveal: s.quizReveal ? s.quizReveal.slice() : null,
    supplier: s.supplier,
    component: s.component,
    tradeUsed: s.tradeUsed,
    scores: scores.map((x) => x.total),
  };
}


export function seatView(s: PhoneImpactState, seat: Seat): PhoneImpactSeatView {
  const p = s.players[seat];
  // Card ids run by supplier then type (cards.ts), so sorting ids groups the hand.
  const hand = (p?.hand ?? []).slice().sort((a, b) => a - b).map((id) => view(s, id));
  const party = s.trade && (s.trade.from === seat || s.trade.to === seat);
  // publicView returns a fresh object: extending it in place avoids copying it again.
  const v = publicView(s) as PhoneImpactSeatView;
  v.seat = seat;
  v.hand = hand;
  v.malus = p ? p.malus.slice() : [];
  v.offer = party ? { ...s.trade!, give: s.trade!.give.slice(), ask: s.trade!.ask.slice() } : null;
  v.myGuess = s.event?.step === 'quiz' ? (s.event.guesses![seat] ?? null) : null;
  v.menu = s.phase === 'turn' && s.current === seat ? menu(s) : [];
  return v;
}
