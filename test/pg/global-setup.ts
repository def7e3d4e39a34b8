/**
 * Starts a throwaway PostgreSQL cluster for the test run when Debian's server binaries are
 * installed (see cluster.ts). A migrated template database lets each test file clone its own
 * database in a fraction of a second. Everything is removed at the end. Without PostgreSQL, the
 * PostgreSQL tests are skipped and one line says so (or the run fails, with RECYCLERIE_REQUIRE_PG).
 */
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrateJobs } from '../../src/store/jobs.js';
import { openPostgres } from '../../src/store/postgres.js';
import { findPgBin, startCluster } from './cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's admin URL (database `postgres`), or '' when PostgreSQL is not installed. */
    pgAdminUrl: string;
  }
}

export const TEMPLATE = 'recyclerie_template';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const bin = findPgBin();
  if (!bin) {
    if (process.env.RECYCLERIE_REQUIRE_PG) throw new Error('PostgreSQL is required here (RECYCLERIE_REQUIRE_PG) but /usr/lib/postgresql/*/bin is missing.');
    console.log('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin): the PostgreSQL tests are skipped.');
    project.provide('pgAdminUrl', '');
    return;
  }
  const cluster = await startCluster(bin);
  const admin = cluster.adminUrl;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${TEMPLATE}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${TEMPLATE}`;
  const template = await openPostgres(url.toString(), { max: 2, alsoMigrate: migrateJobs });
  await template.close();
  project.provide('pgAdminUrl', admin);
  return async () => cluster.stop();
}
