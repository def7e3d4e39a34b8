/** Final score (spec §3.11): cash − 2 × debt; a tie is a shared victory (G22). */
import { rankStandings, type Msg, type Outcome } from '../../engine/index.js';
import { DEBT_WEIGHT } from './constants.js';
import { wealth } from './money.js';
import type { Table } from './types.js';

export function outcomeOf(t: Table): Outcome | null {
  return t.phase === 'over' ? standingsNow(t) : null;
}

/** The ranking as the boards stand: cash minus twice the debt, nothing else counted. */
export function standingsNow(t: Table): Outcome {
  const rows = t.boards.map((b, seat) => ({
    seat,
    score: wealth(b),
    tieBreak: 0,
    breakdown: <Msg[]>[
      { key: 'palermo.score.cash', args: { cash: b.cash } },
      { key: 'palermo.score.debt', args: { debt: b.debt, weight: DEBT_WEIGHT, penalty: DEBT_WEIGHT * b.debt } },
      { key: 'palermo.score.total', args: { score: wealth(b) } },
    ],
  }));
  return { standings: rankStandings(rows) };
}
