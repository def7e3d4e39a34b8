/**
 * `npm start` as a user runs it, on the JavaScript compiled in dist/: a failed start-up says why
 * in one sentence and exits with code 1 (it used to exit 0 in silence), and SIGTERM or Ctrl-C
 * stops a running bot cleanly, logging it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { GUILD_ID, botEnv, tempDatabase } from './harness.js';
import { run, waitForOutput, within, type Run } from './npm-run.js';

async function ready(r: Run): Promise<void> {
  await waitForOutput(r, /bot ready/, 90_000, 'starting');
}

describe('start-up and shutdown of the bot process', () => {
  let double: DiscordDouble;
  const runs: Run[] = [];

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  });
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
      const { PoolThinker } = await import('./dist/src/discord/runtime/thinker.js');
      const { gameById } = await import('./dist/src/catalog.js');
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
