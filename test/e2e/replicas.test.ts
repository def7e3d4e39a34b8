/**
 * Replicas as an operator runs them: PostgreSQL, one REST proxy process (`npm run rest-proxy`)
 * and two bot processes in HTTP interactions mode, with the double delivering signed POSTs to
 * them in turn as a load balancer would. A whole game plays while replicas are killed with
 * SIGKILL at random moments (between clicks, as a POST goes out, just after a replica answered)
 * and a fresh one takes each dead one's place. Skipped without PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import type { Delivery } from '../double/http-interactions.js';
import type { InteractionRecord } from '../double/types.js';
import { freePort } from '../pg/cluster.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { expectPostedOnce, inspect } from './pg-posts.js';
import { exited, kill9, startBotProcess } from './process.js';
import { createLogger } from '../../src/logger.js';
import { startRestProxy } from '../../src/rest-proxy.js';
import { GUILD_ID, Player, boards, botEnv, latestBoard, mentionedOnBoard, openAndStart, pressLobby, tempDatabase, type World } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run rest-proxy` as its own process; resolves once it says where it listens. */
function startProxyProcess(double: DiscordDouble): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/rest-proxy-main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => void (output += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const url = /"url":"([^"]+)"[^\n]*REST proxy ready/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`the REST proxy stopped (${code}): ${output}`)));
  });
}

/** A small seeded generator, so a failing run can be repeated with its seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether the bot has finished answering an interaction (its reply filled, or a follow-up). */
function finished(rec: InteractionRecord): boolean {
  if (rec.followUps.length > 0) return true;
  if (rec.ackType === 9) return true;
  const reply = rec.reply;
  if (!reply) return false;
  if (rec.ackType !== 5 && rec.ackType !== 6) return true;
  return reply.editedAt !== undefined && reply.editedAt >= rec.sentAt;
}

const KILL_MOMENTS = ['between clicks', 'as a POST goes out', 'just after it answered'] as const;

interface Replica {
  child: ChildProcess;
  url: string;
}

