/** Database schema. Migrations in /migrations are generated from this file by drizzle-kit. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { LogEvent, Msg, Outcome, Seat } from '../engine/index.js';

/** What a post shows, frozen at the move that made it, so a late or repeated send is faithful. */
export interface PostPayload {
  /** Game version after the move. */
  version: number;
  /** The public view at that version (never a state). */
  view: unknown;
  /** Public log lines since the previous post (or of the whole turn, for an in-place redraw). */
  lines: Msg[];
  /** Seats that must act now, and those among them to notify (newly pending humans). */
  pending: Seat[];
  ping: Seat[];
  over: boolean;
  outcome?: Outcome;
}

export type GameStatus = 'lobby' | 'active' | 'finished' | 'cancelled';

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
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    // One open game per channel, enforced by the database itself.
    uniqueIndex('games_one_open_per_channel')
      .on(table.channelId)
      .where(sql`${table.status} in ('lobby', 'active')`),
    index('games_status').on(table.status),
  ],
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
    displayName: text('display_name').notNull(),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.position] })],
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
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] }), index('moves_game_seat').on(table.gameId, table.seat)],
);

export type PostKind = 'board' | 'edit' | 'log' | 'final';

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
