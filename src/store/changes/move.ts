/**
 * A move, in one transaction: lock the game, check the version and the interaction, apply the
 * rules, save the state, append the move, count a time-out, plan the channel's posts, bring the
 * clocks in line, rate a finished game, and add the jobs that follow. A stale version or a
 * replayed interaction changes nothing.
 */
import type { AnyGame, LogEvent, Seat } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import type { Q } from '../backend.js';
import { MAX_TIMEOUTS } from '../clocks.js';
import type { StoreContext } from '../context.js';
import { planPost } from '../outbox.js';
import { fail, nextBotName, tookOver, type GameRecord, type MoveApplied, type MoveInput, type StoreResult } from '../records.js';
import { clockOf, syncClocks, type ClockRow } from '../rows/clocks.js';
import { loadGame, saveState, setGame } from '../rows/games.js';
import { appendMove, eventsBetween, interactionSeen, moveCount, stripVisibility } from '../rows/moves.js';
import { queuePost } from '../rows/posts.js';
import { rateGame } from '../rows/ratings.js';
import { recordDeparture, recordHolder, setSeat } from '../rows/seats.js';
import type { PostKind, PostPayload } from '../schema.js';
import { followUps } from './follow-ups.js';
import { endSessionIfOver } from './session-end.js';
import { undoFields } from './undo.js';

