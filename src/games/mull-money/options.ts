/** Game options: the experimental variant (§4.10) and which rules its Negotiation cards may propose (G28). */
import { ruleError, type GameOptions, type OptionSpec, type RuleError } from '../../engine/index.js';
import type { MullOptions } from './types.js';

export const EXPERIMENTAL_OPTION = 'mull-experimental';
export const RULES_OPTION = 'mull-negotiation-rules';

/** The rule menus one may choose at `/game new` (any subset of N1–N3; repeal is always offered). */
export const RULE_MENUS = ['N1N2N3', 'N1N2', 'N1N3', 'N2N3', 'N1', 'N2', 'N3', 'none'] as const;

export const OPTIONS: OptionSpec[] = [
  { name: EXPERIMENTAL_OPTION, kind: 'boolean', description: 'Experimental variant: common waste track, Negotiation cards and votes', default: false },
  {
    name: RULES_OPTION,
    kind: 'choice',
    description: 'Variant only: the rules a Negotiation card may propose',
    choices: [
      { value: 'N1N2N3', label: 'All three (clean-up, red ban, lot auction)' },
      { value: 'N1N2', label: 'Clean-up and red ban' },
      { value: 'N1N3', label: 'Clean-up and lot auction' },
      { value: 'N2N3', label: 'Red ban and lot auction' },
      { value: 'N1', label: 'Compulsory clean-up only' },
      { value: 'N2', label: 'Red-zone production ban only' },
      { value: 'N3', label: 'Lot auction only' },
      { value: 'none', label: 'None (repeal only)' },
    ],
    default: 'N1N2N3',
  },
];

export function parseOptions(raw: GameOptions): { ok: true; options: MullOptions } | RuleError {
  const experimental = raw[EXPERIMENTAL_OPTION] ?? false;
  if (typeof experimental !== 'boolean') return ruleError('error.badOption', { option: EXPERIMENTAL_OPTION });
  const rules = raw[RULES_OPTION] ?? 'N1N2N3';
  if (typeof rules !== 'string' || !(RULE_MENUS as readonly string[]).includes(rules)) return ruleError('error.badOption', { option: RULES_OPTION });
  return { ok: true, options: { experimental, rules } };
}
