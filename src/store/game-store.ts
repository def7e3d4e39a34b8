/**
 * Every read and write of games, seats and moves. Each change runs in one transaction and bumps
 * the game's version; a write that expected another version changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AnyGame, GameOptions, LogEvent, Msg, Seat } from '../engine/index.js';
import { gameById } from '../games/index.js';
import { frequent, type Backend, type Q, type Tables } from './backend.js';
import { DEFAULT_SETTINGS, MAX_REMINDERS, MAX_TIMEOUTS, dueClocks, nextDue, nextReminder, retimeClocks, syncClocks, type DueClock } from './clocks.js';
import { planPost } from './outbox.js';
import { rateGame } from './ratings.js';
import type { BotLevel, GameSettings, GameStatus, PostKind, PostPayload, SeatRequestStatus } from './schema.js';

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
  /** The secret part of the game's web page address; null for games made before it existed. */
  webToken?: string | null;
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
export type SeatRequest = Tables['seatRequests']['$inferSelect'];

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

/**
 * What must follow a change, added in the change's own transaction when a job queue runs the
 * bot's work (PostgreSQL): posts in the game's order, the next bot turn, the next clock check.
 */
export interface JobSink {
  post(tx: Q, gameId: number, postId: number): Promise<void>;
  /** Replaces the game's pending bot turn with one `delayMs` from now. */
  botTurn(tx: Q, gameId: number, delayMs: number): Promise<void>;
  /** Replaces the game's clock check with one at `at` (on the store's clock), or removes it. */
  clock(tx: Q, gameId: number, at: Date | null, now: Date): Promise<void>;
}

export interface StoreOptions {
  now?: () => Date;
  /** How long bots pause after a post a person may be reading (BOT_MOVE_DELAY_MS). */
  botDelayMs?: number;
}

/** Bots pause as a person would, unless the table plays live (by default: one human and bots). */
export function botDelay(record: GameRecord, botDelayMs: number): number {
  const pace = record.settings.pace;
  const live = pace === 'live' || (pace === 'auto' && record.seats.filter((s) => !s.isBot).length <= 1);
  return live ? 0 : botDelayMs;
}

/** The bot seat that must play now, if any. */
export function pendingBotSeat(record: GameRecord): Seat | null {
  if (record.status !== 'active') return null;
  const pending: Seat[] = gameById(record.gameType)!.pending(record.state);
  return pending.find((seat) => record.seats[seat]?.isBot) ?? null;
}

export class GameStore {
  readonly t: Tables;
  readonly now: () => Date;
  readonly botDelayMs: number;
  /** Set when a job queue runs posts, bot turns and clocks (PostgreSQL). */
  jobs: JobSink | null = null;

  constructor(
    readonly backend: Backend,
    options: StoreOptions | (() => Date) = {},
  ) {
    const opts = typeof options === 'function' ? { now: options } : options;
    this.t = backend.t;
    this.now = opts.now ?? (() => new Date());
    this.botDelayMs = opts.botDelayMs ?? 0;
  }

  close(): Promise<void> {
    return this.backend.close();
  }

  async createLobby(input: NewLobby): Promise<StoreResult<GameRecord>> {
    const game = gameById(input.gameType);
    if (!game) return fail('error.unknownGame');
    const { games, seats } = this.t;
    try {
      return await this.backend.write(async (tx) => {
        const [open] = await tx.select({ id: games.id }).from(games)
          .where(and(eq(games.channelId, input.channelId), inArray(games.status, ['lobby', 'active']))).limit(1);
        if (open) return fail('error.channelBusy');
        const at = this.now();
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
        await tx.insert(seats).values({ gameId: row!.id, position: 0, userId: input.creator.id, isBot: false, displayName: input.creator.name, joinedAt: at });
        return { ok: true as const, value: (await this.load(tx, row!.id))! };
      });
    } catch (error) {
      // Another process opened a game in this channel between the check and the insert.
      if (this.backend.uniqueViolation(error) === 'games_one_open_per_channel') return fail('error.channelBusy');
      throw error;
    }
  }

  get(id: number): Promise<GameRecord | null> {
    return this.backend.read((q) => this.load(q, id));
  }

  /** The lobby or running game of a channel, if any. */
  openInChannel(channelId: string): Promise<GameRecord | null> {
    const { games } = this.t;
    return this.backend.read(async (q) => {
      const [row] = await q.select({ id: games.id }).from(games)
        .where(and(eq(games.channelId, channelId), inArray(games.status, ['lobby', 'active']))).limit(1);
      return row ? this.load(q, row.id) : null;
    });
  }

  /** The newest game of a channel, open or not (for /status after the end). */
  latestInChannel(channelId: string): Promise<GameRecord | null> {
    const { games } = this.t;
    return this.backend.read(async (q) => {
      const [row] = await q.select({ id: games.id }).from(games).where(eq(games.channelId, channelId)).orderBy(desc(games.id)).limit(1);
      return row ? this.load(q, row.id) : null;
    });
  }

  activeGames(): Promise<GameRecord[]> {
    const { games } = this.t;
    return this.backend.read(async (q) => {
      const rows = await q.select({ id: games.id }).from(games).where(eq(games.status, 'active')).orderBy(asc(games.id));
      const out: GameRecord[] = [];
      for (const r of rows) {
        const record = await this.load(q, r.id);
        if (record) out.push(record);
      }
      return out;
    });
  }

  join(gameId: number, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
    return this.changeLobby(gameId, async (tx, record) => {
      if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
      const max = gameById(record.gameType)!.players(record.options).max;
      if (record.seats.length >= max) return fail('error.lobbyFull', { max });
      await tx.insert(this.t.seats).values({ gameId, position: record.seats.length, userId: user.id, isBot: false, displayName: user.name, joinedAt: this.now() });
      return null;
    });
  }

