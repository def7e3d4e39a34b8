/**
 * A throwaway PostgreSQL cluster from Debian's server binaries (/usr/lib/postgresql/<v>/bin): a
 * temporary folder, a free loopback port, run as the `postgres` user when we are root (the server
 * refuses root). Used by the test setup and the benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  /** The admin URL (database `postgres`, user `postgres`, no password). */
  adminUrl: string;
  /** The server's main process (its backends are its children). */
  postmasterPid(): number;
  stop(): void;
}

/** Starts a cluster; `durable` keeps fsync on (benchmarks measure real commits). */
export async function startCluster(bin: string, opts: { durable?: boolean } = {}): Promise<Cluster> {
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
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${opts.durable ? '' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off '}-c max_connections=300`, 'start']);
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    postmasterPid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
