/**
 * Turn clocks, as rows: when each human seat that must act became pending, when it is next
 * reminded and when its time runs out. Written in the same transaction as the move that changed
 * who must act, so a restart loses no deadline and a move and a deadline can never both count.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Seat } from '../../engine/index.js';
import { frequent, type Q, type Schema } from '../backend.js';
import { DEADLINE_GRACE_MS, MAX_REMINDERS, deadlineMinutes, nextReminder } from '../clocks.js';
import type { GameSettings } from '../schema.js';

const MINUTE = 60_000;

/**
 * Brings a game's clocks in line with who must act now: seats no longer pending (or now bots)
 * lose theirs, newly pending humans get a fresh one, and a human who just moved and must act
 * again starts afresh (they are clearly there).
 */
export async function syncClocks(tx: Q, { clocks }: Schema, gameId: number, pendingHumans: readonly Seat[], settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date, mover?: Seat): Promise<void> {
  const rows = await frequent(tx, 'clockSeats', (q) => q.select({ seat: clocks.seat }).from(clocks).where(eq(clocks.gameId, sql.placeholder('gameId'))), { gameId });
  const had = new Set(rows.map((r) => r.seat));
  const gone = [...had].filter((seat) => !pendingHumans.includes(seat) || seat === mover);
  if (gone.length) await tx.delete(clocks).where(and(eq(clocks.gameId, gameId), inArray(clocks.seat, gone)));
  for (const seat of pendingHumans) {
    if (had.has(seat) && seat !== mover) continue;
    await tx.insert(clocks).values(freshClock(gameId, seat, settings, takenOver(seat), now));
  }
}

function freshClock(gameId: number, seat: Seat, settings: GameSettings, takenOver: boolean, now: Date) {
  const minutes = deadlineMinutes(settings, takenOver);
  return {
    gameId,
    seat,
    since: now,
    reminders: 0,
    remindAt: nextReminder(settings, now, 0, now)?.at ?? null,
    deadlineAt: minutes > 0 ? new Date(now.getTime() + minutes * MINUTE) : null,
    snoozed: false,
  };
}

/**
 * New settings apply to the turns under way as if they had been set when each turn began: the
 * next reminder is the first point of the new schedule still ahead, and the deadline counts from
 * the turn's start, leaving a pending player at least some grace when it has already passed.
 */
export async function retimeClocks(tx: Q, { clocks }: Schema, gameId: number, settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date): Promise<void> {
  const rows = await tx.select().from(clocks).where(eq(clocks.gameId, gameId));
  for (const row of rows) {
    const next = nextReminder(settings, row.since, 0, now);
    const minutes = deadlineMinutes(settings, takenOver(row.seat));
    const deadlineAt = minutes > 0
      ? new Date(Math.max(row.since.getTime() + minutes * MINUTE, now.getTime() + Math.min(DEADLINE_GRACE_MS, minutes * MINUTE)))
      : null;
    await tx.update(clocks).set({ reminders: next ? next.n - 1 : MAX_REMINDERS, remindAt: next?.at ?? null, deadlineAt })
      .where(and(eq(clocks.gameId, gameId), eq(clocks.seat, row.seat)));
  }
}

export interface DueClock {
  gameId: number;
  seat: Seat;
  kind: 'deadline' | 'reminder';
}

/** Clocks due at `now` (of one game, or of all): a passed deadline wins over a reminder of the same seat. */
export async function dueClocks(tx: Q, { clocks }: Schema, now: Date, limit = 100, gameId?: number): Promise<DueClock[]> {
  const ofGame = gameId === undefined ? undefined : eq(clocks.gameId, gameId);
  const deadlines = await tx.select({ gameId: clocks.gameId, seat: clocks.seat }).from(clocks)
    .where(and(isNotNull(clocks.deadlineAt), lte(clocks.deadlineAt, now), ofGame)).limit(limit);
  const reminders = await tx.select({ gameId: clocks.gameId, seat: clocks.seat }).from(clocks)
    .where(and(isNotNull(clocks.remindAt), lte(clocks.remindAt, now), eq(clocks.snoozed, false), ofGame)).limit(limit);
  const key = (c: { gameId: number; seat: number }) => `${c.gameId}:${c.seat}`;
  const late = new Set(deadlines.map(key));
  return [
    ...deadlines.map((c) => ({ ...c, kind: 'deadline' as const })),
    ...reminders.filter((c) => !late.has(key(c))).map((c) => ({ ...c, kind: 'reminder' as const })),
  ];
}

/** When the scheduler must next wake (for one game, or for all), or null when no clock runs. */
export async function nextDue(tx: Q, { clocks }: Schema, gameId?: number): Promise<Date | null> {
  const one = gameId !== undefined;
  const ofGame = one ? eq(clocks.gameId, sql.placeholder('gameId')) : undefined;
  // The first row of an index, read the same way on both databases.
  const [remind] = await frequent(tx, one ? 'remindOfGame' : 'remind', (q) => q.select({ at: clocks.remindAt }).from(clocks)
    .where(and(isNotNull(clocks.remindAt), eq(clocks.snoozed, false), ofGame)).orderBy(asc(clocks.remindAt)).limit(1), { gameId });
  const [deadline] = await frequent(tx, one ? 'deadlineOfGame' : 'deadline', (q) => q.select({ at: clocks.deadlineAt }).from(clocks)
    .where(and(isNotNull(clocks.deadlineAt), ofGame)).orderBy(asc(clocks.deadlineAt)).limit(1), { gameId });
  const times = [remind?.at, deadline?.at].filter((t): t is Date => t instanceof Date).map((t) => t.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

export type ClockRow = Schema['clocks']['$inferSelect'];

/** One seat's clock, if it has one. */
export async function clockOf(q: Q, { clocks }: Schema, gameId: number, seat: Seat): Promise<ClockRow | null> {
  return (await frequent(q, 'clock', (q) => q.select().from(clocks)
    .where(and(eq(clocks.gameId, sql.placeholder('gameId')), eq(clocks.seat, sql.placeholder('seat')))).limit(1), { gameId, seat }))[0] ?? null;
}

/** Changes one seat's clock; returns whether it had one. */
export async function setClock(tx: Q, { clocks }: Schema, gameId: number, seat: Seat, set: Partial<Omit<ClockRow, 'gameId' | 'seat'>>): Promise<boolean> {
  const changed = await tx.update(clocks).set(set).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).returning({ seat: clocks.seat });
  return changed.length === 1;
}

/** A seat that is no longer a person's loses its clock. */
export async function dropClock(tx: Q, { clocks }: Schema, gameId: number, seat: Seat): Promise<void> {
  await tx.delete(clocks).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat)));
}
