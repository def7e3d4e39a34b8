/**
 * Event cards (spec §2.4, §9.5; 2025 §3.6): revealed after every full round, resolved from
 * Player 1 clockwise. Who is asked is decided from public facts only (S22); forced answers are
 * settled here, except privacy holds. The flow reveals the card and moves on once it is resolved.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { COMPONENTS, E10_2025_MALUS, E11_RECYCL_NEEDED, E9_KEEP_PER_TYPE, QUIZ_ANSWER_KG, RULESETS, SUPPLIERS, TYPES, type ResType, type Supplier } from './constants.js';
import { CARD_TABLES, bySupplier, countAt, groupKey, handCounts, parseGroup, takeGroup } from './cards.js';
import { drawMalus, endGame, malusLine, rngOf, turnOrder } from './table.js';
import { groupMsg, supplierMsg } from './msgs.js';
import type { CardId, GroupKey, PhoneImpactState } from './types.js';

const ev = (key: string, args?: LogEvent['args'], visibleTo: LogEvent['visibleTo'] = 'all'): LogEvent =>
  (args ? { key: `phoneimpact.log.${key}`, args, visibleTo } : { key: `phoneimpact.log.${key}`, visibleTo });

export function recyclOwned(s: PhoneImpactState, seat: Seat): number {
  const p = s.players[seat]!;
  const sup = CARD_TABLES[s.ruleset].supplier;
  let n = 0;
  for (const id of p.hand) if (sup[id] === 'RC') n++;
  return n + onBoard(s, seat, 'RC');
}

export function onBoard(s: PhoneImpactState, seat: Seat, which: Supplier): number {
  const sup = CARD_TABLES[s.ruleset].supplier;
  let n = 0;
  for (const c of COMPONENTS) for (const id of s.players[seat]!.built[c] ?? []) if (sup[id] === which) n++;
  return n;
}

/** Distinct face-up groups, with one slot for each. */
export function faceUpGroups(s: PhoneImpactState): Map<GroupKey, { supplier: Supplier; slot: number }> {
  const out = new Map<GroupKey, { supplier: Supplier; slot: number }>();
  const type = CARD_TABLES[s.ruleset].type;
  for (const sup of SUPPLIERS) s.faceUp[sup].forEach((id, slot) => {
    if (id !== null) {
      const g = groupKey(sup, type[id]!);
      if (!out.has(g)) out.set(g, { supplier: sup, slot });
    }
  });
  return out;
}

/** Reveals the next event card and sets up who answers it (nobody for most cards). */
export function openEvent(s: PhoneImpactState, events: LogEvent[]): void {
  const id = s.eventDeck.shift();
  if (id === undefined) return endGame(s, 'events', events);
  s.revealed.push(id);
  const rules = RULESETS[s.ruleset];
  const summary = id === '10' ? `10${rules.event10}` : id;
  events.push(ev('event', { n: id, text: { key: `phoneimpact.event.${summary}` } }));
  s.event = null;
  switch (id) {
    case '1': {
      // S7: the answer card (1 bis) is turned in the same step, but only once every guess is in
      // (closeQuiz): until then it waits face down on top of the deck.
      s.event = { id, step: 'quiz', queue: turnOrder(s), guesses: new Array(s.seats).fill(null) };
      return;
    }
    case '2':
      s.event = { id, step: 'take', queue: turnOrder(s).filter((q) => recyclOwned(s, q) > 0) };
      break;
    case '3':
      s.flags.trade = true;
      break;
    case '4': {
      const queue: Seat[] = [];
      for (const q of turnOrder(s)) {
        const pp = bySupplier(s.ruleset, s.players[q]!.hand).PP;
        if (pp >= 3) queue.push(q);
        else if (pp > 0) discardWhere(s, q, (sup) => sup === 'PP', pp, events);
      }
      s.event = { id, step: 'e4', queue };
      break;
    }
    case '5': {
      const min = Math.min(...s.players.map((p) => p.malus.length));
      s.event = { id, step: 'take', queue: turnOrder(s).filter((q) => s.players[q]!.malus.length === min) };
      break;
    }
    case '6':
      s.flags.penalty = true;
      break;
    case '7':
      s.event = { id, step: 'e7', queue: turnOrder(s) };
      break;
    case '8':
      s.flags.double = true;
      break;
    case '9':
      s.event = { id, step: 'e9', queue: turnOrder(s).filter((q) => nonRecycl(s, q) >= 3) };
      break;
    case '10':
      if (rules.event10 === 'malus') event10Malus(s, events);
      else event10Duel(s, events);
      break;
    case '11':
      s.event = { id, step: 'e11', queue: turnOrder(s).filter((q) => recyclOwned(s, q) < E11_RECYCL_NEEDED) };
      break;
    case '12':
      s.flags.noDepollute = true;
      break;
    case '13':
      s.flags.penalty = true;
      return endGame(s, 'event13', events);
    default:
      break; // 1 bis, 14: no effect
  }
}

