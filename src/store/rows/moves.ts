/**
 * The append-only move log: each move with the events it made. Plain functions of an open
 * transaction (or the database): none opens one.
 */
import { and, asc, count, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { frequent, type Q, type Schema } from '../backend.js';
import type { SeatLine } from '../records.js';
import type { MoveBefore } from '../schema.js';

/** The newest move of one seat still standing (taken-back moves do not count), with the game version it was made at. */
export async function lastMove(q: Q, { moves }: Schema, gameId: number, seat: Seat): Promise<{ sequence: number; version: number; actorId: string | null } | null> {
  return (await frequent(q, 'lastMove', (q) => q.select({ sequence: moves.sequence, version: moves.version, actorId: moves.actorId })
    .from(moves).where(and(eq(moves.gameId, sql.placeholder('gameId')), eq(moves.seat, sql.placeholder('seat')), isNull(moves.undoneAt))).orderBy(desc(moves.sequence)).limit(1), { gameId, seat }))[0] ?? null;
}

/** The newest move of a game still standing, with what taking it back needs. */
export async function lastStandingMove(q: Q, { moves }: Schema, gameId: number): Promise<{ sequence: number; seat: Seat; version: number; actorId: string | null; undoable: boolean; before: MoveBefore | null } | null> {
  return (await frequent(q, 'lastStandingMove', (q) => q.select({ sequence: moves.sequence, seat: moves.seat, version: moves.version, actorId: moves.actorId, undoable: moves.undoable, before: moves.before })
    .from(moves).where(and(eq(moves.gameId, sql.placeholder('gameId')), isNull(moves.undoneAt))).orderBy(desc(moves.sequence)).limit(1), { gameId }))[0] ?? null;
}

/** The seat whose move was the last thing to happen, when that was taking it back (null otherwise). */
export async function lastTakenBack(q: Q, { moves }: Schema, gameId: number): Promise<Seat | null> {
  const [newest] = await q.select({ seat: moves.seat, undoneAt: moves.undoneAt }).from(moves).where(eq(moves.gameId, gameId)).orderBy(desc(moves.sequence)).limit(1);
  return newest?.undoneAt ? newest.seat : null;
}

/** Marks a move taken back: it stays in the log, and every reader of the game as played skips it. */
export async function markUndone(tx: Q, { moves }: Schema, gameId: number, sequence: number, at: Date): Promise<void> {
  await tx.update(moves).set({ undoneAt: at }).where(and(eq(moves.gameId, gameId), eq(moves.sequence, sequence)));
}

/** Moves of the game as played (taken-back moves left out). */
export async function standingMoveCount(q: Q, { moves }: Schema, gameId: number): Promise<number> {
  return (await q.select({ n: count() }).from(moves).where(and(eq(moves.gameId, gameId), isNull(moves.undoneAt))))[0]!.n;
}

/** Every stored move, taken back or not: the next sequence is this plus one. */
export async function moveCount(q: Q, { moves }: Schema, gameId: number): Promise<number> {
  return (await frequent(q, 'moveCount', (q) => q.select({ n: count() }).from(moves).where(eq(moves.gameId, sql.placeholder('gameId'))), { gameId }))[0]!.n;
}

/** Whether an interaction already made a move (a repeated delivery). */
export async function interactionSeen(q: Q, { moves }: Schema, interactionId: string): Promise<boolean> {
  return (await frequent(q, 'interactionSeen', (q) => q.select({ id: moves.gameId }).from(moves).where(eq(moves.interactionId, sql.placeholder('id'))).limit(1), { id: interactionId })).length > 0;
}

export async function appendMove(tx: Q, { moves }: Schema, move: Schema['moves']['$inferInsert']): Promise<void> {
  await tx.insert(moves).values(move);
}

/**
 * Events of moves `from`..`to` (to the end when `to` is not given). A taken-back move's lines
 * give way to one public line saying so, so every log shows the game as played.
 */
export async function eventsBetween(q: Q, { moves }: Schema, gameId: number, from: number, to?: number): Promise<SeatLine[]> {
  const bounded = to !== undefined;
  const rows = await frequent(q, bounded ? 'eventsBetween' : 'eventsFrom', (q) => q.select({ sequence: moves.sequence, seat: moves.seat, events: moves.events, undoneAt: moves.undoneAt }).from(moves)
    .where(and(eq(moves.gameId, sql.placeholder('gameId')), gte(moves.sequence, sql.placeholder('from')), bounded ? lte(moves.sequence, sql.placeholder('to')) : undefined))
    .orderBy(asc(moves.sequence)), { gameId, from, to });
  return rows.flatMap((r) => (r.undoneAt ? [tookBackLine(r.seat)] : (r.events ?? [])).map((event) => ({ sequence: r.sequence, event })));
}

/** What the log shows in place of a taken-back move. */
export function tookBackLine(seat: Seat): LogEvent {
  return { key: 'undo.tookBack', args: { seat: { seat } }, visibleTo: 'all' };
}

/** The public lines among some events, each with the move it came from. */
export function publicLines(lines: readonly SeatLine[]): { sequence: number; line: Msg }[] {
  return lines.filter((l) => l.event.visibleTo === 'all').map((l) => ({ sequence: l.sequence, line: stripVisibility(l.event) }));
}

/** The moves of the game as played, in order (taken-back moves left out): seed and these replay the state. */
export function moveLog(q: Q, { moves }: Schema, gameId: number): Promise<{ sequence: number; seat: Seat; move: unknown; actorId: string | null; interactionId: string | null }[]> {
  return q.select({ sequence: moves.sequence, seat: moves.seat, move: moves.move, actorId: moves.actorId, interactionId: moves.interactionId })
    .from(moves).where(and(eq(moves.gameId, gameId), isNull(moves.undoneAt))).orderBy(asc(moves.sequence));
}

export function stripVisibility(event: LogEvent): Msg {
  return event.args ? { key: event.key, args: event.args } : { key: event.key };
}
