/**
 * Every read and write of games, seats and moves. Each change runs in one transaction and bumps
 * the game's version; a write that expected another version changes nothing.
 */
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AnyGame, GameOptions, LogEvent, Msg, Seat } from '../engine/index.js';
import { gameById } from '../games/index.js';
import type { Db } from './database.js';
import { DEFAULT_SETTINGS, MAX_REMINDERS, MAX_TIMEOUTS, dueClocks, nextDue, nextReminder, retimeClocks, syncClocks, type DueClock } from './clocks.js';
import { planPost } from './outbox.js';
import { rateGame } from './ratings.js';
import { clocks, departures, games, meta, moves, posts, ratings, seatHolders, seatRequests, seats, users, type BotLevel, type GameSettings, type GameStatus, type PostKind, type PostPayload, type SeatRequestStatus } from './schema.js';

export interface SeatRecord {
  position: Seat;
  userId: string | null;
  isBot: boolean;
  /** A bot seat's level (standard when absent). */
  botLevel?: BotLevel;
  displayName: string;
  /** Turns in a row played for this seat when its time ran out. */
  timeouts?: number;
  /** Private lines before this move sequence belonged to an earlier holder of the seat. */
  sinceSequence?: number;
}

export interface GameRecord {
  id: number;
  guildId: string | null;
  channelId: string;
  gameType: string;
  status: GameStatus;
  options: GameOptions;
  language: string;
  state: unknown;
  version: number;
  seed: string;
  creatorId: string;
  lobbyMessageId: string | null;
  boardMessageId: string | null;
  postedThrough: number;
  boardFrom: number;
  settings: GameSettings;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  seats: SeatRecord[];
  /** Who held each seat from which move on; absent for a record built by hand (tests). */
  holders?: SeatHolder[];
}

/** One holder of a seat, from the move `fromSequence` on. */
export interface SeatHolder {
  seat: Seat;
  fromSequence: number;
  userId: string | null;
  isBot: boolean;
  displayName: string;
}

/** A request to take over a bot's seat, waiting for the host or a moderator. */
export type SeatRequest = typeof seatRequests.$inferSelect;

/** Whether a seat is held by a person who took it over during play (not dealt in). */
export function tookOver(record: Pick<GameRecord, 'seats'>, seat: Seat): boolean {
  const s = record.seats[seat];
  return !!s && !s.isBot && (s.sinceSequence ?? 0) > 0;
}

export type StoreResult<T> = { ok: true; value: T } | { ok: false; error: Msg };

const fail = (key: string, args?: Msg['args']): { ok: false; error: Msg } => ({ ok: false, error: args ? { key, args } : { key } });

/** Names given to bot seats, in order of arrival. */
export const BOT_NAMES = ['Bot Ada', 'Bot Blaise', 'Bot Curie', 'Bot Darwin', 'Bot Euler'];

/** The first bot name nobody at the table has. */
function nextBotName(record: GameRecord): string {
  const used = new Set(record.seats.map((s) => s.displayName));
  return BOT_NAMES.find((n) => !used.has(n)) ?? `Bot ${record.seats.length + 1}`;
}

export interface NewLobby {
  guildId: string | null;
  channelId: string;
  gameType: string;
  options: GameOptions;
  language: string;
  seed: string;
  creator: { id: string; name: string };
  settings?: GameSettings;
}

export interface MoveInput {
  expectedVersion: number;
  seat: Seat;
  actorId: string | null;
  move: unknown;
  interactionId: string | null;
  /** Played for the seat because its time ran out. */
  timeout?: boolean;
}

export interface MoveApplied {
  game: GameRecord;
  events: LogEvent[];
  /** Whether the move queued something for the channel (bots pause only after a post). */
  posted: boolean;
}

/** A post waiting in the outbox. */
export interface PostRecord {
  id: number;
  gameId: number;
  kind: PostKind;
  payload: PostPayload;
}

/** A private or public line, with the move it came from. */
export interface SeatLine {
  sequence: number;
  event: LogEvent;
}

