/** M.A.R.K. (Ronald M. Corn, Franjos 1997): the game definition the engine and the Discord layer use. */
import { ruleError, type GameDefinition, type GameOptions, type RuleError } from '../../engine/index.js';
import { RULINGS } from './constants.js';
import { bot } from './bot.js';
import { decision, legalMoves, pending } from './decisions.js';
import { presentation } from './presentation.js';
import { debrief, flaggable, flagText } from './debrief.js';
import { outcome, standingsNow } from './scoring.js';
import { sampleState } from './sample.js';
import { withOtherSecrets } from './secrets.js';
import { setup } from './setup.js';
import { apply } from './turn.js';
import type { MarkMove, MarkOptions, MarkPublicView, MarkSeatView, MarkState } from './types.js';
import { publicView, seatView } from './views.js';

export const SHORT_OPTION = 'mark-short';
export const PRIVATE_MONEY_OPTION = 'mark-private-money';

function parseOptions(raw: GameOptions): { ok: true; options: MarkOptions } | RuleError {
  const short = raw[SHORT_OPTION] ?? false;
  if (typeof short !== 'boolean') return ruleError('error.badOption', { option: SHORT_OPTION });
  const privateMoney = raw[PRIVATE_MONEY_OPTION] ?? RULINGS.privateMoneyDefault;
  if (typeof privateMoney !== 'boolean') return ruleError('error.badOption', { option: PRIVATE_MONEY_OPTION });
  return { ok: true, options: { short, privateMoney } };
}

export const mark: GameDefinition<MarkState, MarkMove, MarkOptions, MarkPublicView, MarkSeatView> = {
  id: 'mark',
  nameKey: 'mark.name',
  options: [
    { name: SHORT_OPTION, kind: 'boolean', description: 'Short game: ends when 4 of the 5 market rows are full', default: false },
    { name: PRIVATE_MONEY_OPTION, kind: 'boolean', description: "Private money: players see only their own cash", default: RULINGS.privateMoneyDefault },
  ],
  players: () => ({ min: 2, max: 4 }),
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

export type { MarkMove, MarkOptions, MarkPublicView, MarkSeatView, MarkState } from './types.js';
