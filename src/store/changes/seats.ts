/**
 * Seats changing hands during play, one transaction each: a player leaves or is kicked (a bot
 * takes the seat), a person takes over a bot's seat, and requests to do so that the host answers.
 */
import type { Seat } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import type { Q } from '../backend.js';
import type { StoreContext } from '../context.js';
import { fail, nextBotName, tookOver, type GameRecord, type SeatRequest, type StoreResult } from '../records.js';
import { dropClock, syncClocks } from '../rows/clocks.js';
import { loadGame, markCancelled, setGame } from '../rows/games.js';
import { moveCount } from '../rows/moves.js';
import { expireRequests, insertSeatRequest, lapsedRequests, recordDeparture, recordHolder, seatRequest, setSeat, setSeatRequest, waitingRequestsOf } from '../rows/seats.js';
import type { SeatRequestStatus } from '../schema.js';
import { followUps, syncClockJob } from './follow-ups.js';

/**
 * A player leaves a running game: a bot takes over the seat, hand and all, so the others can
 * play on. When no human is left the game is cancelled instead.
 */
export function handOverToBot(ctx: StoreContext, gameId: number, userId: string, reason: 'left' | 'kicked'): Promise<StoreResult<GameRecord>> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
    const seat = record.seats.find((s) => s.userId === userId);
    if (!seat) return fail('error.notInGame');
    const at = ctx.now();
    const humansLeft = record.seats.filter((s) => !s.isBot && s !== seat).length;
    if (humansLeft === 0) {
      await markCancelled(tx, ctx.schema, record, at);
    } else {
      await seatToBot(ctx, tx, record, seat.position, reason);
    }
    return { ok: true as const, value: await followUps(ctx, tx, gameId, false) };
  }, gameId);
}

/**
 * A bot takes over a person's seat, in the caller's transaction; another person must be left at
 * the table. `reason` null: no departure is recorded (a facilitator moving a student elsewhere).
 */
export async function seatToBot(ctx: StoreContext, tx: Q, record: GameRecord, position: Seat, reason: 'left' | 'kicked' | null): Promise<void> {
  const seat = record.seats[position]!;
  const at = ctx.now();
  const bot = { userId: null, isBot: true, botLevel: 'standard' as const, displayName: nextBotName(record) };
  await setSeat(tx, ctx.schema, record.id, position, bot);
  await recordHolder(tx, ctx.schema, record.id, position, (await moveCount(tx, ctx.schema, record.id)) + 1, bot);
  if (reason) await recordDeparture(tx, ctx.schema, record.id, seat.userId!, position, reason, at);
  await dropClock(tx, ctx.schema, record.id, position);
  const creatorId = record.creatorId === seat.userId ? record.seats.find((s) => !s.isBot && s !== seat)!.userId! : record.creatorId;
  await setGame(tx, ctx.schema, record.id, { version: record.version + 1, updatedAt: at, creatorId });
}

/**
 * A person takes over a bot seat of a running game. They see that seat's view from now on,
 * never the private lines of its earlier holder.
 */
export function takeSeat(ctx: StoreContext, gameId: number, seat: Seat, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
  return ctx.backend.write(async (tx) => {
    const seated = await seatPerson(ctx, tx, gameId, seat, user);
    return seated.ok ? { ok: true as const, value: await followUps(ctx, tx, gameId, false) } : seated;
  }, gameId);
}

