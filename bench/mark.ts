/** Bot-versus-bot playouts: whole 4-player M.A.R.K. games per second on one core. */
import { playout, rngFromSeed } from '../src/engine/index.js';
import { gameById } from '../src/games/index.js';
import { median, percentile } from './stats.js';

export function benchMarkPlayouts(opts = { batches: 15, gamesPerBatch: 300, seats: 4 }) {
  const game = gameById('mark')!;
  const options = { short: false, privateMoney: false };
  const rates: number[] = [];
  let moves = 0;
  let games = 0;
  for (let i = 0; i < 200; i++) playout(game, { seats: opts.seats, options, seed: `warm-${i}` });
  for (let b = 0; b < opts.batches; b++) {
    const start = performance.now();
    for (let i = 0; i < opts.gamesPerBatch; i++) {
      const seed = `bench-${b}-${i}`;
      const { log } = playout(game, { seats: opts.seats, options, seed }, rngFromSeed(`bot-${seed}`));
      moves += log.length;
      games++;
    }
    rates.push(opts.gamesPerBatch / ((performance.now() - start) / 1000));
  }
  return { gamesPerSecondMedian: median(rates), gamesPerSecondP10: percentile(rates, 10), movesPerGame: moves / games, games };
}
