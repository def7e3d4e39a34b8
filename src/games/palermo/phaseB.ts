/**
 * Phase B, waste treatment (spec §3.6): five steps, each one answer of counts per colour (a form
 * of at most 5 number fields, split in two when more, §3.6.6). A field appears only when some
 * legal answer sets it to 1 or more (G37); a step with no field is settled by the engine.
 */
import type { LogEvent, Msg } from '../../engine/index.js';
import { BK, BL, BR, COLOURS, YE, DECON_COST, GR, INCIN1_INCOME, MV, NC, PRINTED_INCINERATOR, RECYCLABLE, RECYCLING_COST, SORTING_COST, VOLUNTARY_MAFIA_ZONES, marketPrice, INCIN2_COLOURS } from './constants.js';
import { mafiaTotal } from './mafia.js';
import { forcedPay, receive, voluntaryPay } from './money.js';
import { cubesMsg, isEmpty, moneyPart, pub } from './msgs.js';
import type { Board, Step, Table, Vec } from './types.js';
import { capacities, fitsStorage, incin2Used, storageRoom, type Capacities } from './zones.js';

export const B_STEPS: readonly Step[] = ['sell', 'factory', 'store', 'sort', 'mafia'];

export interface CountField {
  id: string;
  colour: number;
  max: number;
  /** Which form of a split step it belongs to. */
  group: 0 | 1;
}

const zero = (): Vec => [0, 0, 0, 0, 0, 0, 0];
const CODE = COLOURS;

/** Cubes of colour c that step 5 may take voluntarily (every zone but toMafia and bulk). */
export function outsideMafia(b: Board, c: number): number {
  return b.storage[c]! + b.sorted[c]! + b.recycling[c]! + b.incin2[c]! + b.incin1[c]! + b.decon[c]!;
}

/**
 * The most cash step 2's burning can leave for its payments (§3.6.6, G37), with `keep` cubes of
 * one colour held back for recycling. Receipts go through `receive`, so what the Mafia withholds
 * from a player in debt never counts (§3.2, G11). Brown may burn on incin2 or on I2: every split
 * is tried, since in debt a cube on I2 keeps 1 Mβ where one on incin2 keeps none.
 */
function burnCash(b: Board, cap: Capacities, keep = -1, kept = 0): number {
  const left = (c: number) => b.storage[c]! - (c === keep ? kept : 0);
  const room2 = cap.incin2 - incin2Used(b.incin2), room1 = cap.incin1 - b.incin1[BR]!;
  let others = 0;
  for (const c of INCIN2_COLOURS) if (c !== BR) others += left(c);
  let best = b.cash;
  for (let br2 = 0; br2 <= Math.min(left(BR), room2); br2++) {
    const scratch = { ...b };
    const on2 = br2 + Math.min(others, room2 - br2);
    for (let i = 0; i < on2; i++) receive(scratch, PRINTED_INCINERATOR.income);
    const on1 = Math.min(room1, left(BR) - br2);
    for (let i = 0; i < on1; i++) receive(scratch, INCIN1_INCOME);
    best = Math.max(best, scratch.cash);
  }
  return best;
}

/** The most cubes of a paid factory some legal step 2 answer uses: n = 0 when none. */
function mostAffordable(room: number, cost: number, cashFor: (n: number) => number): number {
  let n = room;
  while (n > 0 && n * cost > cashFor(n)) n--;
  return n;
}

function addField(out: CountField[], id: string, colour: number, max: number, group: 0 | 1): void {
  if (max > 0) out.push({ id, colour, max, group });
}

