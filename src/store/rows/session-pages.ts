/**
 * What the class screen reads of a session: the session row by its page token, its tables as
 * game records in table order, the debrief flags, and one cheap fingerprint per watched session
 * so the page learns of any change (a move, a pause, the end, a new flag) from any process.
 * Plain functions of an open transaction or the database: none opens one.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Q, Schema } from '../backend.js';
import type { GameRecord } from '../records.js';
import { loadGames } from './games.js';

export type SessionRow = Schema['sessions']['$inferSelect'];
export type FlagRow = Schema['flags']['$inferSelect'];

/** One table of a session: its game, its number, and the facilitator's marks on it. */
export interface SessionTable {
  number: number;
  record: GameRecord;
  pausedAt: Date | null;
  stoppedEarly: boolean;
}

/** Everything the class screen and the session export are built from. */
export interface SessionPageData {
  session: SessionRow;
  tables: SessionTable[];
  flags: FlagRow[];
}

export async function sessionIdByWebToken(q: Q, { sessions }: Schema, token: string): Promise<number | null> {
  const [row] = await q.select({ id: sessions.id }).from(sessions).where(eq(sessions.webToken, token)).limit(1);
  return row?.id ?? null;
}

export async function sessionTokenRow(q: Q, { sessions }: Schema, sessionId: number): Promise<{ token: string | null } | null> {
  const [row] = await q.select({ token: sessions.webToken }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row ?? null;
}

export async function setSessionToken(tx: Q, { sessions }: Schema, sessionId: number, token: string): Promise<void> {
  await tx.update(sessions).set({ webToken: token }).where(eq(sessions.id, sessionId));
}

/** A session with its tables (in table order) and every flag raised at them. */
export async function loadSessionPage(q: Q, schema: Schema, sessionId: number): Promise<SessionPageData | null> {
  const { sessions, games, flags } = schema;
  const [session] = await q.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  if (!session) return null;
  const rows = await q
    .select({ id: games.id, number: games.tableNumber, pausedAt: games.pausedAt, stoppedEarly: games.stoppedEarly })
    .from(games)
    .where(eq(games.sessionId, sessionId))
    .orderBy(asc(games.tableNumber), asc(games.id));
  const records = new Map((await loadGames(q, schema, rows.map((r) => r.id))).map((r) => [r.id, r]));
  const tables = rows.flatMap((r, i): SessionTable[] => {
    const record = records.get(r.id);
    return record ? [{ number: r.number ?? i + 1, record, pausedAt: r.pausedAt, stoppedEarly: r.stoppedEarly }] : [];
  });
  const flagged = rows.length
    ? await q.select().from(flags).where(inArray(flags.gameId, rows.map((r) => r.id))).orderBy(asc(flags.createdAt), asc(flags.gameId), asc(flags.seat))
    : [];
  return { session, tables, flags: flagged };
}

type Marks = { id: number; version: number; status: string; pausedAt: Date | null; stoppedEarly: boolean };

/** The one way a fingerprint is written, from the database or from a loaded page. */
function fingerprint(session: Pick<SessionRow, 'status' | 'endedAt'>, tables: Marks[], flagCount: number): string {
  const marks = [...tables].sort((a, b) => a.id - b.id).map((g) => `${g.id}.${g.version}.${g.status}.${g.pausedAt?.getTime() ?? ''}.${g.stoppedEarly ? 1 : 0}`);
  return [`${session.status}:${session.endedAt?.getTime() ?? ''}`, ...marks, `f${flagCount}`].join('|');
}

/** The fingerprint of what a loaded page shows. */
export function fingerprintOfPage(data: SessionPageData): string {
  return fingerprint(data.session, data.tables.map((tb) => ({ ...tb.record, pausedAt: tb.pausedAt, stoppedEarly: tb.stoppedEarly })), data.flags.length);
}

/**
 * A fingerprint per session that changes whenever its page would: the session's status, each
 * table's version, status, pause and early stop, and the number of flags. Three reads for all.
 */
export async function sessionFingerprints(q: Q, { sessions, games, flags }: Schema, ids: number[]): Promise<Map<number, string>> {
  const found = await q.select({ id: sessions.id, status: sessions.status, endedAt: sessions.endedAt }).from(sessions).where(inArray(sessions.id, ids));
  const tables = await q
    .select({ sessionId: games.sessionId, id: games.id, version: games.version, status: games.status, pausedAt: games.pausedAt, stoppedEarly: games.stoppedEarly })
    .from(games)
    .where(inArray(games.sessionId, ids));
  const flagged = await q
    .select({ sessionId: games.sessionId, n: count() })
    .from(flags)
    .innerJoin(games, eq(flags.gameId, games.id))
    .where(inArray(games.sessionId, ids))
    .groupBy(games.sessionId);
  const counts = new Map(flagged.map((f) => [f.sessionId, Number(f.n)]));
  return new Map(found.map((s) => [s.id, fingerprint(s, tables.filter((g) => g.sessionId === s.id), counts.get(s.id) ?? 0)]));
}
