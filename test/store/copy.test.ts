/**
 * `npm run db:copy` moves an SQLite installation's games into PostgreSQL, jobs included, also into
 * a database a bot has already started on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import type { Backend } from '../../src/store/backend.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';
import { Player, startWorld } from '../e2e/harness.js';
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

const TABLES = ['games', 'seats', 'seatHolders', 'seatRequests', 'clocks', 'departures', 'users', 'ratings', 'moves', 'posts', 'meta'] as const;

/** Every row of every table, in a stable order, to compare two databases. */
async function contents(backend: Backend): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of TABLES) {
    const rows = (await backend.read((q) => q.select().from(backend.schema[name]))) as unknown[];
    out[name] = rows.map((r) => [JSON.stringify(r), r] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  }
  return out;
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

  it('copies into a database a bot has already started on, keeping the rows that bot wrote', async () => {
    // The PostgreSQL side as an operator leaves it: createdb, one `npm start` (migrations, the
    // registered commands' hash in meta), a /notify, then the bot stopped.
    const url = await emptyPgDatabase();
    const world = await startWorld({ env: { DATABASE_URL: url, RENDER_WORKERS: '0' } });
    const ann = new Player(world, world.double.addUser({ username: 'ann' }));
    await ann.command(world.channels[0]!, 'notify', { options: { mode: 'channel' } });
    await world.stop();
    const before = new GameStore(await openPostgres(url));
    const registered = await before.getMeta('commands.hash');
    expect(registered).toMatch(/^[0-9a-f]{64}$/);
    expect((await contents(before.backend)).users).toMatchObject([{ userId: ann.id, notify: 'channel' }]);
    await before.close();

    // The SQLite installation: games, and its own (older) rows in meta and users.
    const path = join(mkdtempSync(join(tmpdir(), 'recyclerie-copy-')), 'bot.sqlite');
    const sqlite = new GameStore(openDatabase(path));
    await play(sqlite, await startedGame(sqlite, 'c1'), 10_000);
    await play(sqlite, await startedGame(sqlite, 'c2'), 5);
    await sqlite.setMeta('commands.hash', 'hash-of-an-older-command-set');
    await sqlite.setNotify(ann.id, 'dm');
    await sqlite.setNotify('c1-a', 'dm');
    const expected = await contents(sqlite.backend);
    await sqlite.close();

    const done = copy({ DATABASE_PATH: path, DATABASE_URL: url });
    expect(done.stderr).toBe('');
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/^Copied 2 games /);

    const store = new GameStore(await openPostgres(url));
    try {
      const copied = await contents(store.backend);
      for (const name of TABLES) {
        if (name === 'meta' || name === 'users') continue;
        expect(copied[name], name).toEqual(expected[name]);
      }
      for (const name of ['games', 'seats', 'moves', 'posts', 'ratings', 'clocks', 'seatHolders'] as const) expect(copied[name]!.length, name).toBeGreaterThan(0);
      // The started bot's rows win: its hash is what Discord has now, and ann's choice is newer.
      expect(copied.meta).toEqual([{ key: 'commands.hash', value: registered }]);
      expect(await store.notifyOf(ann.id)).toBe('channel');
      expect(await store.notifyOf('c1-a')).toBe('dm');
      expect(copied.users).toHaveLength((expected.users as unknown[]).length);
    } finally {
      await store.close();
    }
  }, 120_000);

  it('refuses other rows and data PostgreSQL cannot hold in one sentence, copying nothing', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'recyclerie-copy-')), 'bot.sqlite');
    const sqlite = new GameStore(openDatabase(path));
    await startedGame(sqlite, 'c1');
    await sqlite.close();

    // Ratings left without their games (deleted by hand): merging two players' ratings would be wrong.
    const url = await emptyPgDatabase();
    const pgStore = new GameStore(await openPostgres(url));
    await pgStore.backend.write((tx) => tx.insert(pgStore.backend.schema.ratings).values({ guildId: '1', userId: 'c1-a', gameType: 'r-eco', mu: 30, sigma: 5, games: 1, wins: 1 }));
    await pgStore.close();
    const held = copy({ DATABASE_PATH: path, DATABASE_URL: url });
    expect(held.status).toBe(1);
    expect(held.stderr.trim()).toBe('Could not copy: The PostgreSQL database already holds 1 row of ratings though no games: copy into an empty database (createdb a new one).');

    // A NUL character, which SQLite keeps and PostgreSQL's text refuses.
    const odd = new GameStore(openDatabase(path));
    await odd.setNotify('nul\u0000user', 'dm');
    await odd.close();
    const empty = await emptyPgDatabase();
    const bad = copy({ DATABASE_PATH: path, DATABASE_URL: empty });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^Could not copy: PostgreSQL refused the rows of users \([^\n]*\), so nothing was copied: fix them in the SQLite file and copy again\.$/);
    expect(bad.stderr).not.toMatch(/Failed query|insert into/);
    const after = new GameStore(await openPostgres(empty));
    expect((await contents(after.backend)).games).toEqual([]);
    await after.close();
  }, 60_000);
});
