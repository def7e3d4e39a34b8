/** Database schema. Migrations in /migrations are generated from this file by drizzle-kit. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { LogEvent, Msg, Outcome, Seat } from '../engine/index.js';

/** What a post shows, frozen at the move that made it, so a late or repeated send is faithful. */
export interface PostPayload {
  /** Game version after the move. */
  version: number;
  /** The public view at that version (never a state). */
  view: unknown;
  /** Public log lines since the previous post (or of the whole turn, for an in-place redraw). */
  lines: Msg[];
  /** The move sequence of each line (0: the deal); older posts have none and name today's holders. */
  at?: number[];
  /** Seats that must act now, and those among them to notify (newly pending humans). */
  pending: Seat[];
  ping: Seat[];
  over: boolean;
  outcome?: Outcome;
  /** The last warning before a deadline (a 'reminder' post): it mentions the player whatever they chose. */
  warning?: boolean;
}

/** 'standard': the game's one-move bot; 'strong': a search over samples of its seat's view. */
export type BotLevel = 'standard' | 'strong';
export const BOT_LEVELS: readonly BotLevel[] = ['standard', 'strong'];

export type GameStatus = 'lobby' | 'active' | 'finished' | 'cancelled';

/** How a table is paced, chosen at /game new and changed by the host with /game settings. */
export interface GameSettings {
  /** Minutes after a seat became pending before it is pinged again; 0 = never. */
  reminderMinutes: number;
  /** Minutes a seat may stay pending before its move is played for it; 0 = never. */
  deadlineMinutes: number;
  /** 'live': bots answer at once; 'relaxed': bots pause as a person would; 'auto': live with one human. */
  pace: 'auto' | 'live' | 'relaxed';
  /** Who may take over a bot's seat during play; absent in older games, read as 'host'. */
  takeover?: TakeoverRule;
  /** Each human's private view offers a suggested move from the strong bot (off by default). */
  hints?: boolean;
  /** A player may take back their last move while nothing has followed it; absent = on. */
  undo?: boolean;
  /** Time off (`/away`) holds this table's clocks for an away player; absent = allowed. */
  timeOff?: boolean;
  /** While a player is away: 'wait' for them, or 'bot': their seat's bot plays, seat kept; absent = 'wait'. */
  whileAway?: WhileAway;
}

export type WhileAway = 'wait' | 'bot';

/** How a person is told it is their turn: a channel mention, a DM as well, or one DM a day. */
export type NotifyMode = 'channel' | 'dm' | 'digest';

/** What a move leaves to put back if it is taken back: the clocks and the time-out count before it. */
export interface MoveBefore {
  clocks: { seat: number; since: number; reminders: number; remindAt: number | null; deadlineAt: number | null; warnAt: number | null; resumeAt: number | null; standIn: boolean; snoozed: boolean }[];
  timeouts: number;
}

/** 'host': the host or a moderator accepts each request; 'anyone': at once; 'nobody': never. */
export type TakeoverRule = 'host' | 'anyone' | 'nobody';

export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id'),
    channelId: text('channel_id').notNull(),
    gameType: text('game_type').notNull(),
    status: text('status').$type<GameStatus>().notNull(),
    options: text('options', { mode: 'json' }).$type<Record<string, string | boolean>>().notNull(),
    language: text('language').notNull(),
    /** The whole game state as JSON; null while the lobby is open. */
    state: text('state'),
    /** Bumped by every change; custom ids carry it so a stale click changes nothing. */
    version: integer('version').notNull().default(0),
    seed: text('seed').notNull(),
    creatorId: text('creator_id').notNull(),
    lobbyMessageId: text('lobby_message_id'),
    /** The current board message: sub-steps redraw it, and it loses its buttons once replaced. */
    boardMessageId: text('board_message_id'),
    /** Public lines of moves up to this sequence number are already in a post. */
    postedThrough: integer('posted_through').notNull().default(0),
    /** First move whose lines the current board shows (an in-place redraw shows them all). */
    boardFrom: integer('board_from').notNull().default(1),
    settings: text('settings', { mode: 'json' }).$type<GameSettings>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /** The secret part of the game's web page address (random, at least 128 bits). */
    webToken: text('web_token'),
    /** A table of a class session (`sessions`), and its number there (1, 2, …). */
    sessionId: integer('session_id'),
    tableNumber: integer('table_number'),
    /** Paused by the session's facilitator: moves are refused and clocks stand still since then. */
    pausedAt: integer('paused_at', { mode: 'timestamp_ms' }),
    /** Ended by the facilitator before its end: ranked as it stood. */
    stoppedEarly: integer('stopped_early', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    // One open game per channel, enforced by the database itself.
    uniqueIndex('games_one_open_per_channel')
      .on(table.channelId)
      .where(sql`${table.status} in ('lobby', 'active')`),
    index('games_status').on(table.status),
    uniqueIndex('games_web_token').on(table.webToken),
    index('games_session').on(table.sessionId),
  ],
);

