/**
 * Whether the game's last move may still be taken back, and how long bots wait because of it.
 * Read by the undo change, the follow-up jobs and the private view's Undo button.
 */
import type { Seat } from '../../engine/index.js';
import type { Q } from '../backend.js';
import { undoOn } from '../clocks.js';
import type { StoreContext } from '../context.js';
import { botDelay, type GameRecord } from '../records.js';
import { lastStandingMove } from '../rows/moves.js';

/**
 * The seat whose last move may be taken back now, or null: the table allows it, the game runs,
 * the newest standing move was a person's undoable move and nothing (a move, a bot, a deadline,
 * a seat change) has moved the game on since.
 */
export async function undoableBy(q: Q, ctx: Pick<StoreContext, 'schema'>, record: GameRecord): Promise<Seat | null> {
  if (record.status !== 'active' || !undoOn(record.settings)) return null;
  const last = await lastStandingMove(q, ctx.schema, record.id);
  if (!last || !last.undoable || !last.actorId || record.version !== last.version + 1) return null;
  return record.seats[last.seat]?.userId === last.actorId ? last.seat : null;
}

/** The pause before a bot plays: while a person may take their move back, at least the undo window. */
export async function botPause(q: Q, ctx: StoreContext, record: GameRecord, posted: boolean): Promise<number> {
  const usual = posted ? botDelay(record, ctx.botDelayMs) : 0;
  const wait = ctx.undoWaitMs ?? 0;
  if (wait <= 0 || (await undoableBy(q, ctx, record)) === null) return usual;
  return Math.max(usual, wait);
}
