/** Setting up a game (seed §5, 2025 §3.2): decks, face-up rows, malus deck, event deck. */
import { Rng, rngStateFromSeed, type SetupInput } from '../../engine/index.js';
import { MALUS_ORDERED_TOP, MALUS_PER_PLAYER, RULESETS, SUPPLIERS, SUPPLY } from './constants.js';
import { cardsOf } from './cards.js';
import type { MalusId, PhoneImpactOptions, PhoneImpactState } from './types.js';

export function malusDeckSize(options: PhoneImpactOptions, seats: number): number {
  const short = RULESETS[options.ruleset].shortMalusPlayers;
  return MALUS_PER_PLAYER * (options.short && short !== null ? short : seats);
}

export function setup({ seats, options, seed }: SetupInput<PhoneImpactOptions>): PhoneImpactState {
  if (!Number.isInteger(seats) || seats < 3 || seats > 5) throw new RangeError(`PhoneImpact needs 3 to 5 seats, got ${seats}`);
  const rules = RULESETS[options.ruleset];
  const rngState = rngStateFromSeed(seed);
  const rng = new Rng(rngState);
  const decks = { PP: rng.shuffle(cardsOf(rules.id, 'PP')), PM: rng.shuffle(cardsOf(rules.id, 'PM')), RC: rng.shuffle(cardsOf(rules.id, 'RC')) };
  const faceUp = { PP: [] as (number | null)[], PM: [] as (number | null)[], RC: [] as (number | null)[] };
  for (const s of SUPPLIERS) for (let i = 0; i < SUPPLY[s].faceUp; i++) faceUp[s].push(decks[s].pop()!);
  // Top of the malus deck is the end of the array: 1 on top, then 2…6, the rest shuffled below.
  const size = malusDeckSize(options, seats);
  const rest: MalusId[] = [];
  for (let i = MALUS_ORDERED_TOP + 1; i <= size; i++) rest.push(i);
  rng.shuffle(rest);
  const malusDeck = rest;
  for (let i = MALUS_ORDERED_TOP; i >= 1; i--) malusDeck.push(i);
  const first = rng.int(seats); // RECONSTRUCTED S15
  return {
    rng: rngState,
    seats,
    ruleset: rules.id,
    short: options.short,
    finishRound: options.finishRound || rules.finishRound,
    phase: 'turn',
    current: first,
    first,
    round: 1,
    players: Array.from({ length: seats }, () => ({ hand: [], malus: [], built: {} })),
    decks,
    faceUp,
    malusDeck,
    eventDeck: [...(options.short ? rules.shortEvents : rules.events)],
    revealed: [],
    discard: [],
    malusOut: [],
    flags: { trade: false, penalty: false, double: false, noDepollute: false },
    tradeUsed: false,
    supplier: null,
    component: null,
    trade: null,
    event: null,
    lastRound: false,
    endReason: null,
    quizReveal: null,
  };
}
