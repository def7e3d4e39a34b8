/**
 * The strong bot's search, the same for every game: determinized Monte Carlo over candidate
 * moves. Each round draws one complete state from the seat's view (`sampleState`) and tries every
 * candidate still in the race on it, each followed by the same seeded rollout (the standard bot
 * in every seat to the end), so candidates are compared on the same deal. The weaker half drops
 * out after rounds 2, 4, 8… The standard move stays in the race as the baseline, and another
 * move replaces it only when it did better on the same deals by a clear margin. It reads the
 * view only, and time comes from the caller, so it stays pure.
 */
import { Rng, type RngState } from './rng.js';
import type { AnyGame, Outcome, Seat } from './types.js';

export interface SearchBudget {
  /** Stop after this many rollouts (tests and benchmarks: reproducible for a seed). */
  iterations?: number;
  /** Stop once `now()` reaches `until` (milliseconds on the caller's clock). */
  now?: () => number;
  until?: number;
}

export interface SearchResult<M> {
  move: M;
  /** The standard bot's move for the same view, the fallback and the baseline. */
  standard: M;
  /** Estimated win share (0..1) of the chosen move and of the standard move; null if no search ran. */
  winChance: number | null;
  standardChance: number | null;
  rollouts: number;
  candidates: number;
}

/** More candidates than this spread the budget too thin; the rest are a seeded sample. */
export const MAX_CANDIDATES = 24;
/** A rollout that runs longer than this is scored as a loss (a guard, never reached in play). */
const MAX_ROLLOUT_MOVES = 5_000;
/** Weights of the win, the place and the score margin in a rollout's reward (they sum to 1). */
const WIN_WEIGHT = 0.6;
const PLACE_WEIGHT = 0.2;
const MARGIN_WEIGHT = 0.2;
/** How many standard errors of the paired difference a move must beat the standard move by. */
const MARGIN_Z = 1;

interface Arm<M> {
  move: M;
  /** Reward per round, NaN where the move was illegal in that round's sample. */
  rewards: number[];
  wins: number;
  visits: number;
}

/**
 * The searching seat's reward for an end: its share of the win (1/k when k seats tie for first),
 * its place, and its score margin over the best other seat relative to their size. The last two
 * tell apart the many rollouts where it does not win.
 */
export function rewardOf(outcome: Outcome | null, seat: Seat): { win: number; reward: number } {
  if (!outcome) return { win: 0, reward: 0 };
  const n = outcome.standings.length;
  const mine = outcome.standings.find((s) => s.seat === seat);
  if (!mine) return { win: 0, reward: 0 };
  const firsts = outcome.standings.filter((s) => s.rank === 1).length;
  const win = mine.rank === 1 ? 1 / firsts : 0;
  const place = n > 1 ? (n - mine.rank) / (n - 1) : 1;
  let other = -Infinity;
  for (const s of outcome.standings) if (s.seat !== seat && s.score > other) other = s.score;
  const size = Math.max(1, Math.abs(mine.score), Math.abs(other));
  const margin = n > 1 ? Math.max(-1, Math.min(1, (mine.score - other) / size)) : 0;
  return { win, reward: WIN_WEIGHT * win + PLACE_WEIGHT * place + MARGIN_WEIGHT * (margin + 1) / 2 };
}

/** Plays a state to its end with the standard bot in every seat. */
export function rollout(game: AnyGame, state: unknown, rng: Rng): unknown {
  let s = state;
  for (let i = 0; i < MAX_ROLLOUT_MOVES && !game.isOver(s); i++) {
    const seat = game.pending(s)[0];
    if (seat === undefined) return null;
    const r = game.apply(s, seat, game.bot(game.seatView(s, seat), rng));
    if (!r.ok) return null;
    s = r.state;
  }
  return game.isOver(s) ? s : null;
}

export function moveKey(move: unknown): string {
  return JSON.stringify(move);
}

/** The root's candidates: the standard move first, then the decision's legal moves on one sample. */
export function candidatesFor<M>(game: AnyGame, seat: Seat, view: unknown, standard: M, rng: Rng): M[] {
  const sample = game.sampleState(view, rng);
  const seen = new Set<string>([moveKey(standard)]);
  const rest: M[] = [];
  for (const move of game.legalMoves(sample, seat) as M[]) {
    const k = moveKey(move);
    if (seen.has(k)) continue;
    seen.add(k);
    rest.push(move);
  }
  if (rest.length > MAX_CANDIDATES - 1) rng.shuffle(rest).length = MAX_CANDIDATES - 1;
  return [standard, ...rest];
}

