/**
 * Strong bots against standard ones: win share with seats rotated, and the time a decision takes.
 * The search runs in this process with a per-decision time budget (smaller than the bot's own
 * `BOT_THINK_MS` when asked, so hundreds of games finish in minutes).
 */
import { rngFromSeed, searchMove, type AnyGame, type GameOptions, type Seat } from '../src/engine/index.js';
import { gameById } from '../src/games/index.js';
import { percentile } from './stats.js';

export interface StrongMatch {
  game: string;
  seats: number;
  games: number;
  /** Strong seat's share of wins (ties split), 0..1, and its 95 % Wilson interval. */
  share: number;
  low: number;
  high: number;
  decisionP50Ms: number;
  decisionP99Ms: number;
  decisions: number;
}

/** 95 % Wilson score interval of a proportion. */
export function wilson(share: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const centre = share + (z * z) / (2 * n);
  const spread = z * Math.sqrt((share * (1 - share)) / n + (z * z) / (4 * n * n));
  return { low: (centre - spread) / d, high: (centre + spread) / d };
}

/**
 * Plays one game: `strong` searches, every other seat is the standard bot. Returns its win share.
 * A negative `thinkMs` is a rollout count instead of a time budget.
 */
export function playStrongGame(game: AnyGame, seats: number, options: GameOptions, seed: string, strong: Seat, thinkMs: number, times: number[]): number {
  let state = game.setup({ seats, options, seed });
  const rng = rngFromSeed(`strong-bench:${seed}`);
  for (let n = 0; !game.isOver(state); n++) {
    if (n > 20_000) throw new Error(`${game.id} ${seed}: no end`);
    const pending: Seat[] = game.pending(state);
    // Simultaneous answers: the strong seat is asked like any other, in seat order.
    const seat = pending[0]!;
    const view = game.seatView(state, seat);
    let move: unknown;
    if (seat === strong) {
      const start = performance.now();
      move = searchMove(game, seat, view, rng, thinkMs > 0 ? { now: () => performance.now(), until: start + thinkMs } : { iterations: -thinkMs }).move;
      times.push(performance.now() - start);
    } else {
      move = game.bot(view, rng);
    }
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(`${game.id} ${seed}: move refused: ${r.error.key}`);
    state = r.state;
  }
  const standings = game.outcome(state)!.standings;
  const firsts = standings.filter((s) => s.rank === 1);
  return firsts.some((s) => s.seat === strong) ? 1 / firsts.length : 0;
}

export function benchStrong(gameId: string, opts: { seats: number; games: number; thinkMs: number; options?: GameOptions }): StrongMatch {
  const game = gameById(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const parsed = game.parseOptions(opts.options ?? {});
  if (!parsed.ok) throw new Error(parsed.error.key);
  const times: number[] = [];
  let wins = 0;
  for (let g = 0; g < opts.games; g++) {
    // Paired seeds: each deal is played with the strong bot in every seat in turn.
    const deal = Math.floor(g / opts.seats);
    wins += playStrongGame(game, opts.seats, parsed.options, `strong-${gameId}-${opts.seats}-${deal}`, g % opts.seats, opts.thinkMs, times);
  }
  const share = wins / opts.games;
  return { game: gameId, seats: opts.seats, games: opts.games, share, ...wilson(share, opts.games), decisionP50Ms: percentile(times, 50), decisionP99Ms: percentile(times, 99), decisions: times.length };
}