export type SessionStatus = 'open' | 'running' | 'paused' | 'ended';

/** A class session: one facilitator, several tables of the same game, each its own thread. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id'),
    channelId: text('channel_id').notNull(),
    gameType: text('game_type').notNull(),
    options: text('options', { mode: 'json' }).$type<Record<string, string | boolean>>().notNull(),
    settings: text('settings', { mode: 'json' }).$type<GameSettings>().notNull(),
    language: text('language').notNull(),
    botLevel: text('bot_level').$type<BotLevel>().notNull().default('standard'),
    tables: integer('tables').notNull(),
    /** Players appear as "Table 2 · seat 3" on the class screen and in exports. */
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    facilitatorId: text('facilitator_id').notNull(),
    status: text('status').$type<SessionStatus>().notNull(),
    /** The session message in the channel (Join a table). */
    messageId: text('message_id'),
    /** The secret part of the class screen's address. */
    webToken: text('web_token'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('sessions_channel').on(table.channelId), uniqueIndex('sessions_web_token').on(table.webToken)],
);

/** A card or event a player flagged for the debrief. */
export const flags = sqliteTable(
  'flags',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    /** The game's own id of the card or event. */
    item: text('item').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId, table.item] })],
);

export const seats = sqliteTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Discord user id; null for a bot seat. */
    userId: text('user_id'),
    isBot: integer('is_bot', { mode: 'boolean' }).notNull(),
    /** How a bot seat plays; a seat a bot holds for someone who left always plays 'standard'. */
    botLevel: text('bot_level').$type<BotLevel>().notNull().default('standard'),
    displayName: text('display_name').notNull(),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull(),
    /** Turns in a row whose move was played for this seat when its time ran out. */
    timeouts: integer('timeouts').notNull().default(0),
    /** Private lines before this move sequence belong to an earlier holder of the seat. */
    sinceSequence: integer('since_sequence').notNull().default(0),
    /** The holder muted this table: no mention, reminder or DM but the last warning before a deadline. */
    muted: integer('muted', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.position] })],
);

/**
 * One row per human seat that must act: when it became pending, and when it is next reminded or
 * runs out of time. Kept in the same transaction as the moves, so a restart loses no deadline.
 */
export const clocks = sqliteTable(
  'clocks',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    since: integer('since', { mode: 'timestamp_ms' }).notNull(),
    reminders: integer('reminders').notNull().default(0),
    remindAt: integer('remind_at', { mode: 'timestamp_ms' }),
    deadlineAt: integer('deadline_at', { mode: 'timestamp_ms' }),
    snoozed: integer('snoozed', { mode: 'boolean' }).notNull().default(false),
    /** The last warning before the deadline (at 80 % of it); null once sent or without a deadline. */
    warnAt: integer('warn_at', { mode: 'timestamp_ms' }),
    /** The seat's holder is away: the clock is held until then, and restarts afresh from it. */
    resumeAt: integer('resume_at', { mode: 'timestamp_ms' }),
    /** While away, the seat's bot plays at `deadline_at` with no time-out counted. */
    standIn: integer('stand_in', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.seat] }),
    index('clocks_remind').on(table.remindAt),
    index('clocks_deadline').on(table.deadlineAt),
    index('clocks_warn').on(table.warnAt),
    index('clocks_resume').on(table.resumeAt),
  ],
);

/** Players who left a running game, or were handed to a bot: ratings count them as last. */
export const departures = sqliteTable(
  'departures',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    seat: integer('seat').notNull(),
    reason: text('reason').$type<'left' | 'kicked' | 'timeout'>().notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('departures_game').on(table.gameId)],
);

