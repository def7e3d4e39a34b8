/**
 * Resident memory of the bot process (started as `npm start` would) with 100 active games and
 * 1,000 finished ones in its store, after every active game has been looked at once.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/store/database.js';
import { GameStore, type GameRecord } from '../src/store/game-store.js';
import { DiscordDouble } from '../test/double/discord-double.js';
import { GUILD_ID, botEnv, settled, tempDatabase } from '../test/e2e/harness.js';
import { playThroughStore, startedGame } from './pipeline.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Proportional set size: shared pages (the node binary, Cairo) count once across processes. */
function pssMb(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? NaN) / 1024;
}

/** The bot and the image workers it started: everything it costs, by the given measure. */
function treeMb(pid: number, measure: (pid: number) => number = rssMb): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return measure(pid) + children.reduce((sum, child) => sum + treeMb(child, measure), 0);
}

async function markAllPosted(store: GameStore, record: GameRecord): Promise<GameRecord> {
  for (let post = await store.nextPost(record.id); post; post = await store.nextPost(record.id)) await store.markPosted(post, `sent-${post.id}`);
  return record;
}

export async function benchMemory(opts: { active: number; finished: number; env?: Record<string, string> } = { active: 100, finished: 1000 }) {
  const double = await DiscordDouble.start();
  double.addGuild({ id: GUILD_ID });
  const dbPath = tempDatabase();
  const store = new GameStore(openDatabase(dbPath));
  const prepStart = performance.now();
  // What a running bot's store holds: the finished games' posts went out long ago, and each
  // active game owes its channel only the board of its latest move.
  for (let i = 0; i < opts.finished; i++) await markAllPosted(store, await playThroughStore(store, await startedGame(store, `9${String(i).padStart(17, '0')}`, `finished-${i}`)));
  const channels: string[] = [];
  for (let i = 0; i < opts.active; i++) {
    const channel = double.addChannel(GUILD_ID, { name: `active-${i}` }).id;
    channels.push(channel);
    const record = await markAllPosted(store, await playThroughStore(store, await startedGame(store, channel, `active-${i}`), 19));
    await playThroughStore(store, record, 1);
  }
  const prepSeconds = (performance.now() - prepStart) / 1000;
  await store.close();

  // As `npm start` runs it: the compiled JavaScript (built first when older than the sources).
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const nodeFlags = /node (.*?)\s*dist\/src\/main\.js/.exec(pkg.scripts.start)?.[1]?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeFlags, 'dist/src/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MALLOC_MMAP_THRESHOLD_: '131072', ...botEnv(double, dbPath, opts.env) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  try {
    await double.waitFor(() => double.connectedClients === 1 && double.commandPuts >= 1, 120_000).catch((error: Error) => {
      throw new Error(`the bot did not start: ${errors || error.message}`);
    });
    const idleMb = rssMb(child.pid!);
    const idleTreeMb = treeMb(child.pid!);
    const user = double.addUser({ username: 'watcher' });
    // Touch every active game: /status loads, views and localises each one.
    for (const channel of channels) await settled(double, await double.slash(user, channel, 'status'), 10_000);
    // At start-up the bot posts the board each game played here still owes its channel; measure
    // once those are out, not in the middle of that burst.
    await double.waitFor(() => channels.every((c) => double.channelMessages(c).some((m) => m.attachments.length > 0)), 120_000);
    await new Promise((r) => setTimeout(r, 500));
    return {
      activeGames: opts.active,
      finishedGames: opts.finished,
      prepSeconds,
      rssIdleMb: idleMb,
      rssIdleWithWorkersMb: idleTreeMb,
      rssAfterStatusMb: rssMb(child.pid!),
      rssAfterStatusWithWorkersMb: treeMb(child.pid!),
      pssAfterStatusWithWorkersMb: treeMb(child.pid!, pssMb),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await double.close();
  }
}
