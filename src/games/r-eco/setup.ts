/** Setting up a game (spec §3.2). */
import { Rng, rngStateFromSeed, type SetupInput } from '../../engine/index.js';
import { COLOURS, DECK_SIZE, START_DUMP, START_HAND, rewardStackFor } from './constants.js';
import type { CardId, CentreState, Colour, REcoOptions, REcoState } from './types.js';

export function setup({ seats, seed }: SetupInput<REcoOptions>): REcoState {
  if (!Number.isInteger(seats) || seats < 2 || seats > 5) throw new RangeError(`R-Eco needs 2 to 5 seats, got ${seats}`);
  const state: REcoState = {
    rng: rngStateFromSeed(seed),
    seats,
    phase: 'play',
    current: 0,
    playedColour: null,
    players: [],
    centres: {} as Record<Colour, CentreState>,
    drawPile: [],
    discard: [],
    endTriggered: false,
    turn: 0,
  };
  const rng = new Rng(state.rng);
  // The end of the array is the top of the draw pile, so drawing is a cheap pop().
  const draw: CardId[] = rng.shuffle(Array.from({ length: DECK_SIZE }, (_, id) => id));
  for (let s = 0; s < seats; s++) {
    state.players.push({ hand: draw.splice(draw.length - START_HAND, START_HAND).reverse(), rewards: [], dumped: [] });
  }
  const stack = rewardStackFor(seats);
  for (const colour of COLOURS) {
    state.centres[colour] = { stack: [...stack], factory: [], dump: draw.splice(draw.length - START_DUMP, START_DUMP) };
  }
  state.drawPile = draw;
  state.current = rng.int(seats);
  return state;
}
