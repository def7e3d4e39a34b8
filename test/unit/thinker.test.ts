/**
 * The thinking pool: a healthy pool thinks in its threads; one whose threads cannot load answers
 * with the standard move at once (not when a job's time limit runs out), and closing never waits
 * on threads that are dead or stuck loading. Budgets here are far longer than the test timeout,
 * so each test passes only if nothing waits for them.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { PoolThinker, type ThinkJob } from '../../src/discord/runtime/thinker.js';
import { createLogger } from '../../src/logger.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const HOUR = 3_600_000;

function job(seed: string): ThinkJob {
  const game = gameById('r-eco')!;
  const state = game.setup({ seats: 3, options: { twoPlayer: false }, seed });
  const seat = game.pending(state)[0]!;
  return { gameType: 'r-eco', seat, view: game.seatView(state, seat), seed, budgetMs: HOUR };
}

const standardMove = (j: ThinkJob) => gameById('r-eco')!.bot(j.view, rngFromSeed(j.seed));

describe('the thinking pool', () => {
  it('thinks in a worker thread when the threads load', async () => {
    const thinker = new PoolThinker(1, createLogger('silent'));
    try {
      const answer = await thinker.think({ ...job('healthy'), iterations: 30 });
      expect(answer.fallback).toBeUndefined();
      expect(answer.rollouts).toBe(30);
      const game = gameById('r-eco')!;
      const state = game.setup({ seats: 3, options: { twoPlayer: false }, seed: 'healthy' });
      expect(game.apply(state, game.pending(state)[0]!, answer.move).ok).toBe(true);
    } finally {
      await thinker.close();
    }
  }, 60_000);

  it('answers the standard move at once when no thread can load, before and after warming up', async () => {
    const thinker = new PoolThinker(2, createLogger('silent'), fixture('think-worker-broken.mjs'));
    try {
      // Asked before the threads have failed: the job waits for them, then falls back.
      const first = job('broken-1');
      const early = thinker.think(first);
      await thinker.warm();
      const answer = await early;
      expect(answer.fallback).toBe(true);
      expect(answer.move).toEqual(standardMove(first));
      const later = job('broken-2');
      const again = await thinker.think(later);
      expect(again.fallback).toBe(true);
      expect(again.move).toEqual(standardMove(later));
    } finally {
      await thinker.close();
    }
  }, 60_000);

  it('closes without waiting on a thread stuck loading, and its pending job falls back', async () => {
    const thinker = new PoolThinker(1, createLogger('silent'), fixture('think-worker-stuck.mjs'));
    const pending = job('stuck');
    const answer = thinker.think(pending);
    await thinker.close();
    const got = await answer;
    expect(got.fallback).toBe(true);
    expect(got.move).toEqual(standardMove(pending));
    // Closed: later jobs do not reach the pool.
    expect((await thinker.think(job('after'))).fallback).toBe(true);
    // Shorter than a first job's 15 s limit: the test passes only if closing does not wait for it.
  }, 12_000);
});
