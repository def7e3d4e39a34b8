/**
 * `npm run bench:strong`: only the strong-bot rows of `npm run bench`, for a quicker look.
 * STRONG_BENCH_GAMES, STRONG_BENCH_COMPARE_GAMES, STRONG_BENCH_ROLLOUTS and STRONG_BENCH_GAMES_LIST
 * shrink the run (0 games: the pool rows alone); bench/strong-share.ts runs the long win-share
 * rows in parts.
 */
import { round } from './stats.js';
import { strongRows } from './strong.js';

const rows: { measure: string; value: number; unit: string; goal: string }[] = [];
await strongRows((measure, value, unit, goal = '') => rows.push({ measure, value: round(value), unit, goal }));
console.table(rows);
