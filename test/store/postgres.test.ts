/**
 * The store on PostgreSQL with several processes at once (two pools stand for two processes):
 * racing joins, a repeated interaction, two lobbies in one channel, migrations started together,
 * and the refusals at start-up. Skipped without PostgreSQL.
 */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { GameStore } from '../../src/store/game-store.js';
import { DatabaseError, openPostgres } from '../../src/store/postgres.js';
import { emptyPgDatabase, freshPgDatabase, hasPg } from '../pg/pg.js';

const rEco = gameById('r-eco')!;
const lobbyInput = (channelId: string, creator: string) => ({
  guildId: '200000000000000001', channelId, gameType: 'r-eco', options: {}, language: 'en', seed: 'pg-seed', creator: { id: creator, name: creator },
});

async function twoProcesses(): Promise<[GameStore, GameStore]> {
  const url = await freshPgDatabase();
  return [new GameStore(await openPostgres(url, { max: 4 })), new GameStore(await openPostgres(url, { max: 4 }))];
}

describe.runIf(hasPg)('the store on PostgreSQL, several processes at once', () => {
  it('gives every racing join its own seat, never a key error', async () => {
    const [a, b] = await twoProcesses();
    try {
      const lobby = await a.createLobby(lobbyInput('c1', 'u0'));
      if (!lobby.ok) throw new Error(lobby.error.key);
      const results = await Promise.all(['u1', 'u2', 'u3', 'u4'].map((u, i) => (i % 2 ? a : b).join(lobby.value.id, { id: u, name: u })));
      expect(results.every((r) => r.ok)).toBe(true);
      const seats = (await a.get(lobby.value.id))!.seats;
      expect(seats.map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
      expect(new Set(seats.map((s) => s.userId)).size).toBe(5);
      expect((await b.get(lobby.value.id))!.version).toBe(4);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('applies a move delivered twice to two processes once, and answers the other "already done"', async () => {
    const [a, b] = await twoProcesses();
    try {
      const lobby = await a.createLobby(lobbyInput('c2', 'u0'));
      if (!lobby.ok) throw new Error(lobby.error.key);
      await a.join(lobby.value.id, { id: 'u1', name: 'u1' });
      await a.addBot(lobby.value.id, 'u0');
      const started = await a.start(lobby.value.id, 'u0');
      if (!started.ok) throw new Error(started.error.key);
      const record = started.value;
      const seat = rEco.pending(record.state)[0]!;
      const move = rEco.legalMoves(record.state, seat)[0];
      const input = { expectedVersion: record.version, seat, actorId: 'u0', move, interactionId: 'same-interaction' };
      const results = await Promise.all([a.applyMove(record.id, input), b.applyMove(record.id, input)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, error: { key: expect.stringMatching(/^error\.(alreadyDone|stale)$/) } });
      expect(await a.moveLog(record.id)).toHaveLength(1);
      // The same interaction on a fresh version meets the unique constraint: "already done".
      const after = (await b.get(record.id))!;
      const next = rEco.pending(after.state)[0]!;
      const again = await b.applyMove(record.id, { ...input, expectedVersion: after.version, seat: next, move: rEco.legalMoves(after.state, next)[0] });
      expect(again).toMatchObject({ ok: false, error: { key: 'error.alreadyDone' } });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps one open game per channel when two processes open one at once', async () => {
    const [a, b] = await twoProcesses();
    try {
      const results = await Promise.all([a.createLobby(lobbyInput('c3', 'u0')), b.createLobby(lobbyInput('c3', 'u1'))]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: { key: 'error.channelBusy' } });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('migrates once when several processes start together on an empty database', async () => {
    const url = await emptyPgDatabase();
    const backends = await Promise.all([openPostgres(url, { max: 2 }), openPostgres(url, { max: 2 }), openPostgres(url, { max: 2 })]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    expect(applied.rows[0].n).toBe(readdirSync('migrations-pg').filter((f) => f.endsWith('.sql')).length);
    const store = new GameStore(backends[0]!);
    expect((await store.createLobby(lobbyInput('c4', 'u0'))).ok).toBe(true);
    for (const backend of backends) await backend.close();
  });

  it('refuses, in one sentence, a database set up by a newer version', async () => {
    const url = await freshPgDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', $1)`, [Date.now() + 365 * 86_400_000]);
    await client.end();
    await expect(openPostgres(url)).rejects.toThrow(/^The database was set up by a newer version of Recyclerie than this one: update the bot before starting it$/);
  });

  it('says in one sentence when the server cannot be reached or the database does not exist', async () => {
    await expect(openPostgres('postgres://nobody@127.0.0.1:1/none')).rejects.toThrow(/^PostgreSQL could not be reached \(ECONNREFUSED\)/);
    const missing = new URL(await freshPgDatabase());
    missing.pathname = '/no_such_database';
    const error = await openPostgres(missing.toString()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as Error).message).toBe('The database named in DATABASE_URL does not exist: create it with createdb');
  });
});
