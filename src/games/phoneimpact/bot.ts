/**
 * A bot that plays from its seat's view only: it builds the best component it can, supplies
 * towards the component closest to done (weighing cards against malus), depollutes when malus
 * will cost it, and answers events and trades with the same needs in mind.
 */
import type { Rng } from '../../engine/index.js';
import { COMPONENTS, MALUS_MULTIPLIER_AFTER_E8, QUIZ_ANSWER_KG, RECIPES, SUPPLIERS, SUPPLY, TYPES, type Component, type ResType, type Supplier } from './constants.js';
import { groupKey, mixesFor, parseGroup, SUP_INDEX, TYPE_INDEX } from './cards.js';
import type { GroupKey, Mix, PhoneImpactMove, PhoneImpactSeatView } from './types.js';

type V = PhoneImpactSeatView;

function counts(v: V): number[] {
  const c = new Array<number>(15).fill(0);
  for (const h of v.hand) c[SUP_INDEX[h.supplier] * 5 + TYPE_INDEX[h.type]]!++;
  return c;
}
const typeTotal = (c: number[], t: ResType) => c[TYPE_INDEX[t]]! + c[5 + TYPE_INDEX[t]]! + c[10 + TYPE_INDEX[t]]!;

/** The unbuilt component with the fewest missing cards (points break ties), and what it lacks. */
function target(v: V, c: number[]): { comp: Component | null; need: Record<ResType, number> } {
  const mine = v.players[v.seat]!;
  let best: Component | null = null, bestMissing = Infinity;
  let need = { MC: 0, MR: 0, TR: 0, MP: 0, AMat: 0 } as Record<ResType, number>;
  for (const comp of COMPONENTS) {
    if (mine.built[comp]) continue;
    const lack = {} as Record<ResType, number>;
    let missing = 0;
    for (const t of TYPES) {
      lack[t] = Math.max(0, RECIPES[comp].need[t] - typeTotal(c, t));
      missing += lack[t];
    }
    const score = missing - RECIPES[comp].points / 20;
    if (score < bestMissing) {
      bestMissing = score;
      best = comp;
      need = lack;
    }
  }
  return { comp: best, need };
}

/** How much the bot wants each type: what its target lacks, a little for the other components. */
function wants(v: V, c: number[], need = target(v, c).need): Record<ResType, number> {
  const mine = v.players[v.seat]!;
  const w = {} as Record<ResType, number>;
  for (const t of TYPES) {
    let all = 0;
    for (const comp of COMPONENTS) if (!mine.built[comp]) all += RECIPES[comp].need[t];
    w[t] = need[t] * 2 + Math.max(0, all - typeTotal(c, t)) * 0.3;
  }
  return w;
}

function malusWeight(v: V): number {
  return v.flags.penalty || v.revealed.length >= 6 ? 1 : 0.5;
}

function suggested(c: number[], comp: Component): Record<ResType, Mix> {
  const out = {} as Record<ResType, Mix>;
  for (const t of TYPES) out[t] = mixesFor(c, t, RECIPES[comp].need[t])[0]!;
  return out;
}

function supplyPicks(v: V, sup: Supplier, c: number[], need = target(v, c).need): { faceUp: number[]; deck: number } {
  const left = { ...need };
  const k = Math.min(SUPPLY[sup].cards, v.deckSizes[sup] + v.faceUp[sup].filter((x) => x).length);
  const faceUp: number[] = [];
  v.faceUp[sup].forEach((card, i) => {
    if (card && faceUp.length < k && left[card.type] > 0) {
      faceUp.push(i);
      left[card.type]--;
    }
  });
  // Fill with the deck, or with face-up cards when the deck is short.
  v.faceUp[sup].forEach((card, i) => {
    if (card && !faceUp.includes(i) && faceUp.length + v.deckSizes[sup] < k) faceUp.push(i);
  });
  return { faceUp, deck: k - faceUp.length };
}

