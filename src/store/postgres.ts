/**
 * The store on PostgreSQL (`DATABASE_URL`): node-postgres pool, drizzle's pg dialect, and
 * migrations from /migrations-pg applied under an advisory lock, so replicas that start together
 * migrate once. Every mutating transaction locks its game's row first.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseError, errorChain, type Backend, type Q, type Schema, type UniqueConstraint } from './backend.js';
import * as schema from './schema-pg.js';

export { DatabaseError };

const MIGRATIONS = fileURLToPath(new URL('../../migrations-pg', import.meta.url));
/** Held by whoever migrates; any 64-bit number the project keeps to itself. */
const MIGRATION_LOCK = 7_205_431_118_224_093n;
const KNOWN: readonly string[] = ['moves_interaction_id_unique', 'games_one_open_per_channel'] satisfies UniqueConstraint[];

export interface PgBackend extends Backend {
  readonly kind: 'postgres';
  readonly pool: pg.Pool;
}


export interface PgOptions {
  /** Connections in the pool. */
  max?: number;
  /** Also run after our own migrations, under the same lock (the job queue's schema). */
  alsoMigrate?: (pool: pg.Pool) => Promise<void>;
}

export async function openPostgres(url: string, opts: PgOptions = {}): Promise<PgBackend> {
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 10_000 });
  } catch (error) {
    throw new DatabaseError(`DATABASE_URL is not a valid PostgreSQL URL (${(error as Error).message})`, { cause: error });
  }
  // An idle connection that breaks (a server restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await migrateUnderLock(pool, opts.alsoMigrate);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error instanceof DatabaseError ? error : new DatabaseError(describePgError(error), { cause: error });
  }
  const db = drizzle({ client: pool, schema });
  return {
    kind: 'postgres',
    schema: schema as unknown as Schema,
    pool,
    read: (fn) => fn(db as unknown as Q),
    write: (fn, lockGameId) =>
      db.transaction(async (tx) => {
        if (lockGameId !== undefined) await tx.select({ id: schema.games.id }).from(schema.games).where(eq(schema.games.id, lockGameId)).for('update');
        return fn(tx as unknown as Q);
      }),
    uniqueViolation(error) {
      for (const e of errorChain(error)) {
        if (e.code === '23505' && typeof e.constraint === 'string' && KNOWN.includes(e.constraint)) return e.constraint as UniqueConstraint;
      }
      return null;
    },
    close: () => pool.end(),
  };
}

/**
 * drizzle's migrator takes no lock of its own: one dedicated connection holds a session-level
 * advisory lock for the whole run, so a second process waits, then finds nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool, also?: (pool: pg.Pool) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await refuseNewerSchema(client);
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
      if (also) await also(pool);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

/** The newest migration this code knows, by the time drizzle-kit stamped it. */
function newestKnownMigration(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

async function refuseNewerSchema(client: pg.PoolClient): Promise<void> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists.rows[0]?.found) return;
  const applied = await client.query<{ newest: string | null }>('select max(created_at)::text as newest from drizzle.__drizzle_migrations');
  const newest = Number(applied.rows[0]?.newest ?? 0);
  if (newest > newestKnownMigration()) {
    throw new DatabaseError('The database was set up by a newer version of Recyclerie than this one: update the bot before starting it');
  }
}

const PG_NETWORK = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);

/** One sentence for a failed connection or migration. */
export function describePgError(error: unknown): string {
  for (const e of errorChain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (PG_NETWORK.has(code)) return `PostgreSQL could not be reached (${code}): check DATABASE_URL and that the server is running`;
    if (code === '28P01' || code === '28000') return 'PostgreSQL refused the user or password in DATABASE_URL';
    if (code === '3D000') return 'The database named in DATABASE_URL does not exist: create it with createdb';
    if (String(e.message ?? '').includes('timeout')) return 'PostgreSQL did not answer in time: check DATABASE_URL and that the server is running';
  }
  const message = error instanceof Error ? error.message : String(error);
  return `PostgreSQL failed: ${message.replace(/\.$/, '')}`;
}
