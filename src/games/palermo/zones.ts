/**
 * Zone capacities (spec §3.6.0, G30): cubes are fungible inside a zone, the state keeps counts
 * per colour, and the engine checks room with these functions. Display packing lives here too.
 */
import { BK, BL, BR, COMMON, equipmentType, GR, MV, NC, PRINTED_INCINERATOR, PRINTED_STORAGE, WH, YE } from './constants.js';
import type { Board, OwnedEquipment, Vec } from './types.js';

export interface Capacities {
  /** Dedicated storage per colour (BR..GR), MV and BK storage in the same vector. */
  dedicated: Vec;
  mixed: number;
  recycling: Vec;
  incin2: number;
  incin1: number;
  decon: number;
  upkeep: number;
}

export function capacities(equipment: readonly OwnedEquipment[], skip = -1): Capacities {
  const c: Capacities = { dedicated: [0, 0, 0, 0, 0, 0, 0], mixed: PRINTED_STORAGE.capacity, recycling: [0, 0, 0, 0, 0, 0, 0], incin2: PRINTED_INCINERATOR.capacity, incin1: 0, decon: 0, upkeep: PRINTED_STORAGE.upkeep };
  for (let i = 0; i < equipment.length; i++) {
    if (i === skip) continue;
    const t = equipmentType(equipment[i]!.card);
    switch (t.kind) {
      case 'storage':
        c.upkeep += -t.operating;
        if (t.colours.length > 1) c.mixed += t.capacity;
        else c.dedicated[t.colours[0]!]! += t.capacity;
        break;
      case 'recycling':
        c.recycling[t.colours[0]!]! += t.capacity;
        break;
      case 'incin2':
        c.incin2 += t.capacity;
        break;
      case 'incin1':
        c.incin1 += t.capacity;
        break;
      case 'decon':
        c.decon += t.capacity;
        break;
    }
  }
  return c;
}

/** Cubes of the common colours that overflow their dedicated cards into the mixed pool. */
export function mixedUse(x: Vec, cap: Capacities): number {
  let sum = 0;
  for (const c of COMMON) sum += Math.max(0, x[c]! - cap.dedicated[c]!);
  return sum;
}

export function fitsStorage(x: Vec, cap: Capacities): boolean {
  return x[MV]! <= cap.dedicated[MV]! && x[BK]! <= cap.dedicated[BK]! && mixedUse(x, cap) <= cap.mixed;
}

/** How many more cubes of colour c storage could take, the others staying. */
export function storageRoom(x: Vec, cap: Capacities, c: number): number {
  if (c === MV || c === BK) return Math.max(0, cap.dedicated[c]! - x[c]!);
  const free = cap.mixed - mixedUse(x, cap);
  return Math.max(0, cap.dedicated[c]! - x[c]!) + Math.max(0, free);
}

export function incin2Used(x: Vec): number {
  return x[BR]! + x[YE]! + x[BL]! + x[GR]!;
}

/**
 * Destroying card `index` (G17) is allowed when the cubes of its zone still fit without it. The
 * incinerators count as one zone where BR may sit on I2 (§3.6.0).
 */
export function canDestroy(b: Board, index: number): boolean {
  const eq = b.equipment[index];
  if (!eq) return false;
  const cap = capacities(b.equipment, index);
  const t = equipmentType(eq.card);
  switch (t.kind) {
    case 'storage':
      return fitsStorage(b.storage, cap);
    case 'recycling':
      return b.recycling.every((n, c) => n <= cap.recycling[c]!);
    case 'decon':
      return b.decon[MV]! <= cap.decon;
    case 'incin2':
    case 'incin1': {
      const x2 = b.incin2, x1 = b.incin1;
      return x2[YE]! + x2[BL]! + x2[GR]! + Math.max(0, x2[BR]! + x1[BR]! - cap.incin1) <= cap.incin2;
    }
  }
}

/** After a destruction, BR burnt on a lost I2 moves to incin2 room (or back) so counts match the cards. */
export function repackIncinerators(b: Board): void {
  const cap = capacities(b.equipment);
  const over = b.incin1[BR]! - cap.incin1;
  if (over > 0) {
    b.incin1[BR]! -= over;
    b.incin2[BR]! += over;
  } else {
    const spill = incin2Used(b.incin2) - cap.incin2;
    if (spill > 0) {
      const move = Math.min(spill, b.incin2[BR]!, -over);
      b.incin2[BR]! -= move;
      b.incin1[BR]! += move;
    }
  }
}

/** Which card shows which cubes (display only): dedicated cards first, printed space, then oldest. */
export interface PackedCard {
  /** Index into the equipment list, or -1 for the printed storage, -2 for the printed incinerator. */
  index: number;
  cubes: Vec;
}

export function packStorage(b: Board): PackedCard[] {
  const out: PackedCard[] = [{ index: -1, cubes: new Array(NC).fill(0) }];
  const left = [...b.storage];
  const mixed: PackedCard[] = [out[0]!];
  b.equipment.forEach((e, index) => {
    const t = equipmentType(e.card);
    if (t.kind !== 'storage') return;
    const card: PackedCard = { index, cubes: new Array(NC).fill(0) };
    out.push(card);
    if (t.colours.length > 1) {
      mixed.push(card);
      return;
    }
    const c = t.colours[0]!;
    const n = Math.min(left[c]!, t.capacity);
    card.cubes[c] = n;
    left[c]! -= n;
  });
  for (const card of mixed) {
    let room = card.index === -1 ? PRINTED_STORAGE.capacity : equipmentType(b.equipment[card.index]!.card).capacity;
    for (const c of [BR, YE, BL, WH, GR]) {
      const n = Math.min(room, left[c]!);
      card.cubes[c]! += n;
      left[c]! -= n;
      room -= n;
    }
  }
  return out;
}