export function budgetSpent(budget: SearchBudget, rollouts: number): boolean {
  if (budget.iterations !== undefined && rollouts >= budget.iterations) return true;
  if (budget.now && budget.until !== undefined && budget.now() >= budget.until) return true;
  return budget.iterations === undefined && (!budget.now || budget.until === undefined);
}

function mean(arm: Arm<unknown>): number {
  let sum = 0, n = 0;
  for (const r of arm.rewards) if (!Number.isNaN(r)) {
    sum += r;
    n++;
  }
  return n > 0 ? sum / n : -1;
}

/** Whether `best` did better than `base` on the deals both were tried on, by a clear margin. */
function clearlyBetter(best: Arm<unknown>, base: Arm<unknown>): boolean {
  const diffs: number[] = [];
  for (let i = 0; i < Math.min(best.rewards.length, base.rewards.length); i++) {
    const d = best.rewards[i]! - base.rewards[i]!;
    if (!Number.isNaN(d)) diffs.push(d);
  }
  if (diffs.length < 2) return base.visits === 0;
  const m = diffs.reduce((a, b) => a + b, 0) / diffs.length;
  const variance = diffs.reduce((a, d) => a + (d - m) ** 2, 0) / (diffs.length - 1);
  return m > 0 && m > MARGIN_Z * Math.sqrt(variance / diffs.length);
}

/**
 * The strong bot's move for `seat`, from its view alone. With a single legal answer, or no
 * budget, it is the standard bot's move.
 */
export function searchMove<M>(game: AnyGame, seat: Seat, view: unknown, rng: Rng, budget: SearchBudget): SearchResult<M> {
  const standard = game.bot(view, rng) as M;
  const moves = candidatesFor(game, seat, view, standard, rng);
  const base = { move: standard, standard, winChance: null, standardChance: null, rollouts: 0, candidates: moves.length };
  if (moves.length < 2) return base;
  const arms: Arm<M>[] = moves.map((move) => ({ move, rewards: [], wins: 0, visits: 0 }));
  let active = arms.map((_, i) => i);
  let rollouts = 0;
  search: for (let round = 1; ; round++) {
    const sample = game.sampleState(view, rng);
    const seed: RngState = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)];
    for (const i of active) {
      if (budgetSpent(budget, rollouts)) break search;
      const arm = arms[i]!;
      rollouts++;
      // A move can be illegal in one sample and legal in another (it hangs on a guess).
      const applied = game.apply(sample, seat, arm.move);
      if (!applied.ok) {
        arm.rewards.push(NaN);
        continue;
      }
      const end = rollout(game, applied.state, new Rng([seed[0], seed[1], seed[2], seed[3]]));
      const { win, reward } = rewardOf(end ? game.outcome(end) : null, seat);
      arm.rewards.push(reward);
      arm.wins += win;
      arm.visits++;
    }
    if (active.length > 2 && (round & (round - 1)) === 0 && round >= 2) {
      const ranked = active.filter((i) => i !== 0).sort((x, y) => mean(arms[y]!) - mean(arms[x]!));
      active = [0, ...ranked.slice(0, Math.max(1, Math.ceil(ranked.length / 2)))];
    }
  }
  const tried = arms.filter((a) => a.visits > 0);
  if (tried.length === 0) return { ...base, rollouts };
  // A move refused on some sample hangs on what the seat cannot see: it is never chosen.
  const safe = active.map((i) => arms[i]!).filter((a) => a.visits > 0 && a.rewards.every((r) => !Number.isNaN(r)));
  const best = safe.length > 0 ? safe.reduce((a, b) => (mean(b) > mean(a) ? b : a)) : arms[0]!;
  const chosen = best !== arms[0] && clearlyBetter(best, arms[0]!) ? best : arms[0]!;
  const chance = (arm: Arm<M>) => (arm.visits > 0 ? arm.wins / arm.visits : null);
  return { move: chosen.move, standard, winChance: chance(chosen), standardChance: chance(arms[0]!), rollouts, candidates: arms.length };
}
