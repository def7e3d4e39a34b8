/** The bot as its own process, started the way `npm start` does, for restart and crash tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { GUILD_ID, botEnv, tempDatabase } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function startBotProcess(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

/** `kill -9`: no clean-up of any kind, as in a crash. */
export async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  child.kill('SIGKILL');
  await gone;
}

/**
 * Bot processes sharing one PostgreSQL database, with one Discord double that spreads clicks over
 * them. Call inside a describe: the double starts before its tests, and every process is killed
 * and the double closed after them.
 */
export function processesOnPostgres(): { readonly double: DiscordDouble; launch(url: string, extra?: Record<string, string>): Promise<ChildProcess> } {
  let double: DiscordDouble | undefined;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
    double.spreadInteractions();
  });
  afterAll(async () => {
    for (const child of children) await kill9(child);
    await double?.close();
  });
  return {
    get double() {
      return double!;
    },
    /** One more process on `url`, once the double sees its gateway connection. */
    async launch(url, extra = {}) {
      const d = double!;
      const ready = d.connectedClients;
      const child = startBotProcess({ ...botEnv(d, tempDatabase(), { DATABASE_URL: url, JOB_SWEEP_MS: '200', ...extra }), RENDER_WORKERS: '0' });
      children.push(child);
      await d.waitFor(() => d.connectedClients === ready + 1, 90_000);
      return child;
    },
  };
}
