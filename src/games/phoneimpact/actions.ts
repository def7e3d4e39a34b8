/**
 * The four actions of a turn (spec §9.3): supply, build, depollute, pass; and the action menu.
 * Each returns an Outcome; the flow ends the turn after a finished action.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { COMPONENTS, MALUS_MULTIPLIER_AFTER_E8, RECIPES, SUPPLIERS, SUPPLY, TYPES, type Component, type ResType, type Supplier } from './constants.js';
import { CARD_TABLES, canBuild, handCounts, mixesFor, suggestedMix, takeGroup } from './cards.js';
import { drawMalus, malusLine, supplierHasCards } from './table.js';
import { cardsMsg, componentMsg, supplierMsg } from './msgs.js';
import { canOfferTrade } from './trade.js';
import type { Mix, PhoneImpactState } from './types.js';

export type MenuEntry = `s${Supplier}` | `b-${Component}` | 'd1' | 'd2' | 'trade' | 'pass';

/** What a step did: refused (a rule error key), now asking a sub-step ('open'), or done. */
export type Outcome = { error: string } | 'open' | 'done';
const refuse = (error: string): Outcome => ({ error });

export function malusCost(s: PhoneImpactState, sup: Supplier): number {
  return SUPPLY[sup].malus * (s.flags.double ? MALUS_MULTIPLIER_AFTER_E8 : 1);
}

/** Supplying is allowed from a supplier with cards; in a last round with no malus, only Recycl'. */
export function canSupply(s: PhoneImpactState, sup: Supplier): boolean {
  if (!supplierHasCards(s, sup)) return false;
  return !(s.lastRound && s.malusDeck.length === 0 && malusCost(s, sup) > 0);
}

export function buildable(s: PhoneImpactState, seat: Seat): Component[] {
  const p = s.players[seat]!;
  const counts = handCounts(s.ruleset, p.hand);
  return COMPONENTS.filter((c) => !p.built[c] && canBuild(counts, c));
}

/** The legal entries of the current player's action menu. */
export function menu(s: PhoneImpactState): MenuEntry[] {
  const seat = s.current;
  const out: MenuEntry[] = [];
  for (const sup of SUPPLIERS) if (canSupply(s, sup)) out.push(`s${sup}`);
  for (const c of buildable(s, seat)) out.push(`b-${c}`);
  const malus = s.players[seat]!.malus.length;
  if (!s.flags.noDepollute) {
    if (malus >= 1) out.push('d1');
    if (malus >= 2) out.push('d2');
  }
  if (canOfferTrade(s, seat)) out.push('trade');
  // Pass after event 12, or when nothing but a trade is possible (S17, S31).
  if (s.flags.noDepollute || out.length === 0 || (out.length === 1 && out[0] === 'trade')) out.push('pass');
  return out;
}

/** Pass: after event 12, or when nothing but a trade is possible (S17, S31). */
export function pass(s: PhoneImpactState, events: LogEvent[]): Outcome {
  if (!menu(s).includes('pass')) return refuse('phoneimpact.error.noPass');
  events.push({ key: s.flags.noDepollute ? 'phoneimpact.log.pass' : 'phoneimpact.log.stuck', args: { seat: { seat: s.current } }, visibleTo: 'all' });
  return 'done';
}

/** How many cards a supply takes, and whether the pick is forced (S16, S20). */
export function supplyShape(s: PhoneImpactState, sup: Supplier): { k: number; up: number[]; deck: number; forced: boolean } {
  const up: number[] = [];
  s.faceUp[sup].forEach((c, i) => {
    if (c !== null) up.push(i);
  });
  const deck = s.decks[sup].length;
  const k = Math.min(SUPPLY[sup].cards, up.length + deck);
  const t = CARD_TABLES[s.ruleset].type;
  const distinctUp = new Set(up.map((i) => t[s.faceUp[sup][i]!])).size;
  // Forced when there is nothing to choose: no face-up card, or everything is taken.
  const forced = up.length === 0 || up.length + deck <= k || (deck === 0 && distinctUp <= 1);
  return { k, up, deck, forced };
}

