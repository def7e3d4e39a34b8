/** Set-up (§4.2): 15 million (secret), 5 raw materials, markers at 5, depot 0, pawn at (14, 5). */
import { Rng, rngStateFromSeed, type SetupInput } from '../../engine/index.js';
import { GROWTH_MIN, MAX_PLAYERS, MIN_PLAYERS, RAW_SUPPLY, SERVICE_START, STAFF_MAX, START_CASH, START_SILO } from './constants.js';
import { buildDeck } from './deck.js';
import { startMission } from './mission.js';
import { run } from './turn.js';
import type { MullOptions, MullState, RuleId } from './types.js';

export function parseMenu(rules: string): RuleId[] {
  return (['N1', 'N2', 'N3'] as const).filter((r) => rules.includes(r));
}

export function setup({ seats, options, seed }: SetupInput<MullOptions>): MullState {
  if (!Number.isInteger(seats) || seats < MIN_PLAYERS || seats > MAX_PLAYERS) throw new RangeError(`Müll + Money needs 2 to 4 seats, got ${seats}`);
  const experimental = options.experimental === true;
  const state: MullState = {
    rng: rngStateFromSeed(seed),
    seats,
    experimental,
    menu: experimental ? parseMenu(typeof options.rules === 'string' ? options.rules : 'N1N2N3') : [],
    inForce: [],
    common: 0,
    phase: 'deal',
    mission: 0,
    first: 0,
    current: 0,
    turnDone: false,
    players: Array.from({ length: seats }, () => ({
      growth: GROWTH_MIN, staff: STAFF_MAX, personnel: SERVICE_START, raw: SERVICE_START, waste: SERVICE_START,
      depot: 0, silo: START_SILO, cash: START_CASH, loans: 0, hand: [], kept: null, done: true,
    })),
    deck: [],
    discard: [],
    alertAside: false,
    lots: [],
    dealt: 0,
    supply: RAW_SUPPLY - START_SILO * seats,
    endTriggered: false,
    alert: null,
    auction: null,
    vote: null,
    unserved: [],
  };
  const rng = new Rng(state.rng);
  state.deck = rng.shuffle(buildDeck(experimental));
  // The dealer (and first first player) is "the youngest": we do not know ages, so draw one.
  state.first = rng.int(seats);
  startMission(state, []);
  run(state, []);
  return state;
}