function turn(v: V, rng: Rng): PhoneImpactMove {
  const c = counts(v);
  const builds = v.menu.filter((e) => e.startsWith('b-')).map((e) => e.slice(2) as Component);
  if (builds.length > 0) {
    const comp = builds.sort((a, b) => RECIPES[b].points - RECIPES[a].points)[0]!;
    return { type: 'build', component: comp, mix: suggested(c, comp) };
  }
  const malus = v.players[v.seat]!.malusCount;
  const w = malusWeight(v);
  if (v.menu.includes('trade') && rng.next() < 0.25) {
    const offer = tradeOffer(v, c);
    if (offer) return offer;
  }
  if (v.menu.includes('d2') && malus >= (w >= 1 ? 3 : 5)) return { type: 'depollute', count: 2 };
  // The target is worked out once for the whole turn: every supplier is weighed against it.
  const { need } = target(v, c);
  const want = wants(v, c, need);
  let best: Supplier | null = null, bestScore = -Infinity, bestPicks: { faceUp: number[]; deck: number } | null = null;
  for (const sup of SUPPLIERS) {
    if (!v.menu.includes(`s${sup}`)) continue;
    const picks = supplyPicks(v, sup, c, need);
    let value = picks.deck * 0.45;
    for (const i of picks.faceUp) value += Math.min(1.5, want[v.faceUp[sup][i]!.type] > 0 ? 1.2 : 0.2);
    if (sup === 'RC') value += 0.6; // the Recycl' bonus
    const cost = SUPPLY[sup].malus * (v.flags.double ? MALUS_MULTIPLIER_AFTER_E8 : 1) * w * (1 + malus / 8);
    const score = value - cost + rng.next() * 0.3;
    if (score > bestScore) {
      bestScore = score;
      best = sup;
      bestPicks = picks;
    }
  }
  if (best !== null) {
    if (v.menu.includes('d1') && bestScore < 0 && malus >= 2) return { type: 'depollute', count: malus >= 2 && v.menu.includes('d2') ? 2 : 1 };
    return { type: 'supply', supplier: best, ...bestPicks! };
  }
  if (v.menu.includes('d1')) return { type: 'depollute', count: 1 };
  return { type: 'pass' };
}

/** The hand group the bot values least among those allowed. */
function leastWanted(v: V, c: number[], allowed: (g: GroupKey) => boolean, taken: GroupKey[] = [], want = wants(v, c)): GroupKey | null {
  let best: GroupKey | null = null, bestValue = Infinity;
  for (const sup of SUPPLIERS) for (const t of TYPES) {
    const g = groupKey(sup, t);
    const have = c[SUP_INDEX[sup] * 5 + TYPE_INDEX[t]]! - taken.filter((x) => x === g).length;
    if (have <= 0 || !allowed(g)) continue;
    const value = want[t] / Math.max(1, typeTotal(c, t)) + (sup === 'RC' ? 1 : 0);
    if (value < bestValue) {
      bestValue = value;
      best = g;
    }
  }
  return best;
}

/** One card the bot needs least for one it needs, from a player whose backs show that supplier. */
const anyGroup = () => true;

function tradeOffer(v: V, c: number[]): PhoneImpactMove | null {
  const want = wants(v, c);
  const give = leastWanted(v, c, anyGroup, [], want);
  const needed = TYPES.filter((t) => want[t] >= 2).sort((a, b) => want[b] - want[a])[0];
  if (!give || !needed) return null;
  for (const p of v.players) {
    if (p.seat === v.seat) continue;
    const sup = (['PM', 'PP'] as const).find((x) => p.handBySupplier[x] > 0);
    if (sup) return { type: 'offer', target: p.seat, give: [give], malus: 0, ask: [groupKey(sup, needed)] };
  }
  return null;
}

