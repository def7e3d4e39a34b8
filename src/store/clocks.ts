/**
 * Turn clocks: when each human seat that must act became pending, when it is next reminded and
 * when its time runs out. Written in the same transaction as the move that changed who must act,
 * so a restart loses no deadline and a move and a deadline can never both count.
 */
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Seat } from '../engine/index.js';
import type { Q, Tables } from './backend.js';
import type { GameSettings } from './schema.js';

export const DEFAULT_SETTINGS: GameSettings = { reminderMinutes: 12 * 60, deadlineMinutes: 0, pace: 'auto' };

/** The choices offered for each setting, in minutes (0 = off). */
export const REMINDER_CHOICES = [0, 60, 240, 720, 1440] as const;
export const DEADLINE_CHOICES = [0, 1440, 2880, 4320, 10080] as const;
export const PACE_CHOICES = ['auto', 'live', 'relaxed'] as const;

/** Unanswered reminders of one turn: each waits twice as long as the one before, then they stop. */
export const MAX_REMINDERS = 4;
/** Turns in a row played for a seat by its deadline before a bot takes the seat for good. */
export const MAX_TIMEOUTS = 3;
/** A deadline set or shortened mid-turn still leaves the pending player this long. */
export const DEADLINE_GRACE_MS = 60 * 60_000;

const MINUTE = 60_000;

export function reminderGap(settings: GameSettings, sent: number): number | null {
  if (settings.reminderMinutes <= 0 || sent >= MAX_REMINDERS) return null;
  return settings.reminderMinutes * MINUTE * 2 ** sent;
}

/**
 * Brings a game's clocks in line with who must act now: seats no longer pending (or now bots)
 * lose theirs, newly pending humans get a fresh one, and a human who just moved and must act
 * again starts afresh (they are clearly there).
 */
export async function syncClocks(tx: Q, { clocks }: Tables, gameId: number, pendingHumans: readonly Seat[], settings: GameSettings, now: Date, mover?: Seat): Promise<void> {
  const rows = await tx.select({ seat: clocks.seat }).from(clocks).where(eq(clocks.gameId, gameId));
  const had = new Set(rows.map((r) => r.seat));
  const gone = [...had].filter((seat) => !pendingHumans.includes(seat) || seat === mover);
  if (gone.length) await tx.delete(clocks).where(and(eq(clocks.gameId, gameId), inArray(clocks.seat, gone)));
  for (const seat of pendingHumans) {
    if (had.has(seat) && seat !== mover) continue;
    await tx.insert(clocks).values(freshClock(gameId, seat, settings, now));
  }
}

function freshClock(gameId: number, seat: Seat, settings: GameSettings, now: Date) {
  const gap = reminderGap(settings, 0);
  return {
    gameId,
    seat,
    since: now,
    reminders: 0,
    remindAt: gap === null ? null : new Date(now.getTime() + gap),
    deadlineAt: settings.deadlineMinutes > 0 ? new Date(now.getTime() + settings.deadlineMinutes * MINUTE) : null,
    snoozed: false,
  };
}

/** New settings apply to the turns under way, leaving a pending player at least some grace. */
export async function retimeClocks(tx: Q, { clocks }: Tables, gameId: number, settings: GameSettings, now: Date): Promise<void> {
  const rows = await tx.select().from(clocks).where(eq(clocks.gameId, gameId));
  for (const row of rows) {
    const gap = reminderGap(settings, row.reminders);
    const remindAt = gap === null ? null : new Date(Math.max(row.since.getTime() + gap, now.getTime()));
    const deadlineAt = settings.deadlineMinutes > 0
      ? new Date(Math.max(row.since.getTime() + settings.deadlineMinutes * MINUTE, now.getTime() + Math.min(DEADLINE_GRACE_MS, settings.deadlineMinutes * MINUTE)))
      : null;
    await tx.update(clocks).set({ remindAt, deadlineAt }).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, row.seat)));
  }
}

export interface DueClock {
  gameId: number;
  seat: Seat;
  kind: 'deadline' | 'reminder';
}

/** Clocks due at `now` (of one game, or of all): a passed deadline wins over a reminder of the same seat. */
export async function dueClocks(tx: Q, { clocks }: Tables, now: Date, limit = 100, gameId?: number): Promise<DueClock[]> {
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
export async function nextDue(tx: Q, { clocks }: Tables, gameId?: number): Promise<Date | null> {
  const ofGame = gameId === undefined ? undefined : eq(clocks.gameId, gameId);
  // The first row of an index, read the same way on both databases.
  const [remind] = await tx.select({ at: clocks.remindAt }).from(clocks)
    .where(and(isNotNull(clocks.remindAt), eq(clocks.snoozed, false), ofGame)).orderBy(asc(clocks.remindAt)).limit(1);
  const [deadline] = await tx.select({ at: clocks.deadlineAt }).from(clocks)
    .where(and(isNotNull(clocks.deadlineAt), ofGame)).orderBy(asc(clocks.deadlineAt)).limit(1);
  const times = [remind?.at, deadline?.at].filter((t): t is Date => t instanceof Date).map((t) => t.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
