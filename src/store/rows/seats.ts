/**
 * Seats and who held them: seat rows, seat holders, departures and requests to take a seat
 * over. Plain functions of an open transaction (or the database): none opens one.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Seat } from '../../engine/index.js';
import { frequent, type Q, type Schema } from '../backend.js';
import type { SeatRequest } from '../records.js';
import type { BotLevel, SeatRequestStatus } from '../schema.js';

export interface SeatFields {
  userId: string | null;
  isBot: boolean;
  botLevel?: BotLevel;
  displayName: string;
}

export async function insertSeat(tx: Q, { seats }: Schema, gameId: number, position: Seat, seat: SeatFields, at: Date): Promise<void> {
  await tx.insert(seats).values({ gameId, position, userId: seat.userId, isBot: seat.isBot, botLevel: seat.botLevel ?? 'standard', displayName: seat.displayName, joinedAt: at });
}

/** A lobby's seats, all of them, in their new order. */
export async function replaceSeats(tx: Q, schema: Schema, gameId: number, seats: readonly SeatFields[], at: Date): Promise<void> {
  await tx.delete(schema.seats).where(eq(schema.seats.gameId, gameId));
  for (const [position, s] of seats.entries()) await insertSeat(tx, schema, gameId, position, s, at);
}

type SeatRow = Schema['seats']['$inferInsert'];

/** Changes one seat's row. */
export async function setSeat(tx: Q, { seats }: Schema, gameId: number, position: Seat, set: Partial<Omit<SeatRow, 'gameId' | 'position'>>): Promise<void> {
  await tx.update(seats).set(set).where(and(eq(seats.gameId, gameId), eq(seats.position, position)));
}

/** From which move the seat's current holder holds it (their private lines start there). */
export async function holderSince(q: Q, { seats }: Schema, gameId: number, seat: Seat): Promise<number> {
  return (await frequent(q, 'holderSince', (q) => q.select({ since: seats.sinceSequence }).from(seats)
    .where(and(eq(seats.gameId, sql.placeholder('gameId')), eq(seats.position, sql.placeholder('seat')))).limit(1), { gameId, seat }))[0]?.since ?? 0;
}

/** A seat changes hands from move `fromSequence` on (a later change at the same move wins). */
export async function recordHolder(tx: Q, { seatHolders }: Schema, gameId: number, seat: Seat, fromSequence: number, holder: SeatFields): Promise<void> {
  const values = { userId: holder.userId, isBot: holder.isBot, displayName: holder.displayName };
  await tx.insert(seatHolders).values({ gameId, seat, fromSequence, ...values })
    .onConflictDoUpdate({ target: [seatHolders.gameId, seatHolders.seat, seatHolders.fromSequence], set: values });
}

export async function recordDeparture(tx: Q, { departures }: Schema, gameId: number, userId: string, seat: Seat, reason: 'left' | 'kicked' | 'timeout', at: Date): Promise<void> {
  await tx.insert(departures).values({ gameId, userId, seat, reason, at });
}

/** Whether a person was kicked from or timed out of this game. */
export async function wasRemoved(q: Q, { departures }: Schema, gameId: number, userId: string): Promise<boolean> {
  return (await q.select({ id: departures.gameId }).from(departures)
    .where(and(eq(departures.gameId, gameId), eq(departures.userId, userId), inArray(departures.reason, ['kicked', 'timeout']))).limit(1)).length > 0;
}

export function departuresOf(q: Q, { departures }: Schema, gameId: number): Promise<{ userId: string; seat: Seat; reason: string }[]> {
  return q.select({ userId: departures.userId, seat: departures.seat, reason: departures.reason }).from(departures)
    .where(eq(departures.gameId, gameId)).orderBy(asc(departures.at));
}

export async function seatRequest(q: Q, { seatRequests }: Schema, id: number): Promise<SeatRequest | null> {
  return (await q.select().from(seatRequests).where(eq(seatRequests.id, id)).limit(1))[0] ?? null;
}

/** A person's requests still waiting for an answer at one game. */
export function waitingRequestsOf(q: Q, { seatRequests }: Schema, gameId: number, userId: string): Promise<SeatRequest[]> {
  return q.select().from(seatRequests).where(and(eq(seatRequests.gameId, gameId), eq(seatRequests.userId, userId), eq(seatRequests.status, 'pending')));
}

export async function insertSeatRequest(tx: Q, { seatRequests }: Schema, values: { gameId: number; seat: Seat; userId: string; displayName: string; createdAt: Date; expiresAt: Date }): Promise<SeatRequest> {
  return (await tx.insert(seatRequests).values(values).returning())[0]!;
}

export async function setSeatRequest(tx: Q, { seatRequests }: Schema, id: number, set: { status?: SeatRequestStatus; decidedBy?: string | null; messageId?: string }): Promise<void> {
  await tx.update(seatRequests).set(set).where(eq(seatRequests.id, id));
}

/** Waiting requests whose time ran out at `now` (of one game, or of all). */
export function lapsedRequests(q: Q, { seatRequests }: Schema, now: Date, limit: number, gameId?: number): Promise<SeatRequest[]> {
  return q.select().from(seatRequests)
    .where(and(eq(seatRequests.status, 'pending'), lte(seatRequests.expiresAt, now), gameId === undefined ? undefined : eq(seatRequests.gameId, gameId))).limit(limit);
}

export async function expireRequests(tx: Q, { seatRequests }: Schema, ids: number[]): Promise<void> {
  if (ids.length) await tx.update(seatRequests).set({ status: 'expired' }).where(inArray(seatRequests.id, ids));
}

/** When the next waiting request runs out (of one game, or of all). */
export async function nextRequestDue(q: Q, { seatRequests }: Schema, gameId?: number): Promise<Date | null> {
  const one = gameId !== undefined;
  const [request] = await frequent(q, one ? 'requestDueOfGame' : 'requestDue', (q) => q.select({ at: seatRequests.expiresAt }).from(seatRequests)
    .where(and(eq(seatRequests.status, 'pending'), one ? eq(seatRequests.gameId, sql.placeholder('gameId')) : undefined)).orderBy(asc(seatRequests.expiresAt)).limit(1), { gameId });
  return request?.at ?? null;
}
