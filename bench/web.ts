/**
 * The game web pages under the stress run: 20 channels clicking as fast as their boards arrive,
 * each game watched by 20 spectators (an event stream each, fetching every new board image as a
 * browser does), while page loads are timed to their first byte. The same run without spectators
 * gives what they cost. Spectators run in this process, with the bot and the Discord double.
 */
import type { World } from '../test/e2e/harness.js';
import { benchDiscord } from './discord.js';
import { percentile } from './stats.js';

const CHANNELS = 20;
const SPECTATORS = 20;
const ENV = { PUBLIC_URL: 'https://games.example.org', WEB_PORT: '0', WEB_RATE_PER_MINUTE: '1000000' };

/** One spectator: reads the stream and loads each new board image, until stopped. */
async function spectate(origin: string, base: string, signal: AbortSignal, images: { count: number }): Promise<void> {
  const res = await fetch(`${origin}${base}/events`, { signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let shown = '';
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const src = (JSON.parse(data.slice(6)) as { image: { src: string } | null }).image?.src;
        if (src && src !== shown) {
          shown = src;
          await (await fetch(`${origin}${src}`, { signal })).arrayBuffer();
          images.count++;
        }
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

export async function benchWeb() {
  const ttfb: number[] = [];
  const images = { count: 0 };
  let streams = 0;
  const watched = await benchDiscord({
    channels: CHANNELS,
    turnsPerChannel: 10,
    thinkMs: 0,
    env: ENV,
    async alongside(world: World) {
      const origin = world.bot.webUrl!;
      const bases: string[] = [];
      for (const channel of world.channels) bases.push(`/g/${(await world.bot.store.openInChannel(channel))!.webToken}`);
      const controller = new AbortController();
      const spectators = bases.flatMap((base) => Array.from({ length: SPECTATORS }, () => spectate(origin, base, controller.signal, images)));
      // Page loads, two at a time, across the games: time to the first byte of each.
      let loading = true;
      const loader = async (start: number) => {
        for (let i = start; loading; i += 2) {
          const began = performance.now();
          const res = await fetch(`${origin}${bases[i % bases.length]}`);
          ttfb.push(performance.now() - began);
          await res.text();
        }
      };
      const loaders = [loader(0), loader(1)];
      await world.double.waitFor(() => (world.bot.web!.openStreams >= bases.length * SPECTATORS ? true : undefined), 60_000);
      streams = world.bot.web!.openStreams;
      return async () => {
        loading = false;
        controller.abort();
        await Promise.all([...spectators, ...loaders]);
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
    boardsPerSecondAlone: aloneRate,
    boardsPerSecondWatched: watchedRate,
    spectatorCostPercent: ((aloneRate - watchedRate) / aloneRate) * 100,
  };
}
