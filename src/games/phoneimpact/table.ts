/**
 * The shared table (spec §9.1, §9.2): copying a state, turn order, malus draws, the face-up rows
 * with the "5 identical" rule (S14), and the end of the game. The steps (actions, events, trades)
 * and the flow that runs them all build on this module; it depends on none of them.
 */
import { Rng, type LogEvent, type Seat } from '../../engine/index.js';
import { COMPONENTS, FIVE_IDENTICAL_COUNT, FIVE_IDENTICAL_MALUS, MALUS_TOPICS, RULESETS, SUPPLIERS, TYPES, type Supplier } from './constants.js';
import { CARD_TABLES } from './cards.js';
import { cardsMsg, typeMsg } from './msgs.js';
import type { CardId, PhoneImpactState } from './types.js';

export function cloneState(s: PhoneImpactState): PhoneImpactState {
  return {
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    seats: s.seats,
    ruleset: s.ruleset,
    short: s.short,
    finishRound: s.finishRound,
    phase: s.phase,
    current: s.current,
    first: s.first,
    round: s.round,
    players: s.players.map((p) => {
      const built: PhoneImpactState['players'][number]['built'] = {};
      for (const c of COMPONENTS) if (p.built[c]) built[c] = p.built[c]!.slice();
      return { hand: p.hand.slice(), malus: p.malus.slice(), built };
    }),
    decks: { PP: s.decks.PP.slice(), PM: s.decks.PM.slice(), RC: s.decks.RC.slice() },
    faceUp: { PP: s.faceUp.PP.slice(), PM: s.faceUp.PM.slice(), RC: s.faceUp.RC.slice() },
    malusDeck: s.malusDeck.slice(),
    eventDeck: s.eventDeck.slice(),
    revealed: s.revealed.slice(),
    discard: s.discard.slice(),
    malusOut: s.malusOut.slice(),
    flags: { ...s.flags },
    tradeUsed: s.tradeUsed,
    supplier: s.supplier,
    component: s.component,
    trade: s.trade ? { ...s.trade, give: s.trade.give.slice(), ask: s.trade.ask.slice() } : null,
    event: s.event
      ? {
          ...s.event,
          queue: s.event.queue.slice(),
          ...(s.event.guesses ? { guesses: s.event.guesses.slice() } : {}),
        }
      : null,
    lastRound: s.lastRound,
    endReason: s.endReason,
    quizReveal: s.quizReveal ? s.quizReveal.slice() : null,
  };
}

export const rngOf = (s: PhoneImpactState): Rng => new Rng(s.rng);

/** Seats in turn order from Player 1. */
export function turnOrder(s: PhoneImpactState): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < s.seats; i++) out.push((s.first + i) % s.seats);
  return out;
}

export function endGame(s: PhoneImpactState, reason: NonNullable<PhoneImpactState['endReason']>, events: LogEvent[]): void {
  s.phase = 'over';
  s.event = null;
  s.trade = null;
  s.supplier = null;
  s.component = null;
  if (s.endReason === null) s.endReason = reason;
  events.push({ key: `phoneimpact.log.end.${s.endReason}`, visibleTo: 'all' });
}

/** Draws `n` malus for a seat (fewer if the deck runs short). Returns the cards drawn. */
export function drawMalus(s: PhoneImpactState, seat: Seat, n: number): number[] {
  const drawn: number[] = [];
  for (let i = 0; i < n && s.malusDeck.length > 0; i++) drawn.push(s.malusDeck.pop()!);
  s.players[seat]!.malus.push(...drawn);
  return drawn;
}

/** Fills every empty face-up slot from its own deck, then applies "5 identical" (S14). */
export function refillRows(s: PhoneImpactState, events: LogEvent[]): void {
  let refilled = fill(s);
  if (refilled.length > 0) events.push({ key: 'phoneimpact.log.refill', args: { cards: cardsMsg(s.ruleset, refilled) }, visibleTo: 'all' });
  if (!RULESETS[s.ruleset].fiveIdentical) return;
  for (;;) {
    const counts = new Map<string, number>();
    const visible: CardId[] = [];
    for (const sup of SUPPLIERS) for (const id of s.faceUp[sup]) if (id !== null) {
      visible.push(id);
      const t = CARD_TABLES[s.ruleset].type[id]!;
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    const type = TYPES.find((t) => (counts.get(t) ?? 0) >= FIVE_IDENTICAL_COUNT);
    if (!type) return;
    s.discard.push(...visible);
    for (const sup of SUPPLIERS) s.faceUp[sup] = s.faceUp[sup].map(() => null);
    const out: number[] = [];
    for (let i = 0; i < FIVE_IDENTICAL_MALUS && s.malusDeck.length > 0; i++) out.push(s.malusDeck.pop()!);
    s.malusOut.push(...out);
    events.push({
      key: 'phoneimpact.log.fiveIdentical',
      args: { type: typeMsg(s.ruleset, type), count: out.length, malus: out.map((m) => malusLine(s, m)) },
      visibleTo: 'all',
    });
    refilled = fill(s);
    if (refilled.length > 0) events.push({ key: 'phoneimpact.log.refill', args: { cards: cardsMsg(s.ruleset, refilled) }, visibleTo: 'all' });
  }
}

export function malusLine(s: PhoneImpactState, m: number) {
  return { key: 'phoneimpact.malusCard', args: { n: m, topic: { key: `phoneimpact.malus.${topicOf(s, m)}` } } };
}

export function topicOf(s: { ruleset: PhoneImpactState['ruleset'] }, m: number): string {
  return MALUS_TOPICS[s.ruleset][m - 1] ?? 'ore';
}

function fill(s: PhoneImpactState): CardId[] {
  const placed: CardId[] = [];
  for (const sup of SUPPLIERS) {
    const row = s.faceUp[sup];
    for (let i = 0; i < row.length; i++) {
      if (row[i] === null && s.decks[sup].length > 0) {
        row[i] = s.decks[sup].pop()!;
        placed.push(row[i]!);
      }
    }
  }
  return placed;
}

export function supplierHasCards(s: PhoneImpactState, sup: Supplier): boolean {
  return s.decks[sup].length > 0 || s.faceUp[sup].some((c) => c !== null);
}
