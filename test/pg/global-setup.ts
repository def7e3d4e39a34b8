/**
 * Starts a throwaway PostgreSQL cluster for the test run when Debian's server binaries are
 * installed (/usr/lib/postgresql/<version>/bin): a temporary folder, a free loopback port, run as
 * the `postgres` user when we are root (the server refuses root). A migrated template database
 * lets each test file clone its own database in a fraction of a second. Everything is removed at
 * the end. Without PostgreSQL, the PostgreSQL tests are skipped and one line says so.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../../src/store/postgres.js';
import { migrateJobs } from '../../src/store/jobs.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's admin URL (database `postgres`), or '' when PostgreSQL is not installed. */
    pgAdminUrl: string;
  }
}

export const TEMPLATE = 'recyclerie_template';

function findBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const bin = findBin();
  if (!bin) {
    if (process.env.RECYCLERIE_REQUIRE_PG) throw new Error('PostgreSQL is required here (RECYCLERIE_REQUIRE_PG) but /usr/lib/postgresql/*/bin is missing.');
    console.log('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin): the PostgreSQL tests are skipped.');
    project.provide('pgAdminUrl', '');
    return;
  }
  const root = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    execFileSync(root ? 'runuser' : join(bin, cmd), root ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'recyclerie-pg-'));
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // Durability is not under test here: no fsync keeps a busy machine fast.
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`, 'start']);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${TEMPLATE}`);
  await client.end();
  const template = await openPostgres(`postgres://postgres@127.0.0.1:${port}/${TEMPLATE}`, { max: 2, alsoMigrate: migrateJobs });
  await template.close();
  project.provide('pgAdminUrl', admin);
  return async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