export async function applyMove(ctx: StoreContext, gameId: number, input: MoveInput): Promise<StoreResult<MoveApplied>> {
  const { schema } = ctx;
  try {
    return await ctx.backend.write(async (tx) => {
      const record = await loadGame(tx, schema, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active') return fail('error.gameClosed');
      if (record.pausedAt) return fail('session.error.pausedMove');
      if (input.interactionId && (await interactionSeen(tx, schema, input.interactionId))) return fail('error.alreadyDone');
      if (record.version !== input.expectedVersion) return fail('error.stale');
      // A move played for a seat must still be what its clock says: a stand-in only while the holder is away, a time-out never then.
      if ((input.timeout || input.standIn) && !standsFor(await clockOf(tx, schema, gameId, input.seat), input)) return fail('error.stale');
      const game = gameById(record.gameType)!;
      const before: Seat[] = game.pending(record.state);
      const result = game.apply(record.state, input.seat, input.move);
      if (!result.ok) return result;
      const over = game.isOver(result.state);
      const at = ctx.now();
      const sequence = (await moveCount(tx, schema, gameId)) + 1;
      const events: LogEvent[] = [...result.events];
      // Nothing is written before this check, so a refusal leaves nothing behind.
      if (!(await saveState(tx, schema, gameId, input.expectedVersion, result.state, at, over))) return fail('error.stale');
      const handedTo = await countTimeouts(ctx, tx, record, input, over, sequence);
      // The third time-out in a row says at once that a bot plays the seat from now on.
      if (handedTo) events.unshift({ key: 'clock.timedOutToBot', args: { seat: { seat: input.seat }, bot: handedTo, count: MAX_TIMEOUTS }, visibleTo: 'all' });
      else if (input.timeout) events.unshift({ key: 'clock.timedOut', args: { seat: { seat: input.seat } }, visibleTo: 'all' });
      else if (input.standIn) events.unshift({ key: 'away.botPlayed', args: { seat: { seat: input.seat } }, visibleTo: 'all' });
      // Read before the clocks and time-outs change: what a take-back puts back.
      const undo = await undoFields(ctx, tx, record, game, input, result.state, over);
      await appendMove(tx, schema, { gameId, sequence, seat: input.seat, version: record.version, actorId: input.actorId, move: input.move, interactionId: input.interactionId, events, createdAt: at, ...undo });
      // A third timeout handed the seat to a bot above: read the seats again.
      const seated = handedTo ? (await loadGame(tx, schema, gameId))! : record;
      const posted = await planPosts(ctx, tx, { ...record, seats: seated.seats }, game, result.state, { before, publish: result.publish ?? 'board', over, sequence });
      const after: Seat[] = over ? [] : game.pending(result.state);
      await syncClocks(tx, schema, gameId, after.filter((seat) => !seated.seats[seat]?.isBot), record.settings, (seat) => tookOver(seated, seat), at, input.seat);
      if (over) await rateGame(tx, schema, seated, game.outcome(result.state)!);
      // The last table of a class session to finish ends the session and queues its debrief.
      if (over && record.sessionId) await endSessionIfOver(ctx, tx, record.sessionId, gameId, record.version + 1);
      return { ok: true as const, value: { game: await followUps(ctx, tx, gameId, posted), events, posted, undoable: undo.undoable } };
    }, gameId);
  } catch (error) {
    // Two deliveries of one interaction racing past the check above meet the unique index.
    if (ctx.backend.uniqueViolation(error) === 'moves_interaction_id_unique') return fail('error.alreadyDone');
    throw error;
  }
}

/**
 * A move played by a deadline counts against its seat; a move the player made clears the count.
 * After MAX_TIMEOUTS in a row, a bot takes the seat for good. Returns the bot's name when this
 * time-out hands the seat over; the bot holds it from the next move on, so the timed-out move
 * itself is still credited to the player.
 */
async function countTimeouts(ctx: StoreContext, tx: Q, record: GameRecord, input: MoveInput, over: boolean, sequence: number): Promise<string | null> {
  const seat = record.seats[input.seat];
  // A stand-in for an away player neither counts nor clears their time-outs.
  if (!seat || seat.isBot || input.standIn) return null;
  if (!input.timeout) {
    if (seat.timeouts) await setSeat(tx, ctx.schema, record.id, input.seat, { timeouts: 0 });
    return null;
  }
  const timeouts = (seat.timeouts ?? 0) + 1;
  if (timeouts < MAX_TIMEOUTS || over || record.seats.filter((s) => !s.isBot).length < 2) {
    await setSeat(tx, ctx.schema, record.id, input.seat, { timeouts });
    return null;
  }
  const bot = { userId: null, isBot: true, botLevel: 'standard' as const, displayName: nextBotName(record) };
  await setSeat(tx, ctx.schema, record.id, input.seat, { ...bot, timeouts: 0 });
  await recordHolder(tx, ctx.schema, record.id, input.seat, sequence + 1, bot);
  await recordDeparture(tx, ctx.schema, record.id, seat.userId!, input.seat, 'timeout', ctx.now());
  return bot.displayName;
}

/** Writes what the channel gets for the move just stored (see outbox.ts); returns whether anything. */
async function planPosts(
  ctx: StoreContext,
  tx: Q,
  record: GameRecord,
  game: AnyGame,
  state: unknown,
  move: { before: Seat[]; publish: 'board' | 'log' | 'quiet'; over: boolean; sequence: number },
): Promise<boolean> {
  const after: Seat[] = move.over ? [] : game.pending(state);
  const plan = planPost({ publish: move.publish, before: move.before, after, isBot: (seat) => record.seats[seat]?.isBot ?? true, over: move.over });
  if (plan.kinds.length === 0) return false;
  // Each line keeps the move it came from, so it names whoever held the seat then.
  const publicLines = async (from: number) => {
    const found = (await eventsBetween(tx, ctx.schema, record.id, from, move.sequence)).filter((l) => l.event.visibleTo === 'all');
    return { lines: found.map((l) => stripVisibility(l.event)), at: found.map((l) => l.sequence) };
  };
  const base = { version: record.version + 1, view: game.publicView(state), pending: after, ping: plan.ping, over: move.over };
  const post = (kind: PostKind, payload: PostPayload) => queuePost(tx, ctx.schema, ctx.jobs, record.id, kind, payload, ctx.now());
  let boardFrom = record.boardFrom;
  for (const kind of plan.kinds) {
    if (kind === 'final') {
      await post(kind, { ...base, lines: [], outcome: game.outcome(state)! });
    } else if (kind === 'edit') {
      await post(kind, { ...base, ...(await publicLines(boardFrom)) });
    } else {
      await post(kind, { ...base, ...(await publicLines(record.postedThrough + 1)) });
      if (kind === 'board') boardFrom = record.postedThrough + 1;
    }
  }
  await setGame(tx, ctx.schema, record.id, { postedThrough: move.sequence, boardFrom });
  return true;
}

/** Whether a seat's clock still lets its bot play for it: a stand-in needs a stand-in clock, a time-out a clock not held. */
function standsFor(clock: ClockRow | null, input: MoveInput): boolean {
  return input.standIn ? !!clock?.standIn : !clock || (!clock.standIn && clock.resumeAt === null);
}
