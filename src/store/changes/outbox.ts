/** The outbox's own changes: a post marked sent, and the jobs of a game that arrived without them. */
import type { StoreContext } from '../context.js';
import type { PostRecord } from '../records.js';
import { setGame } from '../rows/games.js';
import { setPostSent, unsentPostIds } from '../rows/posts.js';
import { followUps } from './follow-ups.js';

/** Marks a post sent; a new board becomes the game's current board. */
export function markPosted(ctx: StoreContext, post: PostRecord, messageId: string | null, failed: boolean): Promise<void> {
  return ctx.backend.write(async (tx) => {
    await setPostSent(tx, ctx.schema, post.id, ctx.now(), messageId, failed);
    if (post.kind === 'board' && messageId) await setGame(tx, ctx.schema, post.gameId, { boardMessageId: messageId });
  }, post.gameId);
}

/**
 * Adds every job a game needs now (its unsent posts, its bot turn, its clock check), for a
 * game that arrived without them (copied from SQLite).
 */
export function requeue(ctx: StoreContext, gameId: number): Promise<void> {
  return ctx.backend.write(async (tx) => {
    const jobs = ctx.jobs;
    if (!jobs) return;
    for (const id of await unsentPostIds(tx, ctx.schema, gameId)) await jobs.post(tx, gameId, id);
    await followUps(ctx, tx, gameId, false);
  }, gameId);
}
