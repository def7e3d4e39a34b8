/**
 * How a class session ends by itself: the move that finishes its last running table marks the
 * session ended and queues the debrief post, in that move's own transaction. The session's row is
 * locked first, so when two tables end at the same moment (on two processes), the second to
 * commit sees the first one finished and is the one that ends the session: exactly once.
 */
import type { Q } from '../backend.js';
import type { StoreContext } from '../context.js';
import { loadGames } from '../rows/games.js';
import { queuePost } from '../rows/posts.js';
import { lockSession, setSession, tableIds } from '../rows/sessions.js';

/** The debrief post, in the outbox of one of the session's tables: sent after that table's own posts. */
export async function queueDebrief(ctx: StoreContext, tx: Q, gameId: number, version: number): Promise<void> {
  await queuePost(tx, ctx.schema, ctx.jobs, gameId, 'debrief', { version, view: null, lines: [], pending: [], ping: [], over: true }, ctx.now());
}

/** After a table of a session finished: when no table is left in play, the session ends and its debrief is queued. */
export async function endSessionIfOver(ctx: StoreContext, tx: Q, sessionId: number, gameId: number, version: number): Promise<boolean> {
  const session = await lockSession(tx, ctx.schema, sessionId);
  if (!session || session.status === 'ended' || session.status === 'open') return false;
  const tables = await loadGames(tx, ctx.schema, await tableIds(tx, ctx.schema, sessionId));
  if (tables.some((t) => t.status === 'lobby' || t.status === 'active')) return false;
  await setSession(tx, ctx.schema, sessionId, { status: 'ended', endedAt: ctx.now() });
  await queueDebrief(ctx, tx, gameId, version);
  return true;
}
