/** What the bot keeps per person (how they are told it is their turn) and for itself (`meta`). */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { frequent, type Q, type Schema } from '../backend.js';
import type { NotifyMode } from '../schema.js';

export async function notifyOf(q: Q, { users }: Schema, userId: string): Promise<NotifyMode> {
  return (await frequent(q, 'notify', (q) => q.select({ notify: users.notify }).from(users).where(eq(users.userId, sql.placeholder('userId'))).limit(1), { userId }))[0]?.notify ?? 'channel';
}

export async function setNotify(tx: Q, { users }: Schema, userId: string, notify: NotifyMode): Promise<void> {
  await tx.insert(users).values({ userId, notify }).onConflictDoUpdate({ target: users.userId, set: { notify } });
}

export async function getMeta(q: Q, { meta }: Schema, key: string): Promise<string | null> {
  return (await q.select().from(meta).where(eq(meta.key, key)).limit(1))[0]?.value ?? null;
}

export async function setMeta(tx: Q, { meta }: Schema, key: string, value: string): Promise<void> {
  await tx.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}

// Notify choices, the daily digest and closed DMs (changes/notify.ts).

export type UserRow = Schema['users']['$inferSelect'];

/** How each of some people is told it is their turn; people never seen are absent (channel). */
export async function noticesOf(q: Q, { users }: Schema, userIds: readonly string[]): Promise<Map<string, { notify: NotifyMode; dmClosed: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await q.select({ userId: users.userId, notify: users.notify, dmClosed: users.dmClosed }).from(users).where(inArray(users.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, { notify: r.notify, dmClosed: r.dmClosed }]));
}

export async function userRow(q: Q, { users }: Schema, userId: string): Promise<UserRow | null> {
  return (await q.select().from(users).where(eq(users.userId, userId)).limit(1))[0] ?? null;
}

/** A new /notify choice; choosing again opens DMs to another try. */
export async function setNotifyChoice(tx: Q, { users }: Schema, userId: string, set: { notify: NotifyMode; digestHour?: number; utcOffsetMinutes?: number; digestAt: Date | null; locale?: string }): Promise<void> {
  const { locale, ...rest } = set;
  const values = { ...rest, dmClosed: false, ...(locale ? { locale } : {}) };
  await tx.insert(users).values({ userId, ...values }).onConflictDoUpdate({ target: users.userId, set: values });
}

/** Moves a digest from `from` to `to` if nobody moved it first: who moves it sends it. */
export async function moveDigest(tx: Q, { users }: Schema, userId: string, from: Date, to: Date): Promise<boolean> {
  const moved = await tx.update(users).set({ digestAt: to }).where(and(eq(users.userId, userId), eq(users.digestAt, from))).returning({ userId: users.userId });
  return moved.length === 1;
}

/** Digests due at `now`, oldest first. */
export function dueDigests(q: Q, { users }: Schema, now: Date, limit: number): Promise<{ userId: string }[]> {
  return q.select({ userId: users.userId }).from(users).where(and(isNotNull(users.digestAt), lte(users.digestAt, now))).orderBy(asc(users.digestAt)).limit(limit);
}

/** The earliest digest due (the first row of its index), or null. */
export async function nextDigestDue(q: Q, { users }: Schema): Promise<Date | null> {
  return (await q.select({ at: users.digestAt }).from(users).where(isNotNull(users.digestAt)).orderBy(asc(users.digestAt)).limit(1))[0]?.at ?? null;
}

/** Notes that Discord refused a DM to this person; true only for the change that noted it first. */
export async function closeDms(tx: Q, { users }: Schema, userId: string): Promise<boolean> {
  const changed = await tx.update(users).set({ dmClosed: true }).where(and(eq(users.userId, userId), eq(users.dmClosed, false))).returning({ userId: users.userId });
  return changed.length === 1;
}

// Time off (changes/away.ts).

/** Seats of a game whose holders have a time off recorded (over or not: the caller compares with now). */
export async function awayBySeat(q: Q, { seats, users }: Schema, gameId: number): Promise<Map<number, Date>> {
  const rows = await frequent(q, 'awayBySeat', (q) => q.select({ seat: seats.position, until: users.awayUntil }).from(seats)
    .innerJoin(users, eq(users.userId, seats.userId))
    .where(and(eq(seats.gameId, sql.placeholder('gameId')), eq(seats.isBot, false), isNotNull(users.awayUntil))), { gameId });
  return new Map(rows.filter((r) => r.until).map((r) => [r.seat, r.until!]));
}

/** When each of some people's time off ends, for those away at `now`. */
export async function awayUntilOf(q: Q, { users }: Schema, userIds: readonly string[], now: Date): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await q.select({ userId: users.userId, until: users.awayUntil }).from(users).where(and(inArray(users.userId, [...userIds]), gt(users.awayUntil, now)));
  return new Map(rows.map((r) => [r.userId, r.until!]));
}

/** Running games a person holds a seat in, with those seats, by game id. */
export async function activeSeatsOf(q: Q, { games, seats }: Schema, userId: string): Promise<Map<number, number[]>> {
  const rows = await q.select({ gameId: seats.gameId, seat: seats.position }).from(seats).innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), eq(seats.isBot, false), eq(games.status, 'active'))).orderBy(asc(seats.gameId), asc(seats.position));
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.gameId, [...(out.get(r.gameId) ?? []), r.seat]);
  return out;
}

/**
 * Writes a person's time off if it still ends when `expected` says (null: no row or no time off
 * running), so two changes racing for one person cannot both count; returns whether it did.
 */
export async function setAway(tx: Q, { users }: Schema, userId: string, expected: Date | null, set: { awayFrom: Date | null; awayUntil: Date | null; awayYear: number | null; awayDaysUsed: number }): Promise<boolean> {
  await tx.insert(users).values({ userId }).onConflictDoNothing();
  const still = expected === null ? isNull(users.awayUntil) : eq(users.awayUntil, expected);
  const changed = await tx.update(users).set(set).where(and(eq(users.userId, userId), still)).returning({ userId: users.userId });
  return changed.length === 1;
}
