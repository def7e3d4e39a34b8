/** Setting up a game (spec §3.2): 30 each, all 40 materials in the bank, a random first player. */
import { Rng, rngStateFromSeed, type SetupInput } from '../../engine/index.js';
import { COLOURS, MARKET_ROWS, MATERIALS_PER_COLOUR, ROW_SQUARES, START_CASH } from './constants.js';
import type { Colour, MarkOptions, MarkState } from './types.js';
import { run } from './turn.js';

function perColour(n: number): Record<Colour, number> {
  return Object.fromEntries(COLOURS.map((c) => [c, n])) as Record<Colour, number>;
}

export function setup({ seats, options, seed }: SetupInput<MarkOptions>): MarkState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 4) throw new RangeError(`M.A.R.K. needs 2 to 4 seats, got ${seats}`);
  const state: MarkState = {
    rng: rngStateFromSeed(seed),
    seats,
    short: options.short === true,
    privateMoney: options.privateMoney === true,
    phase: 'turn',
    current: 0,
    turn: 0,
    dice: null,
    colours: [],
    actionsLeft: 0,
    market: Array.from({ length: MARKET_ROWS }, () => ({ colour: null, filled: 0 })),
    companies: Array.from({ length: seats }, () => ({
      row1: new Array<null>(ROW_SQUARES).fill(null),
      row2: new Array<null>(ROW_SQUARES).fill(null),
    })),
    cash: new Array<number>(seats).fill(START_CASH),
    bank: perColour(MATERIALS_PER_COLOUR),
    out: perColour(0),
    auction: null,
    placer: null,
  };
  state.current = new Rng(state.rng).int(seats);
  // The first roll needs no decision: run it now so the first player sees their options.
  run(state, []);
  return state;
}
