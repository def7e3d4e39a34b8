/**
 * The job queue of PostgreSQL mode: Graphile Worker, whose jobs live in the same database, so a
 * change and the work that must follow it commit together (`graphile_worker.add_job` inside the
 * change's transaction). Three tasks:
 * - `post`: send a game's posts in order, through one post; one named queue per game keeps a
 *   game's posts in order whichever process runs them;
 * - `bot_turn`: the game's pending bot plays (`run_at` gives the bot's pause; one per game, by
 *   `job_key`, so a newer one replaces an older one);
 * - `clock`: the game's due reminders and deadlines (`run_at` the next due time, `job_key` per
 *   game, replaced whenever the clocks change).
 * - `digest`: one person's daily digest (`job_key` per person, `run_at` its due time). One job
 *   per person rather than one for the earliest digest: two /notify choices committing together
 *   could each replace a shared job with a time the other did not see, and delay a digest.
 * The local queue of Graphile Worker stays off: with it, named queues stop running in order.
 *
 * A process that dies while running a job leaves it locked (Graphile Worker frees such locks
 * only after four hours). Each process therefore holds, on one connection it keeps open, a
 * session-level advisory lock named after its worker pool; PostgreSQL drops it when the process
 * dies, and any live process then unlocks the jobs of pools whose lock is free.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Logger as GraphileLogger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Q } from './backend.js';
import type { JobSink } from './records.js';

export type JobTask = 'post' | 'bot_turn' | 'clock' | 'digest';

export interface PostJob {
  gameId: number;
  postId: number;
}
export interface GameJob {
  gameId: number;
}
export interface DigestJob {
  userId: string;
}

/** Attempts before a job is given up (with Graphile Worker's exponential back-off: days). */
const MAX_ATTEMPTS = 25;
/**
 * A job locked for less than this is never taken for a dead process's: its pool may still be
 * taking its advisory lock, one query sent on an open connection before the pool's first job.
 */
const GRACE_MS = 1000;
/** Workers nudged after a dead pool's jobs are freed (each takes one job, then asks again). */
const UNLOCKED_NUDGE = 4;

const exec = (tx: Q, query: ReturnType<typeof sql>) => (tx as unknown as NodePgDatabase).execute(query);

/** Adds jobs in the caller's transaction. */
export const pgJobSink: JobSink = {
  async post(tx, gameId, postId) {
    await exec(tx, sql`select graphile_worker.add_job('post', ${JSON.stringify({ gameId, postId } satisfies PostJob)}::json,
      queue_name := ${`game:${gameId}`}, max_attempts := ${MAX_ATTEMPTS})`);
  },
  async botTurn(tx, gameId, delayMs) {
    await exec(tx, sql`select graphile_worker.add_job('bot_turn', ${JSON.stringify({ gameId } satisfies GameJob)}::json,
      run_at := now() + ${delayMs} * interval '1 millisecond', job_key := ${`bot:${gameId}`}, max_attempts := ${MAX_ATTEMPTS})`);
  },
  async clock(tx, gameId, at, now) {
    const key = `clock:${gameId}`;
    if (!at) {
      await exec(tx, sql`select graphile_worker.remove_job(${key})`);
      return;
    }
    // Due times are on the store's clock (a test may move it); the queue runs on real time.
    const wait = Math.max(0, at.getTime() - now.getTime());
    await exec(tx, sql`select graphile_worker.add_job('clock', ${JSON.stringify({ gameId } satisfies GameJob)}::json,
      run_at := now() + ${wait} * interval '1 millisecond', job_key := ${key}, max_attempts := ${MAX_ATTEMPTS})`);
  },
  async digest(tx, userId, at, now) {
    const key = `digest:${userId}`;
    if (!at) {
      await exec(tx, sql`select graphile_worker.remove_job(${key})`);
      return;
    }
    const wait = Math.max(0, at.getTime() - now.getTime());
    await exec(tx, sql`select graphile_worker.add_job('digest', ${JSON.stringify({ userId } satisfies DigestJob)}::json,
      run_at := now() + ${wait} * interval '1 millisecond', job_key := ${key}, max_attempts := ${MAX_ATTEMPTS})`);
  },
};

const quiet = new GraphileLogger(() => () => {});

/** The queue's own tables (schema `graphile_worker`), run under the store's migration lock. */
export async function migrateJobs(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quiet });
}

export interface JobRunnerOptions {
  pool: pg.Pool;
  tasks: { [K in JobTask]: (payload: K extends 'post' ? PostJob : K extends 'digest' ? DigestJob : GameJob) => Promise<void> };
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How often dead processes' jobs are looked for. */
  sweepMs: number;
  onError(error: unknown, what: string): void;
  logger?: GraphileLogger;
}

export interface JobRunner {
  stop(): Promise<void>;
}

export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  // The liveness session: it lives exactly as long as this process.
  const alive = await opts.pool.connect();
  const registered: Promise<unknown>[] = [];
  const events = new EventEmitter();
  // Emitted before the pool's workers ask for their first job.
  events.on('pool:create', ({ workerPool }: { workerPool: { id: string } }) => {
    registered.push(alive.query('select pg_advisory_lock(hashtextextended($1, 0))', [`recyclerie:${workerPool.id}`]));
  });
  const taskList: TaskList = {
    post: (payload) => opts.tasks.post(payload as PostJob),
    bot_turn: (payload) => opts.tasks.bot_turn(payload as GameJob),
    clock: (payload) => opts.tasks.clock(payload as GameJob),
    digest: (payload) => opts.tasks.digest(payload as DigestJob),
  };
  const sweep = async () => {
    // One statement: the try-locks are released when it ends; a free lock means a dead pool.
    const freed = await opts.pool.query<{ pools: number }>(`
      with dead as (
        select w.id from (
          select distinct locked_by as id from graphile_worker._private_jobs
            where locked_by is not null and locked_at < now() - interval '${GRACE_MS} milliseconds'
          union select locked_by from graphile_worker._private_job_queues
            where locked_by is not null and locked_at < now() - interval '${GRACE_MS} milliseconds'
        ) w
        where pg_try_advisory_xact_lock(hashtextextended('recyclerie:' || w.id, 0))
      )
      select count(*)::int as pools, graphile_worker.force_unlock_workers(coalesce(array_agg(id), '{}')) from dead`);
    // Wakes the living workers now rather than at their next poll, as a new job would.
    if ((freed.rows[0]?.pools ?? 0) > 0) await opts.pool.query(`select pg_notify('jobs:insert', '{"count":${UNLOCKED_NUDGE}}')`);
  };
  await sweep();
  const runner: Runner = await run({
    pgPool: opts.pool,
    taskList,
    concurrency: Math.max(1, opts.concurrency),
    noHandleSignals: true,
    pollInterval: 1000,
    logger: opts.logger ?? quiet,
    events: events as Parameters<typeof run>[0]['events'],
  });
  await Promise.all(registered);
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((error: unknown) => opts.onError(error, 'sweep')).finally(() => (sweeping = false));
  }, opts.sweepMs);
  timer.unref();
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await runner.stop().catch((error: unknown) => opts.onError(error, 'stop'));
      alive.release();
    },
  };
}
