/**
 * The strong bot's search, the same for every game: determinized flat Monte Carlo with UCB1.
 * Each iteration draws a complete state from the seat's view (`sampleState`), tries one
 * candidate move on it with the game's own `apply`, plays the rest of the game with the
 * standard bot in every seat, and scores the end for the searching seat. The candidate tried
 * most often wins. It reads the view only, and time comes from the caller, so it stays pure.
 */
import type { Rng } from './rng.js';
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
/** UCB1 exploration constant for rewards in 0..1. */
const EXPLORATION = 0.7;
/** Weight of the finishing place beside the win itself: it lowers the noise of rare wins. */
const PLACE_WEIGHT = 0.2;

interface Arm<M> {
  move: M;
  visits: number;
  wins: number;
  reward: number;
}

/** The searching seat's share of the win (1/k when k seats tie for first) and its place. */
export function rewardOf(outcome: Outcome | null, seat: Seat): { win: number; reward: number } {
  if (!outcome) return { win: 0, reward: 0 };
  const n = outcome.standings.length;
  const mine = outcome.standings.find((s) => s.seat === seat);
  if (!mine) return { win: 0, reward: 0 };
  const firsts = outcome.standings.filter((s) => s.rank === 1).length;
  const win = mine.rank === 1 ? 1 / firsts : 0;
  const place = n > 1 ? (n - mine.rank) / (n - 1) : 1;
  return { win, reward: (1 - PLACE_WEIGHT) * win + PLACE_WEIGHT * place };
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

function key(move: unknown): string {
  return JSON.stringify(move);
}

function candidatesFor<M>(game: AnyGame, seat: Seat, view: unknown, standard: M, rng: Rng): M[] {
  const sample = game.sampleState(view, rng);
  const seen = new Set<string>([key(standard)]);
  const rest: M[] = [];
  for (const move of game.legalMoves(sample, seat) as M[]) {
    const k = key(move);
    if (seen.has(k)) continue;
    seen.add(k);
    rest.push(move);
  }
  if (rest.length > MAX_CANDIDATES - 1) rng.shuffle(rest).length = MAX_CANDIDATES - 1;
  return [standard, ...rest];
}

function done(budget: SearchBudget, rollouts: number): boolean {
  if (budget.iterations !== undefined && rollouts >= budget.iterations) return true;
  if (budget.now && budget.until !== undefined && budget.now() >= budget.until) return true;
  return budget.iterations === undefined && (!budget.now || budget.until === undefined);
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
  const arms: Arm<M>[] = moves.map((move) => ({ move, visits: 0, wins: 0, reward: 0 }));
  let rollouts = 0;
  let total = 0;
  while (!done(budget, rollouts)) {
    rollouts++;
    const sample = game.sampleState(view, rng);
    // UCB1; arms not yet tried go first, in order, so the standard move is always measured.
    const order = arms
      .map((arm, i) => ({ i, score: arm.visits === 0 ? Infinity - i : arm.reward / arm.visits + EXPLORATION * Math.sqrt(Math.log(total + 1) / arm.visits) }))
      .sort((a, b) => b.score - a.score);
    for (const { i } of order) {
      const arm = arms[i]!;
      // A move can be illegal in one sample and legal in another: try the next best arm then.
      const applied = game.apply(sample, seat, arm.move);
      if (!applied.ok) continue;
      const end = rollout(game, applied.state, rng);
      const { win, reward } = rewardOf(end ? game.outcome(end) : null, seat);
      arm.visits++;
      arm.wins += win;
      arm.reward += reward;
      total++;
      break;
    }
  }
  if (total === 0) return { ...base, rollouts };
  const best = arms.reduce((a, b) => (b.visits > a.visits || (b.visits === a.visits && b.reward > a.reward) ? b : a));
  const chance = (arm: Arm<M>) => (arm.visits > 0 ? arm.wins / arm.visits : null);
  return { move: best.move, standard, winChance: chance(best), standardChance: chance(arms[0]!), rollouts, candidates: arms.length };
}
