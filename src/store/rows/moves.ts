/**
 * The append-only move log: each move with the events it made. Plain functions of an open
 * transaction (or the database): none opens one.
 */
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { frequent, type Q, type Schema } from '../backend.js';
import type { SeatLine } from '../records.js';

/** The newest move of one seat, with the game version it was made at. */
export async function lastMove(q: Q, { moves }: Schema, gameId: number, seat: Seat): Promise<{ sequence: number; version: number; actorId: string | null } | null> {
  return (await frequent(q, 'lastMove', (q) => q.select({ sequence: moves.sequence, version: moves.version, actorId: moves.actorId })
    .from(moves).where(and(eq(moves.gameId, sql.placeholder('gameId')), eq(moves.seat, sql.placeholder('seat')))).orderBy(desc(moves.sequence)).limit(1), { gameId, seat }))[0] ?? null;
}

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

/** Events of moves `from`..`to` (to the end when `to` is not given). */
export async function eventsBetween(q: Q, { moves }: Schema, gameId: number, from: number, to?: number): Promise<SeatLine[]> {
  const bounded = to !== undefined;
  const rows = await frequent(q, bounded ? 'eventsBetween' : 'eventsFrom', (q) => q.select({ sequence: moves.sequence, events: moves.events }).from(moves)
    .where(and(eq(moves.gameId, sql.placeholder('gameId')), gte(moves.sequence, sql.placeholder('from')), bounded ? lte(moves.sequence, sql.placeholder('to')) : undefined))
    .orderBy(asc(moves.sequence)), { gameId, from, to });
  return rows.flatMap((r) => (r.events ?? []).map((event) => ({ sequence: r.sequence, event })));
}

/** The public lines among some events, each with the move it came from. */
export function publicLines(lines: readonly SeatLine[]): { sequence: number; line: Msg }[] {
  return lines.filter((l) => l.event.visibleTo === 'all').map((l) => ({ sequence: l.sequence, line: stripVisibility(l.event) }));
}

export function moveLog(q: Q, { moves }: Schema, gameId: number): Promise<{ seat: Seat; move: unknown; actorId: string | null; interactionId: string | null }[]> {
  return q.select({ seat: moves.seat, move: moves.move, actorId: moves.actorId, interactionId: moves.interactionId })
    .from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.sequence));
}

export function stripVisibility(event: LogEvent): Msg {
  return event.args ? { key: event.key, args: event.args } : { key: event.key };
}