export class GameStore {
  constructor(
    readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  createLobby(input: NewLobby): StoreResult<GameRecord> {
    const game = gameById(input.gameType);
    if (!game) return fail('error.unknownGame');
    return this.db.transaction((tx) => {
      const open = tx.select({ id: games.id }).from(games)
        .where(and(eq(games.channelId, input.channelId), inArray(games.status, ['lobby', 'active'])))
        .get();
      if (open) return fail('error.channelBusy');
      const at = this.now();
      const row = tx.insert(games).values({
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
        createdAt: at,
        updatedAt: at,
      }).returning({ id: games.id }).get();
      tx.insert(seats).values({ gameId: row.id, position: 0, userId: input.creator.id, isBot: false, displayName: input.creator.name, joinedAt: at }).run();
      return { ok: true as const, value: this.load(tx, row.id)! };
    });
  }

  get(id: number): GameRecord | null {
    return this.load(this.db, id);
  }

  /** The lobby or running game of a channel, if any. */
  openInChannel(channelId: string): GameRecord | null {
    const row = this.db.select({ id: games.id }).from(games)
      .where(and(eq(games.channelId, channelId), inArray(games.status, ['lobby', 'active'])))
      .get();
    return row ? this.get(row.id) : null;
  }

  /** The newest game of a channel, open or not (for /status after the end). */
  latestInChannel(channelId: string): GameRecord | null {
    const row = this.db.select({ id: games.id }).from(games)
      .where(eq(games.channelId, channelId)).orderBy(sql`${games.id} desc`).limit(1).get();
    return row ? this.get(row.id) : null;
  }

  activeGames(): GameRecord[] {
    const rows = this.db.select({ id: games.id }).from(games).where(eq(games.status, 'active')).all();
    return rows.map((r) => this.get(r.id)!);
  }

  join(gameId: number, user: { id: string; name: string }): StoreResult<GameRecord> {
    return this.changeLobby(gameId, (tx, record) => {
      if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
      const max = gameById(record.gameType)!.players(record.options).max;
      if (record.seats.length >= max) return fail('error.lobbyFull', { max });
      tx.insert(seats).values({ gameId, position: record.seats.length, userId: user.id, isBot: false, displayName: user.name, joinedAt: this.now() }).run();
      return null;
    });
  }

  addBot(gameId: number, byUserId: string, level: BotLevel = 'standard'): StoreResult<GameRecord> {
    return this.changeLobby(gameId, (tx, record) => {
      if (!record.seats.some((s) => s.userId === byUserId)) return fail('error.joinFirst');
      const max = gameById(record.gameType)!.players(record.options).max;
      if (record.seats.length >= max) return fail('error.lobbyFull', { max });
      const name = nextBotName(record);
      tx.insert(seats).values({ gameId, position: record.seats.length, userId: null, isBot: true, botLevel: level, displayName: name, joinedAt: this.now() }).run();
      return null;
    });
  }

  /** The host sets a bot seat's level before the start. */
  setBotLevel(gameId: number, byUserId: string, position: Seat, level: BotLevel): StoreResult<GameRecord> {
    return this.changeLobby(gameId, (tx, record) => {
      if (record.creatorId !== byUserId) return fail('error.hostOnly');
      if (!record.seats[position]?.isBot) return fail('error.noSuchBot');
      tx.update(seats).set({ botLevel: level }).where(and(eq(seats.gameId, gameId), eq(seats.position, position))).run();
      return null;
    });
  }

  /**
   * A player leaves the lobby. The seats close up; the creator role passes to the next human, and
   * a lobby with no human left is cancelled.
   */
  leave(gameId: number, userId: string): StoreResult<GameRecord> {
    return this.changeLobby(gameId, (tx, record) => {
      const seat = record.seats.find((s) => s.userId === userId);
      if (!seat) return fail('error.notInGame');
      const rest = record.seats.filter((s) => s !== seat);
      tx.delete(seats).where(eq(seats.gameId, gameId)).run();
      rest.forEach((s, position) => {
        tx.insert(seats).values({ gameId, position, userId: s.userId, isBot: s.isBot, botLevel: s.botLevel ?? 'standard', displayName: s.displayName, joinedAt: this.now() }).run();
      });
      const nextHuman = rest.find((s) => !s.isBot);
      if (!nextHuman) {
        tx.update(games).set({ status: 'cancelled', finishedAt: this.now() }).where(eq(games.id, gameId)).run();
      } else if (record.creatorId === userId) {
        tx.update(games).set({ creatorId: nextHuman.userId! }).where(eq(games.id, gameId)).run();
      }
      return null;
    });
  }

  /**
   * A player leaves a running game: a bot takes over the seat, hand and all, so the others can
   * play on. When no human is left the game is cancelled instead.
   */
  handOverToBot(gameId: number, userId: string, reason: 'left' | 'kicked' = 'left'): StoreResult<GameRecord> {
    return this.db.transaction((tx) => {
      const record = this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
      const seat = record.seats.find((s) => s.userId === userId);
      if (!seat) return fail('error.notInGame');
      const at = this.now();
      const humansLeft = record.seats.filter((s) => !s.isBot && s !== seat).length;
      if (humansLeft === 0) {
        this.markCancelled(tx, record);
      } else {
        const bot = nextBotName(record);
        tx.update(seats).set({ userId: null, isBot: true, botLevel: 'standard', displayName: bot })
          .where(and(eq(seats.gameId, gameId), eq(seats.position, seat.position))).run();
        this.recordHolder(tx, gameId, seat.position, this.moveCountIn(tx, gameId) + 1, { userId: null, isBot: true, displayName: bot });
        tx.insert(departures).values({ gameId, userId, seat: seat.position, reason, at }).run();
        tx.delete(clocks).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat.position))).run();
        const creatorId = record.creatorId === userId ? record.seats.find((s) => !s.isBot && s !== seat)!.userId! : record.creatorId;
        tx.update(games).set({ version: record.version + 1, updatedAt: at, creatorId }).where(eq(games.id, gameId)).run();
      }
      return { ok: true as const, value: this.load(tx, gameId)! };
    });
  }

  /**
   * A person takes over a bot seat of a running game. They see that seat's view from now on,
   * never the private lines of its earlier holder.
   */
  takeSeat(gameId: number, seat: Seat, user: { id: string; name: string }): StoreResult<GameRecord> {
    return this.db.transaction((tx) => this.seatPerson(tx, gameId, seat, user));
  }

  private seatPerson(tx: Tx, gameId: number, seat: Seat, user: { id: string; name: string }): StoreResult<GameRecord> {
    const record = this.load(tx, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
    if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
    const target = record.seats[seat];
    if (!target?.isBot) return fail('error.notABotSeat');
    const from = this.moveCountIn(tx, gameId) + 1;
    tx.update(seats).set({ userId: user.id, isBot: false, botLevel: 'standard', displayName: user.name, timeouts: 0, sinceSequence: from })
      .where(and(eq(seats.gameId, gameId), eq(seats.position, seat))).run();
    this.recordHolder(tx, gameId, seat, from, { userId: user.id, isBot: false, displayName: user.name });
    tx.update(games).set({ version: record.version + 1, updatedAt: this.now() }).where(eq(games.id, gameId)).run();
    const seated = this.load(tx, gameId)!;
    const pending: Seat[] = gameById(record.gameType)!.pending(record.state);
    syncClocks(tx, gameId, pending.filter((p) => !seated.seats[p]?.isBot), record.settings, (p) => tookOver(seated, p), this.now());
    return { ok: true as const, value: this.load(tx, gameId)! };
  }

  /** Whether a person was kicked from or timed out of this game. */
  wasRemoved(gameId: number, userId: string): boolean {
    return !!this.db.select({ id: departures.gameId }).from(departures)
      .where(and(eq(departures.gameId, gameId), eq(departures.userId, userId), inArray(departures.reason, ['kicked', 'timeout']))).get();
  }

  /**
   * Files a request to take over a bot seat, to be accepted by the host or a moderator before
   * `expiresAt`. A person has at most one request waiting per game.
   */
  requestSeat(gameId: number, seat: Seat, user: { id: string; name: string }, expiresAt: Date): StoreResult<SeatRequest> {
    return this.db.transaction((tx) => {
      const record = this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
      if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
      if (!record.seats[seat]?.isBot) return fail('error.notABotSeat');
      const now = this.now();
      const waiting = tx.select().from(seatRequests)
        .where(and(eq(seatRequests.gameId, gameId), eq(seatRequests.userId, user.id), eq(seatRequests.status, 'pending'))).all() as SeatRequest[];
      if (waiting.some((r) => r.expiresAt > now)) return fail('error.requestWaiting');
      const row = tx.insert(seatRequests).values({ gameId, seat, userId: user.id, displayName: user.name, createdAt: now, expiresAt }).returning().get() as SeatRequest;
      return { ok: true as const, value: row };
    });
  }

  seatRequest(id: number): SeatRequest | null {
    return this.db.select().from(seatRequests).where(eq(seatRequests.id, id)).get() ?? null;
  }

  setSeatRequestMessage(id: number, messageId: string): void {
    this.db.update(seatRequests).set({ messageId }).where(eq(seatRequests.id, id)).run();
  }

  /**
   * The host or a moderator answers a request. Accepting seats the person in the same
   * transaction; a request past its time is marked expired and changes nothing else.
   */
  answerSeatRequest(id: number, accept: boolean, byUserId: string): StoreResult<{ request: SeatRequest; game: GameRecord | null }> {
    return this.db.transaction((tx) => {
      const request = tx.select().from(seatRequests).where(eq(seatRequests.id, id)).get() as SeatRequest | undefined;
      if (!request) return fail('error.noGame');
      if (request.status !== 'pending') return fail(`error.request.${request.status}`);
      const settle = (status: SeatRequestStatus) => {
        tx.update(seatRequests).set({ status, decidedBy: status === 'expired' ? null : byUserId }).where(eq(seatRequests.id, id)).run();
        return { ...request, status, decidedBy: status === 'expired' ? null : byUserId };
      };
      if (request.expiresAt <= this.now()) return { ok: true as const, value: { request: settle('expired'), game: null } };
      if (!accept) return { ok: true as const, value: { request: settle('refused'), game: null } };
      const seated = this.seatPerson(tx, request.gameId, request.seat, { id: request.userId, name: request.displayName });
      if (!seated.ok) return seated;
      return { ok: true as const, value: { request: settle('accepted'), game: seated.value } };
    });
  }

  /** The host changes how the table is paced; running clocks follow at once. */
  updateSettings(gameId: number, settings: GameSettings): StoreResult<GameRecord> {
    return this.db.transaction((tx) => {
      const record = this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active' && record.status !== 'lobby') return fail('error.gameClosed');
      tx.update(games).set({ settings, updatedAt: this.now() }).where(eq(games.id, gameId)).run();
      retimeClocks(tx, gameId, settings, (seat) => tookOver(record, seat), this.now());
      return { ok: true as const, value: this.load(tx, gameId)! };
    });
  }

  /** Clocks due now, and when the next one falls due. */
  dueClocks(limit = 100): DueClock[] {
    return dueClocks(this.db, this.now(), limit);
  }

  /** When the scheduler must next wake: a clock, or a seat request running out. */
  nextDue(): Date | null {
    const clock = nextDue(this.db);
    const request = this.db.select({ at: sql<number | null>`min(${seatRequests.expiresAt})` }).from(seatRequests).where(eq(seatRequests.status, 'pending')).get()?.at ?? null;
    if (request === null) return clock;
    return clock && clock.getTime() <= request ? clock : new Date(request);
  }

  /** Marks the seat requests whose time ran out as expired, and returns them. */
  expireSeatRequests(limit = 100): SeatRequest[] {
    return this.db.transaction((tx) => {
      const due = tx.select().from(seatRequests)
        .where(and(eq(seatRequests.status, 'pending'), lte(seatRequests.expiresAt, this.now()))).limit(limit).all() as SeatRequest[];
      if (due.length) tx.update(seatRequests).set({ status: 'expired' }).where(inArray(seatRequests.id, due.map((r) => r.id))).run();
      return due.map((r) => ({ ...r, status: 'expired' as const }));
    });
  }

  /**
   * Sends a seat a reminder if its clock still says so: one line in the channel, never a board.
   * The next reminder waits twice as long; after a few they stop for this turn.
   */
  remind(gameId: number, seat: Seat): boolean {
    return this.db.transaction((tx) => {
      const now = this.now();
      const clock = tx.select().from(clocks).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).get();
      const record = this.load(tx, gameId);
      if (!clock || !record || record.status !== 'active' || clock.snoozed || !clock.remindAt || clock.remindAt > now) return false;
      // The next one keeps to the turn's schedule; points that passed while this one was late are skipped.
      const next = nextReminder(record.settings, clock.since, clock.reminders + 1, now);
      tx.update(clocks).set({ reminders: next ? next.n - 1 : MAX_REMINDERS, remindAt: next?.at ?? null })
        .where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).run();
      const hours = Math.max(1, Math.round((now.getTime() - clock.since.getTime()) / 3_600_000));
      const game = gameById(record.gameType)!;
      this.queuePost(tx, gameId, 'reminder', {
        version: record.version,
        view: null,
        lines: [{ key: 'clock.reminder', args: { seat: { seat }, count: hours } }],
        pending: game.pending(record.state),
        ping: [seat],
        over: false,
      });
      return true;
    });
  }

  /** No more pings for this seat until its turn is over. */
  snooze(gameId: number, seat: Seat): boolean {
    const result = this.db.update(clocks).set({ snoozed: true }).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).run();
    return result.changes === 1;
  }

  /** A clock whose action failed stops, so it cannot fire again and again. */
  stopClock(gameId: number, seat: Seat, kind: 'deadline' | 'reminder'): void {
    const set = kind === 'deadline' ? { deadlineAt: null } : { remindAt: null };
    this.db.update(clocks).set(set).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).run();
  }

  clockOf(gameId: number, seat: Seat): typeof clocks.$inferSelect | null {
    return this.db.select().from(clocks).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).get() ?? null;
  }

  notifyOf(userId: string): 'channel' | 'dm' {
    return this.db.select({ notify: users.notify }).from(users).where(eq(users.userId, userId)).get()?.notify ?? 'channel';
  }

  setNotify(userId: string, notify: 'channel' | 'dm'): void {
    this.db.insert(users).values({ userId, notify }).onConflictDoUpdate({ target: users.userId, set: { notify } }).run();
  }

  /** Finished games of a server, newest first. */
  finishedGames(guildId: string, offset: number, limit: number, gameType?: string): GameRecord[] {
    const where = gameType
      ? and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(games.gameType, gameType))
      : and(eq(games.guildId, guildId), eq(games.status, 'finished'));
    return this.db.select({ id: games.id }).from(games).where(where).orderBy(sql`${games.finishedAt} desc`, sql`${games.id} desc`)
      .limit(limit).offset(offset).all().map((r) => this.get(r.id)!);
  }

  countFinished(guildId: string): number {
    return this.db.select({ n: sql<number>`count(*)` }).from(games).where(and(eq(games.guildId, guildId), eq(games.status, 'finished'))).get()!.n;
  }

  moveCount(gameId: number): number {
    return this.db.select({ n: sql<number>`count(*)` }).from(moves).where(eq(moves.gameId, gameId)).get()!.n;
  }

  /** The best-rated players of a server (by the conservative estimate mu − 3σ). */
  leaderboard(guildId: string, gameType: string, limit = 10): (typeof ratings.$inferSelect)[] {
    return this.db.select().from(ratings).where(and(eq(ratings.guildId, guildId), eq(ratings.gameType, gameType)))
      .orderBy(sql`${ratings.mu} - 3 * ${ratings.sigma} desc`).limit(limit).all();
  }

  ratingsOf(guildId: string, userId: string): (typeof ratings.$inferSelect)[] {
    return this.db.select().from(ratings).where(and(eq(ratings.guildId, guildId), eq(ratings.userId, userId))).all();
  }

  /** Finished games of a server a user held a seat in, each counted once. */
  gamesOfUser(guildId: string, userId: string): number {
    return this.db.select({ n: sql<number>`count(distinct ${games.id})` }).from(games).innerJoin(seatHolders, eq(seatHolders.gameId, games.id))
      .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(seatHolders.userId, userId))).get()!.n;
  }

  departuresOf(gameId: number): { userId: string; seat: Seat; reason: string }[] {
    return this.db.select({ userId: departures.userId, seat: departures.seat, reason: departures.reason }).from(departures).where(eq(departures.gameId, gameId)).all();
  }

  /** Deals the game. Only the creator may start, once the player count is legal. */
  start(gameId: number, byUserId: string): StoreResult<GameRecord> {
    return this.changeLobby(gameId, (tx, record) => {
      if (record.creatorId !== byUserId) return fail('error.onlyCreatorStarts');
      const game = gameById(record.gameType)!;
      const parsed = game.parseOptions(record.options);
      if (!parsed.ok) return parsed;
      const { min, max } = game.players(parsed.options);
      if (record.seats.length < min) return fail('error.tooFewPlayers', { min, count: record.seats.length });
      if (record.seats.length > max) return fail('error.lobbyFull', { max });
      const state = game.setup({ seats: record.seats.length, options: parsed.options, seed: record.seed });
      tx.update(games).set({ status: 'active', state: JSON.stringify(state) }).where(eq(games.id, gameId)).run();
      for (const s of record.seats) this.recordHolder(tx, gameId, s.position, 0, s);
      // The opening board, in the same transaction: a crash right after the start loses nothing.
      const first: Seat[] = game.pending(state);
      const opening: Msg = { key: 'board.started', args: { players: first.map((seat) => ({ seat })) } };
      this.queuePost(tx, gameId, 'board', {
        version: record.version + 1,
        view: game.publicView(state),
        lines: [opening],
        at: [0],
        pending: first,
        ping: first.filter((seat) => !record.seats[seat]?.isBot),
        over: false,
      });
      syncClocks(tx, gameId, first.filter((seat) => !record.seats[seat]?.isBot), record.settings, () => false, this.now());
      return null;
    });
  }

  cancel(gameId: number): StoreResult<GameRecord> {
    return this.db.transaction((tx) => {
      const record = this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'lobby' && record.status !== 'active') return fail('error.gameClosed');
      this.markCancelled(tx, record);
      return { ok: true as const, value: this.load(tx, gameId)! };
    });
  }

  setLobbyMessage(gameId: number, messageId: string): void {
    this.db.update(games).set({ lobbyMessageId: messageId }).where(eq(games.id, gameId)).run();
  }

  /**
   * Applies one move: load, check the version, apply the rules, save the state and append the
   * move, all in one transaction. A stale version or a replayed interaction id changes nothing.
   */
  applyMove(gameId: number, input: MoveInput): StoreResult<MoveApplied> {
    try {
      return this.db.transaction((tx) => {
        const record = this.load(tx, gameId);
        if (!record) return fail('error.noGame');
        if (record.status !== 'active') return fail('error.gameClosed');
        if (input.interactionId) {
          const seen = tx.select({ id: moves.gameId }).from(moves).where(eq(moves.interactionId, input.interactionId)).get();
          if (seen) return fail('error.alreadyDone');
        }
        if (record.version !== input.expectedVersion) return fail('error.stale');
        const game = gameById(record.gameType)!;
        const before: Seat[] = game.pending(record.state);
        const result = game.apply(record.state, input.seat, input.move);
        if (!result.ok) return result;
        const over = game.isOver(result.state);
        const at = this.now();
        const sequence = this.moveCountIn(tx, gameId) + 1;
        const events: LogEvent[] = [...result.events];
        const handedTo = this.countTimeouts(tx, record, input, over, sequence);
        // The third time-out in a row says at once that a bot plays the seat from now on.
        if (handedTo) events.unshift({ key: 'clock.timedOutToBot', args: { seat: { seat: input.seat }, bot: handedTo, count: MAX_TIMEOUTS }, visibleTo: 'all' });
        else if (input.timeout) events.unshift({ key: 'clock.timedOut', args: { seat: { seat: input.seat } }, visibleTo: 'all' });
        const updated = tx.update(games).set({
          state: JSON.stringify(result.state),
          version: record.version + 1,
          updatedAt: at,
          ...(over ? { status: 'finished' as const, finishedAt: at } : {}),
        }).where(and(eq(games.id, gameId), eq(games.version, input.expectedVersion))).run();
        if (updated.changes !== 1) return fail('error.stale');
        tx.insert(moves).values({
          gameId,
          sequence,
          seat: input.seat,
          version: record.version,
          actorId: input.actorId,
          move: input.move,
          interactionId: input.interactionId,
          events,
          createdAt: at,
        }).run();
        // Seats may have changed hands above (a third timeout), so read them again.
        const seated = this.load(tx, gameId)!;
        const posted = this.planPosts(tx, { ...record, seats: seated.seats }, game, result.state, { before, publish: result.publish ?? 'board', over, sequence });
        const after: Seat[] = over ? [] : game.pending(result.state);
        syncClocks(tx, gameId, after.filter((seat) => !seated.seats[seat]?.isBot), record.settings, (seat) => tookOver(seated, seat), at, input.seat);
        if (over) rateGame(tx, seated, game.outcome(result.state)!, at);
        return { ok: true as const, value: { game: this.load(tx, gameId)!, events, posted } };
      });
    } catch (error) {
      // Two deliveries of one interaction racing past the check above meet the unique index.
      if (error instanceof Error && /UNIQUE constraint failed: moves.interaction_id/.test(error.message)) return fail('error.alreadyDone');
      throw error;
    }
  }

  /** Games whose outbox still holds unsent posts (after a restart). */
  gamesWithUnsentPosts(): number[] {
    return this.db.selectDistinct({ id: posts.gameId }).from(posts).where(isNull(posts.sentAt)).orderBy(asc(posts.gameId)).all().map((r) => r.id);
  }

  /** The oldest unsent post of a game. */
  nextPost(gameId: number): PostRecord | null {
    return this.db.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
      .from(posts).where(and(eq(posts.gameId, gameId), isNull(posts.sentAt))).orderBy(asc(posts.id)).limit(1).get() ?? null;
  }

  /** Marks a post sent; a new board becomes the game's current board. */
  markPosted(post: PostRecord, messageId: string | null, failed = false): void {
    this.db.transaction((tx) => {
      tx.update(posts).set({ sentAt: this.now(), messageId, failed }).where(eq(posts.id, post.id)).run();
      if (post.kind === 'board' && messageId) tx.update(games).set({ boardMessageId: messageId }).where(eq(games.id, post.gameId)).run();
    });
  }

  /** Every post of a game, sent or not, in order (tests and history). */
  postsOf(gameId: number): (PostRecord & { sentAt: Date | null; messageId: string | null; failed: boolean })[] {
    return this.db.select().from(posts).where(eq(posts.gameId, gameId)).orderBy(asc(posts.id)).all();
  }

  /**
   * The lines a seat has not seen yet: everything visible to it from its own latest move on, so
   * a seat that was paid, robbed or traded with learns why when it next looks.
   */
  linesSinceOwnMove(gameId: number, seat: Seat): SeatLine[] {
    const own = this.lastMoveOf(gameId, seat);
    const holder = this.db.select({ since: seats.sinceSequence }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.position, seat))).get()?.since ?? 0;
    return this.eventsBetween(gameId, Math.max(own?.sequence ?? 1, holder), Number.MAX_SAFE_INTEGER)
      .filter((line) => line.event.visibleTo !== 'all' && line.event.visibleTo.includes(seat));
  }

  /** The public log of a game, rebuilt from the stored moves. */
  publicLog(gameId: number): Msg[] {
    return this.publicLines(gameId).map((l) => l.line);
  }

  /** The public log with the move each line came from, so it names the seat holders of its time. */
  publicLines(gameId: number): { sequence: number; line: Msg }[] {
    return this.eventsBetween(gameId, 1, Number.MAX_SAFE_INTEGER).filter((l) => l.event.visibleTo === 'all').map((l) => ({ sequence: l.sequence, line: stripVisibility(l.event) }));
  }

  moveLog(gameId: number): { seat: Seat; move: unknown; actorId: string | null; interactionId: string | null }[] {
    return this.db.select({ seat: moves.seat, move: moves.move, actorId: moves.actorId, interactionId: moves.interactionId })
      .from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.sequence)).all();
  }

  /** The newest move of one seat, with the game version it was made at. */
  lastMoveOf(gameId: number, seat: Seat): { sequence: number; version: number; actorId: string | null } | null {
    return this.db.select({ sequence: moves.sequence, version: moves.version, actorId: moves.actorId })
      .from(moves).where(and(eq(moves.gameId, gameId), eq(moves.seat, seat))).orderBy(sql`${moves.sequence} desc`).limit(1).get() ?? null;
  }

  getMeta(key: string): string | null {
    return this.db.select().from(meta).where(eq(meta.key, key)).get()?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
  }

  /**
   * A move played by a deadline counts against its seat; a move the player made clears the count.
   * After MAX_TIMEOUTS in a row, a bot takes the seat for good and the table is told.
   */
  /**
   * Returns the bot's name when this time-out hands the seat over; the bot holds it from the
   * next move on, so the timed-out move itself is still credited to the player.
   */
  private countTimeouts(tx: Tx, record: GameRecord, input: MoveInput, over: boolean, sequence: number): string | null {
    const seat = record.seats[input.seat];
    if (!seat || seat.isBot) return null;
    const where = and(eq(seats.gameId, record.id), eq(seats.position, input.seat));
    if (!input.timeout) {
      if (seat.timeouts) tx.update(seats).set({ timeouts: 0 }).where(where).run();
      return null;
    }
    const timeouts = (seat.timeouts ?? 0) + 1;
    if (timeouts < MAX_TIMEOUTS || over || record.seats.filter((s) => !s.isBot).length < 2) {
      tx.update(seats).set({ timeouts }).where(where).run();
      return null;
    }
    const bot = nextBotName(record);
    tx.update(seats).set({ userId: null, isBot: true, botLevel: 'standard', displayName: bot, timeouts: 0 }).where(where).run();
    this.recordHolder(tx, record.id, input.seat, sequence + 1, { userId: null, isBot: true, displayName: bot });
    tx.insert(departures).values({ gameId: record.id, userId: seat.userId!, seat: input.seat, reason: 'timeout', at: this.now() }).run();
    return bot;
  }

  private moveCountIn(tx: Tx, gameId: number): number {
    return tx.select({ n: sql<number>`count(*)` }).from(moves).where(eq(moves.gameId, gameId)).get()!.n;
  }

  /** A seat changes hands from move `fromSequence` on (a later change at the same move wins). */
  private recordHolder(tx: Tx, gameId: number, seat: Seat, fromSequence: number, holder: { userId: string | null; isBot: boolean; displayName: string }): void {
    const values = { userId: holder.userId, isBot: holder.isBot, displayName: holder.displayName };
    tx.insert(seatHolders).values({ gameId, seat, fromSequence, ...values })
      .onConflictDoUpdate({ target: [seatHolders.gameId, seatHolders.seat, seatHolders.fromSequence], set: values }).run();
  }

  private eventsBetween(gameId: number, from: number, to: number, tx: Tx = this.db): SeatLine[] {
    const rows = tx.select({ sequence: moves.sequence, events: moves.events }).from(moves)
      .where(and(eq(moves.gameId, gameId), gte(moves.sequence, from), lte(moves.sequence, to))).orderBy(asc(moves.sequence)).all();
    return rows.flatMap((r) => (r.events ?? []).map((event) => ({ sequence: r.sequence, event })));
  }

  private queuePost(tx: Tx, gameId: number, kind: PostKind, payload: PostPayload): void {
    tx.insert(posts).values({ gameId, kind, payload, createdAt: this.now() }).run();
  }

  /** Writes what the channel gets for the move just stored (see outbox.ts). */
  private planPosts(
    tx: Tx,
    record: GameRecord,
    game: AnyGame,
    state: unknown,
    move: { before: Seat[]; publish: 'board' | 'log' | 'quiet'; over: boolean; sequence: number },
  ): boolean {
    const after: Seat[] = move.over ? [] : game.pending(state);
    const plan = planPost({ publish: move.publish, before: move.before, after, isBot: (seat) => record.seats[seat]?.isBot ?? true, over: move.over });
    if (plan.kinds.length === 0) return false;
    // Each line keeps the move it came from, so it names whoever held the seat then.
    const publicLines = (from: number) => {
      const found = this.eventsBetween(record.id, from, move.sequence, tx).filter((l) => l.event.visibleTo === 'all');
      return { lines: found.map((l) => stripVisibility(l.event)), at: found.map((l) => l.sequence) };
    };
    const base = { version: record.version + 1, view: game.publicView(state), pending: after, ping: plan.ping, over: move.over };
    let boardFrom = record.boardFrom;
    for (const kind of plan.kinds) {
      if (kind === 'final') {
        this.queuePost(tx, record.id, kind, { ...base, lines: [], outcome: game.outcome(state)! });
      } else if (kind === 'edit') {
        this.queuePost(tx, record.id, kind, { ...base, ...publicLines(boardFrom) });
      } else {
        this.queuePost(tx, record.id, kind, { ...base, ...publicLines(record.postedThrough + 1) });
        if (kind === 'board') boardFrom = record.postedThrough + 1;
      }
    }
    tx.update(games).set({ postedThrough: move.sequence, boardFrom }).where(eq(games.id, record.id)).run();
    return true;
  }

  private markCancelled(tx: Tx, record: GameRecord): void {
    const at = this.now();
    tx.update(games).set({ status: 'cancelled', version: record.version + 1, updatedAt: at, finishedAt: at }).where(eq(games.id, record.id)).run();
  }

  /** Runs a lobby change: the game must be an open lobby; the change bumps the version. */
  private changeLobby(gameId: number, change: (tx: Tx, record: GameRecord) => { ok: false; error: Msg } | null): StoreResult<GameRecord> {
    return this.db.transaction((tx) => {
      const record = this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status === 'active') return fail('error.alreadyStarted');
      if (record.status !== 'lobby') return fail('error.gameClosed');
      // Change functions check everything before they write, so a refusal leaves nothing behind.
      const refused = change(tx, record);
      if (refused) return refused;
      tx.update(games).set({ version: record.version + 1, updatedAt: this.now() }).where(eq(games.id, gameId)).run();
      return { ok: true as const, value: this.load(tx, gameId)! };
    });
  }

  private load(tx: Tx, id: number): GameRecord | null {
    const row = tx.select().from(games).where(eq(games.id, id)).get();
    if (!row) return null;
    const seatRows = tx.select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.position)).all();
    const holders = tx.select().from(seatHolders).where(eq(seatHolders.gameId, id)).orderBy(asc(seatHolders.seat), asc(seatHolders.fromSequence)).all() as (typeof seatHolders.$inferSelect)[];
    return {
      ...row,
      state: row.state === null ? null : JSON.parse(row.state),
      settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
      seats: seatRows.map((s) => ({ position: s.position, userId: s.userId, isBot: s.isBot, botLevel: s.botLevel, displayName: s.displayName, timeouts: s.timeouts, sinceSequence: s.sinceSequence })),
      holders: holders.map((h) => ({ seat: h.seat, fromSequence: h.fromSequence, userId: h.userId, isBot: h.isBot, displayName: h.displayName })),
    };
  }
}

function stripVisibility(event: LogEvent): Msg {
  return event.args ? { key: event.key, args: event.args } : { key: event.key };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
