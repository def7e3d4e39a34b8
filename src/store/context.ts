/** What every change works with: the database, its schema, the store's clock, the job queue. */
import type { Backend, Schema } from './backend.js';
import type { JobSink } from './records.js';

export interface StoreContext {
  readonly backend: Backend;
  readonly schema: Schema;
  /** The store's clock (a test may move it). */
  readonly now: () => Date;
  /** How long bots pause after a post a person may be reading (BOT_MOVE_DELAY_MS). */
  readonly botDelayMs: number;
  /** Set when a job queue runs posts, bot turns and clocks (PostgreSQL). */
  readonly jobs: JobSink | null;
}
