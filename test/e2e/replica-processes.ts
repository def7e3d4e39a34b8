/**
 * Replicas as processes, as an operator runs them: `npm run rest-proxy` and bot processes in
 * HTTP interactions mode on one PostgreSQL database, behind the double's round robin. Used by the
 * replica tests (`replica-kit.ts`) and the replica benchmark, so nothing here needs vitest.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiscordDouble } from '../double/discord-double.js';
import { freePort } from '../pg/cluster.js';
import { kill9, startBotProcess } from './process.js';
import { botEnv, tempDatabase } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run rest-proxy` as its own process; resolves once it says where it listens. */
export function startProxyProcess(double: DiscordDouble, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/rest-proxy-main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => void (output += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const url = /"url":"([^"]+)"[^\n]*REST proxy ready/.exec(output)?.[1];
      if (url) {
        // Keep draining its output so a full pipe never blocks it.
        output = '';
        child.stdout!.removeAllListeners('data');
        child.stderr!.removeAllListeners('data');
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({ child, url });
      }
    });
    child.once('exit', (code) => reject(new Error(`the REST proxy stopped (${code}): ${output}`)));
  });
}

export interface Replica {
  child: ChildProcess;
  url: string;
}

/** Bot processes in HTTP mode on one database, all behind the double's round robin. */
export class Replicas {
  live: Replica[] = [];
  /** When each replica (by URL) answered its first PING, for failure reports. */
  readonly readyAt = new Map<string, number>();
  private readonly all: ChildProcess[] = [];

  constructor(
    readonly double: DiscordDouble,
    readonly proxyUrl: string,
    readonly databaseUrl: string,
    private readonly env: Record<string, string> = {},
  ) {}

  /** Starts one replica; ready once it answers Discord's PING, as a health check would see it. */
  async start(): Promise<Replica> {
    const port = await freePort();
    const child = startBotProcess(
      botEnv(this.double, tempDatabase(), {
        DATABASE_URL: this.databaseUrl,
        DISCORD_API_URL: this.proxyUrl,
        INTERACTIONS: 'http',
        PORT: String(port),
        DISCORD_PUBLIC_KEY: this.double.http.publicKey,
        JOB_SWEEP_MS: '200',
        RENDER_WORKERS: '0',
        ...this.env,
      }),
    );
    this.all.push(child);
    // REPLICA_LOGS=<folder> keeps each replica's log (with E2E_LOG_LEVEL=info or debug).
    if (process.env.REPLICA_LOGS) {
      const file = createWriteStream(join(process.env.REPLICA_LOGS, `replica-${port}.log`));
      child.stdout!.pipe(file);
      child.stderr!.pipe(file);
    }
    const url = `http://127.0.0.1:${port}/interactions`;
    await this.double.waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`replica on port ${port} stopped with ${child.exitCode}`);
      return this.double.http.ping(url).then((a) => a.status === 200, () => false);
    }, 60_000);
    this.readyAt.set(url, performance.now());
    return { child, url };
  }

  /** Starts `n` replicas and puts them behind the load balancer. */
  async begin(n: number): Promise<void> {
    for (let i = 0; i < n; i++) this.live.push(await this.start());
    await this.double.http.setUrls(this.live.map((r) => r.url));
  }

  /** A fresh replica (`fresh`, or one started now) in a dead one's place. */
  async replace(dead: Replica, fresh?: Replica): Promise<void> {
    fresh ??= await this.start();
    this.live = [...this.live.filter((r) => r !== dead), fresh];
    await this.double.http.setUrls(this.live.map((r) => r.url));
  }

  async stop(): Promise<void> {
    for (const child of this.all) await kill9(child);
  }
}