  addBot(gameId: number, byUserId: string, level: BotLevel = 'standard'): Promise<StoreResult<GameRecord>> {
    return this.changeLobby(gameId, async (tx, record) => {
      if (!record.seats.some((s) => s.userId === byUserId)) return fail('error.joinFirst');
      const max = gameById(record.gameType)!.players(record.options).max;
      if (record.seats.length >= max) return fail('error.lobbyFull', { max });
      const name = nextBotName(record);
      await tx.insert(this.t.seats).values({ gameId, position: record.seats.length, userId: null, isBot: true, botLevel: level, displayName: name, joinedAt: this.now() });
      return null;
    });
  }

  /** The host sets a bot seat's level before the start. */
  setBotLevel(gameId: number, byUserId: string, position: Seat, level: BotLevel): Promise<StoreResult<GameRecord>> {
    const { seats } = this.t;
    return this.changeLobby(gameId, async (tx, record) => {
      if (record.creatorId !== byUserId) return fail('error.hostOnly');
      if (!record.seats[position]?.isBot) return fail('error.noSuchBot');
      await tx.update(seats).set({ botLevel: level }).where(and(eq(seats.gameId, gameId), eq(seats.position, position)));
      return null;
    });
  }

  /**
   * A player leaves the lobby. The seats close up; the creator role passes to the next human, and
   * a lobby with no human left is cancelled.
   */
  leave(gameId: number, userId: string): Promise<StoreResult<GameRecord>> {
    const { games, seats } = this.t;
    return this.changeLobby(gameId, async (tx, record) => {
      const seat = record.seats.find((s) => s.userId === userId);
      if (!seat) return fail('error.notInGame');
      const rest = record.seats.filter((s) => s !== seat);
      await tx.delete(seats).where(eq(seats.gameId, gameId));
      for (const [position, s] of rest.entries()) {
        await tx.insert(seats).values({ gameId, position, userId: s.userId, isBot: s.isBot, botLevel: s.botLevel ?? 'standard', displayName: s.displayName, joinedAt: this.now() });
      }
      const nextHuman = rest.find((s) => !s.isBot);
      if (!nextHuman) {
        await tx.update(games).set({ status: 'cancelled', finishedAt: this.now() }).where(eq(games.id, gameId));
      } else if (record.creatorId === userId) {
        await tx.update(games).set({ creatorId: nextHuman.userId! }).where(eq(games.id, gameId));
      }
      return null;
    });
  }

