/**
 * A class session's life, one transaction each: open it with its tables, seat a student, move
 * one, and the facilitator's Start all, Pause all, Resume all and End all now. Each locks the
 * session's row first, so its changes queue up whichever process runs them; the tables' posts
 * and jobs are written in the same transaction, as a move's are.
 */
import type { Msg } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import type { Q } from '../backend.js';
import type { StoreContext } from '../context.js';
import { fail, gameOf, nextBotName, type GameRecord, type StoreResult } from '../records.js';
import { syncClocks } from '../rows/clocks.js';
import { insertLobby, loadGame, loadGames, markCancelled, newWebToken, setGame } from '../rows/games.js';
import { shiftClocks } from '../rows/pause.js';
import { latestBoardPost, queuePost } from '../rows/posts.js';
import { insertSeat, replaceSeats } from '../rows/seats.js';
import { insertFlag, insertSession, lockSession, lockTables, setSession, tableIds, type SessionRow } from '../rows/sessions.js';
import type { BotLevel, GameSettings } from '../schema.js';
import { followUps } from './follow-ups.js';
import { seatPerson, seatToBot } from './seats.js';
import { start } from './lobby.js';
import { endSessionIfOver, queueDebrief } from './session-end.js';

/** The session option that is not the game's: seats per table, kept beside the game's options. */
export const TABLE_SEATS = '@seats';

export interface NewSession {
  guildId: string | null;
  channelId: string;
  gameType: string;
  /** The game's options as chosen. */
  options: Record<string, string | boolean>;
  /** Seats per table (bots fill the empty ones at the start); absent: the game's most. */
  tableSeats?: number;
  settings: GameSettings;
  language: string;
  botLevel: BotLevel;
  anonymous: boolean;
  facilitatorId: string;
  /** One thread per table, in table order. */
  threads: string[];
  /** One seed per table. */
  seeds: string[];
}

/** The game's own options of a session (without the session's). */
export function gameOptionsOf(session: Pick<SessionRow, 'options'>): Record<string, string | boolean> {
  return Object.fromEntries(Object.entries(session.options).filter(([name]) => !name.startsWith('@')));
}

/** How many seats each table of a session has. */
export function seatsPerTable(session: Pick<SessionRow, 'options' | 'gameType'>): number {
  const chosen = session.options[TABLE_SEATS];
  if (typeof chosen === 'string' && /^\d+$/.test(chosen)) return Number(chosen);
  const game = gameById(session.gameType)!;
  const parsed = game.parseOptions(gameOptionsOf(session));
  return game.players(parsed.ok ? parsed.options : {}).max;
}

export async function createSession(ctx: StoreContext, input: NewSession): Promise<StoreResult<{ session: SessionRow; tables: GameRecord[] }>> {
  if (!gameById(input.gameType)) return fail('error.unknownGame');
  return ctx.backend.write(async (tx) => {
    const at = ctx.now();
    const options = input.tableSeats ? { ...input.options, [TABLE_SEATS]: String(input.tableSeats) } : input.options;
    const id = await insertSession(tx, ctx.schema, {
      guildId: input.guildId, channelId: input.channelId, gameType: input.gameType, options, settings: input.settings, language: input.language,
      botLevel: input.botLevel, tables: input.threads.length, anonymous: input.anonymous, facilitatorId: input.facilitatorId, status: 'open',
      webToken: newWebToken(), createdAt: at,
    });
    const tables: GameRecord[] = [];
    for (const [i, channelId] of input.threads.entries()) {
      const gameId = await insertLobby(tx, ctx.schema, {
        guildId: input.guildId, channelId, gameType: input.gameType, options: input.options, language: input.language, seed: input.seeds[i]!,
        creator: { id: input.facilitatorId, name: '' }, settings: input.settings,
      }, at);
      await setGame(tx, ctx.schema, gameId, { sessionId: id, tableNumber: i + 1 });
      tables.push((await loadGame(tx, ctx.schema, gameId))!);
    }
    return { ok: true as const, value: { session: (await lockSession(tx, ctx.schema, id))!, tables } };
  });
}

export function setSessionMessage(ctx: StoreContext, sessionId: number, messageId: string): Promise<void> {
  return ctx.backend.write((tx) => setSession(tx, ctx.schema, sessionId, { messageId }));
}

type SessionChange<T> = (tx: Q, session: SessionRow, tables: GameRecord[]) => Promise<StoreResult<T>>;