describe.runIf(hasPg)('replicas in HTTP mode behind one REST proxy, on one PostgreSQL database', () => {
  let double: DiscordDouble;
  let proxy: { child: ChildProcess; url: string };
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
    proxy = await startProxyProcess(double);
    children.push(proxy.child);
  }, 60_000);
  afterAll(async () => {
    for (const child of children) await kill9(child);
    await double?.close();
  });

  async function startReplica(databaseUrl: string): Promise<Replica> {
    const port = await freePort();
    const env = botEnv(double, tempDatabase(), {
      DATABASE_URL: databaseUrl,
      DISCORD_API_URL: proxy.url,
      INTERACTIONS: 'http',
      PORT: String(port),
      DISCORD_PUBLIC_KEY: double.http.publicKey,
      JOB_SWEEP_MS: '200',
      RENDER_WORKERS: '0',
    });
    const child = startBotProcess(env);
    children.push(child);
    const url = `http://127.0.0.1:${port}/interactions`;
    // Ready once it answers Discord's PING, as a load balancer's health check would see it.
    await double.waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`replica on port ${port} stopped with ${child.exitCode}`);
      return double.http.ping(url).then((a) => a.status === 200, () => false);
    }, 60_000);
    return { child, url };
  }

  it('plays a whole game while replicas die with SIGKILL at random moments and fresh ones replace them', async () => {
    const seed = Number(process.env.REPLICA_KILL_SEED ?? Date.now() % 1_000_000);
    const random = seeded(seed);
    const note = `seed ${seed} (REPLICA_KILL_SEED repeats it)`;
    const databaseUrl = await freshPgDatabase();
    let live = [await startReplica(databaseUrl), await startReplica(databaseUrl)];
    await double.http.setUrls(live.map((r) => r.url));

    const channel = double.addChannel(GUILD_ID, { name: 'replicas' }).id;
    const world = { double, channels: [channel] } as unknown as World;
    const [ann, ben] = ['ann', 'ben'].map((name) => new Player(world, double.addUser({ username: `${name}-replica` })));
    await ann!.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    await pressLobby(ben!, channel, 'join');
    await pressLobby(ann!, channel, 'bot');
    await pressLobby(ann!, channel, 'start');
    await double.waitFor(() => boards(world, channel)[0], 30_000);
    const gameId = await inspect(databaseUrl, async (s) => (await s.openInChannel(channel))!.id);
    const players = new Map([ann!, ben!].map((p) => [p.id, p]));

    const finals = () => double.channelMessages(channel).filter((m) => m.attachments.some((a) => a.filename === 'final.png'));
    let over = false;
    let idle = false;
    /** Kills signalled, and kills whose process is gone. */
    let kills = 0;
    let gone = 0;
    const kinds: string[] = [];
    const order: (typeof KILL_MOMENTS)[number][] = [];
    /** Interactions a killed replica had taken and not finished answering: excused from the checks. */
    const inFlightAtKill = new Set<string>();

    const killer = (async () => {
      while (!over) {
        const mark = double.http.deliveries.length + 6 + Math.floor(random() * 8);
        await double.waitFor(() => over || double.http.deliveries.length >= mark, 600_000);
        if (over) return;
        const victim = live[Math.floor(random() * live.length)]!;
        // Each moment once per three kills, in a random order.
        if (order.length === 0) order.push(...KILL_MOMENTS.map((k) => ({ k, r: random() })).sort((a, b) => a.r - b.r).map(({ k }) => k));
        const kind = order.shift()!;
        const kill = () => {
          for (const d of double.http.deliveries) {
            const rec = d.url === victim.url ? double.interaction(d.interactionId) : undefined;
            if (rec && !finished(rec)) inFlightAtKill.add(rec.id);
          }
          victim.child.kill('SIGKILL');
          kills++;
        };
        if (kind === 'between clicks') {
          await double.waitFor(() => over || idle, 600_000);
          if (over) return;
          kill();
        } else {
          const killed = await new Promise<boolean>((resolve) => {
            const hook = (d: Delivery) => {
              if (d.url !== victim.url) return;
              double.http.onSend = double.http.onAnswer = undefined;
              kill();
              resolve(true);
            };
            if (kind === 'as a POST goes out') double.http.onSend = hook;
            else double.http.onAnswer = hook;
            void double.waitFor(() => over, 600_000).then(() => {
              double.http.onSend = double.http.onAnswer = undefined;
              resolve(false);
            });
          });
          if (!killed) return;
        }
        kinds.push(kind);
        await exited(victim.child);
        gone++;
        // A POST sent between the signal and the end of the process died with it too.
        for (const d of double.http.deliveries) {
          const rec = d.url === victim.url ? double.interaction(d.interactionId) : undefined;
          if (rec && !finished(rec)) inFlightAtKill.add(rec.id);
        }
        // The load balancer passes requests on to the survivor meanwhile; then a new replica joins.
        const fresh = await startReplica(databaseUrl);
        live = [...live.filter((r) => r !== victim), fresh];
        await double.http.setUrls(live.map((r) => r.url));
      }
    })();

    try {
      for (let turn = 0; turn < 600 && finals().length === 0; turn++) {
        const count = boards(world, channel).length;
        const board = latestBoard(world, channel);
        const edited = board.editedAt;
        const before = gone;
        const mover = mentionedOnBoard(board).map((id) => players.get(id)).find(Boolean);
        idle = false;
        try {
          if (mover) await mover.tryPlayOnce(channel);
        } catch (error) {
          // A click may be lost with the replica that held it; any other failure is a failure.
          // A kill overlapped the action if one was signalled and its process was not yet gone at the start.
          if (kills === before) throw new Error(`${note}: ${(error as Error).message}`, { cause: error });
        }
        idle = true;
        await double.waitFor(
          () => finals().length > 0 || boards(world, channel).length > count || double.message(board.id)?.editedAt !== edited || gone !== before,
          60_000,
        );
      }
      await double.waitFor(() => finals()[0], 60_000);
    } finally {
      over = true;
      await killer;
    }
    if (process.env.REPLICA_KILL_DEBUG) console.log(note, kinds, [...inFlightAtKill].length);
    expect(new Set(kinds), note).toEqual(new Set(KILL_MOMENTS));

    // The game ended once and was announced once.
    await double.waitFor(() => inspect(databaseUrl, async (s) => (await s.postsOf(gameId)).every((p) => p.sentAt !== null)), 60_000);
    expect(finals(), note).toHaveLength(1);
    expect(double.channelMessages(channel).filter((m) => m.content.includes('🏆')), note).toHaveLength(1);
    expect((await inspect(databaseUrl, (s) => s.get(gameId)))!.status).toBe('finished');

    await expectPostedOnce(databaseUrl, world, channel, gameId, note);

    // No move doubled; every click answered, and every move click that was not refused is in the
    // log, except those a killed replica held.
    const log = await inspect(databaseUrl, (s) => s.moveLog(gameId));
    const logged = log.map((m) => m.interactionId).filter((id): id is string => id !== null);
    expect(new Set(logged).size, note).toBe(logged.length);
    expect(log.some((m) => m.actorId === null), note).toBe(true);
    const ours = new Set(double.http.deliveries.map((d) => d.interactionId));
    let checked = 0;
    for (const id of ours) {
      if (inFlightAtKill.has(id)) continue;
      const rec = double.interaction(id)!;
      expect({ id, answered: finished(rec), custom: rec.payload.data?.custom_id }, note).toMatchObject({ answered: true });
      const isMove = (rec.type === 3 && /^(mv|sc):/.test(rec.payload.data?.custom_id ?? '')) || rec.type === 5;
      if (!isMove) continue;
      checked++;
      const refused = rec.followUps.some((m) => m.content.includes('⚠️'));
      if (!refused) expect({ id, inLog: logged.includes(id) }, note).toEqual({ id, inLog: true });
    }
    expect(checked, note).toBeGreaterThan(5);
    expect(double.violations.filter((v) => !inFlightAtKill.has(v.interactionId ?? '')), note).toEqual([]);
    for (const r of live) await kill9(r.child);
  }, 600_000);
});

