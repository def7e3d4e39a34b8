/** Game-agnostic helpers built on the contract: replays, bot playouts and ranking. */
import { rngFromSeed, type Rng } from './rng.js';
import type { AnyGame, GameOptions, Msg, Seat, Standing } from './types.js';

export interface LoggedMove {
  seat: Seat;
  move: unknown;
}

/** Rebuilds a state from its seed and move log. Throws if a logged move is no longer legal. */
export function replay<S>(game: AnyGame, input: { seats: number; options: GameOptions; seed: string }, log: LoggedMove[]): S {
  let state = game.setup(input) as S;
  for (const [i, entry] of log.entries()) {
    const result = game.apply(state, entry.seat, entry.move);
    if (!result.ok) throw new Error(`move ${i + 1} of the log is illegal: ${result.error.key}`);
    state = result.state as S;
  }
  return state;
}

/**
 * Plays a whole game with the game's bot in every seat. Returns the final state and the moves.
 * `maxMoves` guards against a rules bug that would never end a game.
 */
export function playout<S>(
  game: AnyGame,
  input: { seats: number; options: GameOptions; seed: string },
  botRng: Rng = rngFromSeed(`bot:${input.seed}`),
  maxMoves = 10_000,
): { state: S; log: LoggedMove[] } {
  let state = game.setup(input) as S;
  const log: LoggedMove[] = [];
  while (!game.isOver(state)) {
    if (log.length >= maxMoves) throw new Error(`no end after ${maxMoves} moves`);
    const seat = game.pending(state)[0];
    if (seat === undefined) throw new Error('game not over but nobody is pending');
    const move = game.bot(game.seatView(state, seat), botRng);
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`bot made an illegal move: ${result.error.key}`);
    state = result.state as S;
    log.push({ seat, move });
  }
  return { state, log };
}

/**
 * Ranks scored seats: higher score first, then `tieBreak` (lower is better). Seats equal on both
 * share a rank, as in "competition ranking" (1, 2, 2, 4).
 */
export function rankStandings(
  rows: { seat: Seat; score: number; tieBreak: number; breakdown: Msg[] }[],
): Standing[] {
  const sorted = [...rows].sort((a, b) => b.score - a.score || a.tieBreak - b.tieBreak || a.seat - b.seat);
  const standings: Standing[] = [];
  sorted.forEach((row, i) => {
    const prev = sorted[i - 1];
    const rank = prev && prev.score === row.score && prev.tieBreak === row.tieBreak ? standings[i - 1]!.rank : i + 1;
    standings.push({ seat: row.seat, score: row.score, rank, breakdown: row.breakdown });
  });
  return standings;
}