export function nonRecycl(s: PhoneImpactState, seat: Seat): number {
  const b = bySupplier(s.ruleset, s.players[seat]!.hand);
  return b.PP + b.PM;
}

/** Discards `n` hand cards matching a supplier test, face down (S21); used when forced. */
function discardWhere(s: PhoneImpactState, seat: Seat, test: (sup: Supplier) => boolean, n: number, events: LogEvent[]): void {
  const p = s.players[seat]!;
  const sup = CARD_TABLES[s.ruleset].supplier;
  const gone: CardId[] = [];
  for (let i = p.hand.length - 1; i >= 0 && gone.length < n; i--) {
    if (test(sup[p.hand[i]!]!)) gone.push(...p.hand.splice(i, 1));
  }
  discardCards(s, seat, gone, events);
}

export function discardCards(s: PhoneImpactState, seat: Seat, cards: CardId[], events: LogEvent[]): void {
  if (cards.length === 0) return;
  s.discard.push(...cards);
  events.push(ev('discarded', { seat: { seat }, count: cards.length, backs: backsOf(s, cards) }));
  events.push(ev('youDiscarded', { cards: cards.map((id) => groupMsg(s.ruleset, groupOf(s, id))) }, [seat]));
}

const groupOf = (s: PhoneImpactState, id: CardId): GroupKey => groupKey(CARD_TABLES[s.ruleset].supplier[id]!, CARD_TABLES[s.ruleset].type[id]!);

function backsOf(s: PhoneImpactState, cards: CardId[]) {
  const b = bySupplier(s.ruleset, cards);
  return SUPPLIERS.filter((x) => b[x] > 0).map((x) => ({ key: 'phoneimpact.backs', args: { count: b[x], supplier: supplierMsg(x) } }));
}

/** Removes cards of the named groups from a hand (checked beforehand). */
export function removeGroups(s: PhoneImpactState, seat: Seat, groups: readonly GroupKey[]): CardId[] {
  const hand = s.players[seat]!.hand;
  return groups.map((g) => {
    const p = parseGroup(g)!;
    return takeGroup(s.ruleset, hand, p.supplier, p.type)!;
  });
}

/** 2025 event 10: every player with the most PolluPlus cards on the board draws 2 (G11: none at 0). */
function event10Malus(s: PhoneImpactState, events: LogEvent[]): void {
  const pp = s.players.map((_, q) => onBoard(s, q, 'PP'));
  const max = Math.max(...pp);
  if (max === 0) return void events.push(ev('nobody'));
  for (const q of turnOrder(s)) {
    if (pp[q] !== max) continue;
    const drawn = drawMalus(s, q, E10_2025_MALUS);
    events.push(ev('e10draw', { seat: { seat: q }, count: drawn.length }));
    if (drawn.length > 0) events.push(ev('yourMalus', { count: drawn.length, malus: drawn.map((m) => malusLine(s, m)) }, [q]));
  }
}

/** Seed event 10: B (Recycl' leader on boards) hits T (PolluPlus leader); S3, S4. */
export function duelParties(s: PhoneImpactState): { b: Seat; t: Seat } | null {
  const order = turnOrder(s);
  const malus = (q: Seat) => s.players[q]!.malus.length;
  const best = (score: (q: Seat) => number, tie: (q: Seat) => number): Seat | null => {
    let pick: Seat | null = null;
    for (const q of order) {
      if (pick === null || score(q) > score(pick) || (score(q) === score(pick) && tie(q) > tie(pick))) pick = q;
    }
    return pick !== null && score(pick) > 0 ? pick : null;
  };
  const b = best((q) => onBoard(s, q, 'RC'), (q) => -malus(q));
  const t = best((q) => onBoard(s, q, 'PP'), malus);
  if (b === null || t === null || b === t) return null;
  return { b, t };
}

export function duelOptions(s: PhoneImpactState, b: Seat, t: Seat): ('malus' | Supplier)[] {
  const out: ('malus' | Supplier)[] = [];
  if (s.players[b]!.malus.length > 0) out.push('malus');
  const backs = bySupplier(s.ruleset, s.players[t]!.hand);
  if (backs.PP > 0) out.push('PP');
  if (backs.PM > 0) out.push('PM');
  return out;
}

