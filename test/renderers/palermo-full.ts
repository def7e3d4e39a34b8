/**
 * Crafted Palermo views at their fullest: the longest names, many contracts and cards, three-digit
 * counts, debt, every colour waiting and going to the Mafia, an auction under way.
 */
import { playout } from '../../src/engine/index.js';
import { CONTRACT_COUNT, EQUIPMENT_CARDS, EQUIPMENT_TYPES, NC } from '../../src/games/palermo/constants.js';
import { palermo } from '../../src/games/palermo/index.js';
import type { Board, PalermoState } from '../../src/games/palermo/types.js';

/** The state after the first move that reaches phase D with a bid, in a bot game of `seats`. */
function auctionState(seats: number): PalermoState {
  const input = { seats, options: { turns: '10', choice: false }, seed: `full-${seats}` };
  const { log } = playout<PalermoState>(palermo, input);
  let s = palermo.setup(input);
  for (const { seat, move } of log) {
    const r = palermo.apply(s, seat, move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (s.phase === 'D' && s.auction?.high !== null && s.auction?.card !== null && s.turn >= 2) return s;
  }
  throw new Error('no auction');
}

const firstOf = (id: string): number => EQUIPMENT_CARDS.findIndex((t) => EQUIPMENT_TYPES[t]!.id === id);
const vec = (n: number) => new Array<number>(NC).fill(n);

/** Every player at the fullest a game reaches, seen in the middle of an auction. */
export function fullState(seats: number): PalermoState {
  const s = structuredClone(auctionState(seats));
  const ids = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'D1', 'I1', 'I2', 'R1', 'R2', 'R3', 'R4'];
  s.boards = s.boards.map((b, seat): Board => ({
    ...b,
    cash: 12345 - seat, debt: seat === 1 ? 0 : 987 + seat,
    contracts: Array.from({ length: 11 }, (_, i) => ({ card: (i * 2 + seat) % CONTRACT_COUNT, price: i % 3 === 0 ? -15 : 48 - i, life: 10 - (i % 10) })),
    equipment: ids.map((id, i) => ({ card: firstOf(id), life: i % 4 === 0 ? 9 : null, at: i })),
    bulk: vec(123), sorted: vec(99), toMafia: vec(100),
    // Room for all of it: S1 10 + printed 10, S2 20 BR, S3–S6 10, S7 5 MV, S8 5 BK.
    storage: [30, 10, 10, 10, 10, 5, 5],
    incin2: [1, 1, 1, 1, 0, 0, 0], incin1: [5, 0, 0, 0, 0, 0, 0],
    recycling: [0, 3, 6, 3, 2, 0, 0], decon: [0, 0, 0, 0, 0, 2, 0],
    handCount: 3,
  }));
  s.market = [0, 123, 16, 5, 99, 0, 0];
  s.mafia = [40, 20, 10, 10, 10, 12, 8];
  return s;
}
