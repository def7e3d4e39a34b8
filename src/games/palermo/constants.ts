/**
 * Palermo data tables (spec §5) as typed data. Every value the spec marks RECONSTRUCTED lives in
 * one named constant below, with the gap number (G…) that explains it.
 */

/** Waste colours. Red (hospital waste) is struck out in the source and does not exist (G4). */
export const COLOURS = ['BR', 'YE', 'BL', 'WH', 'GR', 'MV', 'BK'] as const;
export type Colour = (typeof COLOURS)[number];
export const BR = 0, YE = 1, BL = 2, WH = 3, GR = 4, MV = 5, BK = 6;
export const NC = COLOURS.length;
/** The five common colours: mixed storage, one shared Mafia tariff. */
export const COMMON = [BR, YE, BL, WH, GR] as const;
/** Colours sold on the market, each with one recycling card type (R1–R4). */
export const RECYCLABLE = [YE, BL, WH, GR] as const;
/** Colours the 2-Mβ incinerators (printed one and I1) accept. */
export const INCIN2_COLOURS = [BR, YE, BL, GR] as const;

export const START_CASH = 20;
export const HAND_SIZE = 3;
export const EQUIPMENT_ROW_SIZE = 3;
export const SETUP_CONTRACT_DRAW = 3;
export const SETUP_EQUIPMENT_DRAW = 6;
export const SETUP_EQUIPMENT_KEEP = 3;

/** RECONSTRUCTED (G1): number of turns; the longest printed validity. Configurable. */
export const DEFAULT_TURNS = 10;
export const TURN_CHOICES = [5, 8, 10, 12] as const;
/** RECONSTRUCTED (G23): 2–5 players (five player colours in the data files). */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
/** RECONSTRUCTED (G3): sorting cost per cube by colour (BK never arrives in bulk). */
export const SORTING_COST: readonly number[] = [1, 1, 1, 1, 1, 2, 0];
/** RECONSTRUCTED (G2): factories never expire (storage is unlimited in the source). */
export const FACTORY_LIFETIME: number | null = null;
/** RECONSTRUCTED (G6b): Mafia brackets are those of the market; lower bounds of each bracket. */
export const BRACKET_STARTS = [0, 6, 11, 16] as const;
/** RECONSTRUCTED (G42): colour order in which cubes leave the Mafia space at clean-up. */
export const MAFIA_CLEANUP_ORDER = [BK, MV, BR, YE, BL, WH, GR] as const;
/** RECONSTRUCTED (G34): zones voluntary Mafia cubes are taken from, in order. */
export const VOLUNTARY_MAFIA_ZONES = ['storage', 'sorted', 'recycling', 'incin2', 'incin1', 'decon'] as const;
/** RECONSTRUCTED (G21, G22): wealth = cash − DEBT_WEIGHT × debt; a final tie is a shared win. */
export const DEBT_WEIGHT = 2;
/** RECONSTRUCTED (G33): per-phase-C limits. */
export const PHASE_C_LIMITS = { buyAndDiscard: 1, completedSales: 1, offersPerOtherPlayer: 1, destructions: 1 } as const;
/**
 * RECONSTRUCTED (G15, §3.9): the optional free-choice variant (lobby option, off by default). A
 * contract on offer pays its printed price plus the ladder value its token stands on; the token
 * moves one step at the end of each phase D while the card stays unpicked, and a card unpicked on
 * the last step is discarded. Players pick (or pass) once each, clockwise from the first player;
 * the row is refilled to one card per player at the end of phase D (the spec leaves the timing
 * open: at the end, like the auction's reveal).
 */
export const VARIANT_LADDER = [0, 5, 10, 15] as const;

/** Printed on every board (cannot be bought or destroyed). */
export const PRINTED_STORAGE = { capacity: 10, upkeep: 5 } as const;
export const PRINTED_INCINERATOR = { capacity: 2, income: 2 } as const;

export type ContractKind = 'bulk' | 'sorted';
export interface ContractType {
  id: string;
  kind: ContractKind;
  /** Cubes delivered per turn, by colour index. */
  delivery: readonly number[];
  price: number;
  validity: number;
  copies: number;
}

const v = (m: Partial<Record<Colour, number>>): number[] => COLOURS.map((c) => m[c] ?? 0);

export const CONTRACT_TYPES: readonly ContractType[] = [
  { id: 'C1', kind: 'bulk', delivery: v({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 }), price: 5, validity: 10, copies: 4 },
  { id: 'C2', kind: 'bulk', delivery: v({ YE: 1, BL: 1, WH: 1, GR: 1, MV: 1 }), price: 10, validity: 10, copies: 4 },
  { id: 'C3', kind: 'sorted', delivery: v({ BR: 5 }), price: 5, validity: 10, copies: 4 },
  { id: 'C4', kind: 'sorted', delivery: v({ YE: 5 }), price: 10, validity: 5, copies: 2 },
  { id: 'C5', kind: 'sorted', delivery: v({ BL: 5 }), price: 15, validity: 5, copies: 2 },
  { id: 'C6', kind: 'sorted', delivery: v({ WH: 5 }), price: 0, validity: 10, copies: 2 },
  { id: 'C7', kind: 'sorted', delivery: v({ GR: 5 }), price: 10, validity: 5, copies: 2 },
  { id: 'C8', kind: 'sorted', delivery: v({ MV: 3 }), price: 20, validity: 10, copies: 2 },
  { id: 'C9', kind: 'sorted', delivery: v({ BK: 1 }), price: 50, validity: 10, copies: 2 },
];

