/**
 * Replicas under load: PostgreSQL (a throwaway cluster with durable commits), the REST proxy
 * process and 1 or 2 bot processes in HTTP interactions mode, the double in front as the load
 * balancer, 20 channels clicking again the moment their board arrives (the stress row's load).
 * Measures boards per second, click → board, the CPU time of every process the setup runs
 * (replicas with their image workers, the proxy, the PostgreSQL server and its backends) per
 * board, and what the double saw of the REST budget.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { DiscordDouble, type RateLimitOptions } from '../test/double/discord-double.js';
import { GUILD_ID, Player, boards, firstAnswer, mentionedOnBoard, openAndStart, pressLobby, sendAnswer, settled, type World } from '../test/e2e/harness.js';
import { kill9 } from '../test/e2e/process.js';
import { Replicas, startProxyProcess } from '../test/e2e/replica-processes.js';
import { findPgBin, startCluster, type Cluster } from '../test/pg/cluster.js';
import { boardMark, boardShownAt } from './discord.js';
import { percentile } from './stats.js';

/** How long the setup is watched doing nothing before the run. */
const IDLE_WINDOW_MS = 3000;

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * CPU time (ms) of the processes under `roots` and all their descendants: each live process's
 * own time plus that of the children it has reaped, so a PostgreSQL backend that closed during
 * the run still counts (in the server's figure).
 */
export function treeCpuMs(roots: number[]): number {
  const procs = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let raw: string;
    try {
      raw = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces): state, ppid, … utime, stime, cutime, cstime.
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
  }
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  let ticks = 0;
  const seen = new Set<number>();
  const queue = roots.filter((pid) => procs.has(pid));
  while (queue.length) {
    const pid = queue.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    ticks += procs.get(pid)!.ticks;
    queue.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The most arrivals in any window of `ms` (a sliding window over the arrival times). */
function peakIn(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= ms) j++;
    peak = Math.max(peak, i - j + 1);
  }
  return peak;
}