export function fieldsFor(step: Step, t: Table, seat: number, withReceipts = true): CountField[] {
  const b = t.boards[seat]!;
  const cap = capacities(b.equipment);
  const out: CountField[] = [];
  switch (step) {
    case 'sell':
      for (const c of RECYCLABLE) addField(out, CODE[c], c, b.recycling[c]!, 0);
      break;
    case 'factory': {
      const room2 = cap.incin2 - incin2Used(b.incin2);
      for (const c of INCIN2_COLOURS) addField(out, `b2${CODE[c]}`, c, Math.min(b.storage[c]!, room2), 0);
      addField(out, 'b1BR', BR, Math.min(b.storage[BR]!, cap.incin1 - b.incin1[BR]!), 0);
      // When the burns are a form of their own (B2a), they are settled before B2b is asked.
      const cashFor = (c: number) => (n: number) => (withReceipts ? burnCash(b, cap, c, n) : b.cash);
      for (const c of RECYCLABLE) {
        const room = Math.min(b.storage[c]!, cap.recycling[c]! - b.recycling[c]!);
        addField(out, `r${CODE[c]}`, c, mostAffordable(room, RECYCLING_COST[c]!, cashFor(c)), 1);
      }
      addField(out, 'dMV', MV, mostAffordable(Math.min(b.storage[MV]!, cap.decon - b.decon[MV]!), DECON_COST, cashFor(MV)), 1);
      break;
    }
    case 'store':
      for (let c = 0; c < NC; c++) addField(out, CODE[c]!, c, Math.min(b.sorted[c]!, storageRoom(b.storage, cap, c)), c >= MV ? 1 : 0);
      break;
    case 'sort':
      for (let c = 0; c < BK; c++) addField(out, CODE[c]!, c, Math.min(b.bulk[c]!, Math.floor(b.cash / SORTING_COST[c]!)), c === MV ? 1 : 0);
      break;
    case 'mafia': {
      // §3.6.6 B5: with the cubes chosen in an earlier form of this step, the most of colour c
      // that still leaves a legal order. Fewer cubes never break an order, so search by halves.
      const p0 = t.mafia.reduce((a, n) => a + n, 0);
      const vol = [...t.heldVoluntary];
      for (let c = 0; c < NC; c++) {
        let lo = 0, hi = outsideMafia(b, c) - t.heldVoluntary[c]!;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          vol[c] = t.heldVoluntary[c]! + mid;
          if (mafiaTotal(p0, b.toMafia, vol, b.cash) !== null) lo = mid;
          else hi = mid - 1;
        }
        vol[c] = t.heldVoluntary[c]!;
        addField(out, CODE[c]!, c, lo, c >= MV ? 1 : 0);
      }
      break;
    }
    default:
      break;
  }
  return out;
}

/** Field groups at the entry of a step: one form when at most 5 fields, else two (§3.6.6). */
export function groupsFor(step: Step, t: Table, seat: number): string[][] {
  const all = fieldsFor(step, t, seat);
  if (all.length <= 5) return [all.map((f) => f.id)];
  return [all.filter((f) => f.group === 0).map((f) => f.id), all.filter((f) => f.group === 1).map((f) => f.id)];
}

/** The fields shown now, in the current form of the step. */
export function visibleFields(t: Table, seat: number): CountField[] {
  const group = t.groups[t.part];
  if (!group) return [];
  const fields = fieldsFor(t.step, t, seat, t.groups.length === 1);
  return fields.filter((f) => group.includes(f.id));
}

/** Money after a series of receipts, on a scratch copy (receipts come first in step 2, G32). */
function afterReceipts(b: Board, receipts: number[]): Board {
  const scratch = { ...b };
  for (const x of receipts) receive(scratch, x);
  return scratch;
}

/** The suggested answer of the current form (the form's defaults, and what the bot starts from). */
function fieldById(fields: CountField[], id: string): CountField | undefined {
  for (const f of fields) if (f.id === id) return f;
  return undefined;
}

