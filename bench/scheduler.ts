/**
 * The scheduler with 10,000 open games: how long finding the next due clock takes (it runs after
 * every move), how long one wake-up with 100 due reminders takes, and the memory it all needs.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'discord.js';
import { Scheduler } from '../src/discord/runtime/scheduler.js';
import { LocalRunner } from '../src/discord/runtime/local-runner.js';
import { createLogger } from '../src/logger.js';
import { openDatabase } from '../src/store/database.js';
import { GameStore } from '../src/store/game-store.js';
import { median, percentile } from './stats.js';

export async function benchScheduler(opts = { games: 10_000, due: 100 }) {
  let now = Date.UTC(2026, 10, 1);
  const clock = { now: () => new Date(now) };
  const store = new GameStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-sched-')), 'sched.sqlite')), clock.now);
  const rssBefore = process.memoryUsage().rss;
  const settings = { reminderMinutes: 720, deadlineMinutes: 2880, pace: 'relaxed' as const };
  for (let g = 0; g < opts.games; g++) {
    // Spread the clocks over a day, so only some are due at any moment.
    now = Date.UTC(2026, 10, 1) + (g % 1440) * 60_000;
    const lobby = await store.createLobby({ guildId: '1', channelId: `s${g}`, gameType: 'r-eco', options: {}, language: 'en', seed: `s${g}`, creator: { id: `a${g}`, name: 'A' }, settings });
    if (!lobby.ok) throw new Error(lobby.error.key);
    await store.join(lobby.value.id, { id: `b${g}`, name: 'B' });
    await store.join(lobby.value.id, { id: `c${g}`, name: 'C' });
    await store.start(lobby.value.id, `a${g}`);
  }
  const channel = { isSendable: () => true, send: async () => ({ id: '1' }), messages: { fetch: async () => null } };
  const client = { channels: { fetch: async () => channel }, users: { fetch: async () => ({ send: async () => ({}) }) } } as unknown as Client;
  const tables = new LocalRunner(store, client, createLogger('silent'), 0, { render: async () => Buffer.alloc(0), close: async () => {} });
  const scheduler = new Scheduler(store, tables, createLogger('silent'), clock);

  const nextDue: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    await store.nextDue();
    nextDue.push(performance.now() - t0);
  }
  // The reminders of the first `due` minutes' games fall due at once.
  now = Date.UTC(2026, 10, 1) + 12 * 3_600_000 + (opts.due / Math.ceil(opts.games / 1440) - 1) * 60_000;
  const t0 = performance.now();
  const handled = await scheduler.tick();
  const tickMs = performance.now() - t0;
  await tables.flush();
  const rssAfter = process.memoryUsage().rss;
  scheduler.stop();
  await store.close();
  return { games: opts.games, nextDueP50Ms: median(nextDue), nextDueP99Ms: percentile(nextDue, 99), handled, tickMs, tickPerClockMs: tickMs / Math.max(handled, 1), rssMb: (rssAfter - rssBefore) / 1_048_576 };
}
