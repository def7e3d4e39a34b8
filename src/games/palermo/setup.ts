/** Set-up (spec §3.3): random first player, private draws (3 contracts, 6 equipment cards). */
import { Rng, rngStateFromSeed, type SetupInput } from '../../engine/index.js';
import { CONTRACT_COUNT, DEFAULT_TURNS, EQUIPMENT_COUNT, SETUP_CONTRACT_DRAW, SETUP_EQUIPMENT_DRAW, START_CASH } from './constants.js';
import type { Board, PalermoOptions, PalermoState } from './types.js';

const zero = () => [0, 0, 0, 0, 0, 0, 0];

export function newBoard(): Board {
  return {
    cash: START_CASH, debt: 0, contracts: [], equipment: [],
    bulk: zero(), sorted: zero(), storage: zero(), recycling: zero(), incin2: zero(), incin1: zero(), decon: zero(), toMafia: zero(),
    handCount: 0, ready: false, boughtDone: false, saleDone: false, destroyDone: false, offeredTo: [], won: false,
  };
}

export function turnsOf(options: PalermoOptions): number {
  const n = Number(options.turns);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_TURNS;
}

export function setup({ seats, options, seed }: SetupInput<PalermoOptions>): PalermoState {
  const rngState = rngStateFromSeed(seed);
  const rng = new Rng(rngState);
  const firstPlayer = rng.int(seats);
  const contractDeck = rng.shuffle([...Array(CONTRACT_COUNT).keys()]);
  const equipmentDeck = rng.shuffle([...Array(EQUIPMENT_COUNT).keys()]);
  const draws = Array.from({ length: seats }, () => ({ contracts: [] as number[], equipment: [] as number[] }));
  // Deals go first player first, then clockwise (G41).
  for (let i = 0; i < seats; i++) draws[(firstPlayer + i) % seats]!.contracts = contractDeck.splice(-SETUP_CONTRACT_DRAW).reverse();
  for (let i = 0; i < seats; i++) draws[(firstPlayer + i) % seats]!.equipment = equipmentDeck.splice(-SETUP_EQUIPMENT_DRAW).reverse();
  return {
    rng: rngState,
    seats,
    turns: turnsOf(options),
    turn: 0,
    phase: 'setup',
    step: 'setup',
    groups: [],
    part: 0,
    heldVoluntary: zero(),
    current: firstPlayer,
    firstPlayer,
    boards: Array.from({ length: seats }, newBoard),
    market: zero(),
    mafia: zero(),
    contractRow: [],
    ladder: options.choice === true ? [] : null,
    equipmentRow: [],
    contractDeckCount: contractDeck.length,
    equipmentDeckCount: equipmentDeck.length,
    contractDiscard: [],
    equipmentDiscardCount: 0,
    offer: null,
    auction: null,
    hands: Array.from({ length: seats }, () => []),
    draws,
    picks: Array.from({ length: seats }, () => null),
    contractDeck,
    equipmentDeck,
    equipmentDiscard: [],
    issued: zero(),
  };
}