/** A person takes a bot seat of a running game, in the caller's transaction. */
export async function seatPerson(ctx: StoreContext, tx: Q, gameId: number, seat: Seat, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
  const record = await loadGame(tx, ctx.schema, gameId);
  if (!record) return fail('error.noGame');
  if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
  if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
  if (!record.seats[seat]?.isBot) return fail('error.notABotSeat');
  const from = (await moveCount(tx, ctx.schema, gameId)) + 1;
  await setSeat(tx, ctx.schema, gameId, seat, { userId: user.id, isBot: false, botLevel: 'standard', displayName: user.name, timeouts: 0, sinceSequence: from, muted: false });
  await recordHolder(tx, ctx.schema, gameId, seat, from, { userId: user.id, isBot: false, displayName: user.name });
  await setGame(tx, ctx.schema, gameId, { version: record.version + 1, updatedAt: ctx.now() });
  const seated = (await loadGame(tx, ctx.schema, gameId))!;
  const pending: Seat[] = gameById(record.gameType)!.pending(record.state);
  await syncClocks(tx, ctx.schema, gameId, pending.filter((p) => !seated.seats[p]?.isBot), record.settings, (p) => tookOver(seated, p), ctx.now());
  return { ok: true as const, value: (await loadGame(tx, ctx.schema, gameId))! };
}

/**
 * Files a request to take over a bot seat, to be accepted by the host or a moderator before
 * `expiresAt`. A person has at most one request waiting per game.
 */
export function requestSeat(ctx: StoreContext, gameId: number, seat: Seat, user: { id: string; name: string }, expiresAt: Date): Promise<StoreResult<SeatRequest>> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
    if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
    if (!record.seats[seat]?.isBot) return fail('error.notABotSeat');
    const now = ctx.now();
    if ((await waitingRequestsOf(tx, ctx.schema, gameId, user.id)).some((r) => r.expiresAt > now)) return fail('error.requestWaiting');
    const row = await insertSeatRequest(tx, ctx.schema, { gameId, seat, userId: user.id, displayName: user.name, createdAt: now, expiresAt });
    await syncClockJob(ctx, tx, gameId);
    return { ok: true as const, value: row };
  }, gameId);
}

export function setSeatRequestMessage(ctx: StoreContext, id: number, messageId: string): Promise<void> {
  return ctx.backend.write((tx) => setSeatRequest(tx, ctx.schema, id, { messageId }));
}

/**
 * The host or a moderator answers a request. Accepting seats the person in the same
 * transaction; a request past its time is marked expired and changes nothing else.
 */
export async function answerSeatRequest(ctx: StoreContext, id: number, accept: boolean, byUserId: string): Promise<StoreResult<{ request: SeatRequest; game: GameRecord | null }>> {
  const found = await ctx.backend.read((q) => seatRequest(q, ctx.schema, id));
  if (!found) return fail('error.noGame');
  return ctx.backend.write(async (tx) => {
    const request = await seatRequest(tx, ctx.schema, id);
    if (!request) return fail('error.noGame');
    if (request.status !== 'pending') return fail(`error.request.${request.status}`);
    const settle = async (status: SeatRequestStatus) => {
      const decidedBy = status === 'expired' ? null : byUserId;
      await setSeatRequest(tx, ctx.schema, id, { status, decidedBy });
      return { ...request, status, decidedBy };
    };
    if (request.expiresAt <= ctx.now()) return { ok: true as const, value: { request: await settle('expired'), game: null } };
    if (!accept) return { ok: true as const, value: { request: await settle('refused'), game: null } };
    const seated = await seatPerson(ctx, tx, request.gameId, request.seat, { id: request.userId, name: request.displayName });
    if (!seated.ok) return seated;
    const settled = await settle('accepted');
    return { ok: true as const, value: { request: settled, game: await followUps(ctx, tx, request.gameId, false) } };
  }, found.gameId);
}

/** Marks the seat requests whose time ran out (of one game, or of all) as expired, and returns them. */
export function expireSeatRequests(ctx: StoreContext, limit: number, gameId?: number): Promise<SeatRequest[]> {
  return ctx.backend.write(async (tx) => {
    const due = await lapsedRequests(tx, ctx.schema, ctx.now(), limit, gameId);
    await expireRequests(tx, ctx.schema, due.map((r) => r.id));
    return due.map((r) => ({ ...r, status: 'expired' as const }));
  }, gameId);
}
