/**
 * Time off, one transaction each: a person goes away for some whole days or comes back early,
 * and every running game they hold a seat in follows at once (their clocks held, or restarted
 * afresh), each game's clock job moved in the same transaction. A held clock whose time off ran
 * out restarts afresh when the scheduler reaches its `resume_at`.
 */
import type { Seat } from '../../engine/index.js';
import { awayNow, comeBack, daysLeft, takeDays, type AwayRow } from '../clocks.js';
import type { StoreContext } from '../context.js';
import type { Q } from '../backend.js';
import { tookOver } from '../records.js';
import { holdOrRestart, lockGameClocks, restartHeld } from '../rows/clocks.js';
import { loadGame } from '../rows/games.js';
import * as users from '../rows/users.js';
import { syncClockJob } from './follow-ups.js';

/** Where a person stands: away until when (null: not away), and the days left of this year's budget. */
export interface AwayStatus {
  until: Date | null;
  left: number;
  budget: number;
}

export type AwayRefusal = 'already' | 'days' | 'notAway' | 'busy';

/** `back`: whole days given back by coming home early. */
export type AwayResult = { ok: true; status: AwayStatus; back: number } | { ok: false; refusal: AwayRefusal; status: AwayStatus };

const statusOf = (row: Pick<AwayRow, 'awayUntil' | 'awayYear' | 'awayDaysUsed'> | null, now: Date, perYear: number): AwayStatus =>
  ({ until: awayNow(row, now), left: daysLeft(row, now, perYear), budget: perYear });

export function awayStatus(ctx: StoreContext, userId: string, perYear: number): Promise<AwayStatus> {
  return ctx.backend.read(async (q) => statusOf(await users.userRow(q, ctx.schema, userId), ctx.now(), perYear));
}

/** Goes away for `days` whole days from now (1 up to the days left this year). */
export function startAway(ctx: StoreContext, userId: string, days: number, perYear: number): Promise<AwayResult> {
  return ctx.backend.write(async (tx) => {
    const now = ctx.now();
    const row = await users.userRow(tx, ctx.schema, userId);
    const status = statusOf(row, now, perYear);
    if (status.until) return { ok: false, refusal: 'already', status };
    if (!Number.isInteger(days) || days < 1 || days > status.left) return { ok: false, refusal: 'days', status };
    const next = takeDays(row, now, days);
    if (!(await users.setAway(tx, ctx.schema, userId, row?.awayUntil ?? null, next))) return { ok: false, refusal: 'busy', status };
    await followTimeOff(ctx, tx, userId, now, next.awayUntil);
    return { ok: true, status: statusOf(next, now, perYear), back: 0 };
  });
}

/** Comes back early: clocks restart now, and the whole days not begun go back to the budget. */
export function endAway(ctx: StoreContext, userId: string, perYear: number): Promise<AwayResult> {
  return ctx.backend.write(async (tx) => {
    const now = ctx.now();
    const row = await users.userRow(tx, ctx.schema, userId);
    const status = statusOf(row, now, perYear);
    if (!row || !status.until) return { ok: false, refusal: 'notAway', status };
    const next = comeBack(row, now);
    if (!(await users.setAway(tx, ctx.schema, userId, row.awayUntil, next))) return { ok: false, refusal: 'busy', status };
    await followTimeOff(ctx, tx, userId, now, null);
    return { ok: true, status: statusOf(next, now, perYear), back: row.awayDaysUsed - next.awayDaysUsed };
  });
}

/**
 * Every running game the person plays: their pending seats' clocks held until `until` where the
 * table allows time off, or restarted afresh when `until` is null. The person's row is written
 * first and the games are locked in id order, as a move locks its game before reading anyone's.
 */
async function followTimeOff(ctx: StoreContext, tx: Q, userId: string, now: Date, until: Date | null): Promise<void> {
  for (const [gameId, seats] of await users.activeSeatsOf(tx, ctx.schema, userId)) {
    await lockGameClocks(tx, ctx.schema, gameId);
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record || record.status !== 'active') continue;
    const mine = seats.filter((seat) => record.seats[seat]?.userId === userId);
    if (await holdOrRestart(tx, ctx.schema, gameId, mine, record.settings, (seat) => tookOver(record, seat), now, until)) await syncClockJob(ctx, tx, gameId, record.status);
  }
}

/** A held clock whose time off is over restarts afresh: reminders, warning and deadline from now. */
export function resumeClock(ctx: StoreContext, gameId: number, seat: Seat): Promise<boolean> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record || record.status !== 'active') return false;
    const restarted = await restartHeld(tx, ctx.schema, gameId, seat, record.settings, tookOver(record, seat), ctx.now());
    await syncClockJob(ctx, tx, gameId, record.status);
    return restarted;
  }, gameId);
}

/** People among `userIds` who are away now, with when they come back (boards, /status, lobbies). */
export function awayOf(ctx: StoreContext, userIds: readonly string[]): Promise<Map<string, Date>> {
  return ctx.backend.read((q) => users.awayUntilOf(q, ctx.schema, userIds, ctx.now()));
}