export function suggest(t: Table, seat: number, fields: CountField[]): Record<string, number> {
  const b = t.boards[seat]!;
  const out: Record<string, number> = {};
  for (const f of fields) out[f.id] = 0;
  switch (t.step) {
    case 'sell':
      for (const f of fields) out[f.id] = f.max;
      break;
    case 'factory': {
      const cap = capacities(b.equipment);
      const left = [...b.storage];
      // Recycle what fits, then fill incin2 (BR first), then I2 with brown.
      for (const c of RECYCLABLE) {
        const f = fieldById(fields, `r${CODE[c]}`);
        if (f) { out[f.id] = f.max; left[c]! -= f.max; }
      }
      const dm = fieldById(fields, 'dMV');
      if (dm) out[dm.id] = dm.max;
      let room2 = cap.incin2 - incin2Used(b.incin2);
      for (const c of [BR, GR, YE, BL]) {
        const f = fieldById(fields, `b2${CODE[c]}`);
        if (!f) continue;
        const n = Math.max(0, Math.min(f.max, room2, left[c]!));
        out[f.id] = n; left[c]! -= n; room2 -= n;
      }
      const f1 = fieldById(fields, 'b1BR');
      if (f1) out[f1.id] = Math.max(0, Math.min(f1.max, left[BR]!));
      // Lower the payments until they fit the cash left after receipts (decontamination first).
      const order = ['dMV', 'rBL', 'rWH', 'rYE'];
      for (const id of order) {
        while ((out[id] ?? 0) > 0 && factoryCheck(t, seat, out) !== null) out[id]!--;
      }
      break;
    }
    case 'store': {
      const cap = capacities(b.equipment);
      const x = [...b.storage];
      // Fill dedicated room first, then the mixed pool with the largest piles.
      for (const f of fields) {
        const n = Math.min(f.max, Math.max(0, cap.dedicated[f.colour]! - x[f.colour]!));
        out[f.id] = n; x[f.colour]! += n;
      }
      const common = fields.filter((f) => f.colour < MV).sort((a, b2) => b.sorted[b2.colour]! - b.sorted[a.colour]! || a.colour - b2.colour);
      for (const f of common) {
        const n = Math.min(f.max - out[f.id]!, storageRoom(x, cap, f.colour));
        out[f.id]! += n; x[f.colour]! += n;
      }
      break;
    }
    case 'sort': {
      let cash = b.cash;
      for (const f of fields) {
        const n = Math.min(f.max, Math.floor(cash / SORTING_COST[f.colour]!));
        out[f.id] = n; cash -= n * SORTING_COST[f.colour]!;
      }
      break;
    }
    default:
      break;
  }
  return out;
}

/** Reads the answer of a form: only the fields shown, integers within bounds; missing = 0. */
export function readCounts(fields: CountField[], values: unknown): Record<string, number> | null {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
  const v = values as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const key of Object.keys(v)) if (!fields.some((f) => f.id === key)) return null;
  for (const f of fields) {
    const n = v[f.id] ?? 0;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > f.max) return null;
    out[f.id] = n;
  }
  return out;
}

const get = (v: Record<string, number>, id: string) => v[id] ?? 0;

/** Step 2 check: null when legal, else the rule error key and args. */
export function factoryCheck(t: Table, seat: number, v: Record<string, number>): { key: string; args?: Record<string, number> } | null {
  const b = t.boards[seat]!;
  const cap = capacities(b.equipment);
  let burn2 = 0;
  for (let c = 0; c < NC; c++) {
    const code = CODE[c]!;
    const taken = get(v, `b2${code}`) + get(v, `b1${code}`) + get(v, `r${code}`) + get(v, `d${code}`);
    if (taken > b.storage[c]!) return { key: 'palermo.error.notInStorage' };
    burn2 += get(v, `b2${code}`);
  }
  if (burn2 > cap.incin2 - incin2Used(b.incin2)) return { key: 'palermo.error.noRoom' };
  const receipts: number[] = [];
  for (let i = 0; i < burn2; i++) receipts.push(PRINTED_INCINERATOR.income);
  for (let i = 0; i < get(v, 'b1BR'); i++) receipts.push(INCIN1_INCOME);
  let pay = get(v, 'dMV') * DECON_COST;
  for (const c of RECYCLABLE) pay += get(v, `r${CODE[c]}`) * RECYCLING_COST[c]!;
  const after = afterReceipts(b, receipts);
  if (pay > after.cash) return { key: 'palermo.error.cannotPay', args: { cost: pay, cash: after.cash } };
  return null;
}

