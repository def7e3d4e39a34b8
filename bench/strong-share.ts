/**
 * The long strong-bot win-share runs (300 games a row take more than an hour on one core), split
 * so they can run in several processes and be resumed: each process plays the chunks whose index
 * is its part number modulo the number of parts, and appends one line per game to a JSON-lines
 * file. With a rollout count per decision, the result does not depend on the machine's load.
 *
 *   tsx bench/strong-share.ts run results.jsonl 0/2 r-eco:3:300 mark:2:150 …   (game:seats:games[:search])
 *   tsx bench/strong-share.ts sum results.jsonl
 *
 * Games use the same seeds as `npm run bench`, so both measure the same deals.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { gameById } from '../src/catalog.js';
import { percentile } from './stats.js';
import { playStrongGame, strongOptions, strongSearch, wilson, type StrongSearch } from './strong.js';

interface Line {
  game: string;
  seats: number;
  search: StrongSearch;
  rollouts: number;
  g: number;
  share: number;
  ms: number[];
}

/** Games per chunk: a whole number of seat rotations. */
const CHUNK_DEALS = 5;

function parseJob(text: string) {
  const [game, seats, games, search] = text.split(':');
  return { game: game!, seats: Number(seats), games: Number(games), search: (search ?? strongSearch(game!)) as StrongSearch };
}

function done(file: string): Set<string> {
  const out = new Set<string>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const l = JSON.parse(line) as Line;
    out.add(`${l.game}:${l.seats}:${l.search}:${l.rollouts}:${l.g}`);
  }
  return out;
}

const [mode, file, ...rest] = process.argv.slice(2);
const rollouts = Number(process.env.STRONG_BENCH_ROLLOUTS ?? 100);
if (mode === 'run' && file) {
  const [part, parts] = rest[0]!.split('/').map(Number) as [number, number];
  let chunk = 0;
  for (const job of rest.slice(1).map(parseJob)) {
    const game = gameById(job.game)!;
    const options = strongOptions(job.game, job.seats);
    for (let first = 0; first < job.games; first += CHUNK_DEALS * job.seats, chunk++) {
      if (chunk % parts !== part) continue;
      // Read again per chunk: another process may have played these games meanwhile.
      const have = done(file);
      for (let g = first; g < Math.min(job.games, first + CHUNK_DEALS * job.seats); g++) {
        if (have.has(`${job.game}:${job.seats}:${job.search}:${rollouts}:${g}`)) continue;
        const ms: number[] = [];
        const deal = Math.floor(g / job.seats);
        const share = playStrongGame(game, job.seats, options, `strong-${job.game}-${job.seats}-${deal}`, g % job.seats, -rollouts, ms, job.search);
        const line: Line = { game: job.game, seats: job.seats, search: job.search, rollouts, g, share, ms: ms.map((x) => Math.round(x * 10) / 10) };
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
    }
  }
} else if (mode === 'sum' && file) {
  const rows = new Map<string, { share: number; n: number; ms: number[] }>();
  const seen = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const l = JSON.parse(line) as Line;
    // A game played twice (overlapping runs) counts once: the same seeds give the same game.
    const id = `${l.game}:${l.seats}:${l.search}:${l.rollouts}:${l.g}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const k = `${l.game} ${l.seats}p ${l.search} ${l.rollouts}r`;
    const row = rows.get(k) ?? { share: 0, n: 0, ms: [] };
    row.share += l.share;
    row.n++;
    row.ms.push(...l.ms);
    rows.set(k, row);
  }
  const table = [...rows].sort(([a], [b]) => a.localeCompare(b)).map(([k, r]) => {
    const share = r.share / r.n;
    const { low, high } = wilson(share, r.n);
    return { row: k, games: r.n, share: (share * 100).toFixed(1), ci95: `${(low * 100).toFixed(0)}-${(high * 100).toFixed(0)}`, msPerDecisionP50: percentile(r.ms, 50) };
  });
  console.table(table);
} else {
  console.error('usage: strong-share.ts run FILE PART/PARTS game:seats:games[:search]… | sum FILE');
  process.exit(1);
}
