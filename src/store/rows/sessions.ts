/**
 * Class sessions and debrief flags, as rows. Plain functions of an open transaction (or the
 * database): none opens one.
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Q, Schema } from '../backend.js';

export type SessionRow = Schema['sessions']['$inferSelect'];
type SessionInsert = Schema['sessions']['$inferInsert'];

export async function insertSession(tx: Q, { sessions }: Schema, values: Omit<SessionInsert, 'id'>): Promise<number> {
  const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function loadSession(q: Q, { sessions }: Schema, id: number): Promise<SessionRow | null> {
  return (await q.select().from(sessions).where(eq(sessions.id, id)).limit(1))[0] ?? null;
}

/**
 * Locks a session's row for the rest of the transaction (an update that changes nothing takes
 * the row lock on PostgreSQL; SQLite runs one writer at a time anyway), so two joins or two
 * facilitator actions on one session queue up whichever process runs them.
 */
export async function lockSession(tx: Q, { sessions }: Schema, id: number): Promise<SessionRow | null> {
  await tx.update(sessions).set({ status: sql`${sessions.status}` }).where(eq(sessions.id, id));
  return loadSession(tx, { sessions } as Schema, id);
}

export async function setSession(tx: Q, { sessions }: Schema, id: number, set: Partial<Omit<SessionInsert, 'id'>>): Promise<void> {
  await tx.update(sessions).set(set).where(eq(sessions.id, id));
}

/** The session a channel's message belongs to: its newest not ended one, else its newest. */
export async function sessionIdIn(q: Q, { sessions }: Schema, channelId: string): Promise<number | null> {
  const [open] = await q.select({ id: sessions.id }).from(sessions).where(and(eq(sessions.channelId, channelId), ne(sessions.status, 'ended'))).orderBy(desc(sessions.id)).limit(1);
  if (open) return open.id;
  const [any] = await q.select({ id: sessions.id }).from(sessions).where(eq(sessions.channelId, channelId)).orderBy(desc(sessions.id)).limit(1);
  return any?.id ?? null;
}

/** The session a table's thread belongs to. */
export async function sessionIdOfThread(q: Q, { games }: Schema, channelId: string): Promise<number | null> {
  const [row] = await q.select({ id: games.sessionId }).from(games).where(and(eq(games.channelId, channelId), isNotNull(games.sessionId))).orderBy(desc(games.id)).limit(1);
  return row?.id ?? null;
}

/** A session's tables (their game ids), by table number. */
export async function tableIds(q: Q, { games }: Schema, sessionId: number): Promise<number[]> {
  return (await q.select({ id: games.id }).from(games).where(eq(games.sessionId, sessionId)).orderBy(asc(games.tableNumber))).map((r) => r.id);
}

export async function insertFlag(tx: Q, { flags }: Schema, flag: { gameId: number; seat: number; userId: string; item: string; at: Date }): Promise<boolean> {
  const added = await tx.insert(flags).values({ gameId: flag.gameId, seat: flag.seat, userId: flag.userId, item: flag.item, createdAt: flag.at })
    .onConflictDoNothing().returning({ item: flags.item });
  return added.length === 1;
}

export type FlagRow = Schema['flags']['$inferSelect'];

export async function flagsOf(q: Q, { flags }: Schema, gameIds: number[]): Promise<FlagRow[]> {
  if (gameIds.length === 0) return [];
  return q.select().from(flags).where(inArray(flags.gameId, gameIds)).orderBy(asc(flags.gameId), asc(flags.createdAt));
}

/** Moves counted and the newest move time of each game, for the facilitator's panel. */
export async function moveStats(q: Q, { moves }: Schema, gameIds: number[]): Promise<Map<number, { moves: number; lastAt: Date | null }>> {
  const out = new Map<number, { moves: number; lastAt: Date | null }>();
  for (const id of gameIds) {
    // Typed columns only, so both drivers hand back a Date.
    const [last] = await q.select({ sequence: moves.sequence, at: moves.createdAt }).from(moves).where(eq(moves.gameId, id)).orderBy(desc(moves.sequence)).limit(1);
    out.set(id, { moves: last?.sequence ?? 0, lastAt: last?.at ?? null });
  }
  return out;
}

/**
 * Locks a session's tables, in id order, before the session's own row: a move that ends a table
 * locks its game and then the session (to end it when it was the last), so every writer takes
 * games before the session and two of them never wait on each other in a circle.
 */
export async function lockTables(tx: Q, { games }: Schema, gameIds: readonly number[]): Promise<void> {
  for (const id of [...gameIds].sort((a, b) => a - b)) await tx.update(games).set({ version: sql`${games.version}` }).where(eq(games.id, id));
}

/** Since when each person asked to play has been waiting, per game (clocks' `since`, which a pause moves on). */
export async function waitingSince(q: Q, { clocks }: Schema, gameIds: number[]): Promise<Map<number, Map<number, Date>>> {
  const out = new Map<number, Map<number, Date>>();
  if (gameIds.length === 0) return out;
  for (const row of await q.select({ gameId: clocks.gameId, seat: clocks.seat, since: clocks.since }).from(clocks).where(inArray(clocks.gameId, gameIds))) {
    if (!out.has(row.gameId)) out.set(row.gameId, new Map());
    out.get(row.gameId)!.set(row.seat, row.since);
  }
  return out;
}
