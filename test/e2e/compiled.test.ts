/**
 * The compiled bot as operators start it, in each mode the README gives, playing moves through
 * the Discord double: `npm start` on SQLite over the gateway; `npm start` on PostgreSQL over the
 * gateway; then `npm run db:copy` of the first game into PostgreSQL, `npm run rest-proxy` and two
 * `npm start` replicas with HTTP interactions, on which that game carries on. Everything runs from
 * dist/, as `npm start` does, never from the TypeScript sources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.js';
import { openDatabase } from '../../src/store/database.js';
import { openPostgres } from '../../src/store/postgres.js';
import { DiscordDouble } from '../double/discord-double.js';
import { freePort } from '../pg/cluster.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { GUILD_ID, Player, botEnv, latestBoard, mentionedOnBoard, openAndStart, tempDatabase, type World } from './harness.js';
import { run, waitForOutput, within, type Run } from './npm-run.js';

const START_MS = 120_000;

describe.runIf(hasPg)('the compiled bot in every mode, as operators start it', () => {
  let double: DiscordDouble;
  const runs: Run[] = [];
  /** The SQLite database of the first mode, copied into PostgreSQL in the last. */
  const sqlitePath = tempDatabase();
  let channel = '';
  let world: World;
  let ann: Player;

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
    world = { double, channels: [] } as unknown as World;
    ann = new Player(world, double.addUser({ username: 'ann' }));
  });
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null && r.child.signalCode === null) process.kill(-r.child.pid!, 'SIGKILL');
    await double?.close();
  });

  /** A command in its own process group, so that stopping it reaches the bot under npm too. */
  function npm(args: string[], env: Record<string, string>): Run {
    const r = run('npm', [...args, '--silent'], { ...env, LOG_LEVEL: 'info' }, true);
    runs.push(r);
    return r;
  }

  /** SIGTERM to the whole group, as a service manager stops it: the bot ends cleanly. */
  async function stop(r: Run): Promise<void> {
    process.kill(-r.child.pid!, 'SIGTERM');
    const { code, signal } = await within(r.exit, 30_000, 'stopping');
    await within(r.closed, 30_000, 'the bot and its workers stopping');
    expect(code === 0 || signal === 'SIGTERM', r.output()).toBe(true);
    expect(r.output()).toContain('bot stopped');
    expect(r.output()).not.toMatch(/"level":(50|60)/);
  }

  async function gatewayBot(env: Record<string, string>): Promise<Run> {
    const identifies = double.gatewayStats.identifies;
    const r = npm(['start'], env);
    await waitForOutput(r, /bot ready/, START_MS, 'npm start');
    await double.waitFor(() => double.connectedClients === 1 && double.gatewayStats.identifies > identifies, 30_000);
    return r;
  }

  /** Ann plays `count` moves of the channel's game, each once the board says it is her turn. */
  async function annPlays(count: number, moves: () => Promise<number>): Promise<void> {
    const target = (await moves()) + count;
    for (let tries = 0; (await moves()) < target; tries++) {
      if (tries > 40) throw new Error('Ann could not play');
      const before = await moves();
      const board = await double.waitFor(() => {
        const latest = latestBoard(world, channel);
        return mentionedOnBoard(latest).includes(ann.id) ? latest : undefined;
      }, 60_000);
      const edited = board.editedAt;
      if (await ann.tryPlayOnce(channel)) await double.waitFor(async () => (await moves()) > before, 30_000);
      // A board that lags behind the game: wait for the next one, or this one redrawn.
      else await double.waitFor(() => latestBoard(world, channel).id !== board.id || double.message(board.id)?.editedAt !== edited, 30_000);
    }
  }

  const movesOf = (store: GameStore, userId: string) => async () => {
    const game = await store.latestInChannel(channel);
    return game ? (await store.moveLog(game.id)).filter((m) => m.actorId === userId).length : 0;
  };

  it('npm start on SQLite over the gateway', async () => {
    channel = double.addChannel(GUILD_ID, { name: 'compiled-sqlite' }).id;
    const bot = await gatewayBot(botEnv(double, sqlitePath, { RENDER_WORKERS: '1' }));
    await openAndStart(ann, channel, [], 2);
    const store = new GameStore(openDatabase(sqlitePath));
    try {
      await annPlays(3, movesOf(store, ann.id));
    } finally {
      await store.close();
    }
    await stop(bot);
  }, 300_000);

  it('npm start on PostgreSQL over the gateway', async () => {
    const url = await freshPgDatabase();
    const pgChannel = double.addChannel(GUILD_ID, { name: 'compiled-pg' }).id;
    const bot = await gatewayBot(botEnv(double, tempDatabase(), { DATABASE_URL: url, RENDER_WORKERS: '1' }));
    const store = new GameStore(await openPostgres(url, { max: 2 }));
    const sqliteChannel = channel;
    channel = pgChannel;
    try {
      await openAndStart(ann, channel, [], 2);
      await annPlays(3, movesOf(store, ann.id));
    } finally {
      channel = sqliteChannel;
      await store.close();
    }
    await stop(bot);
  }, 300_000);

  it('npm run db:copy, npm run rest-proxy and two npm start replicas with HTTP interactions on PostgreSQL', async () => {
    const url = await freshPgDatabase();
    const copy = npm(['run', 'db:copy'], { DATABASE_PATH: sqlitePath, DATABASE_URL: url });
    const { code } = await within(copy.exit, 120_000, 'npm run db:copy');
    expect(code, copy.output()).toBe(0);
    expect(copy.output()).toMatch(/Copied 1 games/);

    const proxyPort = await freePort();
    const proxy = npm(['run', 'rest-proxy'], { DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_PORT: String(proxyPort) });
    await waitForOutput(proxy, /REST proxy ready/, START_MS, 'npm run rest-proxy');
    const replicas: Run[] = [];
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const r = npm(
        ['start'],
        botEnv(double, tempDatabase(), {
          DATABASE_URL: url,
          DISCORD_API_URL: `http://127.0.0.1:${proxyPort}/api`,
          INTERACTIONS: 'http',
          PORT: String(port),
          DISCORD_PUBLIC_KEY: double.http.publicKey,
          RENDER_WORKERS: '1',
        }),
      );
      replicas.push(r);
      await waitForOutput(r, /bot ready: interactions over HTTP/, START_MS, `replica ${i + 1}`);
      urls.push(`http://127.0.0.1:${port}/interactions`);
    }
    // As a load balancer in front of both: the double sends clicks to each in turn.
    await double.http.setUrls(urls);
    const from = double.http.deliveries.length;

    const store = new GameStore(await openPostgres(url, { max: 2 }));
    try {
      // The game copied from SQLite carries on where it stopped.
      const game = (await store.latestInChannel(channel))!;
      expect(game.status).toBe('active');
      const copied = await movesOf(store, ann.id)();
      expect(copied).toBe(3);
      await annPlays(3, movesOf(store, ann.id));
      const log = await store.moveLog(game.id);
      expect(log.length).toBeGreaterThan(6);
    } finally {
      await store.close();
    }
    // Both replicas answered clicks, through the proxy.
    const answeredBy = new Set(double.http.deliveries.slice(from).filter((d) => d.status === 200).map((d) => d.url));
    expect([...answeredBy].sort()).toEqual([...urls].sort());
    for (const r of replicas) await stop(r);
    process.kill(-proxy.child.pid!, 'SIGTERM');
    await within(proxy.exit, 30_000, 'the proxy stopping');
    expect(double.violations).toEqual([]);
  }, 400_000);
});
