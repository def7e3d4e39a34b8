/**
 * Builds M.A.R.K. states by hand. A company row is written as 4 letters: W white, B blue,
 * G gold, N green, R red, '-' empty. Materials placed in companies are taken from the bank, so
 * a built state still holds all 40 materials.
 */
import { Rng, rngStateFromSeed, type LogEvent } from '../../../src/engine/index.js';
import { COLOURS, DIE_A, DIE_B, MARKET_ROWS, MATERIALS_PER_COLOUR, START_CASH } from '../../../src/games/mark/constants.js';
import { rollColours } from '../../../src/games/mark/dice.js';
import { run } from '../../../src/games/mark/turn.js';
import type { Colour, Face, MarketRow, MarkState, Square } from '../../../src/games/mark/types.js';

const LETTERS: Record<string, Colour> = { W: 'white', B: 'blue', G: 'gold', N: 'green', R: 'red' };

export function row(text: string): Square[] {
  return [...text].map((ch) => (ch === '-' ? null : LETTERS[ch]!));
}

export interface Build {
  seats?: number;
  current?: number;
  cash?: number[];
  /** Per seat: [row1, row2]. */
  companies?: [string, string][];
  /** Per market row: [colour, filled]. */
  market?: ([Colour, number] | null)[];
  short?: boolean;
  privateMoney?: boolean;
}

export function build(b: Build = {}): MarkState {
  const seats = b.seats ?? 2;
  const s: MarkState = {
    rng: rngStateFromSeed('helpers'),
    seats,
    short: b.short ?? false,
    privateMoney: b.privateMoney ?? false,
    phase: 'turn',
    current: b.current ?? 0,
    turn: 1,
    dice: null,
    colours: [],
    actionsLeft: 0,
    market: Array.from({ length: MARKET_ROWS }, (_, i): MarketRow => {
      const m = b.market?.[i];
      return m ? { colour: m[0], filled: m[1] } : { colour: null, filled: 0 };
    }),
    companies: Array.from({ length: seats }, (_, i) => ({ row1: row(b.companies?.[i]?.[0] ?? '----'), row2: row(b.companies?.[i]?.[1] ?? '----') })),
    cash: b.cash ?? new Array<number>(seats).fill(START_CASH),
    bank: Object.fromEntries(COLOURS.map((c) => [c, MATERIALS_PER_COLOUR])) as Record<Colour, number>,
    out: Object.fromEntries(COLOURS.map((c) => [c, 0])) as Record<Colour, number>,
    auction: null,
    placer: null,
  };
  for (const m of s.market) {
    if (m.colour && m.filled > 0) {
      s.bank[m.colour] -= m.filled;
      // A full row's leftovers have left the game.
      if (m.filled >= 5) {
        s.out[m.colour] = s.bank[m.colour];
        s.bank[m.colour] = 0;
      }
    }
  }
  for (const c of s.companies) for (const sq of [...c.row1, ...c.row2]) if (sq) s.bank[sq]--;
  return s;
}

/** Puts a rolled pair on the table and settles forced steps, as apply does after a roll. */
export function rolled(s: MarkState, a: Face, b: Face): LogEvent[] {
  s.dice = [a, b];
  s.colours = rollColours(s, a, b);
  s.actionsLeft = a === b ? 2 : 1;
  s.phase = 'actions';
  const events: LogEvent[] = [];
  run(s, events);
  return events;
}

/** An RNG state whose next roll shows these faces (found by trying seeds). */
export function rngRolling(a: Face, b: Face): [number, number, number, number] {
  for (let i = 0; i < 100_000; i++) {
    const state = rngStateFromSeed(`roll-${i}`);
    const rng = new Rng([...state] as [number, number, number, number]);
    if (DIE_A[rng.int(6)] === a && DIE_B[rng.int(6)] === b) return state;
  }
  throw new Error('no seed found');
}

export function total(s: MarkState): number {
  let n = 0;
  for (const c of COLOURS) n += s.bank[c] + s.out[c];
  for (const m of s.market) n += m.filled;
  for (const c of s.companies) for (const sq of [...c.row1, ...c.row2]) if (sq) n++;
  return n;
}

export function keys(events: LogEvent[]): string[] {
  return events.map((e) => e.key);
}
