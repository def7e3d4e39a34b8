/**
 * Scoring (§4.8): growth + the points under the three service markers + half the cash (rounded
 * down) − 10 per loan. Highest score wins; the most cash breaks a tie; equal on both share (G33).
 */
import { rankStandings, type Msg, type Outcome } from '../../engine/index.js';
import { LOAN, servicePoints } from './constants.js';
import { serviceMsg } from './msgs.js';
import type { MullState, Player } from './types.js';

export function scoreOf(p: Player): number {
  return p.growth + servicePoints(p.personnel) + servicePoints(p.raw) + servicePoints(p.waste) + Math.floor(p.cash / 2) - LOAN * p.loans;
}

export function outcome(s: MullState): Outcome | null {
  return s.phase === 'over' ? standingsNow(s) : null;
}

/**
 * The ranking as the firms stand: growth, service points, half the cash, loans. A game stopped
 * early skips the last Alert, which only the real end brings.
 */
export function standingsNow(s: MullState): Outcome {
  const rows = s.players.map((p, seat) => ({
    seat,
    score: scoreOf(p),
    tieBreak: -p.cash,
    breakdown: <Msg[]>[
      { key: 'mull-money.score.growth', args: { points: p.growth } },
      ...(['personnel', 'raw', 'waste'] as const).map((sv) => ({ key: 'mull-money.score.service', args: { service: serviceMsg(sv), value: p[sv], points: servicePoints(p[sv]) } })),
      { key: 'mull-money.score.cash', args: { cash: p.cash, points: Math.floor(p.cash / 2) } },
      { key: 'mull-money.score.loans', args: { count: p.loans, points: -LOAN * p.loans } },
    ],
  }));
  return { standings: rankStandings(rows) };
}
