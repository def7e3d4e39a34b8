/**
 * Game rows with their seats and seat holders, read as one record, and the game row's own
 * writes. Plain functions of an open transaction (or the database): none opens one.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import { frequent, type Q, type Schema } from '../backend.js';
import { DEFAULT_SETTINGS } from '../clocks.js';
import type { GameRecord, NewLobby } from '../records.js';
import type { GameStatus } from '../schema.js';

/** 144 random bits, URL-safe: a page address cannot be guessed or counted. */
export function newWebToken(): string {
  return randomBytes(18).toString('base64url');
}

/** A game with its seats and who held each seat when. */
export async function loadGame(q: Q, { games, seats, seatHolders }: Schema, id: number): Promise<GameRecord | null> {
  const [row] = await frequent(q, 'game', (q) => q.select().from(games).where(eq(games.id, sql.placeholder('id'))).limit(1), { id });
  if (!row) return null;
  const seatRows = await frequent(q, 'seats', (q) => q.select().from(seats).where(eq(seats.gameId, sql.placeholder('id'))).orderBy(asc(seats.position)), { id });
  const holders = await frequent(q, 'holders', (q) => q.select().from(seatHolders).where(eq(seatHolders.gameId, sql.placeholder('id'))).orderBy(asc(seatHolders.seat), asc(seatHolders.fromSequence)), { id });
  return {
    ...row,
    state: row.state === null ? null : JSON.parse(row.state),
    settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
    seats: seatRows.map((s) => ({ position: s.position, userId: s.userId, isBot: s.isBot, botLevel: s.botLevel, displayName: s.displayName, timeouts: s.timeouts, sinceSequence: s.sinceSequence, muted: s.muted })),
    holders: holders.map((h) => ({ seat: h.seat, fromSequence: h.fromSequence, userId: h.userId, isBot: h.isBot, displayName: h.displayName })),
  };
}

/** Several games in the order of `ids` (missing ones left out). */
export async function loadGames(q: Q, schema: Schema, ids: readonly number[]): Promise<GameRecord[]> {
  const out: GameRecord[] = [];
  for (const id of ids) {
    const record = await loadGame(q, schema, id);
    if (record) out.push(record);
  }
  return out;
}

/** The lobby or running game of a channel, if any. */
export async function openGameIdIn(q: Q, { games }: Schema, channelId: string): Promise<number | null> {
  const [row] = await q.select({ id: games.id }).from(games).where(and(eq(games.channelId, channelId), inArray(games.status, ['lobby', 'active']))).limit(1);
  return row?.id ?? null;
}

/** The newest game of a channel, open or not. */
export async function latestGameIdIn(q: Q, { games }: Schema, channelId: string): Promise<number | null> {
  const [row] = await q.select({ id: games.id }).from(games).where(eq(games.channelId, channelId)).orderBy(desc(games.id)).limit(1);
  return row?.id ?? null;
}

export async function activeGameIds(q: Q, { games }: Schema): Promise<number[]> {
  return (await q.select({ id: games.id }).from(games).where(eq(games.status, 'active')).orderBy(asc(games.id))).map((r) => r.id);
}

/** Finished games of a server, newest first. */
export async function finishedGameIds(q: Q, { games }: Schema, guildId: string, offset: number, limit: number, gameType?: string): Promise<number[]> {
  const where = gameType
    ? and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(games.gameType, gameType))
    : and(eq(games.guildId, guildId), eq(games.status, 'finished'));
  return (await q.select({ id: games.id }).from(games).where(where).orderBy(desc(games.finishedAt), desc(games.id)).limit(limit).offset(offset)).map((r) => r.id);
}

export async function countFinished(q: Q, { games }: Schema, guildId: string): Promise<number> {
  return (await q.select({ n: count() }).from(games).where(and(eq(games.guildId, guildId), eq(games.status, 'finished'))))[0]!.n;
}

/** Finished games of a server a user held a seat in, each counted once. */
export async function gamesOfUser(q: Q, { games, seatHolders }: Schema, guildId: string, userId: string): Promise<number> {
  return (await q.select({ n: countDistinct(games.id) }).from(games).innerJoin(seatHolders, eq(seatHolders.gameId, games.id))
    .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(seatHolders.userId, userId))))[0]!.n;
}

export async function gameIdByWebToken(q: Q, { games }: Schema, token: string): Promise<number | null> {
  const [row] = await q.select({ id: games.id }).from(games).where(eq(games.webToken, token)).limit(1);
  return row?.id ?? null;
}

export async function webTokenRow(q: Q, { games }: Schema, gameId: number): Promise<{ token: string | null } | null> {
  const [row] = await q.select({ token: games.webToken }).from(games).where(eq(games.id, gameId)).limit(1);
  return row ?? null;
}

/** Versions of some games in one read. */
export async function versionsOf(q: Q, { games }: Schema, ids: number[]): Promise<Map<number, number>> {
  return new Map((await q.select({ id: games.id, version: games.version }).from(games).where(inArray(games.id, ids))).map((r) => [r.id, r.version]));
}

/** A new lobby's row; returns its id. */
export async function insertLobby(tx: Q, { games }: Schema, input: NewLobby, at: Date): Promise<number> {
  const [row] = await tx.insert(games).values({
    guildId: input.guildId,
    channelId: input.channelId,
    gameType: input.gameType,
    status: 'lobby',
    options: input.options,
    language: input.language,
    state: null,
    version: 0,
    seed: input.seed,
    creatorId: input.creator.id,
    settings: input.settings ?? DEFAULT_SETTINGS,
    webToken: newWebToken(),
    createdAt: at,
    updatedAt: at,
  }).returning({ id: games.id });
  return row!.id;
}

type GameRow = Schema['games']['$inferInsert'];

/** Changes columns of a game row. */
export async function setGame(tx: Q, { games }: Schema, gameId: number, set: Partial<Omit<GameRow, 'id'>>): Promise<void> {
  await tx.update(games).set(set).where(eq(games.id, gameId));
}

/**
 * Saves a move's state, only if the game is still at `expectedVersion`; returns whether it was
 * (another writer may have moved it on).
 */
export async function saveState(tx: Q, { games }: Schema, gameId: number, expectedVersion: number, state: unknown, at: Date, over: boolean): Promise<boolean> {
  const updated = await tx.update(games).set({
    state: JSON.stringify(state),
    version: expectedVersion + 1,
    updatedAt: at,
    ...(over ? { status: 'finished' as GameStatus, finishedAt: at } : {}),
  }).where(and(eq(games.id, gameId), eq(games.version, expectedVersion))).returning({ id: games.id });
  return updated.length === 1;
}

/** Cancels a lobby or a running game; it stays in the history. */
export async function markCancelled(tx: Q, schema: Schema, record: Pick<GameRecord, 'id' | 'version'>, at: Date): Promise<void> {
  await setGame(tx, schema, record.id, { status: 'cancelled', version: record.version + 1, updatedAt: at, finishedAt: at });
}
