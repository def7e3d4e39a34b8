/** Game options: the ruleset, the 20-minute game, and "finish the round" (S13). */
import { ruleError, type GameOptions, type OptionSpec, type RuleError } from '../../engine/index.js';
import type { RulesetId } from './constants.js';
import type { PhoneImpactOptions } from './types.js';

export const RULESET_OPTION = 'phoneimpact-ruleset';
export const SHORT_OPTION = 'phoneimpact-20min';
export const FINISH_OPTION = 'phoneimpact-finish-round';

export const OPTIONS: OptionSpec[] = [
  {
    name: RULESET_OPTION,
    kind: 'choice',
    description: 'Edition of the rules',
    choices: [
      { value: 'seed', label: '2024 edition' },
      { value: '2025', label: '2025 edition' },
    ],
    default: 'seed',
  },
  { name: SHORT_OPTION, kind: 'boolean', description: '20-minute game (fewer events)', default: false },
  { name: FINISH_OPTION, kind: 'boolean', description: '2024 edition only: finish the round when the game ends (the 2025 edition always does)', default: false },
];

export function parseOptions(raw: GameOptions): { ok: true; options: PhoneImpactOptions } | RuleError {
  const ruleset = raw[RULESET_OPTION] ?? 'seed';
  if (ruleset !== 'seed' && ruleset !== '2025') return ruleError('error.badOption', { option: RULESET_OPTION });
  const short = raw[SHORT_OPTION] ?? false;
  if (typeof short !== 'boolean') return ruleError('error.badOption', { option: SHORT_OPTION });
  const finish = raw[FINISH_OPTION] ?? false;
  if (typeof finish !== 'boolean') return ruleError('error.badOption', { option: FINISH_OPTION });
  return { ok: true, options: { ruleset: ruleset as RulesetId, short, finishRound: finish } };
}
