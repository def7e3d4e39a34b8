/**
 * Clock actions, one transaction each: a reminder or the last warning before a deadline falls
 * due, a player snoozes their pings, a clock whose action failed stops, and the game's clock job
 * is moved to its next due time.
 */
import type { Seat } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import { MAX_REMINDERS, nextReminder, type DueKind } from '../clocks.js';
import type { StoreContext } from '../context.js';
import { clockOf, setClock } from '../rows/clocks.js';
import { loadGame } from '../rows/games.js';
import { queuePost } from '../rows/posts.js';
import { syncClockJob } from './follow-ups.js';

/**
 * Sends a seat a reminder if its clock still says so: one line in the channel, never a board.
 * The next reminder waits twice as long; after a few they stop for this turn.
 */
export function remind(ctx: StoreContext, gameId: number, seat: Seat): Promise<boolean> {
  return ctx.backend.write(async (tx) => {
    const now = ctx.now();
    const clock = await clockOf(tx, ctx.schema, gameId, seat);
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!clock || !record || record.status !== 'active' || clock.snoozed || !clock.remindAt || clock.remindAt > now) return false;
    // The next one keeps to the turn's schedule; points that passed while this one was late are skipped.
    const next = nextReminder(record.settings, clock.since, clock.reminders + 1, now);
    await setClock(tx, ctx.schema, gameId, seat, { reminders: next ? next.n - 1 : MAX_REMINDERS, remindAt: next?.at ?? null });
    const hours = Math.max(1, Math.round((now.getTime() - clock.since.getTime()) / 3_600_000));
    await queuePost(tx, ctx.schema, ctx.jobs, gameId, 'reminder', {
      version: record.version,
      view: null,
      lines: [{ key: 'clock.reminder', args: { seat: { seat }, count: hours } }],
      pending: gameById(record.gameType)!.pending(record.state),
      ping: [seat],
      over: false,
    }, now);
    await syncClockJob(ctx, tx, gameId);
    return true;
  }, gameId);
}

/**
 * The last warning before a seat's deadline: one line that always mentions the player (even one
 * who snoozed, muted the table or chose the digest), marked `warning` in the post so it is known
 * as such. Sent once; a reminder due at the same moment is folded into it.
 */
export function warn(ctx: StoreContext, gameId: number, seat: Seat): Promise<boolean> {
  return ctx.backend.write(async (tx) => {
    const now = ctx.now();
    const clock = await clockOf(tx, ctx.schema, gameId, seat);
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!clock || !record || record.status !== 'active' || !clock.warnAt || clock.warnAt > now || !clock.deadlineAt || clock.resumeAt || clock.standIn) return false;
    const folded = clock.remindAt && clock.remindAt <= now ? nextReminder(record.settings, clock.since, clock.reminders + 1, now) : undefined;
    await setClock(tx, ctx.schema, gameId, seat, { warnAt: null, ...(folded === undefined ? {} : { reminders: folded ? folded.n - 1 : MAX_REMINDERS, remindAt: folded?.at ?? null }) });
    await queuePost(tx, ctx.schema, ctx.jobs, gameId, 'reminder', {
      version: record.version,
      view: null,
      // Discord shows the deadline in each reader's own time and language.
      lines: [{ key: 'away.warning', args: { seat: { seat }, at: `<t:${Math.floor(clock.deadlineAt.getTime() / 1000)}:R>` } }],
      pending: gameById(record.gameType)!.pending(record.state),
      ping: [seat],
      over: false,
      warning: true,
    }, now);
    await syncClockJob(ctx, tx, gameId);
    return true;
  }, gameId);
}

/** No more pings for this seat until its turn is over. */
export function snooze(ctx: StoreContext, gameId: number, seat: Seat): Promise<boolean> {
  return ctx.backend.write(async (tx) => {
    const had = await setClock(tx, ctx.schema, gameId, seat, { snoozed: true });
    await syncClockJob(ctx, tx, gameId);
    return had;
  }, gameId);
}

/** A clock whose action failed stops, so it cannot fire again and again. */
const STOPPED = { deadline: { deadlineAt: null }, reminder: { remindAt: null }, warning: { warnAt: null }, resume: { resumeAt: null } } as const;

export function stopClock(ctx: StoreContext, gameId: number, seat: Seat, kind: DueKind): Promise<void> {
  return ctx.backend.write(async (tx) => {
    await setClock(tx, ctx.schema, gameId, seat, STOPPED[kind]);
    await syncClockJob(ctx, tx, gameId);
  }, gameId);
}

/** Re-adds the game's next clock check (after a clock job ran, whatever it did). */
export function rescheduleClock(ctx: StoreContext, gameId: number): Promise<void> {
  return ctx.backend.write((tx) => syncClockJob(ctx, tx, gameId), gameId);
}