  /**
   * A player leaves a running game: a bot takes over the seat, hand and all, so the others can
   * play on. When no human is left the game is cancelled instead.
   */
  handOverToBot(gameId: number, userId: string, reason: 'left' | 'kicked' = 'left'): Promise<StoreResult<GameRecord>> {
    const { games, seats, departures, clocks } = this.t;
    return this.backend.write(async (tx) => {
      const record = await this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
      const seat = record.seats.find((s) => s.userId === userId);
      if (!seat) return fail('error.notInGame');
      const at = this.now();
      const humansLeft = record.seats.filter((s) => !s.isBot && s !== seat).length;
      if (humansLeft === 0) {
        await this.markCancelled(tx, record);
      } else {
        const bot = nextBotName(record);
        await tx.update(seats).set({ userId: null, isBot: true, botLevel: 'standard', displayName: bot })
          .where(and(eq(seats.gameId, gameId), eq(seats.position, seat.position)));
        await this.recordHolder(tx, gameId, seat.position, (await this.moveCountIn(tx, gameId)) + 1, { userId: null, isBot: true, displayName: bot });
        await tx.insert(departures).values({ gameId, userId, seat: seat.position, reason, at });
        await tx.delete(clocks).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat.position)));
        const creatorId = record.creatorId === userId ? record.seats.find((s) => !s.isBot && s !== seat)!.userId! : record.creatorId;
        await tx.update(games).set({ version: record.version + 1, updatedAt: at, creatorId }).where(eq(games.id, gameId));
      }
      return { ok: true as const, value: await this.followUps(tx, gameId, false) };
    }, gameId);
  }

  /**
   * A person takes over a bot seat of a running game. They see that seat's view from now on,
   * never the private lines of its earlier holder.
   */
  takeSeat(gameId: number, seat: Seat, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
    return this.backend.write(async (tx) => {
      const seated = await this.seatPerson(tx, gameId, seat, user);
      return seated.ok ? { ok: true as const, value: await this.followUps(tx, gameId, false) } : seated;
    }, gameId);
  }

  private async seatPerson(tx: Q, gameId: number, seat: Seat, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
    const { games, seats } = this.t;
    const record = await this.load(tx, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
    if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
    const target = record.seats[seat];
    if (!target?.isBot) return fail('error.notABotSeat');
    const from = (await this.moveCountIn(tx, gameId)) + 1;
    await tx.update(seats).set({ userId: user.id, isBot: false, botLevel: 'standard', displayName: user.name, timeouts: 0, sinceSequence: from })
      .where(and(eq(seats.gameId, gameId), eq(seats.position, seat)));
    await this.recordHolder(tx, gameId, seat, from, { userId: user.id, isBot: false, displayName: user.name });
    await tx.update(games).set({ version: record.version + 1, updatedAt: this.now() }).where(eq(games.id, gameId));
    const seated = (await this.load(tx, gameId))!;
    const pending: Seat[] = gameById(record.gameType)!.pending(record.state);
    await syncClocks(tx, this.t, gameId, pending.filter((p) => !seated.seats[p]?.isBot), record.settings, (p) => tookOver(seated, p), this.now());
    return { ok: true as const, value: (await this.load(tx, gameId))! };
  }

  /** Whether a person was kicked from or timed out of this game. */
  wasRemoved(gameId: number, userId: string): Promise<boolean> {
    const { departures } = this.t;
    return this.backend.read(async (q) => (await q.select({ id: departures.gameId }).from(departures)
      .where(and(eq(departures.gameId, gameId), eq(departures.userId, userId), inArray(departures.reason, ['kicked', 'timeout']))).limit(1)).length > 0);
  }

  /**
   * Files a request to take over a bot seat, to be accepted by the host or a moderator before
   * `expiresAt`. A person has at most one request waiting per game.
   */
  requestSeat(gameId: number, seat: Seat, user: { id: string; name: string }, expiresAt: Date): Promise<StoreResult<SeatRequest>> {
    const { seatRequests } = this.t;
    return this.backend.write(async (tx) => {
      const record = await this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active') return fail(record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
      if (record.seats.some((s) => s.userId === user.id)) return fail('error.alreadyJoined');
      if (!record.seats[seat]?.isBot) return fail('error.notABotSeat');
      const now = this.now();
      const waiting = await tx.select().from(seatRequests)
        .where(and(eq(seatRequests.gameId, gameId), eq(seatRequests.userId, user.id), eq(seatRequests.status, 'pending')));
      if (waiting.some((r) => r.expiresAt > now)) return fail('error.requestWaiting');
      const [row] = await tx.insert(seatRequests).values({ gameId, seat, userId: user.id, displayName: user.name, createdAt: now, expiresAt }).returning();
      await this.syncClockJob(tx, gameId);
      return { ok: true as const, value: row! };
    }, gameId);
  }

  seatRequest(id: number): Promise<SeatRequest | null> {
    const { seatRequests } = this.t;
    return this.backend.read(async (q) => (await q.select().from(seatRequests).where(eq(seatRequests.id, id)).limit(1))[0] ?? null);
  }

  setSeatRequestMessage(id: number, messageId: string): Promise<void> {
    const { seatRequests } = this.t;
    return this.backend.write(async (tx) => {
      await tx.update(seatRequests).set({ messageId }).where(eq(seatRequests.id, id));
    });
  }

  /**
   * The host or a moderator answers a request. Accepting seats the person in the same
   * transaction; a request past its time is marked expired and changes nothing else.
   */
  async answerSeatRequest(id: number, accept: boolean, byUserId: string): Promise<StoreResult<{ request: SeatRequest; game: GameRecord | null }>> {
    const { seatRequests } = this.t;
    const found = await this.seatRequest(id);
    if (!found) return fail('error.noGame');
    return this.backend.write(async (tx) => {
      const [request] = await tx.select().from(seatRequests).where(eq(seatRequests.id, id)).limit(1);
      if (!request) return fail('error.noGame');
      if (request.status !== 'pending') return fail(`error.request.${request.status}`);
      const settle = async (status: SeatRequestStatus) => {
        await tx.update(seatRequests).set({ status, decidedBy: status === 'expired' ? null : byUserId }).where(eq(seatRequests.id, id));
        return { ...request, status, decidedBy: status === 'expired' ? null : byUserId };
      };
      if (request.expiresAt <= this.now()) return { ok: true as const, value: { request: await settle('expired'), game: null } };
      if (!accept) return { ok: true as const, value: { request: await settle('refused'), game: null } };
      const seated = await this.seatPerson(tx, request.gameId, request.seat, { id: request.userId, name: request.displayName });
      if (!seated.ok) return seated;
      const settled = await settle('accepted');
      return { ok: true as const, value: { request: settled, game: await this.followUps(tx, request.gameId, false) } };
    }, found.gameId);
  }

  /** The host changes how the table is paced; running clocks follow at once. */
  updateSettings(gameId: number, settings: GameSettings): Promise<StoreResult<GameRecord>> {
    const { games } = this.t;
    return this.backend.write(async (tx) => {
      const record = await this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'active' && record.status !== 'lobby') return fail('error.gameClosed');
      await tx.update(games).set({ settings, updatedAt: this.now() }).where(eq(games.id, gameId));
      await retimeClocks(tx, this.t, gameId, settings, (seat) => tookOver(record, seat), this.now());
      return { ok: true as const, value: await this.followUps(tx, gameId, false) };
    }, gameId);
  }

  /** Clocks due now (of one game, or of all), and when the next one falls due. */
  dueClocks(limit = 100, gameId?: number): Promise<DueClock[]> {
    return this.backend.read((q) => dueClocks(q, this.t, this.now(), limit, gameId));
  }

  /** When the scheduler must next wake (for one game, or for all): a clock, or a seat request running out. */
  nextDue(gameId?: number): Promise<Date | null> {
    return this.backend.read((q) => this.nextDueIn(q, gameId));
  }

  private async nextDueIn(q: Q, gameId?: number): Promise<Date | null> {
    const { seatRequests } = this.t;
    const clock = await nextDue(q, this.t, gameId);
    const one = gameId !== undefined;
    const [request] = await frequent(q, one ? 'requestDueOfGame' : 'requestDue', (q) => q.select({ at: seatRequests.expiresAt }).from(seatRequests)
      .where(and(eq(seatRequests.status, 'pending'), one ? eq(seatRequests.gameId, sql.placeholder('gameId')) : undefined)).orderBy(asc(seatRequests.expiresAt)).limit(1), { gameId });
    if (!request) return clock;
    return clock && clock <= request.at ? clock : request.at;
  }

  /** Marks the seat requests whose time ran out (of one game, or of all) as expired, and returns them. */
  expireSeatRequests(limit = 100, gameId?: number): Promise<SeatRequest[]> {
    const { seatRequests } = this.t;
    return this.backend.write(async (tx) => {
      const due = await tx.select().from(seatRequests)
        .where(and(eq(seatRequests.status, 'pending'), lte(seatRequests.expiresAt, this.now()), gameId === undefined ? undefined : eq(seatRequests.gameId, gameId))).limit(limit);
      if (due.length) await tx.update(seatRequests).set({ status: 'expired' }).where(inArray(seatRequests.id, due.map((r) => r.id)));
      return due.map((r) => ({ ...r, status: 'expired' as const }));
    }, gameId);
  }

  /**
   * Sends a seat a reminder if its clock still says so: one line in the channel, never a board.
   * The next reminder waits twice as long; after a few they stop for this turn.
   */
  remind(gameId: number, seat: Seat): Promise<boolean> {
    const { clocks } = this.t;
    return this.backend.write(async (tx) => {
      const now = this.now();
      const [clock] = await tx.select().from(clocks).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).limit(1);
      const record = await this.load(tx, gameId);
      if (!clock || !record || record.status !== 'active' || clock.snoozed || !clock.remindAt || clock.remindAt > now) return false;
      // The next one keeps to the turn's schedule; points that passed while this one was late are skipped.
      const next = nextReminder(record.settings, clock.since, clock.reminders + 1, now);
      await tx.update(clocks).set({ reminders: next ? next.n - 1 : MAX_REMINDERS, remindAt: next?.at ?? null })
        .where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat)));
      const hours = Math.max(1, Math.round((now.getTime() - clock.since.getTime()) / 3_600_000));
      const game = gameById(record.gameType)!;
      await this.queuePost(tx, gameId, 'reminder', {
        version: record.version,
        view: null,
        lines: [{ key: 'clock.reminder', args: { seat: { seat }, count: hours } }],
        pending: game.pending(record.state),
        ping: [seat],
        over: false,
      });
      await this.syncClockJob(tx, gameId);
      return true;
    }, gameId);
  }

  /** No more pings for this seat until its turn is over. */
  snooze(gameId: number, seat: Seat): Promise<boolean> {
    const { clocks } = this.t;
    return this.backend.write(async (tx) => {
      const changed = await tx.update(clocks).set({ snoozed: true }).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat))).returning({ seat: clocks.seat });
      await this.syncClockJob(tx, gameId);
      return changed.length === 1;
    }, gameId);
  }

  /** A clock whose action failed stops, so it cannot fire again and again. */
  stopClock(gameId: number, seat: Seat, kind: 'deadline' | 'reminder'): Promise<void> {
    const { clocks } = this.t;
    const set = kind === 'deadline' ? { deadlineAt: null } : { remindAt: null };
    return this.backend.write(async (tx) => {
      await tx.update(clocks).set(set).where(and(eq(clocks.gameId, gameId), eq(clocks.seat, seat)));
      await this.syncClockJob(tx, gameId);
    }, gameId);
  }

  clockOf(gameId: number, seat: Seat): Promise<Tables['clocks']['$inferSelect'] | null> {
    const { clocks } = this.t;
    return this.backend.read(async (q) => (await frequent(q, 'clock', (q) => q.select().from(clocks)
      .where(and(eq(clocks.gameId, sql.placeholder('gameId')), eq(clocks.seat, sql.placeholder('seat')))).limit(1), { gameId, seat }))[0] ?? null);
  }

  notifyOf(userId: string): Promise<'channel' | 'dm'> {
    const { users } = this.t;
    return this.backend.read(async (q) => (await frequent(q, 'notify', (q) => q.select({ notify: users.notify }).from(users).where(eq(users.userId, sql.placeholder('userId'))).limit(1), { userId }))[0]?.notify ?? 'channel');
  }

  setNotify(userId: string, notify: 'channel' | 'dm'): Promise<void> {
    const { users } = this.t;
    return this.backend.write(async (tx) => {
      await tx.insert(users).values({ userId, notify }).onConflictDoUpdate({ target: users.userId, set: { notify } });
    });
  }

  /** Finished games of a server, newest first. */
  finishedGames(guildId: string, offset: number, limit: number, gameType?: string): Promise<GameRecord[]> {
    const { games } = this.t;
    const where = gameType
      ? and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(games.gameType, gameType))
      : and(eq(games.guildId, guildId), eq(games.status, 'finished'));
    return this.backend.read(async (q) => {
      const rows = await q.select({ id: games.id }).from(games).where(where).orderBy(desc(games.finishedAt), desc(games.id)).limit(limit).offset(offset);
      const out: GameRecord[] = [];
      for (const r of rows) out.push((await this.load(q, r.id))!);
      return out;
    });
  }

  countFinished(guildId: string): Promise<number> {
    const { games } = this.t;
    return this.backend.read(async (q) => (await q.select({ n: count() }).from(games).where(and(eq(games.guildId, guildId), eq(games.status, 'finished'))))[0]!.n);
  }

  moveCount(gameId: number): Promise<number> {
    const { moves } = this.t;
    return this.backend.read(async (q) => (await q.select({ n: count() }).from(moves).where(eq(moves.gameId, gameId)))[0]!.n);
  }

  /** The best-rated players of a server (by the conservative estimate mu − 3σ). */
  leaderboard(guildId: string, gameType: string, limit = 10): Promise<Tables['ratings']['$inferSelect'][]> {
    const { ratings } = this.t;
    return this.backend.read((q) => q.select().from(ratings).where(and(eq(ratings.guildId, guildId), eq(ratings.gameType, gameType)))
      .orderBy(sql`${ratings.mu} - 3 * ${ratings.sigma} desc`, asc(ratings.userId)).limit(limit));
  }

  ratingsOf(guildId: string, userId: string): Promise<Tables['ratings']['$inferSelect'][]> {
    const { ratings } = this.t;
    return this.backend.read((q) => q.select().from(ratings).where(and(eq(ratings.guildId, guildId), eq(ratings.userId, userId))).orderBy(asc(ratings.gameType)));
  }

  /** Finished games of a server a user held a seat in, each counted once. */
  gamesOfUser(guildId: string, userId: string): Promise<number> {
    const { games, seatHolders } = this.t;
    return this.backend.read(async (q) => (await q.select({ n: countDistinct(games.id) }).from(games).innerJoin(seatHolders, eq(seatHolders.gameId, games.id))
      .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(seatHolders.userId, userId))))[0]!.n);
  }

  departuresOf(gameId: number): Promise<{ userId: string; seat: Seat; reason: string }[]> {
    const { departures } = this.t;
    return this.backend.read((q) => q.select({ userId: departures.userId, seat: departures.seat, reason: departures.reason }).from(departures)
      .where(eq(departures.gameId, gameId)).orderBy(asc(departures.at)));
  }

  /** Deals the game. Only the creator may start, once the player count is legal. */
  start(gameId: number, byUserId: string): Promise<StoreResult<GameRecord>> {
    const { games } = this.t;
    return this.changeLobby(gameId, async (tx, record) => {
      if (record.creatorId !== byUserId) return fail('error.onlyCreatorStarts');
      const game = gameById(record.gameType)!;
      const parsed = game.parseOptions(record.options);
      if (!parsed.ok) return parsed;
      const { min, max } = game.players(parsed.options);
      if (record.seats.length < min) return fail('error.tooFewPlayers', { min, count: record.seats.length });
      if (record.seats.length > max) return fail('error.lobbyFull', { max });
      const state = game.setup({ seats: record.seats.length, options: parsed.options, seed: record.seed });
      await tx.update(games).set({ status: 'active', state: JSON.stringify(state) }).where(eq(games.id, gameId));
      for (const s of record.seats) await this.recordHolder(tx, gameId, s.position, 0, s);
      // The opening board, in the same transaction: a crash right after the start loses nothing.
      const first: Seat[] = game.pending(state);
      const opening: Msg = { key: 'board.started', args: { players: first.map((seat) => ({ seat })) } };
      await this.queuePost(tx, gameId, 'board', {
        version: record.version + 1,
        view: game.publicView(state),
        lines: [opening],
        at: [0],
        pending: first,
        ping: first.filter((seat) => !record.seats[seat]?.isBot),
        over: false,
      });
      await syncClocks(tx, this.t, gameId, first.filter((seat) => !record.seats[seat]?.isBot), record.settings, () => false, this.now());
      return null;
    });
  }

  cancel(gameId: number): Promise<StoreResult<GameRecord>> {
    return this.backend.write(async (tx) => {
      const record = await this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status !== 'lobby' && record.status !== 'active') return fail('error.gameClosed');
      await this.markCancelled(tx, record);
      return { ok: true as const, value: await this.followUps(tx, gameId, false) };
    }, gameId);
  }

  /**
   * Saves the lobby message's id and returns the game as it is now. A join that lands before this
   * saw no message to edit; the game's row lock orders the two, so the caller can tell from the
   * returned record whether the lobby it posted is already out of date.
   */
  setLobbyMessage(gameId: number, messageId: string): Promise<GameRecord | null> {
    const { games } = this.t;
    return this.backend.write(async (tx) => {
      await tx.update(games).set({ lobbyMessageId: messageId }).where(eq(games.id, gameId));
      return this.load(tx, gameId);
    }, gameId);
  }

  /**
   * Applies one move: lock the game, load, check the version, apply the rules, save the state and
   * append the move, all in one transaction. A stale version or a replayed interaction id
   * changes nothing.
   */
  async applyMove(gameId: number, input: MoveInput): Promise<StoreResult<MoveApplied>> {
    const { games, moves } = this.t;
    try {
      return await this.backend.write(async (tx) => {
        const record = await this.load(tx, gameId);
        if (!record) return fail('error.noGame');
        if (record.status !== 'active') return fail('error.gameClosed');
        if (input.interactionId) {
          const [seen] = await frequent(tx, 'interactionSeen', (q) => q.select({ id: moves.gameId }).from(moves).where(eq(moves.interactionId, sql.placeholder('id'))).limit(1), { id: input.interactionId });
          if (seen) return fail('error.alreadyDone');
        }
        if (record.version !== input.expectedVersion) return fail('error.stale');
        const game = gameById(record.gameType)!;
        const before: Seat[] = game.pending(record.state);
        const result = game.apply(record.state, input.seat, input.move);
        if (!result.ok) return result;
        const over = game.isOver(result.state);
        const at = this.now();
        const sequence = (await this.moveCountIn(tx, gameId)) + 1;
        const events: LogEvent[] = [...result.events];
        // Nothing is written before this check, so a refusal leaves nothing behind.
        const updated = await tx.update(games).set({
          state: JSON.stringify(result.state),
          version: record.version + 1,
          updatedAt: at,
          ...(over ? { status: 'finished' as const, finishedAt: at } : {}),
        }).where(and(eq(games.id, gameId), eq(games.version, input.expectedVersion))).returning({ id: games.id });
        if (updated.length !== 1) return fail('error.stale');
        const handedTo = await this.countTimeouts(tx, record, input, over, sequence);
        // The third time-out in a row says at once that a bot plays the seat from now on.
        if (handedTo) events.unshift({ key: 'clock.timedOutToBot', args: { seat: { seat: input.seat }, bot: handedTo, count: MAX_TIMEOUTS }, visibleTo: 'all' });
        else if (input.timeout) events.unshift({ key: 'clock.timedOut', args: { seat: { seat: input.seat } }, visibleTo: 'all' });
        await tx.insert(moves).values({
          gameId,
          sequence,
          seat: input.seat,
          version: record.version,
          actorId: input.actorId,
          move: input.move,
          interactionId: input.interactionId,
          events,
          createdAt: at,
        });
        // A third timeout handed the seat to a bot above: read the seats again.
        const seated = handedTo ? (await this.load(tx, gameId))! : record;
        const posted = await this.planPosts(tx, { ...record, seats: seated.seats }, game, result.state, { before, publish: result.publish ?? 'board', over, sequence });
        const after: Seat[] = over ? [] : game.pending(result.state);
        await syncClocks(tx, this.t, gameId, after.filter((seat) => !seated.seats[seat]?.isBot), record.settings, (seat) => tookOver(seated, seat), at, input.seat);
        if (over) await rateGame(tx, this.t, seated, game.outcome(result.state)!);
        return { ok: true as const, value: { game: await this.followUps(tx, gameId, posted), events, posted } };
      }, gameId);
    } catch (error) {
      // Two deliveries of one interaction racing past the check above meet the unique index.
      if (this.backend.uniqueViolation(error) === 'moves_interaction_id_unique') return fail('error.alreadyDone');
      throw error;
    }
  }

  /** Games whose outbox still holds unsent posts (after a restart). */
  gamesWithUnsentPosts(): Promise<number[]> {
    const { posts } = this.t;
    return this.backend.read(async (q) => (await q.selectDistinct({ id: posts.gameId }).from(posts).where(isNull(posts.sentAt)).orderBy(asc(posts.gameId))).map((r) => r.id));
  }

  /** Games of a channel that still owe it posts, oldest first: what a new lobby there waits for. */
  gamesOwingPostsIn(channelId: string): Promise<number[]> {
    const { posts, games } = this.t;
    return this.backend.read(async (q) => (await q.selectDistinct({ id: posts.gameId }).from(posts).innerJoin(games, eq(games.id, posts.gameId))
      .where(and(eq(games.channelId, channelId), isNull(posts.sentAt))).orderBy(asc(posts.gameId))).map((r) => r.id));
  }

  /** The oldest unsent post of a game (up to `throughId`, when given). */
  nextPost(gameId: number, throughId?: number): Promise<PostRecord | null> {
    const { posts } = this.t;
    const through = throughId !== undefined;
    return this.backend.read(async (q) => (await frequent(q, through ? 'nextPostThrough' : 'nextPost', (q) => q.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
      .from(posts).where(and(eq(posts.gameId, sql.placeholder('gameId')), isNull(posts.sentAt), through ? lte(posts.id, sql.placeholder('throughId')) : undefined))
      .orderBy(asc(posts.id)).limit(1), { gameId, throughId }))[0] ?? null);
  }

  /** Marks a post sent; a new board becomes the game's current board. */
  markPosted(post: PostRecord, messageId: string | null, failed = false): Promise<void> {
    const { posts, games } = this.t;
    return this.backend.write(async (tx) => {
      await tx.update(posts).set({ sentAt: this.now(), messageId, failed }).where(eq(posts.id, post.id));
      if (post.kind === 'board' && messageId) await tx.update(games).set({ boardMessageId: messageId }).where(eq(games.id, post.gameId));
    }, post.gameId);
  }

  /** Every post of a game, sent or not, in order (tests and history). */
  postsOf(gameId: number): Promise<(PostRecord & { sentAt: Date | null; messageId: string | null; failed: boolean })[]> {
    const { posts } = this.t;
    return this.backend.read((q) => q.select().from(posts).where(eq(posts.gameId, gameId)).orderBy(asc(posts.id)));
  }

  /**
   * The lines a seat has not seen yet: everything visible to it from its own latest move on, so
   * a seat that was paid, robbed or traded with learns why when it next looks.
   */
  linesSinceOwnMove(gameId: number, seat: Seat): Promise<SeatLine[]> {
    const { seats } = this.t;
    return this.backend.read(async (q) => {
      const own = await this.lastMove(q, gameId, seat);
      const holder = (await frequent(q, 'holderSince', (q) => q.select({ since: seats.sinceSequence }).from(seats)
        .where(and(eq(seats.gameId, sql.placeholder('gameId')), eq(seats.position, sql.placeholder('seat')))).limit(1), { gameId, seat }))[0]?.since ?? 0;
      return (await this.eventsBetween(q, gameId, Math.max(own?.sequence ?? 1, holder)))
        .filter((line) => line.event.visibleTo !== 'all' && line.event.visibleTo.includes(seat));
    });
  }

  /** The public log of a game, rebuilt from the stored moves. */
  publicLog(gameId: number): Promise<Msg[]> {
    return this.publicLines(gameId).then((lines) => lines.map((l) => l.line));
  }

  /** The public log with the move each line came from, so it names the seat holders of its time. */
  publicLines(gameId: number): Promise<{ sequence: number; line: Msg }[]> {
    return this.backend.read(async (q) =>
      (await this.eventsBetween(q, gameId, 1)).filter((l) => l.event.visibleTo === 'all').map((l) => ({ sequence: l.sequence, line: stripVisibility(l.event) })));
  }

  /** The public lines of the moves `from`..`through`: what a live page lists, without reading the whole log. */
  publicLinesBetween(gameId: number, from: number, through: number): Promise<{ sequence: number; line: Msg }[]> {
    return this.backend.read(async (q) =>
      (await this.eventsBetween(q, gameId, Math.max(1, from), through)).filter((l) => l.event.visibleTo === 'all').map((l) => ({ sequence: l.sequence, line: stripVisibility(l.event) })));
  }

  moveLog(gameId: number): Promise<{ seat: Seat; move: unknown; actorId: string | null; interactionId: string | null }[]> {
    const { moves } = this.t;
    return this.backend.read((q) => q.select({ seat: moves.seat, move: moves.move, actorId: moves.actorId, interactionId: moves.interactionId })
      .from(moves).where(eq(moves.gameId, gameId)).orderBy(asc(moves.sequence)));
  }

  /** The game's web page token, made now for a game from before tokens existed. */
  webTokenOf(gameId: number): Promise<string | null> {
    const { games } = this.t;
    return this.backend.write(async (tx) => {
      const [row] = await tx.select({ token: games.webToken }).from(games).where(eq(games.id, gameId)).limit(1);
      if (!row) return null;
      if (row.token) return row.token;
      const token = newWebToken();
      await tx.update(games).set({ webToken: token }).where(eq(games.id, gameId));
      return token;
    }, gameId);
  }

  /** The game a web page token names, if any. */
  byWebToken(token: string): Promise<GameRecord | null> {
    const { games } = this.t;
    return this.backend.read(async (q) => {
      const [row] = await q.select({ id: games.id }).from(games).where(eq(games.webToken, token)).limit(1);
      return row ? this.load(q, row.id) : null;
    });
  }

  /** Versions of some games in one read: web pages poll them to learn of moves from any process. */
  versionsOf(ids: number[]): Promise<Map<number, number>> {
    const { games } = this.t;
    if (ids.length === 0) return Promise.resolve(new Map());
    return this.backend.read(async (q) => new Map((await q.select({ id: games.id, version: games.version }).from(games).where(inArray(games.id, ids))).map((r) => [r.id, r.version])));
  }

  /** The newest post that drew the board (a board, a redraw or the final board): what the channel sees now. */
  latestBoardPost(gameId: number): Promise<PostRecord | null> {
    const { posts } = this.t;
    return this.backend.read(async (q) => (await q.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
      .from(posts).where(and(eq(posts.gameId, gameId), inArray(posts.kind, ['board', 'edit']))).orderBy(desc(posts.id)).limit(1))[0] ?? null);
  }

  /** One board post of a game (a board or a redraw), for the page that showed it. */
  boardPost(gameId: number, postId: number): Promise<PostRecord | null> {
    const { posts } = this.t;
    return this.backend.read(async (q) => (await q.select({ id: posts.id, gameId: posts.gameId, kind: posts.kind, payload: posts.payload })
      .from(posts).where(and(eq(posts.id, postId), eq(posts.gameId, gameId), inArray(posts.kind, ['board', 'edit']))).limit(1))[0] ?? null);
  }

  /** The newest move of one seat, with the game version it was made at. */
  lastMoveOf(gameId: number, seat: Seat): Promise<{ sequence: number; version: number; actorId: string | null } | null> {
    return this.backend.read((q) => this.lastMove(q, gameId, seat));
  }

  getMeta(key: string): Promise<string | null> {
    const { meta } = this.t;
    return this.backend.read(async (q) => (await q.select().from(meta).where(eq(meta.key, key)).limit(1))[0]?.value ?? null);
  }

  setMeta(key: string, value: string): Promise<void> {
    const { meta } = this.t;
    return this.backend.write(async (tx) => {
      await tx.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
    });
  }

  private async lastMove(q: Q, gameId: number, seat: Seat): Promise<{ sequence: number; version: number; actorId: string | null } | null> {
    const { moves } = this.t;
    return (await frequent(q, 'lastMove', (q) => q.select({ sequence: moves.sequence, version: moves.version, actorId: moves.actorId })
      .from(moves).where(and(eq(moves.gameId, sql.placeholder('gameId')), eq(moves.seat, sql.placeholder('seat')))).orderBy(desc(moves.sequence)).limit(1), { gameId, seat }))[0] ?? null;
  }

  /**
   * A move played by a deadline counts against its seat; a move the player made clears the count.
   * After MAX_TIMEOUTS in a row, a bot takes the seat for good. Returns the bot's name when this
   * time-out hands the seat over; the bot holds it from the next move on, so the timed-out move
   * itself is still credited to the player.
   */
  private async countTimeouts(tx: Q, record: GameRecord, input: MoveInput, over: boolean, sequence: number): Promise<string | null> {
    const { seats, departures } = this.t;
    const seat = record.seats[input.seat];
    if (!seat || seat.isBot) return null;
    const where = and(eq(seats.gameId, record.id), eq(seats.position, input.seat));
    if (!input.timeout) {
      if (seat.timeouts) await tx.update(seats).set({ timeouts: 0 }).where(where);
      return null;
    }
    const timeouts = (seat.timeouts ?? 0) + 1;
    if (timeouts < MAX_TIMEOUTS || over || record.seats.filter((s) => !s.isBot).length < 2) {
      await tx.update(seats).set({ timeouts }).where(where);
      return null;
    }
    const bot = nextBotName(record);
    await tx.update(seats).set({ userId: null, isBot: true, botLevel: 'standard', displayName: bot, timeouts: 0 }).where(where);
    await this.recordHolder(tx, record.id, input.seat, sequence + 1, { userId: null, isBot: true, displayName: bot });
    await tx.insert(departures).values({ gameId: record.id, userId: seat.userId!, seat: input.seat, reason: 'timeout', at: this.now() });
    return bot;
  }

  private async moveCountIn(q: Q, gameId: number): Promise<number> {
    const { moves } = this.t;
    return (await frequent(q, 'moveCount', (q) => q.select({ n: count() }).from(moves).where(eq(moves.gameId, sql.placeholder('gameId'))), { gameId }))[0]!.n;
  }

  /** A seat changes hands from move `fromSequence` on (a later change at the same move wins). */
  private async recordHolder(tx: Q, gameId: number, seat: Seat, fromSequence: number, holder: { userId: string | null; isBot: boolean; displayName: string }): Promise<void> {
    const { seatHolders } = this.t;
    const values = { userId: holder.userId, isBot: holder.isBot, displayName: holder.displayName };
    await tx.insert(seatHolders).values({ gameId, seat, fromSequence, ...values })
      .onConflictDoUpdate({ target: [seatHolders.gameId, seatHolders.seat, seatHolders.fromSequence], set: values });
  }

  /** Events of moves `from`..`to` (to the end when `to` is not given). */
  private async eventsBetween(q: Q, gameId: number, from: number, to?: number): Promise<SeatLine[]> {
    const { moves } = this.t;
    const bounded = to !== undefined;
    const rows = await frequent(q, bounded ? 'eventsBetween' : 'eventsFrom', (q) => q.select({ sequence: moves.sequence, events: moves.events }).from(moves)
      .where(and(eq(moves.gameId, sql.placeholder('gameId')), gte(moves.sequence, sql.placeholder('from')), bounded ? lte(moves.sequence, sql.placeholder('to')) : undefined))
      .orderBy(asc(moves.sequence)), { gameId, from, to });
    return rows.flatMap((r) => (r.events ?? []).map((event) => ({ sequence: r.sequence, event })));
  }

  private async queuePost(tx: Q, gameId: number, kind: PostKind, payload: PostPayload): Promise<void> {
    const { posts } = this.t;
    const [row] = await tx.insert(posts).values({ gameId, kind, payload, createdAt: this.now() }).returning({ id: posts.id });
    if (this.jobs) await this.jobs.post(tx, gameId, row!.id);
  }

  /** Writes what the channel gets for the move just stored (see outbox.ts). */
  private async planPosts(
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
      const found = (await this.eventsBetween(tx, record.id, from, move.sequence)).filter((l) => l.event.visibleTo === 'all');
      return { lines: found.map((l) => stripVisibility(l.event)), at: found.map((l) => l.sequence) };
    };
    const base = { version: record.version + 1, view: game.publicView(state), pending: after, ping: plan.ping, over: move.over };
    let boardFrom = record.boardFrom;
    for (const kind of plan.kinds) {
      if (kind === 'final') {
        await this.queuePost(tx, record.id, kind, { ...base, lines: [], outcome: game.outcome(state)! });
      } else if (kind === 'edit') {
        await this.queuePost(tx, record.id, kind, { ...base, ...(await publicLines(boardFrom)) });
      } else {
        await this.queuePost(tx, record.id, kind, { ...base, ...(await publicLines(record.postedThrough + 1)) });
        if (kind === 'board') boardFrom = record.postedThrough + 1;
      }
    }
    await tx.update(this.t.games).set({ postedThrough: move.sequence, boardFrom }).where(eq(this.t.games.id, record.id));
    return true;
  }

  private async markCancelled(tx: Q, record: GameRecord): Promise<void> {
    const at = this.now();
    await tx.update(this.t.games).set({ status: 'cancelled', version: record.version + 1, updatedAt: at, finishedAt: at }).where(eq(this.t.games.id, record.id));
  }

  /** Runs a lobby change: the game must be an open lobby; the change bumps the version. */
  private changeLobby(gameId: number, change: (tx: Q, record: GameRecord) => Promise<{ ok: false; error: Msg } | null>): Promise<StoreResult<GameRecord>> {
    const { games } = this.t;
    return this.backend.write(async (tx) => {
      const record = await this.load(tx, gameId);
      if (!record) return fail('error.noGame');
      if (record.status === 'active') return fail('error.alreadyStarted');
      if (record.status !== 'lobby') return fail('error.gameClosed');
      // Change functions check everything before they write, so a refusal leaves nothing behind.
      const refused = await change(tx, record);
      if (refused) return refused;
      await tx.update(games).set({ version: record.version + 1, updatedAt: this.now() }).where(eq(games.id, gameId));
      return { ok: true as const, value: await this.followUps(tx, gameId, true) };
    }, gameId);
  }

  /**
   * Reloads the game at the end of a change and, when a job queue runs the bot's work, adds what
   * must follow in the same transaction: the next bot turn and the next clock check.
   */
  private async followUps(tx: Q, gameId: number, posted: boolean): Promise<GameRecord> {
    const record = (await this.load(tx, gameId))!;
    if (!this.jobs) return record;
    if (pendingBotSeat(record) !== null) await this.jobs.botTurn(tx, gameId, posted ? botDelay(record, this.botDelayMs) : 0);
    await this.syncClockJob(tx, gameId, record.status);
    return record;
  }

  /**
   * Adds every job a game needs now (its unsent posts, its bot turn, its clock check), for a
   * game that arrived without them (copied from SQLite).
   */
  requeue(gameId: number): Promise<void> {
    const { posts } = this.t;
    return this.backend.write(async (tx) => {
      if (!this.jobs) return;
      const unsent = await tx.select({ id: posts.id }).from(posts).where(and(eq(posts.gameId, gameId), isNull(posts.sentAt))).orderBy(asc(posts.id));
      for (const post of unsent) await this.jobs.post(tx, gameId, post.id);
      await this.followUps(tx, gameId, false);
    }, gameId);
  }

  /** Re-adds the game's next clock check (after a clock job ran, whatever it did). */
  rescheduleClock(gameId: number): Promise<void> {
    return this.backend.write((tx) => this.syncClockJob(tx, gameId), gameId);
  }

  private async syncClockJob(tx: Q, gameId: number, status?: GameStatus): Promise<void> {
    if (!this.jobs) return;
    const open = (status ?? (await this.load(tx, gameId))?.status) === 'active';
    await this.jobs.clock(tx, gameId, open ? await this.nextDueIn(tx, gameId) : null, this.now());
  }

  private async load(q: Q, id: number): Promise<GameRecord | null> {
    const { games, seats, seatHolders } = this.t;
    const [row] = await frequent(q, 'game', (q) => q.select().from(games).where(eq(games.id, sql.placeholder('id'))).limit(1), { id });
    if (!row) return null;
    const seatRows = await frequent(q, 'seats', (q) => q.select().from(seats).where(eq(seats.gameId, sql.placeholder('id'))).orderBy(asc(seats.position)), { id });
    const holders = await frequent(q, 'holders', (q) => q.select().from(seatHolders).where(eq(seatHolders.gameId, sql.placeholder('id'))).orderBy(asc(seatHolders.seat), asc(seatHolders.fromSequence)), { id });
    return {
      ...row,
      state: row.state === null ? null : JSON.parse(row.state),
      settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
      seats: seatRows.map((s) => ({ position: s.position, userId: s.userId, isBot: s.isBot, botLevel: s.botLevel, displayName: s.displayName, timeouts: s.timeouts, sinceSequence: s.sinceSequence })),
      holders: holders.map((h) => ({ seat: h.seat, fromSequence: h.fromSequence, userId: h.userId, isBot: h.isBot, displayName: h.displayName })),
    };
  }
}

/** 144 random bits, URL-safe: a page address cannot be guessed or counted. */
export function newWebToken(): string {
  return randomBytes(18).toString('base64url');
}

function stripVisibility(event: LogEvent): Msg {
  return event.args ? { key: event.key, args: event.args } : { key: event.key };
}
