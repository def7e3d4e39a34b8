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
 * The local queue of Graphile Worker stays off: with it, named queues stop running in order.
 *
 * A process that dies while running a job leaves it locked (Graphile Worker frees such locks
 * only after four hours). Each process therefore names its workers after a token it also sets as
 * the `application_name` of one connection it keeps open; PostgreSQL drops that session when the
 * process dies, and any live process then unlocks the dead one's jobs.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Logger as GraphileLogger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Q } from './backend.js';
import type { JobSink } from './game-store.js';

export type JobTask = 'post' | 'bot_turn' | 'clock';

export interface PostJob {
  gameId: number;
  postId: number;
}
export interface GameJob {
  gameId: number;
}

/** Attempts before a job is given up (with Graphile Worker's exponential back-off: days). */
const MAX_ATTEMPTS = 25;
const APP_PREFIX = 'recyclerie-';
const WORKER_PREFIX = 'rc-';

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
};

const quiet = new GraphileLogger(() => () => {});

/** The queue's own tables (schema `graphile_worker`), run under the store's migration lock. */
export async function migrateJobs(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quiet });
}

export interface JobRunnerOptions {
  pool: pg.Pool;
  tasks: { [K in JobTask]: (payload: K extends 'post' ? PostJob : GameJob) => Promise<void> };
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How often dead processes' jobs are looked for. */
  sweepMs: number;
  onError(error: unknown, what: string): void;
  logger?: GraphileLogger;
}

export interface JobRunner {
  readonly token: string;
  stop(): Promise<void>;
}

export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const token = randomBytes(8).toString('hex');
  // The liveness session: it lives exactly as long as this process.
  const alive = await opts.pool.connect();
  await alive.query('select set_config($1, $2, false)', ['application_name', `${APP_PREFIX}${token}`]);
  const taskList: TaskList = {
    post: (payload) => opts.tasks.post(payload as PostJob),
    bot_turn: (payload) => opts.tasks.bot_turn(payload as GameJob),
    clock: (payload) => opts.tasks.clock(payload as GameJob),
  };
  const sweep = async () => {
    await opts.pool.query(`
      select graphile_worker.force_unlock_workers(array(
        select distinct w.id from (
          select locked_by as id from graphile_worker._private_jobs where locked_by like '${WORKER_PREFIX}%'
          union select locked_by from graphile_worker._private_job_queues where locked_by like '${WORKER_PREFIX}%'
        ) w
        where not exists (select 1 from pg_stat_activity a where a.application_name = '${APP_PREFIX}' || split_part(w.id, '-', 2))
      ))`);
  };
  await sweep();
  const runners: Runner[] = [];
  // One worker per runner, so each worker's id (and so its owner) is known before it takes a job.
  for (let k = 0; k < Math.max(1, opts.concurrency); k++) {
    runners.push(await run({
      pgPool: opts.pool,
      taskList,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: opts.logger ?? quiet,
      workerId: `${WORKER_PREFIX}${token}-${k}`,
    } as Parameters<typeof run>[0]));
  }
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweep().catch((error: unknown) => opts.onError(error, 'sweep')).finally(() => (sweeping = false));
  }, opts.sweepMs);
  timer.unref();
  let stopped = false;
  return {
    token,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await Promise.all(runners.map((r) => r.stop().catch((error: unknown) => opts.onError(error, 'stop'))));
      alive.release();
    },
  };
}
