/** The end (spec §3.4, G9): most money wins; equal cash shares the rank. */
import { rankStandings, type Msg, type Outcome } from '../../engine/index.js';
import { RULINGS } from './constants.js';
import { countRow } from './company.js';
import type { MarkState } from './types.js';

export function outcome(s: MarkState): Outcome | null {
  return s.phase === 'over' ? standingsNow(s) : null;
}

/** The ranking as it stands: cash only, as at the end (materials still held are worth nothing). */
export function standingsNow(s: MarkState): Outcome {
  return {
    standings: rankStandings(
      s.companies.map((c, seat) => {
        const breakdown: Msg[] = [{ key: 'mark.score.cash', args: { cash: s.cash[seat]! } }];
        const left = countRow(c.row1) + countRow(c.row2);
        if (left > 0) breakdown.push({ key: 'mark.score.unsold', args: { count: left } });
        // G9: no tie-break, so equal cash gives equal ranks.
        return { seat, score: s.cash[seat]!, tieBreak: RULINGS.sharedVictory ? 0 : seat, breakdown };
      }),
    ),
  };
}
