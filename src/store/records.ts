/**
 * What the store hands out and takes in: game records, seats, posts and results, and the pure
 * rules read off a record (who is pending, how long bots pause). No database access here.
 */
import type { AnyGame, GameOptions, LogEvent, Msg, Seat } from '../engine/index.js';
import { gameById } from '../catalog.js';
import type { Q, Schema } from './backend.js';
import type { BotLevel, GameSettings, GameStatus, PostKind, PostPayload } from './schema.js';

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
  /** The holder muted this table: no mention, DM or reminder but the last warning before a deadline. */
  muted?: boolean;
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
  /** A table of a class session, and its number there; absent or null elsewhere. */
  sessionId?: number | null;
  tableNumber?: number | null;
  /** Paused by the session's facilitator since then: no move, no bot, no clock. */
  pausedAt?: Date | null;
  /** Ended by the facilitator, ranked as it stood. */
  stoppedEarly?: boolean;
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
export type SeatRequest = Schema['seatRequests']['$inferSelect'];

/** Whether a seat is held by a person who took it over during play (not dealt in). */
export function tookOver(record: Pick<GameRecord, 'seats'>, seat: Seat): boolean {
  const s = record.seats[seat];
  return !!s && !s.isBot && (s.sinceSequence ?? 0) > 0;
}

export type StoreResult<T> = { ok: true; value: T } | { ok: false; error: Msg };

export const fail = (key: string, args?: Msg['args']): { ok: false; error: Msg } => ({ ok: false, error: args ? { key, args } : { key } });

/** Names given to bot seats, in order of arrival. */
export const BOT_NAMES = ['Bot Ada', 'Bot Blaise', 'Bot Curie', 'Bot Darwin', 'Bot Euler'];

/** The first bot name nobody at the table has. */
export function nextBotName(record: Pick<GameRecord, 'seats'>): string {
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
  /** Played by the seat's bot while its holder is away (table setting `whileAway: 'bot'`): no time-out counted. */
  standIn?: boolean;
}

export interface MoveApplied {
  game: GameRecord;
  events: LogEvent[];
  /** Whether the move queued something for the channel (bots pause only after a post). */
  posted: boolean;
  /** Whether its player may take it back (bots then wait for the undo window). */
  undoable?: boolean;
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
  /** Replaces a person's digest job with one at `at` (on the store's clock), or removes it. */
  digest?(tx: Q, userId: string, at: Date | null, now: Date): Promise<void>;
}

export interface StoreOptions {
  now?: () => Date;
  /** How long bots pause after a post a person may be reading (BOT_MOVE_DELAY_MS). */
  botDelayMs?: number;
  /** How long bots wait while the move before them may still be taken back (UNDO_BOT_WAIT_MS). */
  undoWaitMs?: number;
}

/** Bots pause as a person would, unless the table plays live (by default: one human and bots). */
export function botDelay(record: GameRecord, botDelayMs: number): number {
  const pace = record.settings.pace;
  const live = pace === 'live' || (pace === 'auto' && record.seats.filter((s) => !s.isBot).length <= 1);
  return live ? 0 : botDelayMs;
}

/** The bot seat that must play now, if any. */
export function pendingBotSeat(record: GameRecord): Seat | null {
  if (record.status !== 'active' || record.pausedAt) return null;
  const pending: Seat[] = gameById(record.gameType)!.pending(record.state);
  return pending.find((seat) => record.seats[seat]?.isBot) ?? null;
}

/** The game a record plays. */
export function gameOf(record: GameRecord): AnyGame {
  const game = gameById(record.gameType);
  if (!game) throw new Error(`unknown game type ${record.gameType}`);
  return game;
}

/** Who held a seat at move `sequence` (0: the deal); without one, who holds it now. */
export function holderAt(record: GameRecord, seat: Seat, sequence?: number): { userId: string | null; displayName: string } | undefined {
  if (sequence !== undefined && record.holders) {
    let found: SeatHolder | undefined;
    for (const h of record.holders) if (h.seat === seat && h.fromSequence <= sequence && (!found || h.fromSequence >= found.fromSequence)) found = h;
    if (found) return found;
  }
  return record.seats[seat];
}

export function seatOfUser(record: GameRecord, userId: string): Seat | null {
  return record.seats.find((s) => s.userId === userId)?.position ?? null;
}

/** Human user ids among the seats that must act now. */
export function pendingUsers(record: GameRecord): string[] {
  if (record.status !== 'active') return [];
  return gameOf(record).pending(record.state).map((seat: Seat) => record.seats[seat]?.userId).filter((id): id is string => !!id);
}
