/** The databases the store suite runs on: SQLite always, PostgreSQL when the run has a cluster. */
import type { Backend } from '../../src/store/backend.js';
import { openDatabase } from '../../src/store/database.js';
import { openPostgres } from '../../src/store/postgres.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';

export interface TestBackend {
  name: string;
  kind: Backend['kind'];
  /** A new, empty, migrated database. */
  open(): Promise<Backend>;
}

export const backends: TestBackend[] = [
  { name: 'SQLite', kind: 'sqlite', open: async () => openDatabase(':memory:') },
  ...(hasPg ? [{ name: 'PostgreSQL', kind: 'postgres' as const, open: async () => openPostgres(await freshPgDatabase(), { max: 4 }) }] : []),
];