/** Runs a change on a locked session and its tables as they are now. */
function changeSession<T>(ctx: StoreContext, sessionId: number, change: SessionChange<T>): Promise<StoreResult<T>> {
  return ctx.backend.write(async (tx) => {
    const ids = await tableIds(tx, ctx.schema, sessionId);
    await lockTables(tx, ctx.schema, ids);
    const session = await lockSession(tx, ctx.schema, sessionId);
    if (!session) return fail('session.error.noSession');
    return change(tx, session, await loadGames(tx, ctx.schema, ids));
  });
}

export interface Seated {
  table: number;
  game: GameRecord;
}

const humans = (record: GameRecord) => record.seats.filter((s) => !s.isBot).length;
const tableOfUser = (tables: GameRecord[], userId: string) => tables.find((t) => t.seats.some((s) => s.userId === userId));

/** Seats a student at the chosen table, or at the least filled one (the lowest number on a tie). */
export function joinSession(ctx: StoreContext, sessionId: number, user: { id: string; name: string }, table?: number): Promise<StoreResult<Seated>> {
  return changeSession(ctx, sessionId, async (tx, session, tables) => {
    if (session.status !== 'open') return fail('session.error.started');
    const at = tableOfUser(tables, user.id);
    if (at) return fail('session.error.alreadyAt', { table: at.tableNumber ?? 0 });
    return seat(ctx, tx, session, tables, user, table);
  });
}

async function seat(ctx: StoreContext, tx: Q, session: SessionRow, tables: GameRecord[], user: { id: string; name: string }, table?: number): Promise<StoreResult<Seated>> {
  const cap = seatsPerTable(session);
  const open = tables.filter((t) => t.status === 'lobby' && t.seats.length < cap);
  let target: GameRecord | undefined;
  if (table !== undefined) {
    target = tables.find((t) => t.tableNumber === table);
    if (!target || target.status !== 'lobby') return fail('session.error.noTable', { table });
    if (target.seats.length >= cap) return fail('session.error.tableFull', { table });
  } else {
    target = [...open].sort((a, b) => a.seats.length - b.seats.length || (a.tableNumber ?? 0) - (b.tableNumber ?? 0))[0];
    if (!target) return fail('session.error.allFull');
  }
  await insertSeat(tx, ctx.schema, target.id, target.seats.length, { userId: user.id, isBot: false, displayName: user.name }, ctx.now());
  await setGame(tx, ctx.schema, target.id, { version: target.version + 1, updatedAt: ctx.now() });
  return { ok: true as const, value: { table: target.tableNumber ?? 0, game: (await loadGame(tx, ctx.schema, target.id))! } };
}

/** The facilitator moves a student to another table before the start (or seats one who had not joined). */
export function moveStudent(ctx: StoreContext, sessionId: number, user: { id: string; name: string }, table: number): Promise<StoreResult<Seated & { from: GameRecord | null }>> {
  return changeSession(ctx, sessionId, async (tx, session, tables) => {
    if (session.status === 'ended') return fail('session.error.ended');
    if (session.status !== 'open') return moveDuringPlay(ctx, tx, tables, user, table);
    const from = tableOfUser(tables, user.id) ?? null;
    if (from?.tableNumber === table) return fail('session.error.alreadyAt', { table });
    const target = tables.find((t) => t.tableNumber === table);
    if (!target || target.status !== 'lobby') return fail('session.error.noTable', { table });
    if (target.seats.length >= seatsPerTable(session)) return fail('session.error.tableFull', { table });
    const name = from?.seats.find((s) => s.userId === user.id)?.displayName ?? user.name;
    if (from) {
      await replaceSeats(tx, ctx.schema, from.id, from.seats.filter((s) => s.userId !== user.id), ctx.now());
      await setGame(tx, ctx.schema, from.id, { version: from.version + 1, updatedAt: ctx.now() });
    }
    const seated = await seat(ctx, tx, session, tables, { id: user.id, name }, table);
    if (!seated.ok) return seated;
    return { ok: true as const, value: { ...seated.value, from: from ? (await loadGame(tx, ctx.schema, from.id))! : null } };
  });
}

/**
 * Once the tables play, a student moves into a bot's seat at the other table (its hand and all,
 * as a take-over), and a bot plays on in theirs; no departure is counted against them. The last
 * person at a table stays: a table of bots alone would play on with nobody to learn from it.
 */
