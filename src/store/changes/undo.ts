/**
 * Taking back a move. `undoFields` decides, as a move is stored, whether it may be taken back and
 * keeps what to put back (the clocks and the mover's time-outs before it). `undoMove` is one
 * transaction: lock the game, check that the user's move is still the last thing that happened,
 * rebuild the state from the seed and the moves still standing, put the clocks back, redraw the
 * current board in place, and add the jobs that follow. The move stays in the log, marked undone.
 */
import { replay, revealsNothing, type AnyGame, type GameOptions } from '../../engine/index.js';
import type { Q } from '../backend.js';
import { undoOn } from '../clocks.js';
import type { StoreContext } from '../context.js';
import { fail, gameOf, seatOfUser, type GameRecord, type MoveInput, type StoreResult } from '../records.js';
import { clocksSnapshot, restoreClocks } from '../rows/clocks.js';
import { loadGame, saveState, setGame } from '../rows/games.js';
import { eventsBetween, lastStandingMove, markUndone, moveLog, stripVisibility } from '../rows/moves.js';
import { queuePost } from '../rows/posts.js';
import { setSeat } from '../rows/seats.js';
import type { MoveBefore } from '../schema.js';
import { followUps } from './follow-ups.js';

/**
 * For a move about to be stored: undoable only for a person's own move (not a time-out) at a
 * table with undo on, that does not end the game and reveals nothing (`revealsNothing`). Must be
 * called before the move changes the clocks and time-outs it keeps.
 */
export async function undoFields(ctx: StoreContext, tx: Q, record: GameRecord, game: AnyGame, input: MoveInput, after: unknown, over: boolean): Promise<{ undoable: boolean; before: MoveBefore | null }> {
  if (!input.actorId || input.timeout || over || !undoOn(record.settings) || !safelyRevealsNothing(game, record, input, after)) return { undoable: false, before: null };
  const before: MoveBefore = { clocks: await clocksSnapshot(tx, ctx.schema, record.id), timeouts: record.seats[input.seat]?.timeouts ?? 0 };
  return { undoable: true, before };
}

function safelyRevealsNothing(game: AnyGame, record: GameRecord, input: MoveInput, after: unknown): boolean {
  try {
    return revealsNothing(game, record.state, input.seat, input.move, after, { seats: record.seats.length });
  } catch {
    // A game that cannot tell keeps the move: a refused undo is safe, a leaked secret is not.
    return false;
  }
}

export interface UndoDone {
  game: GameRecord;
  /** The move taken back. */
  sequence: number;
}

/**
 * Takes back `userId`'s last move. `expectedVersion` (from a button) must be the game's current
 * version; `/game undo` passes none. Refusals change nothing: undo off, not seated, nothing to take
 * back, someone moved since, the move revealed something, the game moved on.
 */
export async function undoMove(ctx: StoreContext, gameId: number, userId: string, expectedVersion?: number): Promise<StoreResult<UndoDone>> {
  const { schema } = ctx;
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active') return fail('error.gameClosed');
    if (!undoOn(record.settings)) return fail('undo.off');
    const seat = seatOfUser(record, userId);
    if (seat === null) return fail('error.notInGame');
    const last = await lastStandingMove(tx, schema, gameId);
    if (!last) return fail('undo.nothing');
    // Someone else's move stands after it: too late, and say whose.
    if (last.seat !== seat) return fail('undo.tooLate', { seat: { seat: last.seat } });
    if (last.actorId !== userId) return fail('undo.nothing');
    if (!last.undoable || !last.before) return fail('undo.stands');
    // Anything else since the move (a seat change, a setting, a stale button) moved the version on.
    if (record.version !== last.version + 1 || (expectedVersion !== undefined && expectedVersion !== record.version)) return fail('undo.movedOn');

    const game = gameOf(record);
    const parsed = game.parseOptions(record.options);
    const options: GameOptions = parsed.ok ? parsed.options : record.options;
    const standing = (await moveLog(tx, schema, gameId)).filter((m) => m.sequence !== last.sequence);
    const restored = replay<unknown>(game, { seats: record.seats.length, options, seed: record.seed }, standing);
    const at = ctx.now();
    if (!(await saveState(tx, schema, gameId, record.version, restored, at, false))) return fail('undo.movedOn');
    await markUndone(tx, schema, gameId, last.sequence, at);
    await restoreClocks(tx, schema, gameId, last.before.clocks);
    if ((record.seats[seat]?.timeouts ?? 0) !== last.before.timeouts) await setSeat(tx, schema, gameId, seat, { timeouts: last.before.timeouts });

    // The current board goes back to the restored position, edited in place: its text names who
    // must act now and pings nobody, so the mention of the player who was next disappears.
    const lines = (await eventsBetween(tx, schema, gameId, record.boardFrom, last.sequence)).filter((l) => l.event.visibleTo === 'all');
    const pending = game.pending(restored);
    await queuePost(tx, schema, ctx.jobs, gameId, 'edit', {
      version: record.version + 1,
      view: game.publicView(restored),
      lines: lines.map((l) => stripVisibility(l.event)),
      at: lines.map((l) => l.sequence),
      pending,
      ping: [],
      over: false,
    }, at);
    await setGame(tx, schema, gameId, { postedThrough: Math.max(record.postedThrough, last.sequence) });
    return { ok: true as const, value: { game: await followUps(ctx, tx, gameId, true), sequence: last.sequence } };
  }, gameId);
}
