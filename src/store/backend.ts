/**
 * What the store needs from a database: its tables, reads, and transactions that lock a game.
 * SQLite (`database.ts`) and PostgreSQL (`postgres.ts`) implement it; nothing above `src/store/`
 * knows which one runs.
 */
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema.js';

/** The schema: its tables, by the names both databases share. */
export type Schema = typeof schema;

/**
 * A query handle (the database or an open transaction). Typed as the SQLite builder, whose
 * awaited results match PostgreSQL's; the store only awaits builders, and never calls the
 * SQLite-only `.get()`, `.all()` or `.run()`.
 */
export type Q = BetterSQLite3Database<Schema>;

/** Named unique constraints the store reacts to, the same on both databases. */
export type UniqueConstraint = 'moves_interaction_id_unique' | 'games_one_open_per_channel';

export interface Backend {
  readonly kind: 'sqlite' | 'postgres';
  readonly schema: Schema;
  /** Reads outside a transaction (each statement sees committed data). */
  read<T>(fn: (q: Q) => Promise<T>): Promise<T>;
  /**
   * One transaction. With `lockGameId`, the game's row is locked first, so every writer of one
   * game waits for the one before it, whichever process it runs in.
   */
  write<T>(fn: (tx: Q) => Promise<T>, lockGameId?: number): Promise<T>;
  /** The unique constraint an error broke, if it is one the store knows. */
  uniqueViolation(error: unknown): UniqueConstraint | null;
  close(): Promise<void>;
}

/** The error itself and its causes (drizzle wraps driver errors). */
export function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  let e = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as Record<string, unknown>;
    e = (e as { cause?: unknown }).cause;
  }
}

/** A start-up problem with the database, said in one sentence. */
export class DatabaseError extends Error {}

/** A query as the store writes it, with `sql.placeholder` for the values that change. */
type Preparable<T> = { prepare(): { all(values?: Record<string, unknown>): T[] } };

const preparedOn = new WeakMap<object, Map<string, { all(values?: Record<string, unknown>): unknown[] }>>();

/** Marks a handle whose frequent reads are built once and kept (SQLite's single connection). */
export function keepPrepared(q: Q): void {
  preparedOn.set(q, new Map());
}

/**
 * One of the store's frequent reads. drizzle builds a query's SQL afresh on every run, and under
 * load that cost more than SQLite running it. On a handle marked by `keepPrepared` the query is
 * built once under `name`; elsewhere (PostgreSQL, whose transactions are handles of their own)
 * it is built per call. `name` must stand for one query shape.
 */
export async function frequent<T>(q: Q, name: string, build: (q: Q) => Preparable<T>, values: Record<string, unknown>): Promise<T[]> {
  const kept = preparedOn.get(q);
  if (!kept) return (build(q) as unknown as { execute(values: Record<string, unknown>): Promise<T[]> }).execute(values);
  let query = kept.get(name) as { all(values?: Record<string, unknown>): T[] } | undefined;
  if (!query) kept.set(name, (query = build(q).prepare()));
  return query.all(values);
}
