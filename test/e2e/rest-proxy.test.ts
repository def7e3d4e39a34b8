/**
 * One REST budget: the bot sends every REST request through @discordjs/proxy (`npm run
 * rest-proxy`) to the double; and a configuration that cannot work stops the bot at once.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { loadRestProxyConfig, startRestProxy, type RunningProxy } from '../../src/rest-proxy.js';
import { DiscordDouble } from '../double/discord-double.js';
import { GUILD_ID, Player, botEnv, launchBot, openAndStart, tempDatabase, type World } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs an npm script or the bot as a user would; resolves with its exit code and output. */
function run(args: string[], env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; output: string; kill: () => void }> {
  const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve) => {
    const seen = (d: Buffer) => {
      output += d.toString();
      if (until?.test(output)) resolve({ code: null, output, kill: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => resolve({ code, output, kill: () => undefined }));
  });
}

describe('the REST proxy', () => {
  let double: DiscordDouble;
  let proxy: RunningProxy;
  let world: World;

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID, name: 'Recycling club' });
    const channel = double.addChannel(GUILD_ID, { name: 'table-1' }).id;
    proxy = await startRestProxy({ DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_HOST: '127.0.0.1', REST_PROXY_PORT: 0, REST_PROXY_GLOBAL_PER_SECOND: 50, LOG_LEVEL: 'silent' }, createLogger('silent'));
    const dbPath = tempDatabase();
    const bot = await launchBot(double, dbPath, { DISCORD_API_URL: proxy.url, RENDER_WORKERS: '0' });
    world = { double, bot, dbPath, channels: [channel], stop: async () => bot.stop() };
  });
  afterAll(async () => {
    await world?.stop();
    await proxy?.close();
    await double?.close();
  });

  it('carries every REST request of the bot: commands, replies, edits and boards', async () => {
    const before = proxy.forwarded;
    const restBefore = double.restLog.length;
    const host = new Player(world, double.addUser({ username: 'ada' }));
    await openAndStart(host, world.channels[0]!, [], 2);
    await host.tryPlayOnce(world.channels[0]!);
    expect(double.restLog.slice(restBefore).some((r) => r.method === 'POST' && r.path.endsWith('/messages'))).toBe(true);
    // Every REST request the double saw came through the proxy, once the last one is logged.
    await double.waitFor(() => proxy.forwarded - before === double.restLog.length - restBefore);
    expect(proxy.forwarded - before).toBeGreaterThan(5);
    expect(double.violations).toEqual([]);
  });

  it('keeps the global limit it is given (REST_PROXY_GLOBAL_PER_SECOND, 50 unless Discord raised it)', async () => {
    // A double of its own: nothing else talks to it meanwhile.
    const quiet = await DiscordDouble.start();
    const base = { DISCORD_TOKEN: quiet.token, REST_PROXY_UPSTREAM: quiet.apiUrl, REST_PROXY_PORT: '0', LOG_LEVEL: 'silent' };
    expect(loadRestProxyConfig(base).REST_PROXY_GLOBAL_PER_SECOND).toBe(50);
    expect(() => loadRestProxyConfig({ ...base, REST_PROXY_GLOBAL_PER_SECOND: 'lots' })).toThrow(/^Configuration error: REST_PROXY_GLOBAL_PER_SECOND must be a number of requests per second\./);
    const small = await startRestProxy(loadRestProxyConfig({ ...base, REST_PROXY_GLOBAL_PER_SECOND: '2' }), createLogger('silent'));
    try {
      const seenBefore = quiet.restLog.length;
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${small.url}/v10/users/@me`, { headers: { Authorization: `Bot ${quiet.token}` } }).then((r) => r.status)));
      const seconds = Math.ceil((performance.now() - started) / 1000);
      // The proxy answered the overflow itself: at most 2 per second reached the double.
      expect(answers.filter((s) => s === 429).length).toBe(small.rateLimited);
      expect(small.rateLimited).toBeGreaterThan(0);
      expect(quiet.restLog.length - seenBefore).toBe(answers.filter((s) => s === 200).length);
      expect(answers.filter((s) => s === 200).length).toBeLessThanOrEqual(2 * (seconds + 1));
    } finally {
      await small.close();
      await quiet.close();
    }
  });

  it('starts with `npm run rest-proxy` and the token from the environment, and refuses a wrong token', async () => {
    const env = { DISCORD_TOKEN: double.token, REST_PROXY_UPSTREAM: double.apiUrl, REST_PROXY_PORT: '0', LOG_LEVEL: 'info' };
    const started = await run(['npm', 'run', '--silent', 'rest-proxy'], env, /REST proxy ready/);
    try {
      const url = /"url":"([^"]+)"/.exec(started.output)?.[1];
      expect(url, started.output).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const me = await fetch(`${url}/v10/users/@me`, { headers: { Authorization: `Bot ${double.token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: string }).id).toBe(double.botUserId);
    } finally {
      started.kill();
    }
    const refused = await run([process.execPath, '--import', 'tsx', 'src/rest-proxy-main.ts'], { ...env, DISCORD_TOKEN: 'not-a-real-token' });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/Could not start the REST proxy: Discord refused the token/);
  }, 60_000);
});

describe('a configuration that cannot work', () => {
  it.each([
    [{ INTERACTIONS: 'http', PORT: '8080' }, /^Configuration error: DISCORD_PUBLIC_KEY is required when INTERACTIONS=http\./m],
    [{ INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: 'ab'.repeat(32) }, /^Configuration error: PORT is required when INTERACTIONS=http\./m],
    [{ INTERACTIONS: 'http', PORT: '8080', DISCORD_PUBLIC_KEY: 'abc' }, /^Configuration error: DISCORD_PUBLIC_KEY must be the 64 hexadecimal characters/m],
  ])('stops the start with one sentence and exit code 1: %o', async (extra, message) => {
    const env = { ...botEnv({ token: 'a.b.c', apiUrl: 'http://127.0.0.1:9/api' } as DiscordDouble, tempDatabase()), ...extra };
    const r = await run([process.execPath, '--import', 'tsx', 'src/main.ts'], env);
    expect(r.code, r.output).toBe(1);
    expect(r.output.trim().split('\n')).toHaveLength(1);
    expect(r.output).toMatch(message);
  }, 30_000);
});
