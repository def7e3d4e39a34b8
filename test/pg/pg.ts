/** PostgreSQL in tests: whether the run has a cluster, and a fresh database cloned per use. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const TEMPLATE = 'recyclerie_template';

// Outside vitest (the benchmarks reuse the e2e harness) there is no cluster from the global setup.
export const pgAdminUrl: string = process.env.VITEST ? inject('pgAdminUrl') : '';
/** False when PostgreSQL is not installed: the PostgreSQL tests are skipped (the setup says so). */
export const hasPg = pgAdminUrl !== '';

/** A new, migrated database (a copy of the template), with its URL. */
export async function freshPgDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name} template ${TEMPLATE}`);
  } finally {
    await client.end();
  }
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An empty database (no tables), for migration tests. */
export async function emptyPgDatabase(): Promise<string> {
  const name = `e_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: pgAdminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
