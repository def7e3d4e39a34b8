/**
 * `npm run bench`: measures speed and memory and prints a table; the same figures go to
 * bench/results/latest.json. Never fails on a number: goals are printed beside the results.
 * `npm run bench -- stress memory` runs only those sections (engine, pipeline, posts, discord,
 * stress, web, replicas, scheduler, strong, memory) and writes bench/results/latest-stress-memory.json instead.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchDatabase } from './database.js';
import { benchDiscord } from './discord.js';
import { PLAYOUT_GOALS, benchPlayouts } from './engine.js';
import { benchImages } from './images.js';
import { benchMemory } from './memory.js';
import { benchPipeline } from './pipeline.js';
import { GAMES } from '../src/catalog.js';
import { benchPosts } from './posts.js';
import { benchReplicas } from './replicas.js';
import { benchScheduler } from './scheduler.js';
import { percentile, round } from './stats.js';
import { strongRows } from './strong.js';
import { benchWeb } from './web.js';

type Row = { measure: string; value: number; unit: string; goal: string };

const SECTIONS = ['engine', 'pipeline', 'database', 'posts', 'discord', 'stress', 'web', 'replicas', 'scheduler', 'strong', 'memory'] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((a) => !(SECTIONS as readonly string[]).includes(a));
if (unknown.length) throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
const runs = (section: (typeof SECTIONS)[number]) => asked.length === 0 || asked.includes(section);

const rows: Row[] = [];
const add = (measure: string, value: number, unit: string, goal = '') => rows.push({ measure, value: round(value), unit, goal });

const raw: Record<string, unknown> = {};

if (runs('engine')) {
  const playouts: Record<string, ReturnType<typeof benchPlayouts>> = (raw.playouts = {});
  for (const gameId of Object.keys(GAMES)) {
    console.log(`${gameId}: bot playouts…`);
    const result = (playouts[gameId] = benchPlayouts(gameId));
    const goal = PLAYOUT_GOALS[gameId]?.goal;
    add(`${gameId}: 4-player bot playouts (median)`, result.gamesPerSecondMedian, 'games/s', goal ? `≥ ${goal.toLocaleString('en')}` : '');
    add(`${gameId}: 4-player bot playouts (p10 batch)`, result.gamesPerSecondP10, 'games/s');
    add(`${gameId}: moves per game`, result.movesPerGame, 'moves');
  }
}

if (runs('pipeline')) {
  const pipeline: Record<string, Awaited<ReturnType<typeof benchPipeline>>> = (raw.pipeline = {});
  const images: Record<string, Awaited<ReturnType<typeof benchImages>>> = (raw.images = {});
  for (const gameId of Object.keys(GAMES)) {
    console.log(`${gameId}: one move through the pipeline (SQLite + rules + board PNG), then the images…`);
    const p = (pipeline[gameId] = await benchPipeline(gameId));
    add(`${gameId}: move load+apply+commit+render p50`, p.moveP50Ms, 'ms');
    add(`${gameId}: move load+apply+commit+render p99`, p.moveP99Ms, 'ms', '< 100');
    add(`${gameId}: move, store only p99`, p.storeP99Ms, 'ms');
    const i = (images[gameId] = await benchImages(gameId));
    add(`${gameId}: largest board render+encode p99`, i.board.p99Ms, 'ms', '< 40');
    add(`${gameId}: largest board PNG (max)`, i.board.maxKB, 'KB', '< 300');
    add(`${gameId}: private view render+encode p99`, i.hand.p99Ms, 'ms', '< 40');
    add(`${gameId}: private view PNG (max)`, i.hand.maxKB, 'KB', '< 300');
    add(`${gameId}: final ranking render+encode p99`, i.final.p99Ms, 'ms', '< 40');
    add(`${gameId}: final ranking PNG (max)`, i.final.maxKB, 'KB', '< 300');
  }
}

if (runs('database')) {
  console.log('The store on SQLite and on PostgreSQL: one move, then 20 games at once…');
  const database = (raw.database = await benchDatabase());
  add('Store, SQLite: one move (load+apply+commit) p50', database.sqlite.moveP50Ms, 'ms');
  add('Store, SQLite: one move (load+apply+commit) p99', database.sqlite.moveP99Ms, 'ms');
  add('Store, SQLite: moves committed per second, 20 games at once', database.sqlite.movesPerSecond, 'moves/s');
  if (database.postgres) {
    add('Store, PostgreSQL: one move (load+apply+commit) p50', database.postgres.moveP50Ms, 'ms');
    add('Store, PostgreSQL: one move (load+apply+commit) p99', database.postgres.moveP99Ms, 'ms');
    add('Store, PostgreSQL: moves committed per second, 20 games at once', database.postgres.movesPerSecond, 'moves/s');
  } else {
    console.log('PostgreSQL is not installed and BENCH_DATABASE_URL is not set: no PostgreSQL rows.');
  }
}

if (runs('posts')) {
  console.log('Public posts and image bytes per game…');
  const posts = (raw.posts = await benchPosts());
  for (const p of posts) {
    add(`${p.game}, ${p.table}: public posts per game`, p.posts, 'posts', `${p.moves.toFixed(0)} moves`);
    add(`${p.game}, ${p.table}: boards / redraws / text lines`, p.boards, `boards, ${p.redraws.toFixed(1)} redraws, ${p.lines.toFixed(1)} lines`);
    add(`${p.game}, ${p.table}: image bytes per game`, p.imageKB, 'KB');
  }
}

if (runs('discord')) {
  console.log('Through the Discord double, 20 channels at once, players thinking 0.5-1.5 s per click…');
  const discord = (raw.discord = await benchDiscord({ channels: 20, turnsPerChannel: 15, thinkMs: 1000 }));
  add('Click → acknowledgement p50', discord.clickToAckP50Ms, 'ms');
  add('Click → acknowledgement p99', discord.clickToAckP99Ms, 'ms', '< 50');
  add('Click → board posted p50', discord.clickToBoardP50Ms, 'ms');
  add('Click → board posted p99', discord.clickToBoardP99Ms, 'ms', '< 150');
  add('Double limit violations', discord.violations, 'count', '0');
}

if (runs('stress')) {
  // The double enforces no limit here, so the bot is told it has a large bot's global limit:
  // the rows measure the bot, not its pacing (the last row measures that).
  console.log('Stress: 20 channels clicking again the moment their board arrives…');
  const stress = (raw.stress = await benchDiscord({ channels: 20, turnsPerChannel: 10, thinkMs: 0, env: { DISCORD_GLOBAL_LIMIT: '1000' } }));
  add('Stress: click → acknowledgement p99', stress.clickToAckP99Ms, 'ms');
  add('Stress: click → board posted p50', stress.clickToBoardP50Ms, 'ms');
  add('Stress: click → board posted p99', stress.clickToBoardP99Ms, 'ms');
  add('Stress: boards posted per second', stress.clicks / stress.seconds, 'boards/s');
  add('Stress: main process event-loop delay p99', stress.eventLoopDelayP99Ms, 'ms');
  add('Stress: images drawn per move', stress.imagesPerMove, 'images');
  add('Stress: image jobs waiting, at most', stress.peakImageQueue, 'jobs');
  // Where the CPU goes per move: the main process (store, rules, views, discord.js and REST, and
  // in this benchmark the Discord double and the players as well), then the image workers.
  add('Stress: CPU per move, main process (with the double)', stress.mainCpuPerMoveMs, 'ms');
  add('Stress: CPU per move, drawing the board', stress.boardRenderPerMoveMs, 'ms');
  add('Stress: CPU per move, drawing private views', stress.handRenderPerMoveMs, 'ms');
  // By stage: the bot's own (store, rules, view, render, encode, REST and the rest of the
  // Discord layer), then what only this benchmark costs (the double and its players).
  const stages = Object.entries(stress.stagePerMoveMs);
  const total = stages.reduce((a, [, ms]) => a + ms, 0);
  for (const stage of ['store', 'rules', 'view', 'render', 'encode', 'REST', 'discord layer', 'gateway', 'garbage collection', 'other', 'double and players'] as const) {
    const ms = stress.stagePerMoveMs[stage];
    add(`Stress: CPU per move by stage, ${stage}`, ms, `ms (${Math.round((100 * ms) / total)} %)`);
  }

  console.log('Capacity: 100 channels, Discord limits on with the global limit raised as for a large bot…');
  const capacity = (raw.capacity = await benchDiscord({ channels: 100, turnsPerChannel: 5, thinkMs: 0, rateLimits: { globalPerSecond: 1000 }, env: { DISCORD_GLOBAL_LIMIT: '1000' } }));
  add('Capacity, 100 channels: boards posted per second', capacity.clicks / capacity.seconds, 'boards/s', '≥ 50');
  add('Capacity, 100 channels: click → board posted p99', capacity.clickToBoardP99Ms, 'ms', '< 500');
  add('Capacity, 100 channels: main process event-loop delay p99', capacity.eventLoopDelayP99Ms, 'ms');
  add('Capacity, 100 channels: 429s received', capacity.rateLimited, 'count', '0');
  // Every channel makes its first click in the same moment, a burst no real server sees.
  add('Capacity, 100 channels: click → board posted p99, first clicks left out', capacity.laterClickToBoardP99Ms, 'ms');
  add('Capacity, 100 channels: image worker busy', 100 * capacity.imageWorkersBusy, '%');
  add('Capacity, 100 channels: main process busy', 100 * capacity.mainBusy, '%');
  // The same with a second image worker (RENDER_WORKERS=2): what an operator buys with its memory
  // (see the memory rows) when the drawing, not the main process, is what boards wait for.
  const capacity2 = (raw.capacity2 = await benchDiscord({ channels: 100, turnsPerChannel: 5, thinkMs: 0, rateLimits: { globalPerSecond: 1000 }, env: { DISCORD_GLOBAL_LIMIT: '1000', RENDER_WORKERS: '2' } }));
  add('Capacity, 100 channels, 2 image workers: boards posted per second', capacity2.clicks / capacity2.seconds, 'boards/s');
  add('Capacity, 100 channels, 2 image workers: click → board posted p99', capacity2.clickToBoardP99Ms, 'ms');

  console.log("Discord's limits: 20 channels, 5 messages per 5 s per channel, 50 requests/s in all…");
  const limited = (raw.limited = await benchDiscord({ channels: 20, turnsPerChannel: 8, thinkMs: 0, rateLimits: {} }));
  add("Discord's limits, 20 channels: boards posted per second", limited.clicks / limited.seconds, 'boards/s');
  add("Discord's limits, 20 channels: click → board posted p99", limited.clickToBoardP99Ms, 'ms');
  add("Discord's limits, 20 channels: 429s received", limited.rateLimited, 'count', '0');
  add("Discord's limits, 20 channels: double limit violations", limited.violations, 'count', '0');
}

if (runs('web')) {
  console.log('Web pages: the stress run with 20 spectators on each of its 20 games, then without…');
  const web = (raw.web = await benchWeb());
  add('Web: page time to first byte p50, 20 spectators × 20 games, under stress', web.pageTtfbP50Ms, 'ms');
  add('Web: page time to first byte p99, 20 spectators × 20 games, under stress', web.pageTtfbP99Ms, 'ms');
  add('Web: stress boards posted per second, without spectators', web.boardsPerSecondAlone, 'boards/s');
  add('Web: stress boards posted per second, with 400 spectators', web.boardsPerSecondWatched, 'boards/s');
  add('Web: what the spectators cost the stress run', web.spectatorCostPercent, '%', '< 10');
  // The bot's own process (with the double and players, not the spectators): what serving costs it.
  add('Web: CPU per move, main process, without spectators', web.mainCpuPerMoveAloneMs, 'ms');
  add('Web: CPU per move, main process, with 400 spectators', web.mainCpuPerMoveWatchedMs, 'ms');
  add('Web: spectator requests that failed', web.failedRequests, 'count', '0');
  add('Web: images drawn per move, with spectators', web.imagesPerMoveWatched, 'images');
}

if (runs('replicas')) {
  console.log('Replicas: PostgreSQL, the REST proxy and 1 or 2 bot processes in HTTP mode, 20 channels as in the stress row…');
  const replicas = (raw.replicas = await benchReplicas());
  if (replicas) {
    const { one, two, limited, takeover } = replicas;
    for (const r of [one, two]) {
      const n = r.replicas === 1 ? '1 replica' : '2 replicas';
      add(`Replicas, ${n}, 20 channels: boards posted per second`, r.boardsPerSecond, 'boards/s');
      add(`Replicas, ${n}, 20 channels: click → board posted p99`, r.clickToBoardP99Ms, 'ms');
      add(`Replicas, ${n}, 20 channels: CPU per board, all processes`, r.cpuPerBoardMs.total, 'ms', r.replicas === 2 ? `≤ ${(one.cpuPerBoardMs.total * 1.1).toFixed(1)} (1 replica + 10 %)` : '');
      add(`Replicas, ${n}, 20 channels: CPU per board, replicas`, r.cpuPerBoardMs.replicas, 'ms');
      add(`Replicas, ${n}, 20 channels: CPU per board, REST proxy`, r.cpuPerBoardMs.proxy, 'ms');
      add(`Replicas, ${n}, 20 channels: CPU per board, PostgreSQL`, r.cpuPerBoardMs.postgres, 'ms');
      add(`Replicas, ${n}, 20 channels: CPU while idle, all processes`, r.idleCpuMsPerSecond, 'ms/s');
    }
    add("Replicas, 2 replicas, Discord's limits: boards posted per second", limited.boardsPerSecond, 'boards/s');
    add("Replicas, 2 replicas, Discord's limits: peak REST requests in one 1 s window", limited.peakGlobalPerWindow, 'requests', '≤ 50');
    add("Replicas, 2 replicas, Discord's limits: peak REST requests in any 1 s", limited.peakGlobalPerSecond, 'requests');
    add("Replicas, 2 replicas, Discord's limits: 429s sent, global", limited.rateLimited.global, 'count');
    add("Replicas, 2 replicas, Discord's limits: 429s sent, per channel", limited.rateLimited.route, 'count');
    add('Replicas: a dead replica\'s board posted by another, after the kill (median)', percentile(takeover.ms, 50), 'ms', '≤ 3000 (README)');
    add('Replicas: a dead replica\'s board posted by another, after the kill (max)', Math.max(...takeover.ms), 'ms', '≤ 3000 (README)');
  } else {
    console.log('PostgreSQL is not installed: no replica rows.');
  }
}

if (runs('scheduler')) {
  console.log('Scheduler with 10,000 open games…');
  const scheduler = (raw.scheduler = await benchScheduler());
  add('Scheduler: next due time, 10,000 open games, p50', scheduler.nextDueP50Ms, 'ms');
  add('Scheduler: next due time, 10,000 open games, p99', scheduler.nextDueP99Ms, 'ms', '< 5');
  add(`Scheduler: one wake-up handling ${scheduler.handled} reminders`, scheduler.tickMs, 'ms');
  add('Scheduler: per reminder', scheduler.tickPerClockMs, 'ms');
  add('Scheduler: memory for 10,000 open games (RSS growth)', scheduler.rssMb, 'MB');
}

if (runs('strong')) raw.strong = await strongRows(add);

if (runs('memory')) {
  console.log('Memory with 100 active and 1,000 finished games…');
  const memory = (raw.memory = await benchMemory());
  add('RSS, bot idle after start', memory.rssIdleMb, 'MB', '< 120');
  add('RSS after touching 100 active games', memory.rssAfterStatusMb, 'MB', '< 300');
  add('  same, with the image workers', memory.rssAfterStatusWithWorkersMb, 'MB', '< 300');
  // RSS counts the pages the processes share (the node binary, Cairo) once per process.
  add('  same, with the image workers, PSS', memory.pssAfterStatusWithWorkersMb, 'MB', '< 300');
  const two = (raw.memoryTwoWorkers = await benchMemory({ active: 100, finished: 1000, env: { RENDER_WORKERS: '2' } }));
  add('  same, with 2 image workers', two.rssAfterStatusWithWorkersMb, 'MB');
  add('  same, with 2 image workers, PSS', two.pssAfterStatusWithWorkersMb, 'MB');
}

console.table(rows);
const result = {
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  rows,
  raw,
};
const file = asked.length ? `latest-${asked.join('-')}.json` : 'latest.json';
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/${file}`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(`Written to bench/results/${file}`);
