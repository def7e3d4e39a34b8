/**
 * Trades after event 3 (spec §9.6, S11, S26, S35): once per turn before the action, the active
 * player offers hand cards and malus for 1–3 cards named by (supplier, type); the target always
 * answers, with [Refuse] only when it lacks the cards (a privacy hold).
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { RULESETS, TRADE, type Supplier } from './constants.js';
import { countAt, handCounts, parseGroup, takeGroup, bySupplier } from './cards.js';
import { backsMsg, groupMsg, offerSideMsg } from './msgs.js';
import type { GroupKey, PhoneImpactState, TradeOffer } from './types.js';

export function canOfferTrade(s: PhoneImpactState, seat: Seat): boolean {
  if (!s.flags.trade || s.tradeUsed) return false;
  const p = s.players[seat]!;
  if (p.hand.length === 0 && p.malus.length === 0) return false;
  return s.players.some((q, i) => i !== seat && q.hand.length > 0);
}

/** Whether a seat holds every card a list of groups names (with repeats). */
export function holds(s: PhoneImpactState, seat: Seat, groups: readonly GroupKey[]): boolean {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const need = new Map<GroupKey, number>();
  for (const g of groups) need.set(g, (need.get(g) ?? 0) + 1);
  for (const [g, n] of need) {
    const p = parseGroup(g)!;
    if (countAt(counts, p.supplier, p.type) < n) return false;
  }
  return true;
}

function validGroups(list: unknown, max: number): list is GroupKey[] {
  return Array.isArray(list) && list.length <= max && list.every((g) => parseGroup(g) !== null);
}

/** The first problem with the giving side of an offer, or null. */
export function checkGive(s: PhoneImpactState, seat: Seat, target: unknown, give: unknown, malus: unknown): string | null {
  if (!canOfferTrade(s, seat)) return 'phoneimpact.error.noTrade';
  if (!Number.isInteger(target) || (target as number) < 0 || (target as number) >= s.seats || target === seat) return 'phoneimpact.error.badTarget';
  if (s.players[target as number]!.hand.length === 0) return 'phoneimpact.error.badTarget';
  if (!validGroups(give, TRADE.giveCardsMax)) return 'phoneimpact.error.badOffer';
  if (!Number.isInteger(malus) || (malus as number) < 0 || (malus as number) > Math.min(TRADE.giveMalusMax, s.players[seat]!.malus.length)) return 'phoneimpact.error.badOffer';
  if (give.length + (malus as number) === 0) return 'phoneimpact.error.emptyOffer';
  if (!holds(s, seat, give)) return 'phoneimpact.error.notInHand';
  return null;
}

/** Whether any card of a group exists in this ruleset (Recycl' has no rare metal nor rare earth). */
export function groupExists(s: PhoneImpactState, g: GroupKey): boolean {
  const p = parseGroup(g)!;
  return RULESETS[s.ruleset].deck[p.supplier][p.type] > 0;
}

/** The asking side (§9.6, S26, S35): 1–3 cards of groups that exist, from suppliers the target holds. */
export function checkAsk(s: PhoneImpactState, target: Seat, ask: unknown): string | null {
  if (!validGroups(ask, TRADE.askCardsMax) || ask.length === 0) return 'phoneimpact.error.badAsk';
  for (const g of ask) if (!groupExists(s, g)) return 'phoneimpact.error.noSuchCard';
  const backs = bySupplier(s.ruleset, s.players[target]!.hand);
  for (const g of ask) if (backs[parseGroup(g)!.supplier] === 0) return 'phoneimpact.error.askSupplier';
  return null;
}

function sideCounts(groups: readonly GroupKey[]): Record<Supplier, number> {
  const r = { PP: 0, PM: 0, RC: 0 };
  for (const g of groups) r[parseGroup(g)!.supplier]++;
  return r;
}

export function openOffer(s: PhoneImpactState, offer: TradeOffer, events: LogEvent[]): void {
  s.trade = offer;
  s.phase = 'tradeAnswer';
  s.tradeUsed = true;
  events.push({
    key: 'phoneimpact.log.offer',
    args: { seat: { seat: offer.from }, target: { seat: offer.to }, give: offerSideMsg(offer.give.length ? backsMsg(sideCounts(offer.give)) : null, offer.malus), ask: backsMsg(sideCounts(offer.ask)) },
    visibleTo: 'all',
  });
  events.push({
    key: 'phoneimpact.log.offerDetail',
    args: {
      seat: { seat: offer.from },
      give: offerSideMsg(offer.give.map((g) => groupMsg(s.ruleset, g)), offer.malus),
      ask: offer.ask.map((g) => groupMsg(s.ruleset, g)),
    },
    visibleTo: [offer.from, offer.to],
  });
}

export function answerOffer(s: PhoneImpactState, accept: boolean, events: LogEvent[]): string | null {
  const offer = s.trade!;
  if (accept && !holds(s, offer.to, offer.ask)) return 'phoneimpact.error.cannotAccept';
  if (accept) {
    const from = s.players[offer.from]!, to = s.players[offer.to]!;
    for (const g of offer.ask) {
      const p = parseGroup(g)!;
      from.hand.push(takeGroup(s.ruleset, to.hand, p.supplier, p.type)!);
    }
    for (const g of offer.give) {
      const p = parseGroup(g)!;
      to.hand.push(takeGroup(s.ruleset, from.hand, p.supplier, p.type)!);
    }
    // S25, S34: the newest malus go, and arrive as the newest, in the order given.
    const moved = from.malus.splice(from.malus.length - offer.malus, offer.malus).reverse();
    to.malus.push(...moved);
  }
  events.push({ key: accept ? 'phoneimpact.log.accepted' : 'phoneimpact.log.refused', args: { seat: { seat: offer.to } }, visibleTo: 'all' });
  s.trade = null;
  s.phase = 'turn';
  return null;
}

