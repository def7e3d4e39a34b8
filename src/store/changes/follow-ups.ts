/**
 * What a change ends with, in its own transaction: the game reloaded and, when a job queue runs
 * the bot's work (PostgreSQL), the jobs that must follow it (the next bot turn, the next clock
 * check).
 */
import type { Q } from '../backend.js';
import type { StoreContext } from '../context.js';
import { pendingBotSeat, type GameRecord } from '../records.js';
import { nextDue } from '../rows/clocks.js';
import { loadGame } from '../rows/games.js';
import { nextRequestDue } from '../rows/seats.js';
import type { GameStatus } from '../schema.js';
import { botPause } from './undo-window.js';

/** Reloads the game and adds its follow-up jobs; `posted`: bots pause for the post to be read. */
export async function followUps(ctx: StoreContext, tx: Q, gameId: number, posted: boolean): Promise<GameRecord> {
  const record = (await loadGame(tx, ctx.schema, gameId))!;
  if (!ctx.jobs) return record;
  if (pendingBotSeat(record) !== null) await ctx.jobs.botTurn(tx, gameId, await botPause(tx, ctx, record, posted));
  await syncClockJob(ctx, tx, gameId, record.status);
  return record;
}

/** When the scheduler must next wake (for one game, or for all): a clock, or a seat request running out. */
export async function nextWake(q: Q, ctx: StoreContext, gameId?: number): Promise<Date | null> {
  const clock = await nextDue(q, ctx.schema, gameId);
  const request = await nextRequestDue(q, ctx.schema, gameId);
  if (!request) return clock;
  return clock && clock <= request ? clock : request;
}

/** Moves the game's clock job to its next due time (none once the game is over). */
export async function syncClockJob(ctx: StoreContext, tx: Q, gameId: number, status?: GameStatus): Promise<void> {
  if (!ctx.jobs) return;
  const open = (status ?? (await loadGame(tx, ctx.schema, gameId))?.status) === 'active';
  await ctx.jobs.clock(tx, gameId, open ? await nextWake(tx, ctx, gameId) : null, ctx.now());
}
