/**
 * Turn clocks, as rows: when each human seat that must act became pending, when it is next
 * reminded and when its time runs out. Written in the same transaction as the move that changed
 * who must act, so a restart loses no deadline and a move and a deadline can never both count.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Seat } from '../../engine/index.js';
import { frequent, type Q, type Schema } from '../backend.js';
import { firstDue, freshTimes, heldTimes, holds, retimedTimes, timeOffAllowed, type DueKind } from '../clocks.js';
import type { GameSettings, MoveBefore } from '../schema.js';
import { awayBySeat } from './users.js';
import { notPaused } from './pause.js';

/**
 * Brings a game's clocks in line with who must act now: seats no longer pending (or now bots)
 * lose theirs, newly pending humans get a fresh one, and a human who just moved and must act
 * again starts afresh (they are clearly there). A fresh clock of a person away is held.
 */
export async function syncClocks(tx: Q, schema: Schema, gameId: number, pendingHumans: readonly Seat[], settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date, mover?: Seat): Promise<void> {
  const { clocks } = schema;
  const rows = await frequent(tx, 'clockSeats', (q) => q.select({ seat: clocks.seat }).from(clocks).where(eq(clocks.gameId, sql.placeholder('gameId'))), { gameId });
  const had = new Set(rows.map((r) => r.seat));
  const gone = [...had].filter((seat) => !pendingHumans.includes(seat) || seat === mover);
  if (gone.length) await tx.delete(clocks).where(and(eq(clocks.gameId, gameId), inArray(clocks.seat, gone)));
  const fresh = pendingHumans.filter((seat) => !had.has(seat) || seat === mover);
  if (fresh.length === 0) return;
  const away = timeOffAllowed(settings) ? await awayBySeat(tx, schema, gameId) : new Map<Seat, Date>();
  for (const seat of fresh) await tx.insert(clocks).values({ gameId, seat, ...freshTimes(settings, takenOver(seat), now, away.get(seat) ?? null) });
}

/**
 * New settings apply to the turns under way as if they had been set when each turn began (see
 * `retimedTimes`); they may also allow or refuse time off, or change what an away seat does.
 */
export async function retimeClocks(tx: Q, schema: Schema, gameId: number, settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date): Promise<void> {
  const { clocks } = schema;
  const rows = await tx.select().from(clocks).where(eq(clocks.gameId, gameId));
  if (rows.length === 0) return;
  const away = await awayBySeat(tx, schema, gameId);
  for (const row of rows) {
    const set = retimedTimes(row, settings, takenOver(row.seat), now, away.get(row.seat) ?? null);
    if (Object.keys(set).length) await tx.update(clocks).set(set).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, row.seat)));
  }
}

/** Holds the clocks of one person's seats in a game, or restarts them afresh, as the table and their time off say. */
export async function holdOrRestart(tx: Q, schema: Schema, gameId: number, userSeats: readonly Seat[], settings: GameSettings, takenOver: (seat: Seat) => boolean, now: Date, awayUntil: Date | null): Promise<number> {
  const { clocks } = schema;
  if (userSeats.length === 0) return 0;
  const rows = await tx.select().from(clocks).where(and(eq(clocks.gameId, gameId), inArray(clocks.seat, [...userSeats])));
  let changed = 0;
  for (const row of rows) {
    const set = holds(settings, awayUntil, now) ? heldTimes(settings, awayUntil, now) : row.resumeAt ? freshTimes(settings, takenOver(row.seat), now) : null;
    if (!set) continue;
    await tx.update(clocks).set(set).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, row.seat)));
    changed++;
  }
  return changed;
}

/** A held clock whose time off is over restarts afresh; returns whether it was. */
export async function restartHeld(tx: Q, { clocks }: Schema, gameId: number, seat: Seat, settings: GameSettings, takenOver: boolean, now: Date): Promise<boolean> {
  const changed = await tx.update(clocks).set(freshTimes(settings, takenOver, now))
    .where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat), isNotNull(clocks.resumeAt), lte(clocks.resumeAt, now))).returning({ seat: clocks.seat });
  return changed.length === 1;
}

export interface DueClock {
  gameId: number;
  seat: Seat;
  kind: DueKind;
  /** A deadline of a seat whose bot stands in for its away holder: no time-out counted. */
  standIn?: boolean;
}

/**
 * Clocks due at `now` (of one game, or of all), one action per seat: the end of a time off,
 * then a passed deadline, then the last warning, then a reminder (`firstDue`).
 */
