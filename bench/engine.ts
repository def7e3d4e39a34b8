/** Bot-versus-bot playouts: whole games per second on one core, for any registered game. */
import { playout, rngFromSeed, type GameOptions } from '../src/engine/index.js';
import { gameById } from '../src/catalog.js';
import { median, percentile } from './stats.js';

/** The goal each game's issue set for 4-player bot games per second. */
export const PLAYOUT_GOALS: Record<string, { options: GameOptions; goal: number }> = {
  'r-eco': { options: {}, goal: 5000 },
  mark: { options: {}, goal: 1000 },
  'mull-money': { options: {}, goal: 500 },
  phoneimpact: { options: {}, goal: 500 },
  palermo: { options: {}, goal: 200 },
};

export function benchPlayouts(gameId = 'r-eco', opts: { batches?: number; seconds?: number; seats?: number; options?: GameOptions } = {}) {
  const game = gameById(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const parsed = game.parseOptions(opts.options ?? PLAYOUT_GOALS[gameId]?.options ?? {});
  if (!parsed.ok) throw new Error(parsed.error.key);
  const input = (seed: string) => ({ seats: opts.seats ?? 4, options: parsed.options, seed });
  const batches = opts.batches ?? 10;
  // Each batch lasts about this long, whatever the game's speed.
  const batchMs = ((opts.seconds ?? 4) * 1000) / batches;
  const rates: number[] = [];
  let moves = 0;
  let games = 0;
  // Warm-up so the JIT has compiled the hot paths before we measure.
  for (const end = performance.now() + 500, i = { n: 0 }; performance.now() < end; i.n++) playout(game, input(`warm-${i.n}`));
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    let count = 0;
    while (performance.now() - start < batchMs) {
      const seed = `bench-${b}-${count}`;
      const { log } = playout(game, input(seed), rngFromSeed(`bot-${seed}`));
      moves += log.length;
      count++;
    }
    games += count;
    rates.push(count / ((performance.now() - start) / 1000));
  }
  return { gamesPerSecondMedian: median(rates), gamesPerSecondP10: percentile(rates, 10), movesPerGame: moves / games, games };
}
