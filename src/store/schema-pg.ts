/**
 * The same tables as `schema.ts`, for PostgreSQL. Migrations in /migrations-pg are generated from
 * this file by drizzle-kit (`drizzle.config.pg.ts`). Every table and column matches the SQLite
 * schema by name, and values come back with the same TypeScript types (a test checks both).
 * `state` stays text so a game's JSON comes back byte for byte; the other JSON columns are
 * `json`, not `jsonb`, for the same reason (key order is kept).
 */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, json, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LogEvent } from '../engine/index.js';
import type { BotLevel, GameSettings, GameStatus, MoveBefore, NotifyMode, PostKind, PostPayload, SeatRequestStatus, SessionStatus } from './schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id'),
    channelId: text('channel_id').notNull(),
    gameType: text('game_type').notNull(),
    status: text('status').$type<GameStatus>().notNull(),
    options: json('options').$type<Record<string, string | boolean>>().notNull(),
    language: text('language').notNull(),
    state: text('state'),
    version: integer('version').notNull().default(0),
    seed: text('seed').notNull(),
    creatorId: text('creator_id').notNull(),
    lobbyMessageId: text('lobby_message_id'),
    boardMessageId: text('board_message_id'),
    postedThrough: integer('posted_through').notNull().default(0),
    boardFrom: integer('board_from').notNull().default(1),
    settings: json('settings').$type<GameSettings>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
    webToken: text('web_token'),
    sessionId: integer('session_id'),
    tableNumber: integer('table_number'),
    pausedAt: at('paused_at'),
    stoppedEarly: boolean('stopped_early').notNull().default(false),
  },
  (table) => [
    uniqueIndex('games_one_open_per_channel')
      .on(table.channelId)
      .where(sql`${table.status} in ('lobby', 'active')`),
    index('games_status').on(table.status),
    uniqueIndex('games_web_token').on(table.webToken),
    index('games_session').on(table.sessionId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id'),
    channelId: text('channel_id').notNull(),
    gameType: text('game_type').notNull(),
    options: json('options').$type<Record<string, string | boolean>>().notNull(),
    settings: json('settings').$type<GameSettings>().notNull(),
    language: text('language').notNull(),
    botLevel: text('bot_level').$type<BotLevel>().notNull().default('standard'),
    tables: integer('tables').notNull(),
    anonymous: boolean('anonymous').notNull().default(false),
    facilitatorId: text('facilitator_id').notNull(),
    status: text('status').$type<SessionStatus>().notNull(),
    messageId: text('message_id'),
    webToken: text('web_token'),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
  },
  (table) => [index('sessions_channel').on(table.channelId), uniqueIndex('sessions_web_token').on(table.webToken)],
);

export const flags = pgTable(
  'flags',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    item: text('item').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.userId, table.item] })],
);

export const seats = pgTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: text('user_id'),
    isBot: boolean('is_bot').notNull(),
    botLevel: text('bot_level').$type<BotLevel>().notNull().default('standard'),
    displayName: text('display_name').notNull(),
    joinedAt: at('joined_at').notNull(),
    timeouts: integer('timeouts').notNull().default(0),
    sinceSequence: integer('since_sequence').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.position] })],
);

export const clocks = pgTable(
  'clocks',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    since: at('since').notNull(),
    reminders: integer('reminders').notNull().default(0),
    remindAt: at('remind_at'),
    deadlineAt: at('deadline_at'),
    snoozed: boolean('snoozed').notNull().default(false),
    warnAt: at('warn_at'),
    resumeAt: at('resume_at'),
    standIn: boolean('stand_in').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.gameId, table.seat] }),
    index('clocks_remind').on(table.remindAt),
    index('clocks_deadline').on(table.deadlineAt),
    index('clocks_warn').on(table.warnAt),
    index('clocks_resume').on(table.resumeAt),
  ],
);

export const departures = pgTable(
  'departures',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    seat: integer('seat').notNull(),
    reason: text('reason').$type<'left' | 'kicked' | 'timeout'>().notNull(),
    at: at('at').notNull(),
  },
  (table) => [index('departures_game').on(table.gameId)],
);

export const users = pgTable('users', {
  userId: text('user_id').primaryKey(),
  notify: text('notify').$type<NotifyMode>().notNull().default('channel'),
  awayFrom: at('away_from'),
  awayUntil: at('away_until'),
  awayYear: integer('away_year'),
  awayDaysUsed: integer('away_days_used').notNull().default(0),
  digestHour: integer('digest_hour'),
  utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(0),
  digestAt: at('digest_at'),
  dmClosed: boolean('dm_closed').notNull().default(false),
  locale: text('locale'),
}, (table) => [index('users_digest').on(table.digestAt), index('users_away').on(table.awayUntil)]);

export const ratings = pgTable(
  'ratings',
  {
    guildId: text('guild_id').notNull(),
    userId: text('user_id').notNull(),
    gameType: text('game_type').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.guildId, table.userId, table.gameType] }), index('ratings_board').on(table.guildId, table.gameType)],
);

export const moves = pgTable(
  'moves',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    seat: integer('seat').notNull(),
    version: integer('version').notNull().default(0),
    actorId: text('actor_id'),
    move: json('move').notNull(),
    interactionId: text('interaction_id').unique('moves_interaction_id_unique'),
    events: json('events').$type<LogEvent[]>(),
    createdAt: at('created_at').notNull(),
    undoable: boolean('undoable').notNull().default(false),
    before: json('before').$type<MoveBefore>(),
    undoneAt: at('undone_at'),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] }), index('moves_game_seat').on(table.gameId, table.seat)],
);

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PostKind>().notNull(),
    payload: json('payload').$type<PostPayload>().notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    messageId: text('message_id'),
    failed: boolean('failed').notNull().default(false),
  },
  (table) => [index('posts_unsent').on(table.gameId, table.sentAt)],
);

export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const seatHolders = pgTable(
  'seat_holders',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    fromSequence: integer('from_sequence').notNull(),
    userId: text('user_id'),
    isBot: boolean('is_bot').notNull(),
    displayName: text('display_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.seat, table.fromSequence] }), index('seat_holders_user').on(table.userId)],
);

export const seatRequests = pgTable(
  'seat_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id').notNull(),
    displayName: text('display_name').notNull(),
    status: text('status').$type<SeatRequestStatus>().notNull().default('pending'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    decidedBy: text('decided_by'),
    messageId: text('message_id'),
  },
  (table) => [index('seat_requests_game').on(table.gameId, table.status)],
);