async function moveDuringPlay(ctx: StoreContext, tx: Q, tables: GameRecord[], user: { id: string; name: string }, table: number): Promise<StoreResult<Seated & { from: GameRecord | null }>> {
  const from = tableOfUser(tables, user.id);
  if (!from || from.status !== 'active') return fail('session.error.notSeated');
  if (from.tableNumber === table) return fail('session.error.alreadyAt', { table });
  const target = tables.find((t) => t.tableNumber === table);
  if (!target || target.status !== 'active') return fail('session.error.noTable', { table });
  const botSeat = target.seats.find((s) => s.isBot);
  if (!botSeat) return fail('session.error.noBotSeat', { table });
  if (humans(from) < 2) return fail('session.error.lastAtTable', { table: from.tableNumber ?? 0 });
  const name = from.seats.find((s) => s.userId === user.id)!.displayName;
  await seatToBot(ctx, tx, from, from.seats.find((s) => s.userId === user.id)!.position, null);
  const seated = await seatPerson(ctx, tx, target.id, botSeat.position, { id: user.id, name });
  if (!seated.ok) return seated;
  const left = await followUps(ctx, tx, from.id, false);
  return { ok: true as const, value: { table, game: await followUps(ctx, tx, target.id, false), from: left } };
}

/**
 * Start all, first step: bots of the session's level fill the empty seats of every table with a
 * person, tables with nobody close, and the session runs. The deals follow, one transaction per
 * table (`startTables`); pressed again after a crash in between, it finishes the job.
 */
export function prepareStart(ctx: StoreContext, sessionId: number): Promise<StoreResult<GameRecord[]>> {
  return changeSession(ctx, sessionId, async (tx, session, tables) => {
    if (session.status === 'ended') return fail('session.error.ended');
    if (session.status === 'paused') return fail('session.error.paused');
    const lobbies = tables.filter((t) => t.status === 'lobby');
    if (session.status === 'open' && !lobbies.some((t) => humans(t) > 0)) return fail('session.error.nobody');
    const cap = seatsPerTable(session);
    const at = ctx.now();
    for (const table of lobbies) {
      if (humans(table) === 0) {
        await markCancelled(tx, ctx.schema, table, at);
        continue;
      }
      const seats = [...table.seats];
      while (seats.length < cap) {
        const bot = { userId: null, isBot: true, botLevel: session.botLevel, displayName: nextBotName({ seats: seats.map((s, position) => ({ ...s, position })) }) };
        await insertSeat(tx, ctx.schema, table.id, seats.length, bot, at);
        seats.push({ ...bot, position: seats.length });
      }
    }
    if (session.status === 'open') await setSession(tx, ctx.schema, session.id, { status: 'running', startedAt: at });
    return { ok: true as const, value: await loadGames(tx, ctx.schema, tables.map((t) => t.id)) };
  });
}

/** Start all, second step: deals every table still in its lobby (each its own transaction, as /game start). */
export async function startTables(ctx: StoreContext, session: Pick<SessionRow, 'facilitatorId'>, tables: GameRecord[]): Promise<GameRecord[]> {
  const started: GameRecord[] = [];
  for (const table of tables.filter((t) => t.status === 'lobby')) {
    const result = await start(ctx, table.id, session.facilitatorId);
    if (result.ok) started.push(result.value);
  }
  return started;
}

/**
 * A pause or a resume at a table: a text line, then the current board redrawn in place, which
 * says it is paused while `games.paused_at` is set (read when the post is sent) and no longer
 * once resumed. Nobody is pinged again.
 */
async function tableLine(ctx: StoreContext, tx: Q, record: GameRecord, line: Msg, over = false): Promise<void> {
  await queuePost(tx, ctx.schema, ctx.jobs, record.id, 'log', { version: record.version, view: gameOf(record).publicView(record.state), lines: [line], pending: [], ping: [], over }, ctx.now());
  const board = await latestBoardPost(tx, ctx.schema, record.id);
  if (board) await queuePost(tx, ctx.schema, ctx.jobs, record.id, 'edit', { ...board.payload, ping: [] }, ctx.now());
}

/** Pause all: moves are refused, bots wait and clocks stand still at every running table. */
export function pauseAll(ctx: StoreContext, sessionId: number): Promise<StoreResult<GameRecord[]>> {
  return changeSession(ctx, sessionId, async (tx, session, tables) => {
    if (session.status !== 'running') return fail(session.status === 'paused' ? 'session.error.paused' : 'session.error.notRunning');
    const at = ctx.now();
    const changed: number[] = [];
    for (const table of tables.filter((t) => t.status === 'active' && !t.pausedAt)) {
      await setGame(tx, ctx.schema, table.id, { pausedAt: at, updatedAt: at });
      await tableLine(ctx, tx, table, { key: 'session.board.paused' });
      // No clock check while paused; resuming adds it back.
      if (ctx.jobs) await ctx.jobs.clock(tx, table.id, null, at);
      changed.push(table.id);
    }
    await setSession(tx, ctx.schema, session.id, { status: 'paused' });
    return { ok: true as const, value: await loadGames(tx, ctx.schema, changed) };
  });
}

