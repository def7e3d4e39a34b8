/**
 * Display only: every place on a player's board that holds cubes (the printed storage and
 * incinerator, then each card bought), with the cubes shown on it and its room. Cubes are
 * fungible inside a zone (G30): storage uses the packing of zones.ts, factories fill the printed
 * incinerator first, then cards in the order they were bought.
 */
import { BR, equipmentType, INCIN2_COLOURS, MV, NC, PRINTED_INCINERATOR, PRINTED_STORAGE, type EquipmentKind } from './constants.js';
import type { Board, Vec } from './types.js';
import { packStorage } from './zones.js';

export interface Room {
  /** Index into the board's equipment, or -1 for the printed storage, -2 for the printed incinerator. */
  index: number;
  kind: EquipmentKind;
  /** The card's id (S1…R4); null for the two printed places. */
  id: string | null;
  capacity: number;
  /** Colours it takes. */
  colours: readonly number[];
  cubes: Vec;
  used: number;
  /** Storage: upkeep per turn (negative). Factories: per cube (negative = pay, positive = earn). */
  operating: number;
  /** Turns left; null = no limit. */
  life: number | null;
}

const COMMON_STORAGE = [0, 1, 2, 3, 4] as const;

/** Takes up to `room` cubes of `colours` from `left` (in place) and returns them. */
function take(left: Vec, colours: readonly number[], room: number): Vec {
  const out = new Array<number>(NC).fill(0);
  for (const c of colours) {
    const n = Math.min(room, left[c]!);
    out[c] = n;
    left[c]! -= n;
    room -= n;
  }
  return out;
}

export function rooms(b: Board): Room[] {
  const out: Room[] = [];
  const total = (v: Vec) => v.reduce((a, n) => a + n, 0);
  for (const p of packStorage(b)) {
    const eq = p.index >= 0 ? b.equipment[p.index]! : null;
    const t = eq ? equipmentType(eq.card) : null;
    out.push({
      index: p.index, kind: 'storage', id: t?.id ?? null,
      capacity: t?.capacity ?? PRINTED_STORAGE.capacity, colours: t?.colours ?? COMMON_STORAGE,
      cubes: p.cubes, used: total(p.cubes), operating: t?.operating ?? -PRINTED_STORAGE.upkeep, life: eq?.life ?? null,
    });
  }
  const incin2 = [...b.incin2];
  const printed = take(incin2, INCIN2_COLOURS, PRINTED_INCINERATOR.capacity);
  out.push({ index: -2, kind: 'incin2', id: null, capacity: PRINTED_INCINERATOR.capacity, colours: INCIN2_COLOURS, cubes: printed, used: total(printed), operating: PRINTED_INCINERATOR.income, life: null });
  const incin1 = [...b.incin1];
  const recycling = [...b.recycling];
  const decon = [...b.decon];
  b.equipment.forEach((e, index) => {
    const t = equipmentType(e.card);
    if (t.kind === 'storage') return;
    const left = t.kind === 'incin2' ? incin2 : t.kind === 'incin1' ? incin1 : t.kind === 'recycling' ? recycling : decon;
    const cubes = take(left, t.kind === 'incin1' ? [BR] : t.kind === 'decon' ? [MV] : t.colours, t.capacity);
    out.push({ index, kind: t.kind, id: t.id, capacity: t.capacity, colours: t.colours, cubes, used: total(cubes), operating: t.operating, life: e.life });
  });
  return out;
}
