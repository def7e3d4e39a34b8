/**
 * The store on each database: one r-eco move through the store (load, apply, commit) one after
 * another, and moves committed per second with 20 games moving at once. PostgreSQL runs as a
 * throwaway cluster with durable commits (BENCH_DATABASE_URL points at another server instead),
 * with the job queue on, as the bot runs it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { rngFromSeed } from '../src/engine/index.js';
import { gameById } from '../src/catalog.js';
import type { Backend } from '../src/store/backend.js';
import { openDatabase } from '../src/store/database.js';
import { GameStore, type GameRecord } from '../src/store/game-store.js';
import { migrateJobs, pgJobSink } from '../src/store/jobs.js';
import { openPostgres } from '../src/store/postgres.js';
import { findPgBin, startCluster } from '../test/pg/cluster.js';
import { startedGame } from './pipeline.js';
import { median, percentile } from './stats.js';

const rEco = gameById('r-eco')!;

async function oneMove(store: GameStore, record: GameRecord): Promise<GameRecord> {
  const loaded = (await store.get(record.id))!;
  const seat = rEco.pending(loaded.state)[0]!;
  const move = rEco.bot(rEco.seatView(loaded.state, seat), rngFromSeed(`${loaded.seed}:${loaded.version}`));
  const result = await store.applyMove(loaded.id, { expectedVersion: loaded.version, seat, actorId: null, move, interactionId: null });
  if (!result.ok) throw new Error(result.error.key);
  return result.value.game;
}

async function measure(backend: Backend, opts: { moves: number; parallel: number; parallelMoves: number }) {
  const store = new GameStore(backend);
  if (backend.kind === 'postgres') store.jobs = pgJobSink;
  const times: number[] = [];
  for (let g = 0; times.length < opts.moves; g++) {
    let record = await startedGame(store, `seq${g}`, `db-${g}`);
    while (record.status === 'active' && times.length < opts.moves) {
      const t0 = performance.now();
      record = await oneMove(store, record);
      times.push(performance.now() - t0);
    }
  }
  const games = await Promise.all(Array.from({ length: opts.parallel }, (_, i) => startedGame(store, `par${i}`, `par-${i}`)));
  let committed = 0;
  const t0 = performance.now();
  await Promise.all(games.map(async (first, i) => {
    let record = first;
    for (let n = 0; n < opts.parallelMoves; n++) {
      if (record.status !== 'active') record = await startedGame(store, `par${i}-${n}`, `par-${i}-${n}`);
      record = await oneMove(store, record);
      committed++;
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  await store.close();
  return { moveP50Ms: median(times), moveP99Ms: percentile(times, 99), movesPerSecond: committed / seconds };
}

export async function benchDatabase(opts = { moves: 1000, parallel: 20, parallelMoves: 50 }) {
  const sqlite = await measure(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-db-')), 'bench.sqlite')), opts);
  let postgres: Awaited<ReturnType<typeof measure>> | null = null;
  let url = process.env.BENCH_DATABASE_URL;
  const bin = url ? null : findPgBin();
  const cluster = bin ? await startCluster(bin, { durable: true }) : null;
  try {
    if (cluster) {
      const client = new pg.Client({ connectionString: cluster.adminUrl });
      await client.connect();
      await client.query('create database bench');
      await client.end();
      const u = new URL(cluster.adminUrl);
      u.pathname = '/bench';
      url = u.toString();
    }
    if (url) postgres = await measure(await openPostgres(url, { max: 10, alsoMigrate: migrateJobs }), opts);
  } finally {
    cluster?.stop();
  }
  return { sqlite, postgres };
}
