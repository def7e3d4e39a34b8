/** Opens the SQLite database (WAL mode) and applies pending migrations. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { errorChain, keepPrepared, type Backend, type Q, type UniqueConstraint } from './backend.js';
import * as schema from './schema.js';

const MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url));

/** SQLite reports the columns of a broken unique index, not its name. */
const SQLITE_UNIQUE: Record<string, UniqueConstraint> = {
  'moves.interaction_id': 'moves_interaction_id_unique',
  'games.channel_id': 'games_one_open_per_channel',
};

export interface SqliteBackend extends Backend {
  readonly kind: 'sqlite';
  readonly client: Database.Database;
}

/** Distinct statements kept prepared; the store has a few dozen. */
const STATEMENT_CACHE = 256;

/**
 * drizzle prepares every query again each time it runs, and under load SQLite's compiling of
 * the same few statements was the store's largest cost. Statements are kept by their SQL text;
 * none is run twice at once (better-sqlite3 is synchronous and the store never iterates), and
 * drizzle switches one to raw rows only for a query that wants them, so it is switched back.
 */
function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const kept = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (!statement) {
      statement = prepare(source);
      if (kept.size >= STATEMENT_CACHE) kept.clear();
      kept.set(source, statement);
    } else if (statement.reader) {
      statement.raw(false);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

export function openDatabase(path: string): SqliteBackend {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Another process holding the write lock (a second bot, a backup) gets a short wait, not an error.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cacheStatements(sqlite);
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  keepPrepared(db as Q);

  // better-sqlite3 runs each statement synchronously, but the store awaits between statements:
  // one operation at a time on the connection, so no read sees another's open transaction.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };
  return {
    kind: 'sqlite',
    schema,
    client: sqlite,
    read: (fn) => exclusive(() => fn(db as Q)),
    write: (fn) =>
      exclusive(async () => {
        sqlite.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(db as Q);
          sqlite.exec('COMMIT');
          return result;
        } catch (error) {
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
          throw error;
        }
      }),
    uniqueViolation(error) {
      for (const e of errorChain(error)) {
        const found = /UNIQUE constraint failed: (\S+)/.exec(String(e.message ?? ''));
        if (found) return SQLITE_UNIQUE[found[1]!] ?? null;
      }
      return null;
    },
    async close() {
      await tail;
      if (sqlite.open) sqlite.close();
    },
  };
}
