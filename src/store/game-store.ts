/**
 * The store's face: every read and change the rest of the bot asks of games, seats, moves,
 * posts, clocks and ratings. Reads are one query each on the row helpers (`rows/`); changes run
 * in one transaction each (`changes/`), bump the game's version, and add what must follow them
 * in that same transaction.
 */
import type { Msg, Seat } from '../engine/index.js';
import type { Backend, Q, Schema } from './backend.js';
import * as away from './changes/away.js';
import * as clockChanges from './changes/clocks.js';
import { nextWake } from './changes/follow-ups.js';
import * as lobby from './changes/lobby.js';
import * as notify from './changes/notify.js';
import { applyMove } from './changes/move.js';
import { undoMove, type UndoDone } from './changes/undo.js';
import { undoableBy } from './changes/undo-window.js';
import * as outbox from './changes/outbox.js';
import * as seatChanges from './changes/seats.js';
import * as settingChanges from './changes/settings.js';
import type { StoreContext } from './context.js';
import type { GameRecord, JobSink, MoveApplied, MoveInput, NewLobby, PostRecord, SeatLine, SeatRequest, StoreOptions, StoreResult } from './records.js';
import { clockOf, dueClocks, type ClockRow, type DueClock } from './rows/clocks.js';
import * as games from './rows/games.js';
import * as moves from './rows/moves.js';
import * as posts from './rows/posts.js';
import { leaderboard, ratingsOf, type RatingRow } from './rows/ratings.js';
import * as seats from './rows/seats.js';
import * as users from './rows/users.js';
import type { BotLevel, GameSettings, NotifyMode } from './schema.js';
import { SessionStore } from './session-store.js';
import { ClassScreenStore } from './class-screen-store.js';

export * from './records.js';
export { newWebToken } from './rows/games.js';
export type { DueClock } from './rows/clocks.js';
export type { AwayResult, AwayStatus } from './changes/away.js';
export type { DigestClaim, NotifyChoice } from './changes/notify.js';
export type { WaitingGame } from './rows/waiting.js';
export { fingerprintOfPage, type SessionPageData, type SessionTable } from './class-screen-store.js';

export class GameStore implements StoreContext {
  readonly schema: Schema;
  readonly now: () => Date;
  readonly botDelayMs: number;
  readonly undoWaitMs: number;
  /** Set when a job queue runs posts, bot turns and clocks (PostgreSQL). */
  jobs: JobSink | null = null;
  /** Class sessions: their tables, joins, the facilitator's actions and flags (session-store.ts). */
  readonly sessions = new SessionStore(this);
  /** The class screens' reads and page tokens (class-screen-store.ts). */
  readonly classScreens = new ClassScreenStore(this);

  constructor(
    readonly backend: Backend,
    options: StoreOptions | (() => Date) = {},
  ) {
    const opts = typeof options === 'function' ? { now: options } : options;
    this.schema = backend.schema;
    this.now = opts.now ?? (() => new Date());
    this.botDelayMs = opts.botDelayMs ?? 0;
    this.undoWaitMs = opts.undoWaitMs ?? 0;
  }

  close(): Promise<void> {
    return this.backend.close();
  }

  // Games.

  get(id: number): Promise<GameRecord | null> {
    return this.backend.read((q) => games.loadGame(q, this.schema, id));
  }

  /** The lobby or running game of a channel, if any. */
  openInChannel(channelId: string): Promise<GameRecord | null> {
    return this.backend.read(async (q) => this.loadIf(q, await games.openGameIdIn(q, this.schema, channelId)));
  }

  /** The newest game of a channel, open or not (for /status after the end). */
  latestInChannel(channelId: string): Promise<GameRecord | null> {
    return this.backend.read(async (q) => this.loadIf(q, await games.latestGameIdIn(q, this.schema, channelId)));
  }

  activeGames(): Promise<GameRecord[]> {
    return this.backend.read(async (q) => games.loadGames(q, this.schema, await games.activeGameIds(q, this.schema)));
  }

  /** Finished games of a server, newest first. */
  finishedGames(guildId: string, offset: number, limit: number, gameType?: string): Promise<GameRecord[]> {
    return this.backend.read(async (q) => games.loadGames(q, this.schema, await games.finishedGameIds(q, this.schema, guildId, offset, limit, gameType)));
  }

  countFinished(guildId: string): Promise<number> {
    return this.backend.read((q) => games.countFinished(q, this.schema, guildId));
  }

  /** Finished games of a server a user held a seat in, each counted once. */
  gamesOfUser(guildId: string, userId: string): Promise<number> {
    return this.backend.read((q) => games.gamesOfUser(q, this.schema, guildId, userId));
  }

