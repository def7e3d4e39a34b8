/**
 * The image pool through a real worker process: a burst of jobs sent at once (as at start-up,
 * when every game's owed board is drawn) is answered in full, each answer to its own job, and
 * a job the renderer refuses fails alone without stopping the rest.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ImagePool, InlineImages, type ImageJob } from '../../src/discord/runtime/images.js';
import { createLogger } from '../../src/logger.js';
import { handOf, makePublicView, makeSeatView } from '../renderers/fixtures.js';

const pool = new ImagePool(1, createLogger('silent'));
afterAll(() => pool.close());

function board(seats: number, language: 'en' | 'fr' = 'en'): ImageJob {
  const view = makePublicView(seats);
  return { gameType: 'r-eco', kind: 'board', view, names: view.players.map((p) => `Player ${p.seat + 1}`), language };
}

function hand(): ImageJob {
  const view = makeSeatView(3, handOf([['red', 1], ['blue', 2]]));
  return { gameType: 'r-eco', kind: 'hand', view, names: ['A', 'B', 'C'], language: 'en' };
}

describe('the image worker pool', () => {
  it('draws a public board before the private views queued ahead of it, and counts what it drew', async () => {
    const before = pool.stats().rendered;
    const done: string[] = [];
    const track = (name: string, p: Promise<Buffer>) => p.then(() => void done.push(name));
    // The worker holds two jobs at once (the one it draws and the next); the third private view
    // waits behind the board.
    await Promise.all([track('hand1', pool.render(hand())), track('hand2', pool.render(hand())), track('hand3', pool.render(hand())), track('board', pool.render(board(4)))]);
    expect(done).toEqual(['hand1', 'hand2', 'board', 'hand3']);
    const stats = pool.stats();
    expect(stats.rendered - before).toBe(4);
    expect(stats.queued).toBe(0);
    expect(stats.peakQueued).toBeGreaterThanOrEqual(2);
    expect(stats.renderMs.hand).toBeGreaterThan(0);
  });

  it('answers a burst of jobs sent at once, each with its own image', async () => {
    const jobs = Array.from({ length: 24 }, (_, i) => board(3 + (i % 3), i % 2 ? 'fr' : 'en'));
    const pngs = await Promise.all(jobs.map((job) => pool.render(job)));
    const inline = new InlineImages();
    for (const [i, png] of pngs.entries()) {
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // Same bytes as drawing that job here: no answer went to another job.
      expect(png.equals(await inline.render(jobs[i]!))).toBe(true);
    }
  });

  it('fails the jobs a killed worker held, and draws the rest with the worker that replaces it', async () => {
    const own = new ImagePool(1, createLogger('silent'));
    try {
      const [pid] = own.workerPids();
      // Sent before the new worker has even loaded: it holds the first two, the third waits.
      const jobs = [own.render(board(5)), own.render(board(5)), own.render(board(4))];
      process.kill(pid!, 'SIGKILL');
      const results = await Promise.allSettled(jobs);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
      expect(own.workerPids()).toHaveLength(1);
      expect(own.workerPids()[0]).not.toBe(pid);
    } finally {
      await own.close();
    }
  });

  it('fails a job it cannot draw without losing the jobs around it', async () => {
    const bad = { ...board(3), gameType: 'no-such-game' };
    const results = await Promise.allSettled([pool.render(board(4)), pool.render(bad), pool.render(board(5))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
