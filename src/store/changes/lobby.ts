/**
 * A lobby's life, one transaction each: open it, join, add bots, leave, start (deal) or cancel.
 * Every change checks everything before it writes, so a refusal leaves nothing behind, and bumps
 * the game's version.
 */
import type { Msg, Seat } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import type { Q } from '../backend.js';
import type { StoreContext } from '../context.js';
import { fail, nextBotName, type GameRecord, type NewLobby, type StoreResult } from '../records.js';
import { syncClocks } from '../rows/clocks.js';
import { insertLobby, loadGame, markCancelled, openGameIdIn, setGame } from '../rows/games.js';
import { queuePost } from '../rows/posts.js';
import { insertSeat, recordHolder, replaceSeats, setSeat } from '../rows/seats.js';
import type { BotLevel } from '../schema.js';
import { followUps } from './follow-ups.js';
import { endSessionIfOver } from './session-end.js';

export async function createLobby(ctx: StoreContext, input: NewLobby): Promise<StoreResult<GameRecord>> {
  if (!gameById(input.gameType)) return fail('error.unknownGame');
  try {
    return await ctx.backend.write(async (tx) => {
      if ((await openGameIdIn(tx, ctx.schema, input.channelId)) !== null) return fail('error.channelBusy');
      const at = ctx.now();
      const id = await insertLobby(tx, ctx.schema, input, at);
      await insertSeat(tx, ctx.schema, id, 0, { userId: input.creator.id, isBot: false, displayName: input.creator.name }, at);
      return { ok: true as const, value: (await loadGame(tx, ctx.schema, id))! };
    });
  } catch (error) {
    // Another process opened a game in this channel between the check and the insert.
    if (ctx.backend.uniqueViolation(error) === 'games_one_open_per_channel') return fail('error.channelBusy');
    throw error;
  }
}

/** Runs a lobby change: the game must be an open lobby; the change bumps the version. */
function changeLobby(ctx: StoreContext, gameId: number, change: (tx: Q, record: GameRecord) => Promise<{ ok: false; error: Msg } | null>): Promise<StoreResult<GameRecord>> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status === 'active') return fail('error.alreadyStarted');
    if (record.status !== 'lobby') return fail('error.gameClosed');
    const refused = await change(tx, record);
    if (refused) return refused;
    await setGame(tx, ctx.schema, gameId, { version: record.version + 1, updatedAt: ctx.now() });
    return { ok: true as const, value: await followUps(ctx, tx, gameId, true) };
  }, gameId);
}

export function join(ctx: StoreContext, gameId: number, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
  return changeLobby(ctx, gameId, async (tx, record) => {
    if (record.sessionId) return fail('session.error.viaSession');
    if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
    const max = gameById(record.gameType)!.players(record.options).max;
    if (record.seats.length >= max) return fail('error.lobbyFull', { max });
    await insertSeat(tx, ctx.schema, gameId, record.seats.length, { userId: user.id, isBot: false, displayName: user.name }, ctx.now());
    return null;
  });
}

export function addBot(ctx: StoreContext, gameId: number, byUserId: string, level: BotLevel): Promise<StoreResult<GameRecord>> {
  return changeLobby(ctx, gameId, async (tx, record) => {
    if (!record.seats.some((s) => s.userId === byUserId)) return fail('error.joinFirst');
    const max = gameById(record.gameType)!.players(record.options).max;
    if (record.seats.length >= max) return fail('error.lobbyFull', { max });
    await insertSeat(tx, ctx.schema, gameId, record.seats.length, { userId: null, isBot: true, botLevel: level, displayName: nextBotName(record) }, ctx.now());
    return null;
  });
}

/** The host sets a bot seat's level before the start. */
export function setBotLevel(ctx: StoreContext, gameId: number, byUserId: string, position: Seat, level: BotLevel): Promise<StoreResult<GameRecord>> {
  return changeLobby(ctx, gameId, async (tx, record) => {
    if (record.creatorId !== byUserId) return fail('error.hostOnly');
    if (!record.seats[position]?.isBot) return fail('error.noSuchBot');
    await setSeat(tx, ctx.schema, gameId, position, { botLevel: level });
    return null;
  });
}

