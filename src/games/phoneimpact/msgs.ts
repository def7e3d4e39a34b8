/** Message builders shared by logs, decisions, views and scoring. */
import type { Msg } from '../../engine/index.js';
import { COMPONENTS, SUPPLIERS, TYPES, type Component, type ResType, type RulesetId, type Supplier } from './constants.js';
import { CARD_TABLES, parseGroup } from './cards.js';
import type { CardId, GroupKey, Mix } from './types.js';

const SUP = Object.fromEntries(SUPPLIERS.map((s) => [s, Object.freeze({ key: `phoneimpact.supplier.${s}` })])) as Record<Supplier, Msg>;
const COMP = Object.fromEntries(COMPONENTS.map((c) => [c, Object.freeze({ key: `phoneimpact.component.${c}` })])) as Record<Component, Msg>;
const typeKey = (r: RulesetId, t: ResType) => (t === 'MR' && r === '2025' ? 'AMet' : t);
const TYPE: Record<RulesetId, Record<ResType, Msg>> = {
  seed: Object.fromEntries(TYPES.map((t) => [t, Object.freeze({ key: `phoneimpact.type.${typeKey('seed', t)}` })])) as Record<ResType, Msg>,
  '2025': Object.fromEntries(TYPES.map((t) => [t, Object.freeze({ key: `phoneimpact.type.${typeKey('2025', t)}` })])) as Record<ResType, Msg>,
};

export const supplierMsg = (s: Supplier): Msg => SUP[s];
export const componentMsg = (c: Component): Msg => COMP[c];
export const typeMsg = (r: RulesetId, t: ResType): Msg => TYPE[r][t];

/** "2 common metals", "1 métal rare": a count of one resource type, the noun agreeing with it. */
export function typeCountMsg(r: RulesetId, t: ResType, count: number): Msg {
  return { key: 'phoneimpact.typeCount', args: { count, type: { key: `phoneimpact.types.${typeKey(r, t)}`, args: { count } } } };
}

/** "common metal (PolluPlus)". */
export function cardMsg(r: RulesetId, s: Supplier, t: ResType): Msg {
  return { key: 'phoneimpact.card', args: { type: TYPE[r][t], supplier: SUP[s] } };
}

export function groupMsg(r: RulesetId, g: GroupKey, count?: number): Msg {
  const p = parseGroup(g)!;
  if (count === undefined) return cardMsg(r, p.supplier, p.type);
  return { key: 'phoneimpact.group', args: { type: TYPE[r][p.type], supplier: SUP[p.supplier], count } };
}

export function cardsMsg(r: RulesetId, ids: readonly CardId[]): Msg[] {
  const t = CARD_TABLES[r];
  return ids.map((id) => cardMsg(r, t.supplier[id]!, t.type[id]!));
}

/** "2 × PolluPlus + 1 × Recycl'". */
export function mixMsg(m: Mix): Msg {
  const parts: Msg[] = [];
  SUPPLIERS.forEach((s, i) => {
    if (m[i]! > 0) parts.push({ key: 'phoneimpact.mixPart', args: { count: m[i]!, supplier: SUP[s] } });
  });
  return { key: 'phoneimpact.mix', args: { parts } };
}

/**
 * One side of a trade: its cards and its malus, each named only when there are some ("2 PolluPlus
 * cards, 1 malus"; "1 malus"). An offer always gives something.
 */
export function offerSideMsg(cards: Msg | Msg[] | null, malus: number): Msg {
  const items: Msg[] = cards === null ? [] : Array.isArray(cards) ? [...cards] : [cards];
  if (malus > 0) items.push({ key: 'phoneimpact.malusCount', args: { count: malus } });
  return { key: 'phoneimpact.list', args: { items } };
}

/** "2 PolluPlus, 1 PolluMoins" from counts per supplier, for public lines. */
export function backsMsg(counts: Record<Supplier, number>): Msg {
  const parts: Msg[] = [];
  for (const s of SUPPLIERS) if (counts[s] > 0) parts.push({ key: 'phoneimpact.backs', args: { count: counts[s], supplier: SUP[s] } });
  return parts.length === 0 ? { key: 'phoneimpact.nothing' } : { key: 'phoneimpact.list', args: { items: parts } };
}