export function supply(
  s: PhoneImpactState,
  sup: Supplier,
  faceUp: number[] | undefined,
  deckCount: number | undefined,
  events: LogEvent[],
): Outcome {
  if (!canSupply(s, sup)) return refuse('phoneimpact.error.supplierClosed');
  const shape = supplyShape(s, sup);
  if (faceUp === undefined && deckCount === undefined) {
    if (!shape.forced) {
      s.phase = 'supply';
      s.supplier = sup;
      return 'open';
    }
    faceUp = shape.up.slice(0, shape.k);
    deckCount = shape.k - faceUp.length;
  }
  const picks = faceUp ?? [];
  const fromDeck = deckCount ?? 0;
  if (!Array.isArray(picks) || !Number.isInteger(fromDeck) || fromDeck < 0 || fromDeck > shape.deck) return refuse('phoneimpact.error.badPick');
  if (picks.length + fromDeck !== shape.k) return refuse('phoneimpact.error.pickCount');
  for (let i = 0; i < picks.length; i++) {
    const slot = picks[i];
    if (!Number.isInteger(slot) || !shape.up.includes(slot as number) || picks.indexOf(slot as number) !== i) return refuse('phoneimpact.error.badPick');
  }
  const seat = s.current;
  const p = s.players[seat]!;
  const upCards = picks.map((i) => s.faceUp[sup][i]!);
  for (const i of picks) s.faceUp[sup][i] = null;
  const deckCards: number[] = [];
  for (let i = 0; i < fromDeck; i++) deckCards.push(s.decks[sup].pop()!);
  p.hand.push(...upCards, ...deckCards);
  const drawn = drawMalus(s, seat, malusCost(s, sup));
  events.push({
    key: 'phoneimpact.log.supply',
    args: { seat: { seat }, supplier: supplierMsg(sup), count: upCards.length + deckCards.length, up: upCards.length === 0 ? { key: 'phoneimpact.nothing' } : cardsMsg(s.ruleset, upCards), deck: deckCards.length, malus: drawn.length },
    visibleTo: 'all',
  });
  if (deckCards.length > 0) events.push({ key: 'phoneimpact.log.youDrew', args: { cards: cardsMsg(s.ruleset, deckCards) }, visibleTo: [seat] });
  if (drawn.length > 0) events.push({ key: 'phoneimpact.log.yourMalus', args: { count: drawn.length, malus: drawn.map((m) => malusLine(s, m)) }, visibleTo: [seat] });
  s.supplier = null;
  return 'done';
}

/** Checks a chosen mix against the hand; fills forced types. Returns the full mix or an error. */
export function resolveMix(
  s: PhoneImpactState,
  seat: Seat,
  c: Component,
  mix: Partial<Record<ResType, Mix>> | undefined,
): Record<ResType, Mix> | 'ambiguous' | 'bad' {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const need = RECIPES[c].need;
  const out = {} as Record<ResType, Mix>;
  for (const t of TYPES) {
    const options = mixesFor(counts, t, need[t]);
    const given = mix?.[t];
    if (given === undefined) {
      if (options.length > 1 && mix === undefined) return 'ambiguous';
      out[t] = options[0]!;
      continue;
    }
    if (!Array.isArray(given) || given.length !== 3) return 'bad';
    const ok = options.find((o) => o[0] === given[0] && o[1] === given[1] && o[2] === given[2]);
    if (!ok) return 'bad';
    out[t] = ok;
  }
  return out;
}

export function build(s: PhoneImpactState, c: Component, mix: Partial<Record<ResType, Mix>> | undefined, events: LogEvent[]): Outcome {
  const seat = s.current;
  if (!buildable(s, seat).includes(c)) return refuse('phoneimpact.error.cannotBuild');
  const chosen = resolveMix(s, seat, c, mix);
  if (chosen === 'bad') return refuse('phoneimpact.error.badMix');
  if (chosen === 'ambiguous') {
    s.phase = 'build';
    s.component = c;
    return 'open';
  }
  const p = s.players[seat]!;
  const cards: number[] = [];
  for (const t of TYPES) SUPPLIERS.forEach((sup, i) => {
    for (let k = 0; k < chosen[t][i]!; k++) cards.push(takeGroup(s.ruleset, p.hand, sup, t)!);
  });
  p.built[c] = cards;
  events.push({
    key: 'phoneimpact.log.build',
    args: { seat: { seat }, component: componentMsg(c), points: RECIPES[c].points, cards: cardsMsg(s.ruleset, cards) },
    visibleTo: 'all',
  });
  s.component = null;
  return 'done';
}

export function depollute(s: PhoneImpactState, count: number, events: LogEvent[]): Outcome {
  const seat = s.current;
  const p = s.players[seat]!;
  if (s.flags.noDepollute) return refuse('phoneimpact.error.noDepollute');
  if (count !== 1 && count !== 2) return refuse('phoneimpact.error.badMove');
  if (p.malus.length < count) return refuse('phoneimpact.error.notEnoughMalus');
  // S25: the oldest go.
  s.malusOut.push(...p.malus.splice(0, count));
  events.push({ key: 'phoneimpact.log.depollute', args: { seat: { seat }, count }, visibleTo: 'all' });
  return 'done';
}

/** Suggested mix for the build form. */
export { suggestedMix };