  /** The game a web page token names, if any. */
  byWebToken(token: string): Promise<GameRecord | null> {
    return this.backend.read(async (q) => this.loadIf(q, await games.gameIdByWebToken(q, this.schema, token)));
  }

  /** Versions of some games in one read: web pages poll them to learn of moves from any process. */
  versionsOf(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return Promise.resolve(new Map());
    return this.backend.read((q) => games.versionsOf(q, this.schema, ids));
  }

  // Lobbies (changes/lobby.ts).

  createLobby(input: NewLobby): Promise<StoreResult<GameRecord>> {
    return lobby.createLobby(this, input);
  }

  join(gameId: number, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
    return lobby.join(this, gameId, user);
  }

  addBot(gameId: number, byUserId: string, level: BotLevel = 'standard'): Promise<StoreResult<GameRecord>> {
    return lobby.addBot(this, gameId, byUserId, level);
  }

  setBotLevel(gameId: number, byUserId: string, position: Seat, level: BotLevel): Promise<StoreResult<GameRecord>> {
    return lobby.setBotLevel(this, gameId, byUserId, position, level);
  }

  leave(gameId: number, userId: string): Promise<StoreResult<GameRecord>> {
    return lobby.leave(this, gameId, userId);
  }

  start(gameId: number, byUserId: string): Promise<StoreResult<GameRecord>> {
    return lobby.start(this, gameId, byUserId);
  }

  cancel(gameId: number): Promise<StoreResult<GameRecord>> {
    return lobby.cancel(this, gameId);
  }

  setLobbyMessage(gameId: number, messageId: string): Promise<GameRecord | null> {
    return lobby.setLobbyMessage(this, gameId, messageId);
  }

  // Seats during play (changes/seats.ts).

  handOverToBot(gameId: number, userId: string, reason: 'left' | 'kicked' = 'left'): Promise<StoreResult<GameRecord>> {
    return seatChanges.handOverToBot(this, gameId, userId, reason);
  }

  takeSeat(gameId: number, seat: Seat, user: { id: string; name: string }): Promise<StoreResult<GameRecord>> {
    return seatChanges.takeSeat(this, gameId, seat, user);
  }

  requestSeat(gameId: number, seat: Seat, user: { id: string; name: string }, expiresAt: Date): Promise<StoreResult<SeatRequest>> {
    return seatChanges.requestSeat(this, gameId, seat, user, expiresAt);
  }

  setSeatRequestMessage(id: number, messageId: string): Promise<void> {
    return seatChanges.setSeatRequestMessage(this, id, messageId);
  }

  answerSeatRequest(id: number, accept: boolean, byUserId: string): Promise<StoreResult<{ request: SeatRequest; game: GameRecord | null }>> {
    return seatChanges.answerSeatRequest(this, id, accept, byUserId);
  }

  expireSeatRequests(limit = 100, gameId?: number): Promise<SeatRequest[]> {
    return seatChanges.expireSeatRequests(this, limit, gameId);
  }

  seatRequest(id: number): Promise<SeatRequest | null> {
    return this.backend.read((q) => seats.seatRequest(q, this.schema, id));
  }

  /** Whether a person was kicked from or timed out of this game. */
  wasRemoved(gameId: number, userId: string): Promise<boolean> {
    return this.backend.read((q) => seats.wasRemoved(q, this.schema, gameId, userId));
  }

  departuresOf(gameId: number): Promise<{ userId: string; seat: Seat; reason: string }[]> {
    return this.backend.read((q) => seats.departuresOf(q, this.schema, gameId));
  }

  // Moves (changes/move.ts) and the move log.

  applyMove(gameId: number, input: MoveInput): Promise<StoreResult<MoveApplied>> {
    return applyMove(this, gameId, input);
  }

  /** Takes back the user's last move (changes/undo.ts); a button passes the version it was drawn at. */
  undo(gameId: number, userId: string, expectedVersion?: number): Promise<StoreResult<UndoDone>> {
    return undoMove(this, gameId, userId, expectedVersion);
  }

  /** The seat whose last move may be taken back now, if any (the Undo button). */
  undoableBy(record: GameRecord): Promise<Seat | null> {
    return this.backend.read((q) => undoableBy(q, this, record));
  }

  /** Whose move was just taken back, when that is the game's latest change (a click that lost the race says so). */
  lastTakenBack(gameId: number): Promise<Seat | null> {
    return this.backend.read((q) => moves.lastTakenBack(q, this.schema, gameId));
  }

