/** Müll + Money (Jürgen Strohm, Hans im Glück 2001): the game definition the engine and the Discord layer use. */
import type { GameDefinition } from '../../engine/index.js';
import { bot } from './bot.js';
import { MAX_PLAYERS, MIN_PLAYERS } from './constants.js';
import { decision, legalMoves, pending } from './decisions.js';
import { OPTIONS, parseOptions } from './options.js';
import { presentation } from './presentation.js';
import { debrief, flaggable, flagText } from './debrief.js';
import { outcome, standingsNow } from './scoring.js';
import { sampleState } from './sample.js';
import { withOtherSecrets } from './secrets.js';
import { setup } from './setup.js';
import { apply } from './turn.js';
import { undoRule } from './undo.js';
import type { MullMove, MullOptions, MullPublicView, MullSeatView, MullState } from './types.js';
import { publicView, seatView } from './views.js';

export const mullMoney: GameDefinition<MullState, MullMove, MullOptions, MullPublicView, MullSeatView> = {
  id: 'mull-money',
  nameKey: 'mull-money.name',
  options: OPTIONS,
  players: () => ({ min: MIN_PLAYERS, max: MAX_PLAYERS }),
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
  undoRule,
  present: presentation,
};

export type { MullMove, MullOptions, MullPublicView, MullSeatView, MullState } from './types.js';
