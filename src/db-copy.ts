/**
 * `npm run db:copy`: copies the games of the SQLite database (DATABASE_PATH) into the PostgreSQL
 * database (DATABASE_URL), which must hold no games (empty, or where a bot only started). Stop
 * the bot first; start it again with DATABASE_URL set.
 */
import './node-version.js';
import 'dotenv/config';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.js';
import { CopyError, copySqliteToPostgres } from './store/copy.js';
import { openDatabase } from './store/database.js';
import { migrateJobs } from './store/jobs.js';
import { DatabaseError, describePgError, openPostgres } from './store/postgres.js';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig({ DISCORD_TOKEN: 'unused-here', ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  if (!config.DATABASE_URL) return fail('Set DATABASE_URL to the PostgreSQL database to copy into (see README, "Running on PostgreSQL").');
  if (!existsSync(config.DATABASE_PATH)) return fail(`No SQLite database at ${config.DATABASE_PATH}: set DATABASE_PATH to the file to copy.`);
  const from = openDatabase(config.DATABASE_PATH);
  try {
    const to = await openPostgres(config.DATABASE_URL, { alsoMigrate: migrateJobs });
    try {
      const counts = await copySqliteToPostgres(from, to);
      console.log(`Copied ${counts.games} games (${counts.moves} moves, ${counts.posts} posts, ${counts.ratings} ratings) from ${config.DATABASE_PATH} to PostgreSQL.`);
      return 0;
    } finally {
      await to.close();
    }
  } catch (error) {
    if (error instanceof CopyError || error instanceof DatabaseError) return fail(`${error.message}.`);
    return fail(`${describePgError(error)}.`);
  } finally {
    await from.close();
  }
}

function fail(sentence: string): number {
  console.error(`Could not copy: ${sentence}`);
  return 1;
}

process.exitCode = await main();
