/**
 * Resource cards: the card table of each ruleset, and hands read as counts per (supplier, type)
 * group (S23: two cards of one group are identical in play, so selections name groups).
 */
import { RECIPES, RULESETS, SUPPLIERS, TYPES, type Component, type ResType, type RulesetId, type Supplier } from './constants.js';
import type { CardId, CardView, GroupKey, Mix } from './types.js';

export const SUP_INDEX: Record<Supplier, number> = { PP: 0, PM: 1, RC: 2 };
export const TYPE_INDEX: Record<ResType, number> = { MC: 0, MR: 1, TR: 2, MP: 3, AMat: 4 };

interface CardTable {
  supplier: Supplier[];
  type: ResType[];
  views: CardView[];
  size: number;
}

function buildTable(id: RulesetId): CardTable {
  const supplier: Supplier[] = [];
  const type: ResType[] = [];
  for (const s of SUPPLIERS) for (const t of TYPES) for (let i = 0; i < RULESETS[id].deck[s][t]; i++) {
    supplier.push(s);
    type.push(t);
  }
  return { supplier, type, views: supplier.map((s, i) => Object.freeze({ supplier: s, type: type[i]! })), size: supplier.length };
}

export const CARD_TABLES: Record<RulesetId, CardTable> = { seed: buildTable('seed'), '2025': buildTable('2025') };

export function cardsOf(ruleset: RulesetId, s: Supplier): CardId[] {
  const t = CARD_TABLES[ruleset];
  const out: CardId[] = [];
  for (let id = 0; id < t.size; id++) if (t.supplier[id] === s) out.push(id);
  return out;
}

export const groupKey = (s: Supplier, t: ResType): GroupKey => `${s}-${t}`;
export const ALL_GROUPS: GroupKey[] = SUPPLIERS.flatMap((s) => TYPES.map((t) => groupKey(s, t)));
export function parseGroup(g: unknown): { supplier: Supplier; type: ResType } | null {
  if (typeof g !== 'string') return null;
  const [s, t] = g.split('-') as [Supplier, ResType];
  return (SUPPLIERS as readonly string[]).includes(s) && (TYPES as readonly string[]).includes(t) && g === `${s}-${t}` ? { supplier: s, type: t } : null;
}

/** counts[supplier*5 + type]. */
export function handCounts(ruleset: RulesetId, hand: readonly CardId[]): number[] {
  const t = CARD_TABLES[ruleset];
  const c = new Array<number>(15).fill(0);
  for (const id of hand) c[SUP_INDEX[t.supplier[id]!] * 5 + TYPE_INDEX[t.type[id]!]]!++;
  return c;
}

export const countAt = (counts: readonly number[], s: Supplier, t: ResType): number => counts[SUP_INDEX[s] * 5 + TYPE_INDEX[t]]!;

export function bySupplier(ruleset: RulesetId, cards: readonly CardId[]): Record<Supplier, number> {
  const t = CARD_TABLES[ruleset];
  const r = { PP: 0, PM: 0, RC: 0 };
  for (const id of cards) r[t.supplier[id]!]++;
  return r;
}

/** Takes (and removes) one card of a group from a list; the last matching one, so order stays. */
export function takeGroup(ruleset: RulesetId, cards: CardId[], s: Supplier, type: ResType): CardId | null {
  const t = CARD_TABLES[ruleset];
  for (let i = cards.length - 1; i >= 0; i--) {
    const id = cards[i]!;
    if (t.supplier[id] === s && t.type[id] === type) {
      cards.splice(i, 1);
      return id;
    }
  }
  return null;
}

/** Whether a hand covers a recipe (counts per type, any supplier). */
export function canBuild(counts: readonly number[], component: Component): boolean {
  const need = RECIPES[component].need;
  for (const t of TYPES) {
    const i = TYPE_INDEX[t];
    if (counts[i]! + counts[5 + i]! + counts[10 + i]! < need[t]) return false;
  }
  return true;
}

/** Every supplier split [PP, PM, RC] of `n` cards of type `t` the hand allows. */
export function mixesFor(counts: readonly number[], t: ResType, n: number): Mix[] {
  const i = TYPE_INDEX[t];
  const pp = counts[i]!, pm = counts[5 + i]!, rc = counts[10 + i]!;
  const out: Mix[] = [];
  // Most Recycl' first, then most PolluMoins: the suggested split comes first.
  for (let c = Math.min(rc, n); c >= 0; c--) {
    for (let b = Math.min(pm, n - c); b >= 0; b--) {
      const a = n - b - c;
      if (a <= pp) out.push([a, b, c]);
    }
  }
  return out;
}

export const mixId = (m: Mix): string => `p${m[0]}m${m[1]}r${m[2]}`;
export function parseMix(id: string): Mix | null {
  const m = /^p(\d)m(\d)r(\d)$/.exec(id);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** The suggested split of every recipe type: most Recycl', then most PolluMoins. */
export function suggestedMix(counts: readonly number[], component: Component): Record<ResType, Mix> {
  const need = RECIPES[component].need;
  const out = {} as Record<ResType, Mix>;
  for (const t of TYPES) out[t] = mixesFor(counts, t, need[t])[0] ?? [0, 0, 0];
  return out;
}
