/**
 * Builds PhoneImpact states by hand, keeping every card conserved: cards given to hands, boards
 * and face-up rows are taken from their supplier's deck; malus come from the malus deck.
 */
import { COMPONENTS, SUPPLIERS, type Component, type ResType, type Supplier } from '../../../src/games/phoneimpact/constants.js';
import { CARD_TABLES, parseGroup } from '../../../src/games/phoneimpact/cards.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import type { CardId, GroupKey, PhoneImpactMove, PhoneImpactOptions, PhoneImpactState } from '../../../src/games/phoneimpact/types.js';

export const OPTS = (o: Partial<PhoneImpactOptions> = {}): PhoneImpactOptions => ({ ruleset: 'seed', short: false, finishRound: false, ...o });

/** A fresh game with Player 1 = seat 0. */
export function fresh(seats = 4, o: Partial<PhoneImpactOptions> = {}, seed = 'test'): PhoneImpactState {
  const s = phoneImpact.setup({ seats, options: OPTS(o), seed });
  s.first = 0;
  s.current = 0;
  return s;
}

/** Takes a card of a group out of its deck (or a face-up row if the deck has none). */
export function pull(s: PhoneImpactState, g: GroupKey): CardId {
  const { supplier, type } = parseGroup(g)!;
  const t = CARD_TABLES[s.ruleset];
  const deck = s.decks[supplier];
  const i = deck.findIndex((id) => t.type[id] === type);
  if (i >= 0) return deck.splice(i, 1)[0]!;
  throw new Error(`no ${g} left in the deck`);
}

export function giveHand(s: PhoneImpactState, seat: number, groups: GroupKey[]): void {
  for (const g of groups) s.players[seat]!.hand.push(pull(s, g));
}

export function clearHand(s: PhoneImpactState, seat: number): void {
  const t = CARD_TABLES[s.ruleset];
  for (const id of s.players[seat]!.hand) s.decks[t.supplier[id]!].push(id);
  s.players[seat]!.hand = [];
}

export function giveBoard(s: PhoneImpactState, seat: number, c: Component, groups: GroupKey[]): void {
  s.players[seat]!.built[c] = groups.map((g) => pull(s, g));
}

/** Sets a face-up row to these types (the old cards go back to the deck bottom). */
export function setRow(s: PhoneImpactState, sup: Supplier, types: (ResType | null)[]): void {
  for (const id of s.faceUp[sup]) if (id !== null) s.decks[sup].unshift(id);
  s.faceUp[sup] = types.map((t) => (t === null ? null : pull(s, `${sup}-${t}`)));
}

/** Puts the next deck cards (top first) of a supplier. */
export function setDeckTop(s: PhoneImpactState, sup: Supplier, types: ResType[]): void {
  const cards = types.map((t) => pull(s, `${sup}-${t}`));
  s.decks[sup].push(...cards.reverse());
}

export function giveMalus(s: PhoneImpactState, seat: number, n: number): void {
  for (let i = 0; i < n; i++) s.players[seat]!.malus.push(s.malusDeck.shift()!);
}

/** Leaves only `n` cards in the malus deck (the rest leave the game). */
export function malusLeft(s: PhoneImpactState, n: number): void {
  while (s.malusDeck.length > n) s.malusOut.push(s.malusDeck.shift()!);
}

export function emptyDeck(s: PhoneImpactState, sup: Supplier): void {
  s.discard.push(...s.decks[sup]);
  s.decks[sup] = [];
}

export function play(s: PhoneImpactState, seat: number, move: PhoneImpactMove): PhoneImpactState & { _events: ReturnType<typeof phoneImpact.apply> } {
  const r = phoneImpact.apply(s, seat, move);
  if (!r.ok) throw new Error(`refused: ${r.error.key}`);
  return Object.assign(r.state, { _events: r });
}

export function refusal(s: PhoneImpactState, seat: number, move: unknown): string {
  const r = phoneImpact.apply(s, seat, move as PhoneImpactMove);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.key;
}

export function groupsOf(s: PhoneImpactState, ids: readonly CardId[]): string[] {
  const t = CARD_TABLES[s.ruleset];
  return ids.map((id) => `${t.supplier[id]}-${t.type[id]}`).sort();
}

/** Every card of each kind, wherever it lies. */
export function census(s: PhoneImpactState): { resources: CardId[]; malus: number[]; events: string[] } {
  const resources: CardId[] = [...s.discard];
  for (const sup of SUPPLIERS) {
    resources.push(...s.decks[sup]);
    for (const id of s.faceUp[sup]) if (id !== null) resources.push(id);
  }
  for (const p of s.players) {
    resources.push(...p.hand);
    for (const c of COMPONENTS) resources.push(...(p.built[c] ?? []));
  }
  const malus = [...s.malusDeck, ...s.malusOut, ...s.players.flatMap((p) => p.malus)];
  return { resources, malus, events: [...s.eventDeck, ...s.revealed] };
}

/** Makes the next event the given one (the others stay in order behind it). */
export function nextEvent(s: PhoneImpactState, id: string): void {
  s.eventDeck = [id as never, ...s.eventDeck.filter((e) => e !== id)];
}

/** Ends the current round: the last seat of the round plays a cheap action (Recycl'). */
export function toEvent(s: PhoneImpactState): PhoneImpactState {
  s.current = (s.first + s.seats - 1) % s.seats;
  s.phase = 'turn';
  return s;
}
