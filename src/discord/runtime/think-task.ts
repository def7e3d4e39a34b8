/**
 * One strong-bot decision, run inside a thinking worker: the seat's view in, the move out. Only
 * the view crosses the thread boundary, so a worker never holds a state or another seat's secret.
 */
import { ismctsMove, rngFromSeed, searchMove } from '../../engine/index.js';
import { gameById } from '../../catalog.js';

export interface ThinkJob {
  gameType: string;
  seat: number;
  /** The seat's own view, as plain JSON. */
  view: unknown;
  /** Seeds the samples and rollouts. */
  seed: string;
  /** Time budget in milliseconds, or a rollout count when `iterations` is set. */
  budgetMs: number;
  iterations?: number;
  /**
   * When the answer is due (`Date.now()` time). A job that waited for a free worker thinks only
   * for what is left, so a busy pool answers late never, just with fewer rollouts.
   */
  deadline?: number;
}

export interface ThinkAnswer {
  move: unknown;
  standard: unknown;
  winChance: number | null;
  standardChance: number | null;
  rollouts: number;
  /** The standard move was played because thinking failed or ran out of time. */
  fallback?: boolean;
}

/**
 * The search each game's strong bots use: the one that won more against standard bots in the
 * bench's comparison rows (same deals, same rollouts). The flat search everywhere else.
 */
export const STRONG_SEARCH: Readonly<Record<string, 'flat' | 'ismcts'>> = { phoneimpact: 'ismcts' };

export function think(job: ThinkJob): ThinkAnswer {
  const game = gameById(job.gameType);
  if (!game) throw new Error(`unknown game ${job.gameType}`);
  const budget =
    job.iterations !== undefined
      ? { iterations: job.iterations }
      : job.deadline !== undefined
        ? { now: () => Date.now(), until: job.deadline }
        : { now: () => performance.now(), until: performance.now() + job.budgetMs };
  const search = STRONG_SEARCH[job.gameType] === 'ismcts' ? ismctsMove : searchMove;
  const r = search(game, job.seat, job.view, rngFromSeed(job.seed), budget);
  return { move: r.move, standard: r.standard, winChance: r.winChance, standardChance: r.standardChance, rollouts: r.rollouts };
}
