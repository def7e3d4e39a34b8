/**
 * A complete state drawn from one seat's view, for the strong bot's search. Face-up, built and
 * own cards are matched to card ids of the same supplier and type; other hands are dealt per
 * supplier (their backs are public) from the cards the view leaves over, then the decks and the
 * face-down discard. Malus cards keep the ordered top of their deck; the event deck runs in its
 * fixed order. Other seats' quiz guesses already given are the standard bot's guesses.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { COMPONENTS, MALUS_ORDERED_TOP, RULESETS, SUPPLIERS, type Component, type Supplier } from './constants.js';
import { CARD_TABLES } from './cards.js';
import { bot } from './bot.js';
import { malusDeckSize } from './setup.js';
import { seatView } from './views.js';
import type { CardId, CardView, GroupKey, MalusId, PhoneImpactSeatView, PhoneImpactState, TradeOffer } from './types.js';

export function sampleState(view: PhoneImpactSeatView, rng: Rng): PhoneImpactState {
  const table = CARD_TABLES[view.ruleset];
  const free = new Map<string, CardId[]>();
  for (let id = 0; id < table.size; id++) {
    const k = `${table.supplier[id]}-${table.type[id]}`;
    const list = free.get(k);
    if (list) list.push(id);
    else free.set(k, [id]);
  }
  for (const list of free.values()) rng.shuffle(list);
  const takeKey = (k: string): CardId | null => free.get(k)?.pop() ?? null;
  const take = (c: CardView): CardId => takeKey(`${c.supplier}-${c.type}`)!;
  const takeSupplier = (sup: Supplier): CardId | null => {
    const keys = [...free.keys()].filter((k) => k.startsWith(`${sup}-`) && free.get(k)!.length > 0);
    // Weighted by how many cards of each type are left, so every unseen card is equally likely.
    let n = rng.int(keys.reduce((a, k) => a + free.get(k)!.length, 0));
    for (const k of keys) {
      const len = free.get(k)!.length;
      if (n < len) return takeKey(k);
      n -= len;
    }
    return null;
  };

  const hands: CardId[][] = view.players.map(() => []);
  hands[view.seat] = view.hand.map(take);
  const built = view.players.map((p) => {
    const out: Partial<Record<Component, CardId[]>> = {};
    for (const c of COMPONENTS) if (p.built[c]) out[c] = p.built[c]!.map(take);
    return out;
  });
  const faceUp = { PP: [] as (CardId | null)[], PM: [] as (CardId | null)[], RC: [] as (CardId | null)[] };
  for (const sup of SUPPLIERS) faceUp[sup] = view.faceUp[sup].map((c) => (c === null ? null : take(c)));

  // An offer this seat is party to: the giver holds what it gives.
  const offer = view.offer;
  if (offer && offer.from !== view.seat && view.phase === 'tradeAnswer') {
    for (const g of offer.give) hands[offer.from]!.push(takeKey(g)!);
  }
  for (const p of view.players) {
    if (p.seat === view.seat) continue;
    const hand = hands[p.seat]!;
    for (const sup of SUPPLIERS) {
      let have = hand.filter((id) => table.supplier[id] === sup).length;
      while (have < p.handBySupplier[sup]) {
        hand.push(takeSupplier(sup)!);
        have++;
      }
    }
    rng.shuffle(hand);
  }
  const decks = { PP: [] as CardId[], PM: [] as CardId[], RC: [] as CardId[] };
  for (const sup of SUPPLIERS) for (let i = 0; i < view.deckSizes[sup]; i++) decks[sup].push(takeSupplier(sup)!);
  const discard = [...free.values()].flat().sort((a, b) => a - b);

  // Malus: the ordered top of the deck is still in order; the rest is unaccounted for.
  const size = malusDeckSize({ ruleset: view.ruleset, short: view.short, finishRound: view.finishRound }, view.seats);
  const drawn = size - view.malusDeck;
  const orderedLeft: MalusId[] = [];
  for (let m = MALUS_ORDERED_TOP; m > drawn && m >= 1; m--) orderedLeft.push(m);
  const mine = new Set(view.malus);
  const malusPool = rng.shuffle(Array.from({ length: size }, (_, i) => i + 1).filter((m) => !mine.has(m) && !orderedLeft.includes(m)));
  const malus = view.players.map((p) => (p.seat === view.seat ? view.malus.slice() : malusPool.splice(0, p.malusCount)));
  const malusOut = malusPool.splice(0, view.malusOutCount);
  const malusDeck = [...malusPool.splice(0, view.malusDeck - orderedLeft.length), ...orderedLeft];

  const rules = RULESETS[view.ruleset];
  const eventList = view.short ? rules.shortEvents : rules.events;

  let trade: TradeOffer | null = null;
  if (offer) trade = { ...offer, give: offer.give.slice(), ask: offer.ask.slice() };
  else if (view.trade) trade = { from: view.trade.from, to: view.trade.to, malus: view.trade.malus, give: groupsFor(hands[view.trade.from]!, view.trade.give), ask: groupsFor(hands[view.trade.to]!, view.trade.ask) };
  else if (view.phase === 'tradeAsk') {
    // The draft of another seat's offer is not shown; its maker may still go back.
    const to = view.players.find((p) => p.seat !== view.current && p.handBySupplier.PP + p.handBySupplier.PM + p.handBySupplier.RC > 0)?.seat ?? (view.current + 1) % view.seats;
    trade = { from: view.current, to, give: [], malus: 0, ask: [] };
  }

  function groupsFor(hand: CardId[], counts: Record<Supplier, number>): GroupKey[] {
    const out: GroupKey[] = [];
    for (const sup of SUPPLIERS) {
      const mineOf = rng.shuffle(hand.filter((id) => table.supplier[id] === sup));
      for (let i = 0; i < counts[sup]; i++) {
        const id = mineOf[i];
        out.push(id !== undefined ? `${sup}-${table.type[id]}` as GroupKey : `${sup}-${rng.pick(Object.keys(rules.deck[sup]).filter((t) => rules.deck[sup][t as 'MC'] > 0))}` as GroupKey);
      }
    }
    return out;
  }

  const s: PhoneImpactState = {
    rng: [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)],
    seats: view.seats, ruleset: view.ruleset, short: view.short, finishRound: view.finishRound,
    phase: view.phase, current: view.current, first: view.first, round: view.round,
    players: view.players.map((p) => ({ hand: hands[p.seat]!, malus: malus[p.seat]!, built: built[p.seat]! })),
    decks, faceUp, malusDeck,
    eventDeck: eventList.slice(eventList.length - view.eventsLeft),
    revealed: view.revealed.slice(), discard, malusOut,
    flags: { ...view.flags }, tradeUsed: view.tradeUsed, supplier: view.supplier, component: view.component,
    trade,
    event: null,
    lastRound: view.lastRound, endReason: view.endReason,
    quizReveal: view.quizReveal ? view.quizReveal.slice() : null,
  };
  if (view.event) {
    const e = view.event;
    s.event = { id: e.id, step: e.step, queue: e.queue.slice(), ...(e.target !== null ? { target: e.target } : {}) };
    if (e.step === 'quiz') {
      const guesses: (number | null)[] = new Array(view.seats).fill(null);
      s.event.guesses = guesses;
      const given: Seat[] = [];
      for (let q = 0; q < view.seats; q++) if (!view.pending.includes(q)) given.push(q);
      for (const q of given) {
        if (q === view.seat) {
          guesses[q] = view.myGuess;
          continue;
        }
        const move = bot(seatView(s, q), rng);
        guesses[q] = move.type === 'guess' ? move.kg : 0;
      }
    }
  }
  return s;
}

