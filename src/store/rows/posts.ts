/**
 * The outbox: what each game's channel must get, written with the change that caused it and
 * marked sent once it went out. Plain functions of an open transaction (or the database): none
 * opens one.
 */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { frequent, type Q, type Schema } from '../backend.js';
import type { JobSink, PostRecord } from '../records.js';
import type { PostKind, PostPayload } from '../schema.js';

/** Adds a post, and its job when a job queue sends posts. */
export async function queuePost(tx: Q, { posts }: Schema, jobs: JobSink | null, gameId: number, kind: PostKind, payload: PostPayload, at: Date): Promise<void> {
  const [row] = await tx.insert(posts).values({ gameId, kind, payload, createdAt: at }).returning({ id: posts.id });
  if (jobs) await jobs.post(tx, gameId, row!.id);
}

/** The oldest unsent post of a game (up to `throughId`, when given). */
export async function nextPost(q: Q, { posts }: Schema, gameId: number, throughId?: number): Promise<PostRecord | null> {
  const through = throughId !== undefined;
  return (await frequent(q, through ? 'nextPostThrough' : 'nextPost', (q) => q.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
    .from(posts).where(and(eq(posts.gameId, sql.placeholder('gameId')), isNull(posts.sentAt), through ? lte(posts.id, sql.placeholder('throughId')) : undefined))
    .orderBy(asc(posts.id)).limit(1), { gameId, throughId }))[0] ?? null;
}

export async function setPostSent(tx: Q, { posts }: Schema, postId: number, at: Date, messageId: string | null, failed: boolean): Promise<void> {
  await tx.update(posts).set({ sentAt: at, messageId, failed }).where(eq(posts.id, postId));
}

export type PostRow = PostRecord & { sentAt: Date | null; messageId: string | null; failed: boolean };

/** Every post of a game, sent or not, in order. */
export function postsOf(q: Q, { posts }: Schema, gameId: number): Promise<PostRow[]> {
  return q.select().from(posts).where(eq(posts.gameId, gameId)).orderBy(asc(posts.id));
}

export async function unsentPostIds(q: Q, { posts }: Schema, gameId: number): Promise<number[]> {
  return (await q.select({ id: posts.id }).from(posts).where(and(eq(posts.gameId, gameId), isNull(posts.sentAt))).orderBy(asc(posts.id))).map((r) => r.id);
}

/** Games whose outbox still holds unsent posts. */
export async function gamesWithUnsentPosts(q: Q, { posts }: Schema): Promise<number[]> {
  return (await q.selectDistinct({ id: posts.gameId }).from(posts).where(isNull(posts.sentAt)).orderBy(asc(posts.gameId))).map((r) => r.id);
}

/** Games of a channel that still owe it posts, oldest first. */
export async function gamesOwingPostsIn(q: Q, { posts, games }: Schema, channelId: string): Promise<number[]> {
  return (await q.selectDistinct({ id: posts.gameId }).from(posts).innerJoin(games, eq(games.id, posts.gameId))
    .where(and(eq(games.channelId, channelId), isNull(posts.sentAt))).orderBy(asc(posts.gameId))).map((r) => r.id);
}

/** The newest post that drew the board (a board, a redraw or the final board). */
export async function latestBoardPost(q: Q, { posts }: Schema, gameId: number): Promise<PostRecord | null> {
  return (await q.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
    .from(posts).where(and(eq(posts.gameId, gameId), inArray(posts.kind, ['board', 'edit']))).orderBy(desc(posts.id)).limit(1))[0] ?? null;
}

/** One board post of a game (a board or a redraw). */
export async function boardPost(q: Q, { posts }: Schema, gameId: number, postId: number): Promise<PostRecord | null> {
  return (await q.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
    .from(posts).where(and(eq(posts.id, postId), eq(posts.gameId, gameId), inArray(posts.kind, ['board', 'edit']))).limit(1))[0] ?? null;
}