describe.runIf(hasPg)('replicas under Discord\'s global REST limit', () => {
  it('waits as a 429 from the proxy says and retries: every post goes out once', async () => {
    // A global limit low enough that three tables posting at once break it.
    const double = await DiscordDouble.start({ rateLimits: { globalPerSecond: 4 } });
    double.addGuild({ id: GUILD_ID });
    const proxy = await startRestProxy({ DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_HOST: '127.0.0.1', REST_PROXY_PORT: 0, LOG_LEVEL: 'silent' }, createLogger((process.env.E2E_LOG_LEVEL ?? 'silent') as 'silent'));
    const children: ChildProcess[] = [];
    try {
      const databaseUrl = await freshPgDatabase();
      const urls: string[] = [];
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const child = startBotProcess(
          botEnv(double, tempDatabase(), { DATABASE_URL: databaseUrl, DISCORD_API_URL: proxy.url, INTERACTIONS: 'http', PORT: String(port), DISCORD_PUBLIC_KEY: double.http.publicKey, JOB_SWEEP_MS: '200', RENDER_WORKERS: '0' }),
        );
        children.push(child);
        urls.push(`http://127.0.0.1:${port}/interactions`);
        await double.waitFor(() => double.http.ping(urls[i]!).then((a) => a.status === 200, () => false), 60_000);
      }
      await double.http.setUrls(urls);
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
      for (const child of children) await kill9(child);
      await proxy.close();
      await double.close();
    }
  }, 300_000);
});
