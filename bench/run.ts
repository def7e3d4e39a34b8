/**
 * `npm run bench`: measures speed and memory and prints a table; the same figures go to
 * bench/results/latest.json. Never fails on a number: goals are printed beside the results.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { benchDiscord } from './discord.js';
import { PLAYOUT_GOALS, benchPlayouts } from './engine.js';
import { benchImages } from './images.js';
import { benchMemory } from './memory.js';
import { benchPipeline } from './pipeline.js';
import { GAMES } from '../src/games/index.js';
import { benchPosts } from './posts.js';
import { benchScheduler } from './scheduler.js';
import { round } from './stats.js';
import { strongRows } from './strong.js';

type Row = { measure: string; value: number; unit: string; goal: string };

const rows: Row[] = [];
const add = (measure: string, value: number, unit: string, goal = '') => rows.push({ measure, value: round(value), unit, goal });

const playouts: Record<string, ReturnType<typeof benchPlayouts>> = {};
for (const gameId of Object.keys(GAMES)) {
  console.log(`${gameId}: bot playouts…`);
  const result = (playouts[gameId] = benchPlayouts(gameId));
  const goal = PLAYOUT_GOALS[gameId]?.goal;
  add(`${gameId}: 4-player bot playouts (median)`, result.gamesPerSecondMedian, 'games/s', goal ? `≥ ${goal.toLocaleString('en')}` : '');
  add(`${gameId}: 4-player bot playouts (p10 batch)`, result.gamesPerSecondP10, 'games/s');
  add(`${gameId}: moves per game`, result.movesPerGame, 'moves');
}

const pipeline: Record<string, Awaited<ReturnType<typeof benchPipeline>>> = {};
const images: Record<string, Awaited<ReturnType<typeof benchImages>>> = {};
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

console.log('Public posts and image bytes per game…');
const posts = await benchPosts();
for (const p of posts) {
  add(`${p.game}, ${p.table}: public posts per game`, p.posts, 'posts', `${p.moves.toFixed(0)} moves`);
  add(`${p.game}, ${p.table}: boards / redraws / text lines`, p.boards, `boards, ${p.redraws.toFixed(1)} redraws, ${p.lines.toFixed(1)} lines`);
  add(`${p.game}, ${p.table}: image bytes per game`, p.imageKB, 'KB');
}

console.log('Through the Discord double, 20 channels at once, players thinking 0.5-1.5 s per click…');
const discord = await benchDiscord({ channels: 20, turnsPerChannel: 15, thinkMs: 1000 });
add('Click → acknowledgement p50', discord.clickToAckP50Ms, 'ms');
add('Click → acknowledgement p99', discord.clickToAckP99Ms, 'ms', '< 50');
add('Click → board posted p50', discord.clickToBoardP50Ms, 'ms');
add('Click → board posted p99', discord.clickToBoardP99Ms, 'ms', '< 150');
add('Double limit violations', discord.violations, 'count', '0');

console.log('Stress: 20 channels clicking again the moment their board arrives…');
const stress = await benchDiscord({ channels: 20, turnsPerChannel: 10, thinkMs: 0 });
add('Stress: click → acknowledgement p99', stress.clickToAckP99Ms, 'ms');
add('Stress: click → board posted p50', stress.clickToBoardP50Ms, 'ms');
add('Stress: click → board posted p99', stress.clickToBoardP99Ms, 'ms');
add('Stress: boards posted per second', stress.clicks / stress.seconds, 'boards/s');

console.log('Scheduler with 10,000 open games…');
const scheduler = await benchScheduler();
add('Scheduler: next due time, 10,000 open games, p50', scheduler.nextDueP50Ms, 'ms');
add('Scheduler: next due time, 10,000 open games, p99', scheduler.nextDueP99Ms, 'ms', '< 5');
add(`Scheduler: one wake-up handling ${scheduler.handled} reminders`, scheduler.tickMs, 'ms');
add('Scheduler: per reminder', scheduler.tickPerClockMs, 'ms');
add('Scheduler: memory for 10,000 open games (RSS growth)', scheduler.rssMb, 'MB');

const strong = await strongRows(add);

console.log('Memory with 100 active and 1,000 finished games…');
const memory = await benchMemory();
add('RSS, bot idle after start', memory.rssIdleMb, 'MB');
add('RSS after touching 100 active games', memory.rssAfterStatusMb, 'MB', '< 300');
add('  same, with the image workers', memory.rssAfterStatusWithWorkersMb, 'MB', '< 300');
// RSS counts the pages the processes share (the node binary, Cairo) once per process.
add('  same, with the image workers, PSS', memory.pssAfterStatusWithWorkersMb, 'MB', '< 300');

console.table(rows);
const result = {
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  rows,
  raw: { playouts, pipeline, images, posts, scheduler, discord, stress, memory, strong },
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/latest.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log('Written to bench/results/latest.json');
