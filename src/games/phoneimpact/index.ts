/**
 * PhoneImpact (Inria Learning Lab; card texts CC BY-NC-SA 4.0, summarised in our own words):
 * the game definition the engine and the Discord layer use.
 */
import type { GameDefinition } from '../../engine/index.js';
import { bot } from './bot.js';
import { decision, legalMoves, pending } from './decisions.js';
import { OPTIONS, parseOptions } from './options.js';
import { presentation } from './presentation.js';
import { debrief, flaggable, flagText } from './debrief.js';
import { outcome, standingsNow } from './scoring.js';
import { sampleState } from './sample.js';
import { withOtherSecrets } from './secrets.js';
import { setup } from './setup.js';
import { apply } from './turn.js';
import type { PhoneImpactMove, PhoneImpactOptions, PhoneImpactPublicView, PhoneImpactSeatView, PhoneImpactState } from './types.js';
import { publicView, seatView } from './views.js';

export const phoneImpact: GameDefinition<PhoneImpactState, PhoneImpactMove, PhoneImpactOptions, PhoneImpactPublicView, PhoneImpactSeatView> = {
  id: 'phoneimpact',
  nameKey: 'phoneimpact.name',
  options: OPTIONS,
  players: () => ({ min: 3, max: 5 }),
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

export type { PhoneImpactMove, PhoneImpactOptions, PhoneImpactPublicView, PhoneImpactSeatView, PhoneImpactState } from './types.js';
