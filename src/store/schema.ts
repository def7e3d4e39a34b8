/** Database schema. Migrations in /migrations are generated from this file by drizzle-kit. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.gameId, table.sequence] }), index('moves_game_seat').on(table.gameId, table.seat)],
);

/** Small key-value facts about the installation, e.g. the hash of the registered commands. */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