function eventMove(v: V, rng: Rng): PhoneImpactMove {
  const c = counts(v);
  const step = v.event!.step;
  switch (step) {
    case 'quiz':
      return { type: 'guess', kg: Math.round(QUIZ_ANSWER_KG * (0.3 + rng.next() * 1.6)) };
    case 'take': {
      const want = wants(v, c);
      let best: GroupKey | null = null, bestValue = -Infinity;
      for (const sup of SUPPLIERS) for (const card of v.faceUp[sup]) {
        if (!card) continue;
        const value = want[card.type] + (sup === 'RC' ? 0.5 : 0);
        if (value > bestValue) {
          bestValue = value;
          best = groupKey(sup, card.type);
        }
      }
      return { type: 'takeUp', group: best! };
    }
    case 'e4': {
      const pp = (['MC', 'MR', 'TR', 'MP', 'AMat'] as ResType[]).filter((t) => c[TYPE_INDEX[t]]! > 0);
      const types = new Set(pp);
      if (types.size === 1 && c[TYPE_INDEX[pp[0]!]]! >= 2) return { type: 'ok' };
      const a = leastWanted(v, c, (g) => g.startsWith('PP'))!;
      const b = leastWanted(v, c, (g) => g.startsWith('PP'), [a])!;
      return { type: 'discardPP', types: [parseGroup(a)!.type, parseGroup(b)!.type] };
    }
    case 'e9': {
      const pp: Partial<Record<ResType, number>> = {};
      let fields = 0;
      for (const t of TYPES) {
        const cpp = c[TYPE_INDEX[t]]!, cpm = c[5 + TYPE_INDEX[t]]!;
        if (cpp + cpm <= 2 || cpp === 0 || cpm === 0) continue;
        const min = Math.max(0, 2 - cpm), max = Math.min(2, cpp);
        if (min < max) {
          pp[t] = min; // keep PolluMoins: fewer PolluPlus on the board later
          fields++;
        }
      }
      return fields === 0 ? { type: 'ok' } : { type: 'keep', pp };
    }
    case 'e7': {
      const left = v.players[(v.seat + 1) % v.seats]!.handBySupplier;
      return { type: 'steal', supplier: left.PP >= left.PM ? 'PP' : 'PM' };
    }
    case 'e10': {
      if (v.players[v.seat]!.malusCount > 0) return { type: 'e10', option: 'malus' };
      const t = v.players[v.event!.target!]!.handBySupplier;
      return { type: 'e10', option: t.PP > 0 ? 'PP' : 'PM' };
    }
    case 'e11': {
      const nonRc = (g: GroupKey) => !g.startsWith('RC');
      const a = leastWanted(v, c, nonRc)!;
      const b = leastWanted(v, c, nonRc, [a])!;
      if (v.malusDeck === 0) return distinctPairs(c) === 1 ? { type: 'ok' } : { type: 'e11', draw: false, discard: [a, b] };
      const cheap = !v.flags.penalty && v.players[v.seat]!.malusCount < 4;
      if (cheap || a === null || b === null) return { type: 'e11', draw: true };
      return { type: 'e11', draw: false, discard: [a, b] };
    }
  }
  return { type: 'ok' };
}

function distinctPairs(c: number[]): number {
  const groups: number[] = [];
  for (let i = 0; i < 10; i++) if (c[i]! > 0) groups.push(c[i]!);
  let n = (groups.length * (groups.length - 1)) / 2;
  for (const g of groups) if (g >= 2) n++;
  return n;
}

function answerTrade(v: V): PhoneImpactMove {
  const offer = v.offer!;
  const c = counts(v);
  const have = new Map<GroupKey, number>();
  for (const g of offer.ask) have.set(g, (have.get(g) ?? 0) + 1);
  for (const [g, n] of have) {
    const p = parseGroup(g)!;
    if (c[SUP_INDEX[p.supplier] * 5 + TYPE_INDEX[p.type]]! < n) return { type: 'tradeAnswer', accept: false };
  }
  const want = wants(v, c);
  let value = -offer.malus * 1.5 * malusWeight(v);
  for (const g of offer.give) value += want[parseGroup(g)!.type] > 0 ? 1 : 0.2;
  for (const g of offer.ask) value -= want[parseGroup(g)!.type] > 0 ? 1.2 : 0.3;
  return { type: 'tradeAnswer', accept: value > 0 };
}

export function bot(v: V, rng: Rng): PhoneImpactMove {
  switch (v.phase) {
    case 'turn':
      return turn(v, rng);
    case 'supply':
      return { type: 'supply', supplier: v.supplier!, ...supplyPicks(v, v.supplier!, counts(v)) };
    case 'build':
      return { type: 'build', component: v.component!, mix: suggested(counts(v), v.component!) };
    case 'tradeGive':
    case 'tradeAsk':
      return { type: 'back' };
    case 'tradeAnswer':
      return answerTrade(v);
    case 'event':
      return eventMove(v, rng);
    default:
      return { type: 'pass' };
  }
}