export type EquipmentKind = 'storage' | 'decon' | 'incin2' | 'incin1' | 'recycling';
export interface EquipmentType {
  id: string;
  kind: EquipmentKind;
  price: number;
  /** Storage: upkeep paid per turn (negative). Factories: per cube (negative = pay, positive = earn). */
  operating: number;
  capacity: number;
  colours: readonly number[];
  copies: number;
}

export const EQUIPMENT_TYPES: readonly EquipmentType[] = [
  { id: 'S1', kind: 'storage', price: 20, operating: -5, capacity: 10, colours: [BR, YE, BL, WH, GR], copies: 2 },
  { id: 'S2', kind: 'storage', price: 10, operating: -4, capacity: 20, colours: [BR], copies: 2 },
  { id: 'S3', kind: 'storage', price: 10, operating: -3, capacity: 10, colours: [YE], copies: 2 },
  { id: 'S4', kind: 'storage', price: 10, operating: -2, capacity: 10, colours: [BL], copies: 2 },
  { id: 'S5', kind: 'storage', price: 10, operating: -4, capacity: 10, colours: [WH], copies: 2 },
  { id: 'S6', kind: 'storage', price: 10, operating: -2, capacity: 10, colours: [GR], copies: 2 },
  { id: 'S7', kind: 'storage', price: 10, operating: -2, capacity: 5, colours: [MV], copies: 2 },
  { id: 'S8', kind: 'storage', price: 50, operating: -10, capacity: 5, colours: [BK], copies: 2 },
  { id: 'D1', kind: 'decon', price: 20, operating: -2, capacity: 2, colours: [MV], copies: 3 },
  { id: 'I1', kind: 'incin2', price: 10, operating: 2, capacity: 2, colours: [BR, YE, BL, GR], copies: 3 },
  { id: 'I2', kind: 'incin1', price: 30, operating: 1, capacity: 5, colours: [BR], copies: 3 },
  { id: 'R1', kind: 'recycling', price: 10, operating: -1, capacity: 3, colours: [YE], copies: 3 },
  { id: 'R2', kind: 'recycling', price: 30, operating: -2, capacity: 6, colours: [BL], copies: 3 },
  { id: 'R3', kind: 'recycling', price: 20, operating: -2, capacity: 3, colours: [WH], copies: 3 },
  { id: 'R4', kind: 'recycling', price: 10, operating: 0, capacity: 2, colours: [GR], copies: 3 },
];

/** Recycling cost per cube by colour (R1–R4: one card type per colour). */
export const RECYCLING_COST: readonly number[] = [0, 1, 2, 2, 0, 0, 0];
export const DECON_COST = 2;
export const INCIN1_INCOME = 1;

/** Market price of one cube by colour and bracket (spec §2.6; brackets from trade.csv). */
export const MARKET: readonly (readonly number[])[] = [[], [5, 4, 3, 2], [8, 6, 4, 2], [7, 6, 5, 4], [3, 2, 2, 1], [], []];
/** Mafia tariff per class and bracket: common colours, MV, BK. */
export const MAFIA_TARIFF = { CO: [1, 2, 3, 4], MV: [3, 7, 10, 15], BK: [15, 25, 40, 60] } as const;

export function bracket(count: number): number {
  return count >= 16 ? 3 : count >= 11 ? 2 : count >= 6 ? 1 : 0;
}
export function marketPrice(colour: number, already: number): number {
  return MARKET[colour]![bracket(already)]!;
}
export function mafiaPrice(colour: number, already: number): number {
  const table = colour === BK ? MAFIA_TARIFF.BK : colour === MV ? MAFIA_TARIFF.MV : MAFIA_TARIFF.CO;
  return table[bracket(already)]!;
}

function expand<T extends { copies: number }>(types: readonly T[]): number[] {
  const out: number[] = [];
  types.forEach((t, i) => {
    for (let k = 0; k < t.copies; k++) out.push(i);
  });
  return out;
}
/** Card id → type index. Contract ids 0..23, equipment ids 0..36. */
export const CONTRACT_CARDS: readonly number[] = expand(CONTRACT_TYPES);
export const EQUIPMENT_CARDS: readonly number[] = expand(EQUIPMENT_TYPES);
export const CONTRACT_COUNT = CONTRACT_CARDS.length;
export const EQUIPMENT_COUNT = EQUIPMENT_CARDS.length;

export function contractType(card: number): ContractType {
  const t = CONTRACT_TYPES[CONTRACT_CARDS[card]!];
  if (!t) throw new RangeError(`unknown contract ${card}`);
  return t;
}
export function equipmentType(card: number): EquipmentType {
  const t = EQUIPMENT_TYPES[EQUIPMENT_CARDS[card]!];
  if (!t) throw new RangeError(`unknown equipment ${card}`);
  return t;
}