/**
 * A player leaves the lobby. The seats close up; the creator role passes to the next human, and
 * a lobby with no human left is cancelled.
 */
export function leave(ctx: StoreContext, gameId: number, userId: string): Promise<StoreResult<GameRecord>> {
  return changeLobby(ctx, gameId, async (tx, record) => {
    const seat = record.seats.find((s) => s.userId === userId);
    if (!seat) return fail('error.notInGame');
    // A session's table stays open for the start even with nobody: the facilitator moves people.
    if (record.sessionId) return fail('session.error.viaSession');
    const rest = record.seats.filter((s) => s !== seat);
    await replaceSeats(tx, ctx.schema, gameId, rest, ctx.now());
    const nextHuman = rest.find((s) => !s.isBot);
    if (!nextHuman) await setGame(tx, ctx.schema, gameId, { status: 'cancelled', finishedAt: ctx.now() });
    else if (record.creatorId === userId) await setGame(tx, ctx.schema, gameId, { creatorId: nextHuman.userId! });
    return null;
  });
}

/** Deals the game. Only the creator may start, once the player count is legal. */
export function start(ctx: StoreContext, gameId: number, byUserId: string): Promise<StoreResult<GameRecord>> {
  return changeLobby(ctx, gameId, async (tx, record) => {
    if (record.creatorId !== byUserId) return fail('error.onlyCreatorStarts');
    const game = gameById(record.gameType)!;
    const parsed = game.parseOptions(record.options);
    if (!parsed.ok) return parsed;
    const { min, max } = game.players(parsed.options);
    if (record.seats.length < min) return fail('error.tooFewPlayers', { min, count: record.seats.length });
    if (record.seats.length > max) return fail('error.lobbyFull', { max });
    const state = game.setup({ seats: record.seats.length, options: parsed.options, seed: record.seed });
    await setGame(tx, ctx.schema, gameId, { status: 'active', state: JSON.stringify(state) });
    for (const s of record.seats) await recordHolder(tx, ctx.schema, gameId, s.position, 0, s);
    // The opening board, in the same transaction: a crash right after the start loses nothing.
    const first: Seat[] = game.pending(state);
    const opening: Msg = { key: 'board.started', args: { players: first.map((seat) => ({ seat })), count: first.length } };
    await queuePost(tx, ctx.schema, ctx.jobs, gameId, 'board', {
      version: record.version + 1,
      view: game.publicView(state),
      lines: [opening],
      at: [0],
      pending: first,
      ping: first.filter((seat) => !record.seats[seat]?.isBot),
      over: false,
    }, ctx.now());
    await syncClocks(tx, ctx.schema, gameId, first.filter((seat) => !record.seats[seat]?.isBot), record.settings, () => false, ctx.now());
    return null;
  });
}

/** Stops a lobby or a running game. */
export function cancel(ctx: StoreContext, gameId: number): Promise<StoreResult<GameRecord>> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'lobby' && record.status !== 'active') return fail('error.gameClosed');
    await markCancelled(tx, ctx.schema, record, ctx.now());
    // A class session whose last running table this was ends here, with its debrief.
    if (record.sessionId && record.status === 'active') await endSessionIfOver(ctx, tx, record.sessionId, gameId, record.version + 1);
    return { ok: true as const, value: await followUps(ctx, tx, gameId, false) };
  }, gameId);
}

/**
 * Saves the lobby message's id and returns the game as it is now. A join that lands before this
 * saw no message to edit; the game's row lock orders the two, so the caller can tell from the
 * returned record whether the lobby it posted is already out of date.
 */
export function setLobbyMessage(ctx: StoreContext, gameId: number, messageId: string): Promise<GameRecord | null> {
  return ctx.backend.write(async (tx) => {
    await setGame(tx, ctx.schema, gameId, { lobbyMessageId: messageId });
    return loadGame(tx, ctx.schema, gameId);
  }, gameId);
}
