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
  /** How long bots wait while the move before them may still be taken back (UNDO_BOT_WAIT_MS). */
  readonly undoWaitMs?: number;
  /** Set when a job queue runs posts, bot turns and clocks (PostgreSQL). */
  readonly jobs: JobSink | null;
}