/** Resume all: every clock moves on by the time paused, so each turn keeps the time it had left. */
export function resumeAll(ctx: StoreContext, sessionId: number): Promise<StoreResult<GameRecord[]>> {
  return changeSession(ctx, sessionId, async (tx, session, tables) => {
    if (session.status !== 'paused') return fail('session.error.notPaused');
    const at = ctx.now();
    const resumed: GameRecord[] = [];
    for (const table of tables.filter((t) => t.pausedAt)) {
      await shiftClocks(tx, ctx.schema, table.id, at.getTime() - table.pausedAt!.getTime());
      await setGame(tx, ctx.schema, table.id, { pausedAt: null, updatedAt: at });
      if (table.status !== 'active') continue;
      await tableLine(ctx, tx, table, { key: 'session.board.resumed' });
      resumed.push(await followUps(ctx, tx, table.id, true));
    }
    await setSession(tx, ctx.schema, session.id, { status: 'running' });
    return { ok: true as const, value: resumed };
  });
}

/**
 * End all now: every running table ends ranked as it stands (`standingsNow`), marked stopped
 * early, with its final scores posted and no rating counted; lobbies close.
 */
export function endAll(ctx: StoreContext, sessionId: number): Promise<StoreResult<GameRecord[]>> {
  return changeSession(ctx, sessionId, async (tx, session, tables) => {
    if (session.status === 'ended') return fail('session.error.ended');
    const at = ctx.now();
    const ended: number[] = [];
    // The table whose outbox carries the debrief: the last one ended here, else the last table.
    let debriefAt = tables.at(-1) ? { id: tables.at(-1)!.id, version: tables.at(-1)!.version + (tables.at(-1)!.status === 'lobby' ? 1 : 0) } : null;
    for (const table of tables) {
      if (table.status === 'lobby') await markCancelled(tx, ctx.schema, table, at);
      if (table.status !== 'active') continue;
      const game = gameOf(table);
      const outcome = game.standingsNow(table.state);
      await setGame(tx, ctx.schema, table.id, { status: 'finished', finishedAt: at, updatedAt: at, version: table.version + 1, stoppedEarly: true, pausedAt: null });
      await syncClocks(tx, ctx.schema, table.id, [], table.settings, () => false, at);
      const payload = { version: table.version + 1, view: game.publicView(table.state), pending: [], ping: [], over: true };
      await queuePost(tx, ctx.schema, ctx.jobs, table.id, 'log', { ...payload, lines: [{ key: 'session.board.stoppedEarly' }] }, at);
      await queuePost(tx, ctx.schema, ctx.jobs, table.id, 'final', { ...payload, lines: [], outcome }, at);
      await followUps(ctx, tx, table.id, true);
      ended.push(table.id);
      debriefAt = { id: table.id, version: table.version + 1 };
    }
    await setSession(tx, ctx.schema, session.id, { status: 'ended', endedAt: at, ...(session.startedAt ? {} : { startedAt: at }) });
    // The debrief follows the last table's final scores, in that table's outbox: written here, it
    // goes out once even if this process dies now.
    if (debriefAt) {
      await queueDebrief(ctx, tx, debriefAt.id, debriefAt.version);
      if (!ended.includes(debriefAt.id)) ended.push(debriefAt.id);
    }
    return { ok: true as const, value: await loadGames(tx, ctx.schema, ended) };
  });
}

/** Ends the session if none of its tables is left in play (and queues its debrief); false if it did not. */
export function markEnded(ctx: StoreContext, sessionId: number): Promise<boolean> {
  return ctx.backend.write(async (tx) => {
    const ids = await tableIds(tx, ctx.schema, sessionId);
    await lockTables(tx, ctx.schema, ids);
    const last = (await loadGames(tx, ctx.schema, ids)).at(-1);
    return last ? endSessionIfOver(ctx, tx, sessionId, last.id, last.version) : false;
  });
}

/** A player flags a card or event of their table for the debrief; false when they already had. */
export function addFlag(ctx: StoreContext, flag: { gameId: number; seat: number; userId: string; item: string }): Promise<boolean> {
  return ctx.backend.write((tx) => insertFlag(tx, ctx.schema, { ...flag, at: ctx.now() }));
}