/** Applies one answer of the current step to the current player's board. */
export function applyCounts(t: Table, seat: number, v: Record<string, number>, events: LogEvent[]): { key: string; args?: Record<string, number> } | null {
  const b = t.boards[seat]!;
  const who = { seat };
  switch (t.step) {
    case 'sell': {
      const sold = zero();
      let earned = 0, withheld = 0;
      for (const c of RECYCLABLE) {
        for (let i = 0; i < get(v, CODE[c]!); i++) {
          const price = marketPrice(c, t.market[c]!);
          t.market[c]!++;
          b.recycling[c]!--;
          sold[c]!++;
          earned += price;
          withheld += receive(b, price).withheld;
        }
      }
      if (earned > 0) events.push(pub(withheld ? 'palermo.log.soldWithheld' : 'palermo.log.sold', { seat: who, cubes: cubesMsg(sold), amount: earned, ...(withheld ? { withheld } : {}) }));
      return null;
    }
    case 'factory': {
      const err = factoryCheck(t, seat, v);
      if (err) return err;
      const burnt = zero(), recycled = zero();
      let earned = 0, withheld = 0, paid = 0;
      for (const c of INCIN2_COLOURS) {
        const n = get(v, `b2${CODE[c]}`);
        for (let i = 0; i < n; i++) withheld += receive(b, PRINTED_INCINERATOR.income).withheld;
        b.storage[c]! -= n; b.incin2[c]! += n; burnt[c]! += n; earned += n * PRINTED_INCINERATOR.income;
      }
      const n1 = get(v, 'b1BR');
      for (let i = 0; i < n1; i++) withheld += receive(b, INCIN1_INCOME).withheld;
      b.storage[BR]! -= n1; b.incin1[BR]! += n1; burnt[BR]! += n1; earned += n1 * INCIN1_INCOME;
      for (const c of RECYCLABLE) {
        const n = get(v, `r${CODE[c]}`);
        voluntaryPay(b, n * RECYCLING_COST[c]!);
        paid += n * RECYCLING_COST[c]!;
        b.storage[c]! -= n; b.recycling[c]! += n; recycled[c]! += n;
      }
      const d = get(v, 'dMV');
      voluntaryPay(b, d * DECON_COST);
      paid += d * DECON_COST;
      b.storage[MV]! -= d; b.decon[MV]! += d;
      // Only what was done is named: "burns 2 brown, recycles 1 yellow", never "burns no cubes".
      const done: Msg[] = [];
      if (!isEmpty(burnt)) done.push({ key: 'palermo.log.burns', args: { cubes: cubesMsg(burnt) } });
      if (!isEmpty(recycled)) done.push({ key: 'palermo.log.recycles', args: { cubes: cubesMsg(recycled) } });
      if (d > 0) done.push({ key: 'palermo.log.decontaminates', args: { count: d } });
      const money: Msg[] = [];
      if (earned > 0) money.push(moneyPart('palermo.log.earns', earned, { withheld }));
      if (paid > 0) money.push(moneyPart('palermo.log.pays', paid));
      events.push(!done.length ? pub('palermo.log.factoriesIdle', { seat: who }) : money.length ? pub('palermo.log.factories', { seat: who, done, money }) : pub('palermo.log.factoriesFree', { seat: who, done }));
      return null;
    }
    case 'store': {
      const cap = capacities(b.equipment);
      const x = [...b.storage];
      const stored = zero();
      for (let c = 0; c < NC; c++) {
        const n = get(v, CODE[c]!);
        if (n > b.sorted[c]!) return { key: 'palermo.error.notThere' };
        x[c]! += n; stored[c] = n;
      }
      if (!fitsStorage(x, cap)) return { key: 'palermo.error.storageFull' };
      for (let c = 0; c < NC; c++) { b.sorted[c]! -= stored[c]!; b.storage[c] = x[c]!; }
      events.push(isEmpty(stored) ? pub('palermo.log.storedNone', { seat: who }) : pub('palermo.log.stored', { seat: who, cubes: cubesMsg(stored) }));
      return null;
    }
    case 'sort': {
      let cost = 0;
      const moved = zero();
      for (let c = 0; c < BK; c++) {
        const n = get(v, CODE[c]!);
        if (n > b.bulk[c]!) return { key: 'palermo.error.notThere' };
        moved[c] = n; cost += n * SORTING_COST[c]!;
      }
      if (!voluntaryPay(b, cost)) return { key: 'palermo.error.cannotPay', args: { cost, cash: b.cash } };
      for (let c = 0; c < BK; c++) { b.bulk[c]! -= moved[c]!; b.sorted[c]! += moved[c]!; }
      events.push(isEmpty(moved) ? pub('palermo.log.sortedNone', { seat: who }) : pub('palermo.log.sorted', { seat: who, cubes: cubesMsg(moved), cost }));
      return null;
    }
    case 'mafia': {
      const vol = [...t.heldVoluntary];
      for (let c = 0; c < NC; c++) {
        vol[c]! += get(v, CODE[c]!);
        if (vol[c]! > outsideMafia(b, c)) return { key: 'palermo.error.notThere' };
      }
      const p0 = t.mafia.reduce((a, n) => a + n, 0);
      if (mafiaTotal(p0, b.toMafia, vol, b.cash) === null) return { key: 'palermo.error.mafiaCash', args: { cash: b.cash } };
      t.heldVoluntary = vol;
      return null;
    }
    default:
      return { key: 'palermo.error.notNow' };
  }
}

