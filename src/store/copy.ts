/**
 * Moves an SQLite installation's data into an empty PostgreSQL database, table by table in one
 * transaction, keeping every id; then adds the jobs the running games need (unsent posts, the
 * next bot turn, the next clock check), so a bot started on PostgreSQL carries on where the
 * SQLite one stopped.
 */
import { count, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Tables } from './backend.js';
import type { SqliteBackend } from './database.js';
import { GameStore } from './game-store.js';
import { pgJobSink } from './jobs.js';
import type { PgBackend } from './postgres.js';

/** Parents before children, so foreign keys hold at every insert. */
const ORDER = ['games', 'seats', 'seatHolders', 'seatRequests', 'clocks', 'departures', 'users', 'ratings', 'moves', 'posts', 'meta'] as const;
const BATCH = 500;

export class CopyError extends Error {}

export async function copySqliteToPostgres(from: SqliteBackend, to: PgBackend): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const [{ n: existing }] = await to.read((q) => q.select({ n: count() }).from(to.t.games)) as [{ n: number }];
  if (existing > 0) throw new CopyError(`The PostgreSQL database already holds ${existing} games: copy into an empty database (createdb a new one)`);
  await to.write(async (tx) => {
    for (const name of ORDER) {
      const rows = (await from.read((q) => q.select().from(from.t[name]))) as Record<string, unknown>[];
      counts[name] = rows.length;
      for (let i = 0; i < rows.length; i += BATCH) {
        await tx.insert(to.t[name] as Tables['games']).values(rows.slice(i, i + BATCH) as (typeof to.t.games.$inferInsert)[]);
      }
    }
    // New games and posts continue after the copied ids.
    for (const table of ['games', 'posts', 'seat_requests']) {
      await (tx as unknown as NodePgDatabase).execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`),
      );
    }
  });
  const store = new GameStore(to);
  store.jobs = pgJobSink;
  const open = await store.activeGames();
  for (const game of open) await store.requeue(game.id);
  const unsent = await store.gamesWithUnsentPosts();
  for (const gameId of unsent) if (!open.some((g) => g.id === gameId)) await store.requeue(gameId);
  return counts;
}