export async function dueClocks(tx: Q, { clocks, games }: Schema, now: Date, limit = 100, gameId?: number): Promise<DueClock[]> {
  // A table the facilitator paused has no clock due until it resumes.
  const ofGame = and(gameId === undefined ? undefined : eq(clocks.gameId, gameId), notPaused({ clocks, games }), running({ clocks, games }));
  const pick = { gameId: clocks.gameId, seat: clocks.seat, standIn: clocks.standIn };
  const resume = await tx.select(pick).from(clocks).where(and(isNotNull(clocks.resumeAt), lte(clocks.resumeAt, now), ofGame)).limit(limit);
  const deadline = await tx.select(pick).from(clocks).where(and(isNotNull(clocks.deadlineAt), lte(clocks.deadlineAt, now), ofGame)).limit(limit);
  const warning = await tx.select(pick).from(clocks).where(and(isNotNull(clocks.warnAt), lte(clocks.warnAt, now), ofGame)).limit(limit);
  const reminder = await tx.select(pick).from(clocks).where(and(isNotNull(clocks.remindAt), lte(clocks.remindAt, now), eq(clocks.snoozed, false), ofGame)).limit(limit);
  return firstDue({ resume, deadline, warning, reminder }).map(({ standIn, ...c }) => (c.kind === 'deadline' && standIn ? { ...c, standIn } : c));
}

/** When the scheduler must next wake (for one game, or for all), or null when no clock runs. */
export async function nextDue(tx: Q, { clocks, games }: Schema, gameId?: number): Promise<Date | null> {
  const one = gameId !== undefined;
  const ofGame = and(one ? eq(clocks.gameId, sql.placeholder('gameId')) : undefined, notPaused({ clocks, games }), running({ clocks, games }));
  // The first row of each index, read the same way on both databases.
  const [remind] = await frequent(tx, one ? 'remindOfGame' : 'remind', (q) => q.select({ at: clocks.remindAt }).from(clocks)
    .where(and(isNotNull(clocks.remindAt), eq(clocks.snoozed, false), ofGame)).orderBy(asc(clocks.remindAt)).limit(1), { gameId });
  const [deadline] = await frequent(tx, one ? 'deadlineOfGame' : 'deadline', (q) => q.select({ at: clocks.deadlineAt }).from(clocks)
    .where(and(isNotNull(clocks.deadlineAt), ofGame)).orderBy(asc(clocks.deadlineAt)).limit(1), { gameId });
  const [warn] = await frequent(tx, one ? 'warnOfGame' : 'warn', (q) => q.select({ at: clocks.warnAt }).from(clocks)
    .where(and(isNotNull(clocks.warnAt), ofGame)).orderBy(asc(clocks.warnAt)).limit(1), { gameId });
  const [resume] = await frequent(tx, one ? 'resumeOfGame' : 'resume', (q) => q.select({ at: clocks.resumeAt }).from(clocks)
    .where(and(isNotNull(clocks.resumeAt), ofGame)).orderBy(asc(clocks.resumeAt)).limit(1), { gameId });
  const times = [remind?.at, deadline?.at, warn?.at, resume?.at].filter((t): t is Date => t instanceof Date).map((t) => t.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

/** Clocks of running games only: a cancelled game keeps its clock rows, which must wake nobody (else the timer spins on them). */
function running({ clocks, games }: Pick<Schema, 'clocks' | 'games'>): SQL {
  return sql`exists (select 1 from ${games} where ${games.id} = ${clocks.gameId} and ${games.status} = 'active')`;
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

/** A game's clocks as plain numbers, to keep with a move that may be taken back. */
export async function clocksSnapshot(q: Q, { clocks }: Schema, gameId: number): Promise<MoveBefore['clocks']> {
  const ms = (d: Date | null) => (d ? d.getTime() : null);
  return (await q.select().from(clocks).where(eq(clocks.gameId, gameId)).orderBy(asc(clocks.seat))).map((c) => ({
    seat: c.seat, since: c.since.getTime(), reminders: c.reminders, remindAt: ms(c.remindAt), deadlineAt: ms(c.deadlineAt),
    warnAt: ms(c.warnAt), resumeAt: ms(c.resumeAt), standIn: c.standIn, snoozed: c.snoozed,
  }));
}

/** Puts a game's clocks back as a snapshot had them (a move taken back). */
export async function restoreClocks(tx: Q, { clocks }: Schema, gameId: number, snapshot: MoveBefore['clocks']): Promise<void> {
  const date = (n: number | null) => (n === null ? null : new Date(n));
  await tx.delete(clocks).where(eq(clocks.gameId, gameId));
  for (const c of snapshot) {
    await tx.insert(clocks).values({
      gameId, seat: c.seat, since: new Date(c.since), reminders: c.reminders, remindAt: date(c.remindAt), deadlineAt: date(c.deadlineAt),
      warnAt: date(c.warnAt), resumeAt: date(c.resumeAt), standIn: c.standIn, snoozed: c.snoozed,
    });
  }
}

/**
 * Waits for, then holds, the lock every writer of a game takes first (PostgreSQL; SQLite has one
 * writer), by writing its version unchanged: a change that spans several games takes them in id order.
 */
export async function lockGameClocks(tx: Q, { games }: Schema, gameId: number): Promise<void> {
  await tx.update(games).set({ version: sql`${games.version}` }).where(eq(games.id, gameId));
}
