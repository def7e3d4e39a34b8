/**
 * A port that cannot be had at start-up (another program on it, or below 1024 without root): the
 * bot's PORT and WEB_PORT and the REST proxy's REST_PROXY_PORT each stop the process with one
 * sentence naming the variable, and exit code 1. Run as processes, started as `npm start` and
 * `npm run rest-proxy` start them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { GUILD_ID, botEnv } from './harness.js';
import { startProxyProcess } from './replica-processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PUBLIC_URL = 'https://games.example.org';
/** A port below 1024, which only root may listen on. */
const LOW_PORT = 80;
const ROOT_USER = process.getuid?.() === 0;
/** As root the low-port starts run as `nobody`, who may not listen there either. */
const NOBODY = 65_534;
const unprivilegedFrom = existsSync('/proc/sys/net/ipv4/ip_unprivileged_port_start')
  ? Number(readFileSync('/proc/sys/net/ipv4/ip_unprivileged_port_start', 'utf8'))
  : 1024;
const lowPortRefused = LOW_PORT < unprivilegedFrom;

interface Ended {
  code: number | null;
  stderr: string;
}

const children: ChildProcess[] = [];

/** Runs an entry point as its process does, and resolves once it has ended and said all it says. */
function runToEnd(entry: string, env: Record<string, string>, asNobody = false): Promise<Ended> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: asNobody && ROOT_USER ? tmpdir() : (process.env.HOME ?? ''), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(asNobody && ROOT_USER ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  children.push(child);
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stderr })));
}

/** Something listening on every interface, on a port of its choosing. */
async function occupy(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { port: (server.address() as { port: number }).port, server };
}

function release(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A database folder anyone may write to, for a bot started as `nobody`. */
function openDatabasePath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recyclerie-ports-'));
  chmodSync(dir, 0o777);
  return join(dir, 'bot.sqlite');
}

describe('a port that cannot be listened on stops the start with one sentence and exit code 1', () => {
  let double: DiscordDouble;

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await double?.close();
  });

  const httpBot = (port: number, extra: Record<string, string> = {}) =>
    botEnv(double, openDatabasePath(), { INTERACTIONS: 'http', PORT: String(port), DISCORD_PUBLIC_KEY: double.http.publicKey, RENDER_WORKERS: '0', ...extra });
  const pagesBot = (port: number) => botEnv(double, openDatabasePath(), { PUBLIC_URL, WEB_PORT: String(port), RENDER_WORKERS: '0' });
  const proxy = (port: number, extra: Record<string, string> = {}) => ({ DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_PORT: String(port), LOG_LEVEL: 'silent', ...extra });

  it('PORT: a bot started on the REST proxy port, as the README sections in order lead to', async () => {
    const { child, url } = await startProxyProcess(double);
    try {
      const port = Number(new URL(url).port);
      const ended = await runToEnd('src/main.ts', httpBot(port, { DISCORD_API_URL: url }));
      expect(ended.stderr.trim()).toBe(`Could not start the bot: The interactions endpoint cannot listen on PORT ${port} (EADDRINUSE): choose another port.`);
      expect(ended.code).toBe(1);
    } finally {
      const gone = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  });

  it('WEB_PORT: the game pages on a port in use', async () => {
    const { port, server } = await occupy();
    try {
      const ended = await runToEnd('src/main.ts', pagesBot(port));
      expect(ended.stderr.trim()).toBe(`Could not start the bot: The game pages cannot listen on WEB_PORT ${port} (EADDRINUSE): choose another port.`);
      expect(ended.code).toBe(1);
    } finally {
      await release(server);
    }
  });

  it('REST_PROXY_PORT: the REST proxy on a port in use, and on an address not of this machine', async () => {
    const { port, server } = await occupy();
    try {
      const ended = await runToEnd('src/rest-proxy-main.ts', proxy(port));
      expect(ended.stderr.trim()).toBe(
        `Could not start the REST proxy: The REST proxy cannot listen on REST_PROXY_PORT ${port} (EADDRINUSE): choose another port, and point the bots' DISCORD_API_URL at it.`,
      );
      expect(ended.code).toBe(1);
    } finally {
      await release(server);
    }
    // 192.0.2.1 is kept for documentation: no machine has it.
    const elsewhere = await runToEnd('src/rest-proxy-main.ts', proxy(0, { REST_PROXY_HOST: '192.0.2.1' }));
    expect(elsewhere.stderr.trim()).toBe('Could not start the REST proxy: The REST proxy cannot listen on REST_PROXY_HOST 192.0.2.1 (EADDRNOTAVAIL): choose an address of this machine, or 0.0.0.0 for all of them.');
    expect(elsewhere.code).toBe(1);
  });

  describe.runIf(lowPortRefused)(`port ${LOW_PORT} without root (EACCES)`, () => {
    const low = (variable: string, what: string, then = '') =>
      `${what} cannot listen on ${variable} ${LOW_PORT} (EACCES): ports below 1024 need root, so choose one of 1024 or above${then}.`;

    it('PORT', async () => {
      const ended = await runToEnd('src/main.ts', httpBot(LOW_PORT), true);
      expect(ended.stderr.trim()).toBe(`Could not start the bot: ${low('PORT', 'The interactions endpoint')}`);
      expect(ended.code).toBe(1);
    });

    it('WEB_PORT', async () => {
      const ended = await runToEnd('src/main.ts', pagesBot(LOW_PORT), true);
      expect(ended.stderr.trim()).toBe(`Could not start the bot: ${low('WEB_PORT', 'The game pages')}`);
      expect(ended.code).toBe(1);
    });

    it('REST_PROXY_PORT', async () => {
      const ended = await runToEnd('src/rest-proxy-main.ts', proxy(LOW_PORT), true);
      expect(ended.stderr.trim()).toBe(`Could not start the REST proxy: ${low('REST_PROXY_PORT', 'The REST proxy', ", and point the bots' DISCORD_API_URL at it")}`);
      expect(ended.code).toBe(1);
    });
  });
});
