/**
 * The image pool through a real worker process: a burst of jobs sent at once (as at start-up,
 * when every game's owed board is drawn) is answered in full, each answer to its own job, and
 * a job the renderer refuses fails alone without stopping the rest.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ImagePool, InlineImages, type ImageJob } from '../../src/discord/images.js';
import { createLogger } from '../../src/logger.js';
import { makePublicView } from '../renderers/fixtures.js';

const pool = new ImagePool(1, createLogger('silent'));
afterAll(() => pool.close());

function board(seats: number, language: 'en' | 'fr' = 'en'): ImageJob {
  const view = makePublicView(seats);
  return { gameType: 'r-eco', kind: 'board', view, names: view.players.map((p) => `Player ${p.seat + 1}`), language };
}

describe('the image worker pool', () => {
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

  it('fails a job it cannot draw without losing the jobs around it', async () => {
    const bad = { ...board(3), gameType: 'no-such-game' };
    const results = await Promise.allSettled([pool.render(board(4)), pool.render(bad), pool.render(board(5))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
