/**
 * A facilitator's pause, as rows: while `games.paused_at` is set the clocks stand still, so on
 * resume every time of the game's clocks moves on by the paused duration and each turn keeps
 * the time it had left. Plain functions of an open transaction.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Q, Schema } from '../backend.js';

const later = (at: Date | null, ms: number): Date | null => (at === null ? null : new Date(at.getTime() + ms));

/** Moves every time of a game's clocks `ms` later (read and written back: no dialect's date arithmetic). */
export async function shiftClocks(tx: Q, { clocks }: Schema, gameId: number, ms: number): Promise<void> {
  if (ms <= 0) return;
  const rows = await tx.select().from(clocks).where(eq(clocks.gameId, gameId));
  for (const row of rows) {
    await tx.update(clocks).set({
      since: later(row.since, ms)!,
      remindAt: later(row.remindAt, ms),
      deadlineAt: later(row.deadlineAt, ms),
      warnAt: later(row.warnAt, ms),
    }).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, row.seat)));
  }
}

/** Clocks of games that are not paused: a paused table's clocks are neither due nor waited for. */
export function notPaused({ clocks, games }: Pick<Schema, 'clocks' | 'games'>): SQL {
  return sql`not exists (select 1 from ${games} where ${games.id} = ${clocks.gameId} and ${games.pausedAt} is not null)`;
}
