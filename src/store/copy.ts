/**
 * Moves an SQLite installation's data into a PostgreSQL database that holds no games (empty, or
 * as a bot's first start left it), table by table in one transaction, keeping every id; then
 * adds the jobs the running games need (unsent posts, the next bot turn, the next clock check),
 * so a bot started on PostgreSQL carries on where the SQLite one stopped.
 */
import { count, getTableName, isNotNull, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { errorChain, type Schema } from './backend.js';
import type { SqliteBackend } from './database.js';
import { rescheduleDigest } from './changes/notify.js';
import { requeue } from './changes/outbox.js';
import type { StoreContext } from './context.js';
import { pgJobSink } from './jobs.js';
import { describePgError, type PgBackend } from './postgres.js';
import { activeGameIds } from './rows/games.js';
import { gamesWithUnsentPosts } from './rows/posts.js';

/** Parents before children, so foreign keys hold at every insert. */
const ORDER = ['sessions', 'games', 'seats', 'seatHolders', 'seatRequests', 'clocks', 'departures', 'users', 'ratings', 'moves', 'posts', 'flags', 'meta'] as const;
/**
 * What a bot writes before any game exists: the registered commands' hash and /notify choices.
 * On a clash the PostgreSQL row stays, being the newer one: its hash is what Discord has now,
 * and a choice made on the new bot is the person's latest.
 */
const KEEP_EXISTING: ReadonlySet<string> = new Set(['meta', 'users']);
const BATCH = 500;
const START_AGAIN = 'copy into an empty database (createdb a new one)';

export class CopyError extends Error {}

export async function copySqliteToPostgres(from: SqliteBackend, to: PgBackend): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await to.write(async (tx) => {
    for (const name of ORDER) {
      if (KEEP_EXISTING.has(name)) continue;
      const [{ n }] = (await tx.select({ n: count() }).from(to.schema[name])) as [{ n: number }];
      if (n === 0) continue;
      if (name === 'games') throw new CopyError(`The PostgreSQL database already holds ${n} ${n === 1 ? 'game' : 'games'}: ${START_AGAIN}`);
      throw new CopyError(`The PostgreSQL database already holds ${n} ${n === 1 ? 'row' : 'rows'} of ${getTableName(to.schema[name])} though no games: ${START_AGAIN}`);
    }
    for (const name of ORDER) {
      const rows = (await from.read((q) => q.select().from(from.schema[name]))) as Record<string, unknown>[];
      counts[name] = rows.length;
      for (let i = 0; i < rows.length; i += BATCH) {
        const insert = tx.insert(to.schema[name] as Schema['games']).values(rows.slice(i, i + BATCH) as (typeof to.schema.games.$inferInsert)[]);
        try {
          await (KEEP_EXISTING.has(name) ? insert.onConflictDoNothing() : insert);
        } catch (error) {
          throw refused(getTableName(to.schema[name]), error);
        }
      }
    }
    // New games and posts continue after the copied ids.
    for (const table of ['sessions', 'games', 'posts', 'seat_requests']) {
      await (tx as unknown as NodePgDatabase).execute(
        sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`),
      );
    }
  });
  const ctx: StoreContext = { backend: to, schema: to.schema, now: () => new Date(), botDelayMs: 0, jobs: pgJobSink };
  const open = await to.read((q) => activeGameIds(q, to.schema));
  const unsent = await to.read((q) => gamesWithUnsentPosts(q, to.schema));
  for (const gameId of new Set([...open, ...unsent])) await requeue(ctx, gameId);
  // Daily digests are jobs too, one per person who chose one.
  const { users } = to.schema;
  for (const { userId } of await to.read((q) => q.select({ userId: users.userId }).from(users).where(isNotNull(users.digestAt)))) await rescheduleDigest(ctx, userId);
  return counts;
}

/** A row PostgreSQL would not take, as one sentence: the server's reason, never the query. */
function refused(table: string, error: unknown): CopyError {
  const reason = [...errorChain(error)].find((e) => e instanceof pg.DatabaseError)?.message;
  if (typeof reason !== 'string') return new CopyError(describePgError(error));
  return new CopyError(`PostgreSQL refused the rows of ${table} (${reason}), so nothing was copied: fix them in the SQLite file and copy again`);
}