function event10Duel(s: PhoneImpactState, events: LogEvent[]): void {
  const parties = duelParties(s);
  if (!parties || duelOptions(s, parties.b, parties.t).length === 0) return void events.push(ev('nobody'));
  events.push(ev('e10duel', { seat: { seat: parties.b }, target: { seat: parties.t } }));
  s.event = { id: '10', step: 'e10', queue: [parties.b], target: parties.t };
}

/** Takes a random card of a supplier from one hand into another (E7, E10; S5). */
export function stealRandom(s: PhoneImpactState, from: Seat, to: Seat, sup: Supplier, events: LogEvent[]): void {
  const hand = s.players[from]!.hand;
  const supOf = CARD_TABLES[s.ruleset].supplier;
  const idx: number[] = [];
  hand.forEach((id, i) => {
    if (supOf[id] === sup) idx.push(i);
  });
  const i = idx[rngOf(s).int(idx.length)]!;
  const [card] = hand.splice(i, 1);
  s.players[to]!.hand.push(card!);
  events.push(ev('stole', { seat: { seat: to }, target: { seat: from }, supplier: supplierMsg(sup) }));
  events.push(ev('youGot', { card: groupMsg(s.ruleset, groupOf(s, card!)), seat: { seat: from } }, [to]));
  events.push(ev('youLost', { card: groupMsg(s.ruleset, groupOf(s, card!)), seat: { seat: to } }, [from]));
}

export function giveMalus(s: PhoneImpactState, from: Seat, to: Seat, events: LogEvent[]): void {
  const m = s.players[from]!.malus.pop()!; // S33: the newest
  s.players[to]!.malus.push(m); // S34
  events.push(ev('gaveMalus', { seat: { seat: from }, target: { seat: to } }));
}

export function takeFaceUp(s: PhoneImpactState, seat: Seat, g: GroupKey, events: LogEvent[]): void {
  const spot = faceUpGroups(s).get(g)!;
  const card = s.faceUp[spot.supplier][spot.slot]!;
  s.faceUp[spot.supplier][spot.slot] = null;
  s.players[seat]!.hand.push(card);
  events.push(ev('tookUp', { seat: { seat }, card: groupMsg(s.ruleset, g) }));
}

/** Pairs of PP types a hand may discard for event 4 (distinct multisets). */
export function e4Pairs(s: PhoneImpactState, seat: Seat): [ResType, ResType][] {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const out: [ResType, ResType][] = [];
  TYPES.forEach((a, i) => {
    TYPES.forEach((b, j) => {
      if (j < i) return;
      const need = a === b ? 2 : 1;
      if (countAt(counts, 'PP', a) >= need && countAt(counts, 'PP', b) >= (a === b ? 2 : 1)) out.push([a, b]);
    });
  });
  return out;
}

/** Event 9 (S36): per type, how many PP cards may be kept: [min, max]; only types with a real choice. */
export function e9Fields(s: PhoneImpactState, seat: Seat): { type: ResType; min: number; max: number }[] {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const out: { type: ResType; min: number; max: number }[] = [];
  for (const t of TYPES) {
    const pp = countAt(counts, 'PP', t), pm = countAt(counts, 'PM', t);
    if (pp + pm <= E9_KEEP_PER_TYPE || pp === 0 || pm === 0) continue;
    const min = Math.max(0, E9_KEEP_PER_TYPE - pm), max = Math.min(E9_KEEP_PER_TYPE, pp);
    if (min < max) out.push({ type: t, min, max });
  }
  return out;
}

/** Applies event 9 to one hand: keep `pp[t]` PolluPlus cards of t (within the allowed range). */
export function applyKeep(s: PhoneImpactState, seat: Seat, pp: Partial<Record<ResType, number>>, events: LogEvent[]): void {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const drop: GroupKey[] = [];
  for (const t of TYPES) {
    const cpp = countAt(counts, 'PP', t), cpm = countAt(counts, 'PM', t);
    if (cpp + cpm <= E9_KEEP_PER_TYPE) continue;
    const min = Math.max(0, E9_KEEP_PER_TYPE - cpm), max = Math.min(E9_KEEP_PER_TYPE, cpp);
    const keepPP = Math.min(max, Math.max(min, pp[t] ?? max));
    const keepPM = E9_KEEP_PER_TYPE - keepPP;
    for (let i = 0; i < cpp - keepPP; i++) drop.push(groupKey('PP', t));
    for (let i = 0; i < cpm - keepPM; i++) drop.push(groupKey('PM', t));
  }
  discardCards(s, seat, removeGroups(s, seat, drop), events);
}

