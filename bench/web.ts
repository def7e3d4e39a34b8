/**
 * The game web pages under the stress run: 20 channels clicking as fast as their boards arrive,
 * each game watched by 20 spectators (an event stream each, fetching every new board image as a
 * browser does), while page loads are timed to their first byte. The same run without spectators
 * gives what they cost. The spectators run in a process of their own (bench/web-spectators.ts),
 * but on the same cores as the bot.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { World } from '../test/e2e/harness.js';
import { benchDiscord } from './discord.js';
import { percentile } from './stats.js';

const CHANNELS = 20;
const SPECTATORS = 20;
const SPECTATORS_ENTRY = fileURLToPath(new URL('./web-spectators.ts', import.meta.url));
const ENV = { PUBLIC_URL: 'https://games.example.org', WEB_PORT: '0', WEB_RATE_PER_MINUTE: '1000000' };

export async function benchWeb() {
  const ttfb: number[] = [];
  const images = { count: 0 };
  let streams = 0;
  let failures = 0;
  const watched = await benchDiscord({
    channels: CHANNELS,
    turnsPerChannel: 10,
    thinkMs: 0,
    env: ENV,
    async alongside(world: World) {
      const bases: string[] = [];
      for (const channel of world.channels) bases.push(`/g/${(await world.bot.store.openInChannel(channel))!.webToken}`);
      const child = fork(SPECTATORS_ENTRY, [JSON.stringify({ origin: world.bot.webUrl!, bases, perGame: SPECTATORS })], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const next = () => new Promise<Record<string, unknown>>((resolve, reject) => {
        child.once('message', (m) => resolve(m as Record<string, unknown>));
        child.once('exit', (code) => reject(new Error(`the spectators exited (${code})`)));
      });
      await next();
      streams = world.bot.web!.openStreams;
      return async () => {
        const done = next();
        child.send({ stop: true });
        const report = (await done) as { ttfb: number[]; images: number; failures: number };
        ttfb.push(...report.ttfb);
        images.count = report.images;
        failures = report.failures;
      };
    },
  });
  const alone = await benchDiscord({ channels: CHANNELS, turnsPerChannel: 10, thinkMs: 0, env: ENV });
  const watchedRate = watched.clicks / watched.seconds;
  const aloneRate = alone.clicks / alone.seconds;
  return {
    streams,
    pageLoads: ttfb.length,
    pageTtfbP50Ms: percentile(ttfb, 50),
    pageTtfbP99Ms: percentile(ttfb, 99),
    imagesFetched: images.count,
    failedRequests: failures,
    imagesPerMoveAlone: alone.imagesPerMove,
    imagesPerMoveWatched: watched.imagesPerMove,
    mainCpuPerMoveAloneMs: alone.mainCpuPerMoveMs,
    mainCpuPerMoveWatchedMs: watched.mainCpuPerMoveMs,
    boardsPerSecondAlone: aloneRate,
    boardsPerSecondWatched: watchedRate,
    spectatorCostPercent: ((aloneRate - watchedRate) / aloneRate) * 100,
  };
}
