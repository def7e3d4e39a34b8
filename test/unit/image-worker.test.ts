/**
 * An image worker whose bot is killed (SIGKILL) while it draws: the image it finishes has nowhere
 * to go, and the worker ends without a word, exit code 0 and nothing on the stderr it shares
 * with the bot.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ImageJob } from '../../src/discord/runtime/images.js';
import { makePublicView } from '../renderers/fixtures.js';

const source = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

/**
 * Boards: the bot takes longer to read one answer than the worker to start on the next job, so
 * the bot dies while the worker draws.
 */
function board(): ImageJob {
  const view = makePublicView(5);
  return { gameType: 'r-eco', kind: 'board', view, names: view.players.map((p) => `Player ${p.seat + 1}`), language: 'en' };
}

/**
 * Loaded into the bot and, through the environment it passes on, into its worker: reports the
 * exit code on stdout, which the worker shares with the bot. The bot, killed, reports nothing.
 */
const REPORT_EXIT = `data:text/javascript,${encodeURIComponent("import { writeSync } from 'node:fs'; process.on('exit', (code) => writeSync(1, 'exit ' + code + '\\n'));")}`;

describe('an image worker whose bot is gone', () => {
  it('exits with code 0 and says nothing when the bot is killed while it draws', async () => {
    // The bot's own pool, which kills its process on the first image.
    const script = `
      import { ImagePool } from ${source('../../src/discord/runtime/images.ts')};
      import { createLogger } from ${source('../../src/logger.ts')};
      const pool = new ImagePool(1, createLogger('silent'));
      console.log('worker ' + pool.workerPids()[0]);
      const job = JSON.parse(process.env.IMAGE_JOB);
      for (let i = 0; i < 30; i++) pool.render(job).then(() => process.kill(process.pid, 'SIGKILL'));
    `;
    const bot = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      env: { ...process.env, IMAGE_JOB: JSON.stringify(board()), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${REPORT_EXIT}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    bot.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    bot.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let gone = false;
    // A worker not seen gone is ended here; one seen gone may have left its pid to another.
    onTestFinished(() => {
      const pid = Number(/^worker (\d+)/.exec(stdout)?.[1]);
      if (gone || !(pid > 0)) return;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    });
    // The worker holds the bot's stdout and stderr: they close once both have exited.
    const [[, signal]] = await Promise.all([once(bot, 'exit'), once(bot.stdout!, 'end'), once(bot.stderr!, 'end')]);
    gone = true;
    expect(signal).toBe('SIGKILL');
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^worker \d+\nexit 0\n$/);
  });
});
