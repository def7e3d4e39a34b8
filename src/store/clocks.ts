/**
 * Turn clocks: when each human seat that must act became pending, when it is next reminded and
 * when its time runs out. Written in the same transaction as the move that changed who must act,
 * so a restart loses no deadline and a move and a deadline can never both count.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Seat } from '../engine/index.js';
import { frequent, type Q, type Tables } from './backend.js';
import type { GameSettings } from './schema.js';

// Hints stay absent unless a table asks for them, so older rows and settings compare unchanged.
export const DEFAULT_SETTINGS: Required<Omit<GameSettings, 'hints'>> & GameSettings = { reminderMinutes: 12 * 60, deadlineMinutes: 0, pace: 'auto', takeover: 'host' };

/** The choices offered for each setting, in minutes (0 = off). */
export const REMINDER_CHOICES = [0, 60, 240, 720, 1440] as const;
export const DEADLINE_CHOICES = [0, 1440, 2880, 4320, 10080] as const;
export const PACE_CHOICES = ['auto', 'live', 'relaxed'] as const;
export const TAKEOVER_CHOICES = ['host', 'anyone', 'nobody'] as const;

/** Unanswered reminders of one turn: each waits twice as long as the one before, then they stop. */
export const MAX_REMINDERS = 4;
/** Turns in a row played for a seat by its deadline before a bot takes the seat for good. */
export const MAX_TIMEOUTS = 3;
/** A deadline set or shortened mid-turn still leaves the pending player this long. */
export const DEADLINE_GRACE_MS = 60 * 60_000;

/** A person who took over a seat at a table with no deadline still gets this long per turn. */
export const TAKER_DEADLINE_MINUTES = 24 * 60;

/** How long a request to take over a seat waits for the host's answer. */
export const SEAT_REQUEST_MINUTES = 6 * 60;

const MINUTE = 60_000;

/** The deadline a seat's turns run under: a taker at a table without one gets the default. */
export function deadlineMinutes(settings: GameSettings, takenOver: boolean): number {
  return settings.deadlineMinutes > 0 ? settings.deadlineMinutes : takenOver ? TAKER_DEADLINE_MINUTES : 0;
}

/**
 * When the n-th reminder of a turn falls due (n = 1..MAX_REMINDERS), counted from when the turn
 * began: after one interval, then each waits twice as long as the one before (1, 3, 7, 15 × it).
 */
export function reminderOffset(settings: GameSettings, n: number): number | null {
  if (settings.reminderMinutes <= 0 || n < 1 || n > MAX_REMINDERS) return null;
  return settings.reminderMinutes * MINUTE * (2 ** n - 1);
}

/**
 * The next reminder of a turn that began at `since`: the first point of its schedule after
 * `after` and after reminder `done`. Returns its number, or null when the turn has no more.
 */
export function nextReminder(settings: GameSettings, since: Date, done: number, after: Date): { n: number; at: Date } | null {
  for (let n = done + 1; n <= MAX_REMINDERS; n++) {
    const offset = reminderOffset(settings, n);
    if (offset === null) return null;
    const at = since.getTime() + offset;
    if (at > after.getTime()) return { n, at: new Date(at) };
  }
  return null;
}

/**
 * Brings a game's clocks in line with who must act now: seats no longer pending (or now bots)
 * lose theirs, newly pending humans get a fresh one, and a human who just moved and must act
 * again starts afresh (they are clearly there).
 */
export async function syncClocks(tx: Q, { clocks }: Tables, gameId: number, pendingHumans: readonly Seat[], settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date, mover?: Seat): Promise<void> {
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
export async function retimeClocks(tx: Q, { clocks }: Tables, gameId: number, settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date): Promise<void> {
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
