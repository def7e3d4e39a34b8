/** `npm run db:copy` moves an SQLite installation's games into PostgreSQL, jobs included. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/engine/index.js';
import { gameById } from '../../src/games/index.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';
import { emptyPgDatabase, hasPg } from '../pg/pg.js';

const rEco = gameById('r-eco')!;

async function startedGame(store: GameStore, channelId: string): Promise<GameRecord> {
  const lobby = await store.createLobby({ guildId: '1', channelId, gameType: 'r-eco', options: {}, language: 'fr', seed: `copy-${channelId}`, creator: { id: `${channelId}-a`, name: 'Ann' } });
  if (!lobby.ok) throw new Error(lobby.error.key);
  await store.join(lobby.value.id, { id: `${channelId}-b`, name: 'Ben' });
  await store.addBot(lobby.value.id, `${channelId}-a`);
  const started = await store.start(lobby.value.id, `${channelId}-a`);
  if (!started.ok) throw new Error(started.error.key);
  return started.value;
}

async function play(store: GameStore, record: GameRecord, moves: number): Promise<GameRecord> {
  for (let i = 0; i < moves && record.status === 'active'; i++) {
    const seat = rEco.pending(record.state)[0]!;
    const move = rEco.bot(rEco.seatView(record.state, seat), rngFromSeed(`${record.seed}:${record.version}`));
    const result = await store.applyMove(record.id, { expectedVersion: record.version, seat, actorId: null, move, interactionId: `i-${record.id}-${i}` });
    if (!result.ok) throw new Error(result.error.key);
    record = result.value.game;
  }
  return record;
}

function copy(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/db-copy.ts'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
}

describe.runIf(hasPg)('npm run db:copy', () => {
  it('copies every game, move, post and rating, keeps ids, and queues what running games need', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'recyclerie-copy-')), 'bot.sqlite');
    const sqlite = new GameStore(openDatabase(path));
    const finished = await play(sqlite, await startedGame(sqlite, 'c1'), 10_000);
    const running = await play(sqlite, await startedGame(sqlite, 'c2'), 5);
    await sqlite.setNotify('c1-a', 'dm');
    // The finished game's posts went out; the running game's last ones did not.
    for (const post of await sqlite.postsOf(finished.id)) await sqlite.markPosted(post, `m${post.id}`);
    for (const post of (await sqlite.postsOf(running.id)).slice(0, 1)) await sqlite.markPosted(post, `m${post.id}`);
    expect(finished.status).toBe('finished');
    const expected = { finished: await sqlite.get(finished.id), running: await sqlite.get(running.id), log: await sqlite.moveLog(finished.id), posts: await sqlite.postsOf(running.id), ratings: await sqlite.ratingsOf('1', 'c1-a') };
    await sqlite.close();

    const url = await emptyPgDatabase();
    const done = copy({ DATABASE_PATH: path, DATABASE_URL: url });
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^Copied 2 games \(\d+ moves, \d+ posts, 4 ratings\)/);

    const store = new GameStore(await openPostgres(url));
    try {
      expect(await store.get(finished.id)).toEqual(expected.finished);
      expect(await store.get(running.id)).toEqual(expected.running);
      expect(await store.moveLog(finished.id)).toEqual(expected.log);
      expect(await store.postsOf(running.id)).toEqual(expected.posts);
      expect(await store.ratingsOf('1', 'c1-a')).toEqual(expected.ratings);
      expect(await store.notifyOf('c1-a')).toBe('dm');
      // New rows continue after the copied ids.
      const next = await store.createLobby({ guildId: '1', channelId: 'c3', gameType: 'r-eco', options: {}, language: 'en', seed: 's', creator: { id: 'x', name: 'X' } });
      expect(next.ok && next.value.id).toBe(running.id + 1);
      // The running game's unsent posts and its clock are jobs now; the finished one has none.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const jobs = (await client.query<{ task: string; payload: { gameId: number } }>(
        'select t.identifier as task, j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id',
      )).rows;
      await client.end();
      const unsent = expected.posts.filter((p) => p.sentAt === null).length;
      expect(jobs.filter((j) => j.task === 'post')).toHaveLength(unsent);
      expect(jobs.some((j) => j.task === 'clock' && j.payload.gameId === running.id)).toBe(true);
      expect(jobs.every((j) => j.payload.gameId === running.id)).toBe(true);
    } finally {
      await store.close();
    }

    // A second copy into the same database is refused, in one sentence.
    const again = copy({ DATABASE_PATH: path, DATABASE_URL: url });
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('Could not copy: The PostgreSQL database already holds 3 games: copy into an empty database (createdb a new one).');
  }, 60_000);
});
