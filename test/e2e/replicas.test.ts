/**
 * Replicas as an operator runs them (`replica-kit.ts`): PostgreSQL, one REST proxy process and
 * two bot processes in HTTP interactions mode behind the double's round robin. A whole R-Eco game
 * plays while replicas are killed with SIGKILL at random moments and fresh ones take their place
 * (the other four games: `replica-games.test.ts`); then two replicas under a low global REST
 * limit. Skipped without PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { expectPostedOnce, inspect } from './pg-posts.js';
import { KILL_MOMENTS, playKilledGame } from './replica-kit.js';
import { Replicas } from './replica-processes.js';
import { createLogger } from '../../src/logger.js';
import { startRestProxy } from '../../src/rest-proxy.js';
import { GUILD_ID, Player, boards, latestBoard, openAndStart, type World } from './harness.js';

describe.runIf(hasPg)('replicas in HTTP mode behind one REST proxy, on one PostgreSQL database', () => {
  it('plays a whole R-Eco game while replicas die with SIGKILL at random moments and fresh ones replace them', async () => {
    const { kinds, note } = await playKilledGame({ game: 'r-eco', people: 2, bots: 1, answer: (p, { channel }) => p.tryPlayOnce(channel) });
    expect(new Set(kinds), note).toEqual(new Set(KILL_MOMENTS));
  }, 600_000);
});

describe.runIf(hasPg)('replicas under Discord\'s global REST limit', () => {
  it('waits as a 429 from the proxy says and retries: every post goes out once', async () => {
    // A global limit low enough that three tables posting at once break it.
    const double = await DiscordDouble.start({ rateLimits: { globalPerSecond: 4 } });
    double.addGuild({ id: GUILD_ID });
    const proxy = await startRestProxy({ DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_HOST: '127.0.0.1', REST_PROXY_PORT: 0, REST_PROXY_GLOBAL_PER_SECOND: 50, LOG_LEVEL: 'silent' }, createLogger((process.env.E2E_LOG_LEVEL ?? 'silent') as 'silent'));
    const databaseUrl = await freshPgDatabase();
    const replicas = new Replicas(double, proxy.url, databaseUrl);
    try {
      await replicas.begin(2);
      const channels = [1, 2, 3].map((i) => double.addChannel(GUILD_ID, { name: `limited-${i}` }).id);
      const world = { double, channels } as unknown as World;
      await Promise.all(
        channels.map(async (channel, i) => {
          const host = new Player(world, double.addUser({ username: `host-limited-${i}` }));
          await openAndStart(host, channel, [], 2);
          // A few turns each, all tables at once.
          for (let turn = 0; turn < 4; turn++) {
            const board = latestBoard(world, channel);
            const count = boards(world, channel).length;
            const edited = board.editedAt;
            if (!(await host.tryPlayOnce(channel))) break;
            await double.waitFor(() => boards(world, channel).length > count || double.message(board.id)?.editedAt !== edited, 60_000);
          }
        }),
      );
      const store = (url: string) => inspect(url, async (s) => Promise.all(channels.map(async (c) => (await s.openInChannel(c))!.id)));
      const gameIds = await store(databaseUrl);
      await double.waitFor(() => inspect(databaseUrl, async (s) => (await Promise.all(gameIds.map((id) => s.postsOf(id)))).flat().every((p) => p.sentAt !== null)), 120_000);
      // Discord's limit was hit and the proxy passed the 429s on to the replicas.
      expect(double.rateLimiter!.hits.some((h) => h.scope === 'global')).toBe(true);
      expect(proxy.rateLimited).toBeGreaterThan(0);
      for (const [i, channel] of channels.entries()) await expectPostedOnce(databaseUrl, world, channel, gameIds[i]!, `table ${i + 1}`);
      expect(double.violations.filter((v) => v.status !== 429)).toEqual([]);
    } finally {
      await replicas.stop();
      await proxy.close();
      await double.close();
    }
  }, 300_000);
});