/** Distinct pairs of non-Recycl' groups a hand can discard for event 11. */
export function e11Pairs(s: PhoneImpactState, seat: Seat): [GroupKey, GroupKey][] {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const groups: GroupKey[] = [];
  for (const sup of ['PP', 'PM'] as const) for (const t of TYPES) if (countAt(counts, sup, t) > 0) groups.push(groupKey(sup, t));
  const out: [GroupKey, GroupKey][] = [];
  groups.forEach((a, i) => {
    groups.forEach((b, j) => {
      if (j < i) return;
      if (a === b) {
        const p = parseGroup(a)!;
        if (countAt(counts, p.supplier, p.type) < 2) return;
      }
      out.push([a, b]);
    });
  });
  return out;
}

/** Settles forced steps until a seat must answer (false) or the event is over (true). */
export function continueEvent(s: PhoneImpactState, events: LogEvent[]): boolean {
  const e = s.event;
  while (e && e.queue.length > 0) {
    const head = e.queue[0]!;
    if (e.step === 'quiz' || e.step === 'e4' || e.step === 'e9') return false; // simultaneous answers
    if (e.step === 'take') {
      const groups = [...faceUpGroups(s).keys()];
      if (groups.length > 1) return false;
      if (groups.length === 1) takeFaceUp(s, head, groups[0]!, events); // S32
      else events.push(ev('nothingToTake', { seat: { seat: head } })); // S27
    } else if (e.step === 'e7') {
      const left = (head + 1) % s.seats;
      if (s.players[left]!.malus.length > s.players[head]!.malus.length) {
        const backs = bySupplier(s.ruleset, s.players[left]!.hand);
        if (backs.PP > 0 && backs.PM > 0) return false;
        if (backs.PP > 0 || backs.PM > 0) stealRandom(s, left, head, backs.PP > 0 ? 'PP' : 'PM', events);
      }
    } else if (e.step === 'e10') {
      const opts = duelOptions(s, head, e.target!);
      if (opts.length > 1) return false;
      if (opts.length === 1) resolveDuel(s, head, e.target!, opts[0]!, events);
    } else if (e.step === 'e11') {
      const canDraw = s.malusDeck.length > 0;
      const n = nonRecycl(s, head);
      if (n >= 2 && (canDraw || n > 2)) return false; // a choice, or which cards (maybe a privacy hold)
      if (n >= 2) discardCards(s, head, removeGroups(s, head, e11Pairs(s, head)[0]!), events);
      else if (canDraw) e11Draw(s, head, events);
      else events.push(ev('e11nothing', { seat: { seat: head } }));
    }
    e.queue.shift();
  }
  return true;
}

export function resolveDuel(s: PhoneImpactState, b: Seat, t: Seat, option: 'malus' | Supplier, events: LogEvent[]): void {
  if (option === 'malus') giveMalus(s, b, t, events);
  else stealRandom(s, t, b, option, events);
}

export function e11Draw(s: PhoneImpactState, seat: Seat, events: LogEvent[]): void {
  const drawn = drawMalus(s, seat, 1);
  events.push(ev('e11draw', { seat: { seat } }));
  events.push(ev('yourMalus', { count: drawn.length, malus: drawn.map((m) => malusLine(s, m)) }, [seat]));
}

/** Quiz: closest guesses win (S6); each takes a face-up card in turn order. */
export function closeQuiz(s: PhoneImpactState, events: LogEvent[]): void {
  const e = s.event!;
  const guesses = e.guesses!;
  const dist = guesses.map((g) => Math.abs((g ?? 0) - QUIZ_ANSWER_KG));
  const best = Math.min(...dist);
  const winners = turnOrder(s).filter((q) => dist[q] === best);
  s.quizReveal = guesses.slice();
  if (s.eventDeck[0] === '1bis') s.revealed.push(s.eventDeck.shift()!);
  events.push(ev('quizReveal', { answer: QUIZ_ANSWER_KG, guesses: turnOrder(s).map((q) => ({ key: 'phoneimpact.log.guess', args: { seat: { seat: q }, kg: guesses[q]! } })), winners: winners.map((q) => ({ seat: q })) }));
  s.event = { id: '1', step: 'take', queue: winners };
}
