/**
 * `npm start` as a user runs it, on the JavaScript compiled in dist/: a failed start-up says why
 * in one sentence and exits with code 1 (it used to exit 0 in silence), and SIGTERM or Ctrl-C
 * stops a running bot cleanly, logging it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { GUILD_ID, botEnv, tempDatabase } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Every process holding the output pipes (the bot under npm too) has ended. */
  closed: Promise<void>;
}

/** Runs a command in the project as a user would, with only the given environment. */
function run(command: string, args: string[], env: Record<string, string>, detached = false): Run {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, output: () => text, exit, closed };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function ready(r: Run): Promise<void> {
  return within(
    new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (r.output().includes('bot ready')) {
          clearInterval(poll);
          resolve();
        }
      }, 50);
    }),
    90_000,
    'starting',
  );
}

describe('start-up and shutdown of the bot process', () => {
  let double: DiscordDouble;
  const runs: Run[] = [];

  beforeAll(async () => {
    // What `npm start` would do first, done once here so that no start below waits for a build.
    execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT });
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  }, 600_000);
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
    await double?.close();
  });

  it('a wrong token: one clear sentence and exit code 1', async () => {
    const env = { ...botEnv(double, tempDatabase()), DISCORD_TOKEN: 'not-a-real-token', LOG_LEVEL: 'info', RENDER_WORKERS: '2' };
    const r = run('npm', ['start', '--silent'], env);
    runs.push(r);
    const { code } = await within(r.exit, 30_000, 'exiting');
    expect(code, r.output()).toBe(1);
    expect(r.output()).toMatch(/Could not start the bot: Discord refused the token/);
  }, 120_000);

  it('Discord unreachable: one clear sentence and exit code 1', async () => {
    // A port nobody listens on.
    const env = { ...botEnv(double, tempDatabase()), DISCORD_API_URL: 'http://127.0.0.1:9/api', LOG_LEVEL: 'info', RENDER_WORKERS: '1' };
    const r = run('npm', ['start', '--silent'], env);
    runs.push(r);
    const { code } = await within(r.exit, 60_000, 'exiting');
    expect(code, r.output()).toBe(1);
    expect(r.output()).toMatch(/Could not start the bot: Discord could not be reached/);
  }, 180_000);

  it('a DATABASE_URL that is not a PostgreSQL URL: one clear sentence and exit code 1', async () => {
    const env = { ...botEnv(double, tempDatabase()), DATABASE_URL: 'mysql://localhost/recyclerie' };
    const r = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
    runs.push(r);
    const { code } = await within(r.exit, 30_000, 'exiting');
    expect(code, r.output()).toBe(1);
    expect(r.output().trim()).toBe('Configuration error: DATABASE_URL must be a URL such as postgres://user:password@localhost:5432/recyclerie. Set it in .env (see .env.example).');
  }, 40_000);

  it('PostgreSQL unreachable: one clear sentence and exit code 1', async () => {
    // A port nobody listens on.
    const env = { ...botEnv(double, tempDatabase()), DATABASE_URL: 'postgres://recyclerie@127.0.0.1:9/recyclerie', LOG_LEVEL: 'info', RENDER_WORKERS: '1' };
    const r = run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);
    runs.push(r);
    const { code } = await within(r.exit, 30_000, 'exiting');
    expect(code, r.output()).toBe(1);
    expect(r.output()).toContain('Could not start the bot: PostgreSQL could not be reached (ECONNREFUSED): check DATABASE_URL and that the server is running.');
    expect(double.connectedClients).toBe(0);
  }, 40_000);

  it('SIGTERM to npm start stops the bot and logs it', async () => {
    const env = { ...botEnv(double, tempDatabase()), LOG_LEVEL: 'info', RENDER_WORKERS: '2' };
    const r = run('npm', ['start', '--silent'], env);
    runs.push(r);
    await ready(r);
    // Only npm gets the signal, as when a service manager or `kill` targets it alone.
    r.child.kill('SIGTERM');
    await within(r.exit, 15_000, 'npm exiting');
    // The bot itself stops too (it used to keep running), and says so.
    await within(r.closed, 15_000, 'the bot stopping');
    expect(r.output()).toContain('shutting down');
    expect(r.output()).toContain('bot stopped');
    expect(r.output()).not.toContain('image worker exited; starting another');
    // Nothing is left connected to Discord.
    await double.waitFor(() => double.connectedClients === 0, 5_000);
  }, 180_000);

  it('Ctrl-C (SIGINT to the whole process group) stops the bot cleanly, without restarting image workers', async () => {
    const env = { ...botEnv(double, tempDatabase()), LOG_LEVEL: 'info', RENDER_WORKERS: '2' };
    const r = run('npm', ['start', '--silent'], env, true);
    runs.push(r);
    await ready(r);
    process.kill(-r.child.pid!, 'SIGINT');
    const { code, signal } = await within(r.exit, 15_000, 'stopping');
    await within(r.closed, 15_000, 'the bot and its image workers stopping');
    // npm itself ends on the signal, as a shell expects of Ctrl-C; the bot finishes its stop.
    expect(code === 0 || signal === 'SIGINT', r.output()).toBe(true);
    expect(r.output()).toContain('bot stopped');
    expect(r.output()).not.toContain('image worker exited; starting another');
  }, 180_000);

  it("the compiled bot's thinking threads load their compiled task and think", async () => {
    // The threads start at the first strong decision, so ask for one from the code npm start runs
    // (built by the tests above).
    const script = `
      const { PoolThinker } = await import('./dist/src/discord/thinker.js');
      const { gameById } = await import('./dist/src/games/index.js');
      const { createLogger } = await import('./dist/src/logger.js');
      const game = gameById('r-eco');
      const state = game.setup({ seats: 3, options: { twoPlayer: false }, seed: 'compiled' });
      const seat = game.pending(state)[0];
      const thinker = new PoolThinker(1, createLogger('error'));
      const answer = await thinker.think({ gameType: 'r-eco', seat, view: game.seatView(state, seat), seed: 'compiled', budgetMs: 60000, iterations: 12 });
      await thinker.close();
      console.log('rollouts ' + answer.rollouts + ' fallback ' + (answer.fallback === true));`;
    const r = run(process.execPath, ['--input-type=module', '-e', script], {});
    runs.push(r);
    const { code } = await within(r.exit, 60_000, 'thinking');
    expect(code, r.output()).toBe(0);
    expect(r.output()).toContain('rollouts 12 fallback false');
    expect(r.output()).not.toContain('thinking worker failed');
  }, 90_000);
});