async function createDatabase(cluster: Cluster, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ReplicaRun {
  replicas: number;
  channels: number;
  boards: number;
  seconds: number;
  boardsPerSecond: number;
  clickToBoardP50Ms: number;
  clickToBoardP99Ms: number;
  clickToAckP99Ms: number;
  /** CPU per board posted: every replica (and its image workers), the proxy, PostgreSQL. */
  cpuPerBoardMs: { total: number; replicas: number; proxy: number; postgres: number };
  /** CPU of all those processes per second of doing nothing, just before the run. */
  idleCpuMsPerSecond: number;
  /** REST requests under the global limit: the most in one of the double's 1 s windows, and in any 1 s. */
  peakGlobalPerWindow: number;
  peakGlobalPerSecond: number;
  restPerBoard: number;
  rateLimited: { global: number; route: number };
  violations: number;
}

/** One run: `replicas` bot processes, `channels` tables of three people, `turns` clicks each. */
async function run(cluster: Cluster, opts: { replicas: number; channels: number; turns: number; rateLimits: RateLimitOptions; proxyEnv?: Record<string, string>; name: string }): Promise<ReplicaRun> {
  const double = await DiscordDouble.start({ rateLimits: opts.rateLimits });
  double.addGuild({ id: GUILD_ID });
  const proxy = await startProxyProcess(double, opts.proxyEnv);
  const databaseUrl = await createDatabase(cluster, opts.name);
  // As in production: the default image workers, the default job sweep; bots answer at once.
  const replicas = new Replicas(double, proxy.url, databaseUrl, { RENDER_WORKERS: '', JOB_SWEEP_MS: '', LOG_LEVEL: 'silent' });
  try {
    await replicas.begin(opts.replicas);
    const channels = Array.from({ length: opts.channels }, (_, i) => double.addChannel(GUILD_ID, { name: `replicas-${i}` }).id);
    const world = { double, channels } as unknown as World;
    // Tables are opened a few at a time before the clock starts: the measure is play.
    const tables = new Map<string, Player[]>();
    for (let i = 0; i < channels.length; i += 5) {
      await Promise.all(
        channels.slice(i, i + 5).map(async (channel, j) => {
          const players = [0, 1, 2].map((p) => new Player(world, double.addUser({ username: `r${i + j}p${p}` })));
          await openAndStart(players[0]!, channel, players.slice(1));
          tables.set(channel, players);
        }),
      );
    }
    const clickToBoard: number[] = [];
    const clickToAck: number[] = [];
    const playChannel = async (channel: string) => {
      const byId = new Map(tables.get(channel)!.map((p) => [p.id, p]));
      for (let turn = 0; turn < opts.turns; turn++) {
        const board = boards(world, channel).at(-1)!;
        const mover = byId.get(mentionedOnBoard(board)[0] ?? '');
        if (!mover) break;
        const hand = await settled(double, await mover.press(board, 'hand:'), 120_000);
        const mark = boardMark(world, channel);
        const rec = await sendAnswer(double, mover.user, hand, firstAnswer(hand)!);
        await rec.response();
        clickToAck.push(rec.latencyMs!);
        clickToBoard.push((await boardShownAt(world, channel, mark)) - rec.sentAt);
        await settled(double, rec, 120_000);
      }
    };

    const pids = { replicas: replicas.live.map((r) => r.child.pid!), proxy: [proxy.child.pid!], postgres: [cluster.postmasterPid()] };
    const cpu = () => ({ replicas: treeCpuMs(pids.replicas), proxy: treeCpuMs(pids.proxy), postgres: treeCpuMs(pids.postgres) });
    // What the setup burns with nothing to do (pollers, sweeps, timers), per second: a cost each
    // replica adds whatever the load.
    const idleFrom = cpu();
    const idleStart = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
    const idleTo = cpu();
    const idleSeconds = (performance.now() - idleStart) / 1000;
    const idleCpuMsPerSecond = (idleTo.replicas + idleTo.proxy + idleTo.postgres - idleFrom.replicas - idleFrom.proxy - idleFrom.postgres) / idleSeconds;
    const limiter = double.rateLimiter!;
    const windowsBefore = limiter.globalWindows.length;
    const arrivalsBefore = limiter.globalArrivals.length;
    const hitsBefore = limiter.hits.length;
    const restBefore = double.restCount;
    const before = cpu();
    const started = performance.now();
    await Promise.all(channels.map(playChannel));
    const seconds = (performance.now() - started) / 1000;
    const after = cpu();
    const n = clickToBoard.length || 1;
    const per = (k: keyof typeof before) => (after[k] - before[k]) / n;
    const hits = limiter.hits.slice(hitsBefore);
    return {
      replicas: opts.replicas,
      channels: opts.channels,
      boards: clickToBoard.length,
      seconds,
      boardsPerSecond: clickToBoard.length / seconds,
      clickToBoardP50Ms: percentile(clickToBoard, 50),
      clickToBoardP99Ms: percentile(clickToBoard, 99),
      clickToAckP99Ms: percentile(clickToAck, 99),
      cpuPerBoardMs: { total: per('replicas') + per('proxy') + per('postgres'), replicas: per('replicas'), proxy: per('proxy'), postgres: per('postgres') },
      idleCpuMsPerSecond,
      peakGlobalPerWindow: Math.max(0, ...limiter.globalWindows.slice(windowsBefore)),
      peakGlobalPerSecond: peakIn(limiter.globalArrivals.slice(arrivalsBefore), 1000),
      restPerBoard: (double.restCount - restBefore) / n,
      rateLimited: { global: hits.filter((h) => h.scope === 'global').length, route: hits.filter((h) => h.scope !== 'global').length },
      violations: double.violations.filter((v) => v.status !== 429).length,
    };
  } finally {
    await replicas.stop();
    await kill9(proxy.child);
    await double.close();
  }
}

/**
 * How long a dead replica's work waits for the others, with the default job sweep: a replica
 * holds a game's opening board (the test hook holds the post job, as a process killed while
 * sending leaves it), a second replica is running, and the first dies with SIGKILL. Measured from
 * the kill to the board in the channel, once per trial; each trial starts both afresh, so the
 * second never takes the job before the kill.
 */
export async function benchTakeover(cluster: Cluster, trials = 5): Promise<{ ms: number[] }> {
  const double = await DiscordDouble.start();
  double.addGuild({ id: GUILD_ID });
  const proxy = await startProxyProcess(double);
  const databaseUrl = await createDatabase(cluster, 'takeover');
  const env = { RENDER_WORKERS: '0', JOB_SWEEP_MS: '', LOG_LEVEL: 'silent' };
  const holders = new Replicas(double, proxy.url, databaseUrl, { ...env, RECYCLERIE_TEST_HOLD_POSTS: 'before-send' });
  const takers = new Replicas(double, proxy.url, databaseUrl, env);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ms: number[] = [];
  try {
    for (let trial = 0; trial < trials; trial++) {
      const holder = await holders.start();
      await double.http.setUrls([holder.url]);
      const channel = double.addChannel(GUILD_ID, { name: `takeover-${trial}` }).id;
      const world = { double, channels: [channel] } as unknown as World;
      const host = new Player(world, double.addUser({ username: `takeover-${trial}` }));
      await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
      for (const action of ['bot', 'bot', 'start']) await pressLobby(host, channel, action);
      // The holder has taken the board's job (it takes it at once, and never finishes it).
      await double.waitFor(async () => (await client.query('select 1 from graphile_worker._private_jobs where locked_by is not null')).rowCount! > 0, 30_000);
      const taker = await takers.start();
      await double.http.setUrls([taker.url]);
      const killed = performance.now();
      await kill9(holder.child);
      await double.waitFor(() => boards(world, channel)[0], 60_000);
      ms.push(performance.now() - killed);
      await kill9(taker.child);
    }
    return { ms };
  } finally {
    await client.end();
    await holders.stop();
    await takers.stop();
    await kill9(proxy.child);
    await double.close();
  }
}

/**
 * The replica rows: throughput and CPU with 1 and 2 replicas under a raised global limit (the
 * proxy's budget raised to match, as a large bot would set it), so they measure the bot and not
 * the budget; then 2 replicas under Discord's own limits, for what the double saw of the budget.
 */
export async function benchReplicas(opts = { channels: 20, turns: 10, limitedTurns: 8 }) {
  const bin = findPgBin();
  if (!bin) return null;
  const cluster = await startCluster(bin, { durable: true });
  try {
    const raised = { rateLimits: { globalPerSecond: 1000 }, proxyEnv: { REST_PROXY_GLOBAL_PER_SECOND: '1000' } };
    console.log(`Replicas: 1 replica, ${opts.channels} channels…`);
    const one = await run(cluster, { replicas: 1, channels: opts.channels, turns: opts.turns, name: 'one', ...raised });
    console.log(`Replicas: 2 replicas, ${opts.channels} channels…`);
    const two = await run(cluster, { replicas: 2, channels: opts.channels, turns: opts.turns, name: 'two', ...raised });
    console.log(`Replicas: 2 replicas under Discord's limits, ${opts.channels} channels…`);
    const limited = await run(cluster, { replicas: 2, channels: opts.channels, turns: opts.limitedTurns, name: 'limited', rateLimits: {} });
    console.log('Replicas: a replica killed while it holds a board, 5 times…');
    const takeover = await benchTakeover(cluster);
    return { one, two, limited, takeover };
  } finally {
    cluster.stop();
  }
}
