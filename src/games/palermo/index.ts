/** Palermo / A-trasha (Arnauld Van Muysewinkel): the game definition. */
import { ruleError, type Decision, type GameDefinition, type GameOptions, type RuleError, type Seat } from '../../engine/index.js';
import { bot } from './bot.js';
import { DEFAULT_TURNS, MAX_PLAYERS, MIN_PLAYERS, TURN_CHOICES } from './constants.js';
import { decisionFor } from './decisions.js';
import { legalMoves } from './legal.js';
import { presentation } from './presentation.js';
import { debrief, flaggable, flagText } from './debrief.js';
import { outcomeOf, standingsNow } from './scoring.js';
import { sampleState } from './sample.js';
import { withOtherSecrets } from './secrets.js';
import { setup } from './setup.js';
import { apply, pending } from './turn.js';
import type { PalermoMove, PalermoOptions, PalermoPublicView, PalermoSeatView, PalermoState } from './types.js';
import { publicView, seatView } from './views.js';

export const TURNS_OPTION = 'palermo-turns';
export const CHOICE_OPTION = 'palermo-free-choice';

function parseOptions(raw: GameOptions): { ok: true; options: PalermoOptions } | RuleError {
  const value = raw[TURNS_OPTION] ?? String(DEFAULT_TURNS);
  if (typeof value !== 'string' || !TURN_CHOICES.map(String).includes(value)) return ruleError('error.badOption', { option: TURNS_OPTION });
  const choice = raw[CHOICE_OPTION] ?? false;
  if (typeof choice !== 'boolean') return ruleError('error.badOption', { option: CHOICE_OPTION });
  return { ok: true, options: { turns: value, choice } };
}

function decision(s: PalermoState, seat: Seat): Decision<PalermoMove> | null {
  if (!pending(s).includes(seat)) return null;
  return decisionFor(s, seat, { hand: s.hands[seat] ?? [], draws: s.phase === 'setup' ? (s.draws[seat] ?? null) : null });
}

export const palermo: GameDefinition<PalermoState, PalermoMove, PalermoOptions, PalermoPublicView, PalermoSeatView> = {
  id: 'palermo',
  nameKey: 'palermo.name',
  options: [
    {
      name: TURNS_OPTION,
      kind: 'choice',
      description: 'Number of turns (Palermo)',
      choices: TURN_CHOICES.map((n) => ({ value: String(n), label: `${n}` })),
      default: String(DEFAULT_TURNS),
    },
    { name: CHOICE_OPTION, kind: 'boolean', description: 'Free choice of contracts instead of auctions (Palermo variant)', default: false },
  ],
  players: () => ({ min: MIN_PLAYERS, max: MAX_PLAYERS }),
  parseOptions,
  setup,
  pending,
  decision,
  legalMoves,
  apply,
  isOver: (s) => s.phase === 'over',
  outcome: outcomeOf,
  standingsNow,
  debrief,
  flaggable,
  flagText,
  publicView,
  seatView,
  bot,
  withOtherSecrets,
  sampleState,
  present: presentation,
};

export type { PalermoMove, PalermoOptions, PalermoPublicView, PalermoSeatView, PalermoState } from './types.js';
