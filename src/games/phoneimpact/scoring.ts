/** End scoring (spec §9.4; 2025 §3.5): components, the Recycl' bonus, the malus penalty, ranking. */
import { rankStandings, type Msg, type Outcome } from '../../engine/index.js';
import { COMPONENTS, MALUS_PENALTY, RECIPES, RECYCL_BONUS, RULESETS } from './constants.js';
import { onBoard } from './events.js';
import { componentMsg } from './msgs.js';
import type { PhoneImpactState } from './types.js';

export interface ScoreParts {
  components: number;
  bonus: number;
  penalty: number;
  total: number;
  recycl: number;
  malus: number;
}

/** `recycl`: Recycl' cards on each board, when the caller has counted them already. */
export function scoreParts(s: PhoneImpactState, recycl: readonly number[] = s.players.map((_, q) => onBoard(s, q, 'RC'))): ScoreParts[] {
  const max = Math.max(...recycl);
  // S18 / G12: at a maximum of 0, the seed gives everyone the bonus, 2025 gives it to nobody.
  const bonusAtMax = max > 0 || RULESETS[s.ruleset].bonusWhenZero ? RECYCL_BONUS : 0;
  return s.players.map((p, q) => {
    let components = 0;
    for (const c of COMPONENTS) if (p.built[c]) components += RECIPES[c].points;
    const bonus = recycl[q] === max ? bonusAtMax : 0;
    const penalty = s.flags.penalty ? MALUS_PENALTY * p.malus.length : 0;
    return { components, bonus, penalty, total: components + bonus - penalty, recycl: recycl[q]!, malus: p.malus.length };
  });
}

/** S19 / G13: ties go to more Recycl' cards on the board, then fewer malus, else shared. */
export function outcome(s: PhoneImpactState): Outcome | null {
  return s.phase === 'over' ? standingsNow(s) : null;
}

/**
 * The ranking as the board stands: components built so far, the Recycl' bonus as it would fall
 * now, and the malus penalty only if event 6 or 13 has put it in force.
 */
export function standingsNow(s: PhoneImpactState): Outcome {
  const parts = scoreParts(s);
  return {
    standings: rankStandings(
      s.players.map((p, seat) => {
        const x = parts[seat]!;
        const breakdown: Msg[] = [];
        for (const c of COMPONENTS) if (p.built[c]) breakdown.push({ key: 'phoneimpact.score.component', args: { component: componentMsg(c), points: RECIPES[c].points } });
        if (breakdown.length === 0) breakdown.push({ key: 'phoneimpact.score.noComponent' });
        breakdown.push({ key: x.bonus > 0 ? 'phoneimpact.score.bonus' : 'phoneimpact.score.noBonus', args: { count: x.recycl, bonus: x.bonus } });
        breakdown.push({ key: s.flags.penalty ? 'phoneimpact.score.penalty' : 'phoneimpact.score.noPenalty', args: { count: x.malus, penalty: -x.penalty } });
        return { seat, score: x.total, tieBreak: -x.recycl * 1000 + x.malus, breakdown };
      }),
    ),
  };
}
