/**
 * Strong bots think off the main thread, in a small piscina pool of worker threads, so a search
 * never delays a click. A worker that fails or runs past its budget gives way to the standard
 * bot's move, computed here in microseconds: the game never stalls.
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { rngFromSeed } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import type { Logger } from '../../logger.js';
import { think, type ThinkAnswer, type ThinkJob } from './think-task.js';

export type { ThinkAnswer, ThinkJob } from './think-task.js';

export interface Thinker {
  think(job: ThinkJob): Promise<ThinkAnswer>;
  /** Loads the games into every worker ahead of the first decision. */
  warm(): Promise<void>;
  /** Bytes the pool's threads use now (heap of each worker), for the benchmark. */
  memory(): Promise<{ threads: number; heapUsedMb: number }>;
  close(): Promise<void>;
}

/** A worker may overrun its budget by this much (start-up, a last rollout) before it is given up. */
export const THINK_GRACE_MS = 250;
/**
 * Thinking threads run at a lower priority than the main thread: on a small machine they keep
 * every core busy, and the event loop (clicks, posts) must not wait for the kernel to free one.
 * The budget is a deadline, so a busy machine costs rollouts, never time.
 */
export const THINK_NICE = 10;
/** The first job of a fresh worker also loads the games: give it this long. */
const FIRST_JOB_MS = 15_000;

const WORKER_ENTRY = fileURLToPath(new URL('./think-worker.mjs', import.meta.url));

/** The standard bot's move for the same view: the fallback. */
export function standardAnswer(job: ThinkJob): ThinkAnswer {
  const game = gameById(job.gameType);
  if (!game) throw new Error(`unknown game ${job.gameType}`);
  const move = game.bot(job.view, rngFromSeed(job.seed));
  return { move, standard: move, winChance: null, standardChance: null, rollouts: 0, fallback: true };
}

export class PoolThinker implements Thinker {
  /** Made at the first strong decision or hint: most tables never need a thinking thread. */
  private started: Piscina | null = null;
  private warming: Promise<void> | null = null;
  private isWarm = false;
  /** Every thread failed to start (piscina starts no more after that): answer standard at once. */
  private dead = false;
  /** Aborts every job still waiting or thinking: on close, and when the pool turns out dead. */
  private readonly cancel = new AbortController();

  constructor(private readonly threads: number, private readonly logger: Logger, private readonly entry = WORKER_ENTRY, private readonly nice = THINK_NICE) {}

  /** The pool, made on first use. */
  private ensurePool(): Piscina {
    if (this.started) return this.started;
    // Threads stay up once started: a fresh one spends seconds loading the games.
    const pool = new Piscina({ filename: this.entry, minThreads: this.threads, maxThreads: this.threads, idleTimeout: 2 ** 31 - 1, concurrentTasksPerWorker: 1, niceIncrement: this.nice });
    pool.on('error', (error: unknown) => this.logger.error({ err: error }, 'thinking worker failed'));
    // A thread that dies after it started is replaced at once; one that fails to load is not, so
    // once none is left, queued jobs would wait for their time limit on a pool that cannot answer.
    pool.on('workerDestroy', () =>
      queueMicrotask(() => {
        if (pool.threads.length > 0 || this.cancel.signal.aborted) return;
        this.dead = true;
        this.logger.error('no thinking worker could start; strong bots play the standard move');
        this.cancel.abort();
      }),
    );
    this.started = pool;
    return pool;
  }

  /** Starts the threads and has each load the games; the first decision does it otherwise. */
  warm(): Promise<void> {
    if (this.warming) return this.warming;
    const pool = this.ensurePool();
    const game = gameById('r-eco')!;
    const state = game.setup({ seats: 3, options: { twoPlayer: false }, seed: 'warm-up' });
    const seat = game.pending(state)[0]!;
    const job: ThinkJob = { gameType: game.id, seat, view: game.seatView(state, seat), seed: 'warm-up', budgetMs: 0, iterations: 1 };
    this.warming = Promise.all(Array.from({ length: this.threads }, () => pool.run(job, { signal: this.cancel.signal }).then(() => true, () => false))).then((started) => {
      this.isWarm ||= started.some(Boolean);
    });
    return this.warming;
  }

  async think(job: ThinkJob): Promise<ThinkAnswer> {
    if (this.dead || this.cancel.signal.aborted) return standardAnswer(job);
    // The other threads load meanwhile, so a second strong seat does not wait for a cold one.
    if (!this.warming) void this.warm();
    const timed = job.iterations === undefined;
    const limit = timed && this.isWarm ? job.budgetMs + THINK_GRACE_MS : FIRST_JOB_MS;
    try {
      // Time spent waiting for a free thread counts against the budget.
      const due = timed ? { ...job, deadline: job.deadline ?? Date.now() + job.budgetMs } : job;
      const signal = AbortSignal.any([AbortSignal.timeout(limit), this.cancel.signal]);
      const answer = (await this.ensurePool().run(due, { signal })) as ThinkAnswer;
      this.isWarm = true;
      return answer;
    } catch (error) {
      if (!this.cancel.signal.aborted) this.logger.warn({ err: error, gameType: job.gameType }, 'strong bot gave no move in time; playing the standard move');
      return standardAnswer(job);
    }
  }

  async memory(): Promise<{ threads: number; heapUsedMb: number }> {
    const threads = this.started?.threads ?? [];
    let heap = 0;
    for (const thread of threads) {
      const stats = await thread.getHeapStatistics?.().catch(() => null);
      if (stats) heap += stats.used_heap_size;
    }
    return { threads: threads.length, heapUsedMb: heap / 1024 / 1024 };
  }

  /**
   * Stops at once: jobs still out answer standard, and the threads are terminated rather than
   * awaited, so a thread stuck loading (or none at all) never holds up the bot's stop.
   */
  async close(): Promise<void> {
    this.cancel.abort();
    await this.started?.destroy();
  }
}

/** Thinks on the calling thread (tests, and a machine that asks for no workers). */
export class InlineThinker implements Thinker {
  async warm(): Promise<void> {}
  async think(job: ThinkJob): Promise<ThinkAnswer> {
    try {
      return think(job);
    } catch {
      return standardAnswer(job);
    }
  }
  async memory(): Promise<{ threads: number; heapUsedMb: number }> {
    return { threads: 0, heapUsedMb: 0 };
  }
  async close(): Promise<void> {}
}

export function createThinker(threads: number, logger: Logger): Thinker {
  return threads > 0 ? new PoolThinker(threads, logger) : new InlineThinker();
}