/** Pays the storage upkeep at the start of step 3 (forced). */
export function payUpkeep(t: Table, seat: number, events: LogEvent[]): void {
  const b = t.boards[seat]!;
  const upkeep = capacities(b.equipment).upkeep;
  const { borrowed } = forcedPay(b, upkeep);
  events.push(pub(borrowed ? 'palermo.log.upkeepBorrowed' : 'palermo.log.upkeep', { seat: { seat }, amount: upkeep, ...(borrowed ? { borrowed } : {}) }));
}

/** End of a step: unsorted or unstored cubes become mandatory Mafia cubes; step 5 disposes. */
export function endStep(t: Table, seat: number, events: LogEvent[]): void {
  const b = t.boards[seat]!;
  if (t.step === 'store') {
    for (let c = 0; c < NC; c++) { b.toMafia[c]! += b.sorted[c]!; b.sorted[c] = 0; }
  } else if (t.step === 'sort') {
    for (let c = 0; c < NC; c++) { b.toMafia[c]! += b.bulk[c]!; b.bulk[c] = 0; }
  } else if (t.step === 'mafia') {
    dispose(t, seat, events);
  }
}

/** Step 5: all mandatory and voluntary cubes at once, in the cheapest legal order (G8). */
export function dispose(t: Table, seat: number, events: LogEvent[]): void {
  const b = t.boards[seat]!;
  const vol = t.heldVoluntary;
  const mandatory = b.toMafia;
  let count = 0;
  for (let c = 0; c < NC; c++) count += mandatory[c]! + vol[c]!;
  t.heldVoluntary = zero();
  if (count === 0) return;
  const p0 = t.mafia.reduce((a, n) => a + n, 0);
  const total = mafiaTotal(p0, mandatory, vol, b.cash) ?? 0;
  const { borrowed } = forcedPay(b, total);
  b.mafiaCubes = (b.mafiaCubes ?? 0) + count;
  for (let c = 0; c < NC; c++) {
    let left = vol[c]!;
    for (const zone of VOLUNTARY_MAFIA_ZONES) {
      const n = Math.min(left, b[zone][c]!);
      b[zone][c]! -= n; left -= n;
    }
    t.mafia[c]! += mandatory[c]! + vol[c]!;
  }
  const handed: Msg[] = [];
  if (!isEmpty(mandatory)) handed.push({ key: 'palermo.log.forced', args: { cubes: cubesMsg(mandatory) } });
  if (!isEmpty(vol)) handed.push({ key: 'palermo.log.voluntary', args: { cubes: cubesMsg(vol) } });
  events.push(pub(borrowed ? 'palermo.log.mafiaBorrowed' : 'palermo.log.mafia', { seat: { seat }, handed, amount: total, ...(borrowed ? { borrowed } : {}) }));
  b.toMafia = zero();
}