  /** Moves of the game as played, taken-back moves left out (/history, /game log). */
  movesPlayed(gameId: number): Promise<number> {
    return this.backend.read((q) => moves.standingMoveCount(q, this.schema, gameId));
  }

  moveCount(gameId: number): Promise<number> {
    return this.backend.read((q) => moves.moveCount(q, this.schema, gameId));
  }

  moveLog(gameId: number): Promise<{ sequence: number; seat: Seat; move: unknown; actorId: string | null; interactionId: string | null }[]> {
    return this.backend.read((q) => moves.moveLog(q, this.schema, gameId));
  }

  /** The newest move of one seat, with the game version it was made at. */
  lastMoveOf(gameId: number, seat: Seat): Promise<{ sequence: number; version: number; actorId: string | null } | null> {
    return this.backend.read((q) => moves.lastMove(q, this.schema, gameId, seat));
  }

  /**
   * The lines a seat has not seen yet: everything visible to it from its own latest move on, so
   * a seat that was paid, robbed or traded with learns why when it next looks.
   */
  linesSinceOwnMove(gameId: number, seat: Seat): Promise<SeatLine[]> {
    return this.backend.read(async (q) => {
      const own = await moves.lastMove(q, this.schema, gameId, seat);
      const holder = await seats.holderSince(q, this.schema, gameId, seat);
      return (await moves.eventsBetween(q, this.schema, gameId, Math.max(own?.sequence ?? 1, holder)))
        .filter((line) => line.event.visibleTo !== 'all' && line.event.visibleTo.includes(seat));
    });
  }

  /** The public log of a game, rebuilt from the stored moves. */
  publicLog(gameId: number): Promise<Msg[]> {
    return this.publicLines(gameId).then((lines) => lines.map((l) => l.line));
  }

  /** The public log with the move each line came from, so it names the seat holders of its time. */
  publicLines(gameId: number): Promise<{ sequence: number; line: Msg }[]> {
    return this.backend.read(async (q) => moves.publicLines(await moves.eventsBetween(q, this.schema, gameId, 1)));
  }

  /** The public lines of the moves `from`..`through`: what a live page lists, without reading the whole log. */
  publicLinesBetween(gameId: number, from: number, through: number): Promise<{ sequence: number; line: Msg }[]> {
    return this.backend.read(async (q) => moves.publicLines(await moves.eventsBetween(q, this.schema, gameId, Math.max(1, from), through)));
  }

  // The outbox (rows/posts.ts, changes/outbox.ts).

  /** Games whose outbox still holds unsent posts (after a restart). */
  gamesWithUnsentPosts(): Promise<number[]> {
    return this.backend.read((q) => posts.gamesWithUnsentPosts(q, this.schema));
  }

  /** Games of a channel that still owe it posts, oldest first: what a new lobby there waits for. */
  gamesOwingPostsIn(channelId: string): Promise<number[]> {
    return this.backend.read((q) => posts.gamesOwingPostsIn(q, this.schema, channelId));
  }

  nextPost(gameId: number, throughId?: number): Promise<PostRecord | null> {
    return this.backend.read((q) => posts.nextPost(q, this.schema, gameId, throughId));
  }

  markPosted(post: PostRecord, messageId: string | null, failed = false): Promise<void> {
    return outbox.markPosted(this, post, messageId, failed);
  }

  /** Every post of a game, sent or not, in order (tests and history). */
  postsOf(gameId: number): Promise<posts.PostRow[]> {
    return this.backend.read((q) => posts.postsOf(q, this.schema, gameId));
  }

  latestBoardPost(gameId: number): Promise<PostRecord | null> {
    return this.backend.read((q) => posts.latestBoardPost(q, this.schema, gameId));
  }

  boardPost(gameId: number, postId: number): Promise<PostRecord | null> {
    return this.backend.read((q) => posts.boardPost(q, this.schema, gameId, postId));
  }

  requeue(gameId: number): Promise<void> {
    return outbox.requeue(this, gameId);
  }

  // Clocks (rows/clocks.ts, changes/clocks.ts).

  /** Clocks due now (of one game, or of all). */
  dueClocks(limit = 100, gameId?: number): Promise<DueClock[]> {
    return this.backend.read((q) => dueClocks(q, this.schema, this.now(), limit, gameId));
  }

  /** When the scheduler must next wake (for one game, or for all): a clock, or a seat request running out. */
  nextDue(gameId?: number): Promise<Date | null> {
    return this.backend.read((q) => nextWake(q, this, gameId));
  }

  clockOf(gameId: number, seat: Seat): Promise<ClockRow | null> {
    return this.backend.read((q) => clockOf(q, this.schema, gameId, seat));
  }

