/** R-Eco (Susumu Kawasaki): the game definition the engine and the Discord layer use. */
import { ruleError, type GameDefinition, type GameOptions, type RuleError } from '../../engine/index.js';
import { bot } from './bot.js';
import { decision, legalMoves, pending } from './decisions.js';
import { presentation } from './presentation.js';
import { debrief, flaggable, flagText } from './debrief.js';
import { outcome, standingsNow } from './scoring.js';
import { sampleState } from './sample.js';
import { withOtherSecrets } from './secrets.js';
import { setup } from './setup.js';
import { apply } from './turn.js';
import type { REcoMove, REcoOptions, REcoPublicView, REcoSeatView, REcoState } from './types.js';
import { publicView, seatView } from './views.js';

export const TWO_PLAYER_OPTION = 'two-player';

function parseOptions(raw: GameOptions): { ok: true; options: REcoOptions } | RuleError {
  const value = raw[TWO_PLAYER_OPTION] ?? false;
  if (typeof value !== 'boolean') return ruleError('error.badOption', { option: TWO_PLAYER_OPTION });
  return { ok: true, options: { twoPlayer: value } };
}

export const rEco: GameDefinition<REcoState, REcoMove, REcoOptions, REcoPublicView, REcoSeatView> = {
  id: 'r-eco',
  nameKey: 'r-eco.name',
  options: [{ name: TWO_PLAYER_OPTION, kind: 'boolean', description: 'Allow 2 players (2-player variant)', default: false }],
  players: (options) => ({ min: options.twoPlayer ? 2 : 3, max: 5 }),
  parseOptions,
  setup,
  pending,
  decision,
  legalMoves,
  apply,
  isOver: (state) => state.phase === 'over',
  outcome,
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

export type { REcoMove, REcoOptions, REcoPublicView, REcoSeatView, REcoState } from './types.js';