/** A player's preferences, the same in every server. */
export const users = sqliteTable('users', {
  userId: text('user_id').primaryKey(),
  /** 'channel': the mention in the channel only; 'dm': a direct message as well; 'digest': one DM a day. */
  notify: text('notify').$type<NotifyMode>().notNull().default('channel'),
  /** Time off: from when to when; the days taken count against the year `away_year`'s budget. */
  awayFrom: integer('away_from', { mode: 'timestamp_ms' }),
  awayUntil: integer('away_until', { mode: 'timestamp_ms' }),
  awayYear: integer('away_year'),
  awayDaysUsed: integer('away_days_used').notNull().default(0),
  /** The digest's local hour (0–23) and the person's offset from UTC in minutes. */
  digestHour: integer('digest_hour'),
  utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(0),
  /** When the next digest is due; null when no digest is chosen. */
  digestAt: integer('digest_at', { mode: 'timestamp_ms' }),
  /** A DM to this person was refused: they are mentioned in the channel instead (told once). */
  dmClosed: integer('dm_closed', { mode: 'boolean' }).notNull().default(false),
  /** The person's language for what reaches them outside a game's channel (the digest). */
  locale: text('locale'),
}, (table) => [index('users_digest').on(table.digestAt), index('users_away').on(table.awayUntil)]);

/** Per-server ratings, per game and overall (`game_type` '*'), updated when a game ends. */
export const ratings = sqliteTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    gameType: text('game_type').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId, table.gameType] }), index('ratings_board').on(table.guildId, table.gameType)],
);

/** Append-only: a game replays from its seed and these moves. */
export const moves = sqliteTable(
  'moves',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    seat: integer('seat').notNull(),
    /** The game's version just before this move; a control drawn at or before it is used up. */
    version: integer('version').notNull().default(0),
    /** Discord user id of the player, or null when a bot seat played. */
    actorId: text('actor_id'),
    move: text('move', { mode: 'json' }).notNull(),
    /** Discord interaction id; unique so a redelivered interaction cannot apply twice. */
    interactionId: text('interaction_id').unique(),
    /** The move's log lines, public and private, so each seat's lines can be shown later. */
    events: text('events', { mode: 'json' }).$type<LogEvent[]>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The move revealed nothing and drew no randomness, so its player may take it back. */
    undoable: integer('undoable', { mode: 'boolean' }).notNull().default(false),
    /** What to put back if it is taken back (clocks, time-outs); null when it cannot be. */
    before: text('before', { mode: 'json' }).$type<MoveBefore>(),
    /** When its player took it back: the move stays in the log and replays skip it. */
    undoneAt: integer('undone_at', { mode: 'timestamp_ms' }),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] }), index('moves_game_seat').on(table.gameId, table.seat)],
);

/** 'debrief': a class session's debrief, sent to the session's channel after its table's last post. */
export type PostKind = 'board' | 'edit' | 'log' | 'final' | 'reminder' | 'debrief';

/**
 * The outbox: what the channel must get, written in the same transaction as the move that
 * caused it, and marked sent by the poster. After a crash, unsent posts go out in order.
 */
export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PostKind>().notNull(),
    /** Public facts only: the public view, public lines, who is pinged. */
    payload: text('payload', { mode: 'json' }).$type<PostPayload>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    messageId: text('message_id'),
    /** Set when Discord refused the post for good (e.g. a missing permission). */
    failed: integer('failed', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [index('posts_unsent').on(table.gameId, table.sentAt)],
);

/** Small key-value facts about the installation, e.g. the hash of the registered commands. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Who held each seat from which move on: a line of move `sequence` names the holder with the
 * greatest `from_sequence` not after it, so a seat that changed hands keeps a true record.
 */
export const seatHolders = sqliteTable(
  'seat_holders',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    /** First move sequence played by this holder (0: from the deal). */
    fromSequence: integer('from_sequence').notNull(),
    /** Discord user id; null for a bot. */
    userId: text('user_id'),
    isBot: integer('is_bot', { mode: 'boolean' }).notNull(),
    displayName: text('display_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat, table.fromSequence] }), index('seat_holders_user').on(table.userId)],
);

export type SeatRequestStatus = 'pending' | 'accepted' | 'refused' | 'expired';

/** A request to take over a bot's seat, waiting for the host or a moderator. */
export const seatRequests = sqliteTable(
  'seat_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    status: text('status').$type<SeatRequestStatus>().notNull().default('pending'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Who accepted or refused it. */
    decidedBy: text('decided_by'),
    /** The public message carrying Accept / Refuse. */
    messageId: text('message_id'),
  },
  (table) => [index('seat_requests_game').on(table.gameId, table.status)],
);