  remind(gameId: number, seat: Seat): Promise<boolean> {
    return clockChanges.remind(this, gameId, seat);
  }

  /** The last warning before a seat's deadline, posted once; a held clock whose time off is over restarting afresh. */
  warn(gameId: number, seat: Seat): Promise<boolean> { return clockChanges.warn(this, gameId, seat); }
  resumeClock(gameId: number, seat: Seat): Promise<boolean> { return away.resumeClock(this, gameId, seat); }

  snooze(gameId: number, seat: Seat): Promise<boolean> {
    return clockChanges.snooze(this, gameId, seat);
  }

  stopClock(gameId: number, seat: Seat, kind: DueClock['kind']): Promise<void> {
    return clockChanges.stopClock(this, gameId, seat, kind);
  }

  rescheduleClock(gameId: number): Promise<void> {
    return clockChanges.rescheduleClock(this, gameId);
  }

  // Settings, people, ratings (changes/settings.ts, rows/users.ts, rows/ratings.ts).

  updateSettings(gameId: number, settings: GameSettings): Promise<StoreResult<GameRecord>> {
    return settingChanges.updateSettings(this, gameId, settings);
  }

  webTokenOf(gameId: number): Promise<string | null> {
    return settingChanges.webTokenOf(this, gameId);
  }

  notifyOf(userId: string): Promise<NotifyMode> {
    return this.backend.read((q) => users.notifyOf(q, this.schema, userId));
  }

  setNotify(userId: string, notify: 'channel' | 'dm'): Promise<void> {
    return settingChanges.setNotify(this, userId, notify);
  }

  // Digests, closed DMs and muted tables (changes/notify.ts); chooseNotify returns the next digest.
  chooseNotify(userId: string, choice: notify.NotifyChoice): Promise<Date | null> {
    return notify.chooseNotify(this, userId, choice);
  }
  noticesOf(userIds: readonly string[]): Promise<Map<string, { notify: NotifyMode; dmClosed: boolean }>> {
    return this.backend.read((q) => users.noticesOf(q, this.schema, userIds));
  }
  dueDigests(limit = 100): Promise<{ userId: string }[]> {
    return this.backend.read((q) => users.dueDigests(q, this.schema, this.now(), limit));
  }
  nextDigestDue(): Promise<Date | null> {
    return this.backend.read((q) => users.nextDigestDue(q, this.schema));
  }
  claimDigest(userId: string): Promise<notify.DigestClaim | null> {
    return notify.claimDigest(this, userId);
  }
  rescheduleDigest(userId: string): Promise<void> {
    return notify.rescheduleDigest(this, userId);
  }
  closeDms(userId: string, gameId: number | null): Promise<boolean> {
    return notify.closeDms(this, userId, gameId);
  }
  setMuted(gameId: number, userId: string, muted: boolean): Promise<StoreResult<GameRecord>> {
    return notify.setMuted(this, gameId, userId, muted);
  }

  // Time off (changes/away.ts); `perYear` is the operator's AWAY_DAYS_PER_YEAR. awayOf: who at a table is away now, until when.
  startAway(userId: string, days: number, perYear: number): Promise<away.AwayResult> { return away.startAway(this, userId, days, perYear); }
  endAway(userId: string, perYear: number): Promise<away.AwayResult> { return away.endAway(this, userId, perYear); }
  awayStatus(userId: string, perYear: number): Promise<away.AwayStatus> { return away.awayStatus(this, userId, perYear); }
  awayOf(record: Pick<GameRecord, 'seats'>): Promise<Map<string, Date>> { return away.awayOf(this, record.seats.flatMap((s) => (s.userId && !s.isBot ? [s.userId] : []))); }

  getMeta(key: string): Promise<string | null> {
    return this.backend.read((q) => users.getMeta(q, this.schema, key));
  }

  setMeta(key: string, value: string): Promise<void> {
    return settingChanges.setMeta(this, key, value);
  }

  /** The best-rated players of a server (by the conservative estimate mu − 3σ). */
  leaderboard(guildId: string, gameType: string, limit = 10): Promise<RatingRow[]> {
    return this.backend.read((q) => leaderboard(q, this.schema, guildId, gameType, limit));
  }

  ratingsOf(guildId: string, userId: string): Promise<RatingRow[]> {
    return this.backend.read((q) => ratingsOf(q, this.schema, guildId, userId));
  }

  private async loadIf(q: Q, id: number | null): Promise<GameRecord | null> {
    return id === null ? null : games.loadGame(q, this.schema, id);
  }
}
