/**
 * How a class session ends, in the store: by itself when its last table finishes (the session
 * marked ended and one debrief post queued, in that move's transaction), also when two tables end
 * at the same moment from two stores (two processes) on PostgreSQL; End all queues the debrief
 * once; Pause all and Resume all redraw each table's current board. SQLite and PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { rngFromSeed } from '../../src/engine/index.js';
import { GameStore } from '../../src/store/game-store.js';
import { DEFAULT_SETTINGS } from '../../src/store/clocks.js';
import { openPostgres } from '../../src/store/postgres.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { backends } from './backends.js';

const game = gameById('r-eco')!;

async function openSession(store: GameStore, tables: number, tag = 's'): Promise<number> {
  const created = await store.sessions.create({
    guildId: 'g', channelId: `c-${tag}`, gameType: 'r-eco', options: {}, tableSeats: 3, settings: DEFAULT_SETTINGS, language: 'en', botLevel: 'standard',
    anonymous: false, facilitatorId: 'teacher', threads: Array.from({ length: tables }, (_, i) => `${tag}-thread-${i + 1}`), seeds: Array.from({ length: tables }, (_, i) => `${tag}-seed-${i}`),
  });
  if (!created.ok) throw new Error(created.error.key);
  const id = created.value.session.id;
  for (let i = 0; i < tables; i++) expect((await store.sessions.join(id, { id: `${tag}-u${i}`, name: `U${i}` })).ok).toBe(true);
  expect((await store.sessions.startAll(id)).ok).toBe(true);
  return id;
}

/** Plays a table with every seat's bot until the next move would end it; returns that move. */
async function playToLastMove(store: GameStore, gameId: number) {
  for (let i = 0; i < 5_000; i++) {
    const record = (await store.get(gameId))!;
    const seat = game.pending(record.state)[0]!;
    const move = game.bot(game.seatView(record.state, seat), rngFromSeed(`${record.seed}:${record.version}`));
    const input = { expectedVersion: record.version, seat, actorId: record.seats[seat]!.userId, move, interactionId: null };
    const tried = game.apply(record.state, seat, move);
    if (tried.ok && game.isOver(tried.state)) return input;
    const played = await store.applyMove(gameId, input);
    if (!played.ok) throw new Error(played.error.key);
  }
  throw new Error('the game did not end');
}

async function debriefPosts(store: GameStore, sessionId: number) {
  const out = [];
  for (const table of await store.sessions.tables(sessionId)) out.push(...(await store.postsOf(table.id)).filter((p) => p.kind === 'debrief').map((p) => ({ ...p, table: table.id })));
  return out;
}

describe.each(backends)('a session ending on $name', ({ open }) => {
  let store: GameStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  it('ends by itself when its last table finishes, with one debrief after that table\'s final scores', async () => {
    store = new GameStore(await open());
    const id = await openSession(store, 2);
    const [first, second] = await store.sessions.tables(id);
    const last1 = await playToLastMove(store, first!.id);
    expect((await store.applyMove(first!.id, last1)).ok).toBe(true);
    // One table still plays: the session runs on, no debrief yet.
    expect((await store.sessions.get(id))!.status).toBe('running');
    expect(await debriefPosts(store, id)).toEqual([]);
    const last2 = await playToLastMove(store, second!.id);
    expect((await store.applyMove(second!.id, last2)).ok).toBe(true);
    const session = (await store.sessions.get(id))!;
    expect(session.status).toBe('ended');
    expect(session.endedAt).toBeInstanceOf(Date);
    const debriefs = await debriefPosts(store, id);
    expect(debriefs).toHaveLength(1);
    expect(debriefs[0]!.table).toBe(second!.id);
    // Queued after the table's final scores, so it goes out after them.
    const posts = await store.postsOf(second!.id);
    expect(posts.at(-1)!.kind).toBe('debrief');
    expect(posts.at(-2)!.kind).toBe('final');
    // Nothing left to end; no second debrief.
    const again = await store.sessions.endAll(id);
    expect(again.ok ? null : again.error.key).toBe('session.error.ended');
    expect(await store.sessions.markEnded(id)).toBe(false);
    expect(await debriefPosts(store, id)).toHaveLength(1);
  }, 120_000);

  it('ends when its last running table is cancelled after the others finished', async () => {
    store = new GameStore(await open());
    const id = await openSession(store, 2, 'c');
    const [first, second] = await store.sessions.tables(id);
    expect((await store.applyMove(first!.id, await playToLastMove(store, first!.id))).ok).toBe(true);
    expect((await store.sessions.get(id))!.status).toBe('running');
    expect((await store.cancel(second!.id)).ok).toBe(true);
    expect((await store.sessions.get(id))!.status).toBe('ended');
    expect((await debriefPosts(store, id)).map((p) => p.table)).toEqual([second!.id]);
  }, 120_000);

  it('queues the debrief once with End all, and redraws each board when paused and resumed', async () => {
    store = new GameStore(await open());
    const id = await openSession(store, 3, 'e');
    const tables = await store.sessions.tables(id);
    const boardsBefore = await Promise.all(tables.map(async (t) => (await store!.postsOf(t.id)).filter((p) => p.kind === 'board' || p.kind === 'edit').length));
    expect((await store.sessions.pauseAll(id)).ok).toBe(true);
    for (const [i, t] of tables.entries()) {
      const posts = await store.postsOf(t.id);
      if (boardsBefore[i] === 0) continue;
      // The pause line, then the current board redrawn in place, with no new ping.
      expect(posts.at(-2)!.payload.lines[0]?.key).toBe('session.board.paused');
      expect(posts.at(-1)!.kind).toBe('edit');
      expect(posts.at(-1)!.payload.ping).toEqual([]);
    }
    expect(boardsBefore.some((n) => n > 0)).toBe(true);
    expect((await store.sessions.resumeAll(id)).ok).toBe(true);
    for (const [i, t] of tables.entries()) {
      if (boardsBefore[i] === 0) continue;
      const posts = await store.postsOf(t.id);
      expect(posts.at(-1)!.kind).toBe('edit');
      expect(posts.at(-2)!.payload.lines[0]?.key).toBe('session.board.resumed');
    }
    expect((await store.sessions.endAll(id)).ok).toBe(true);
    const debriefs = await debriefPosts(store, id);
    expect(debriefs).toHaveLength(1);
    expect(debriefs[0]!.table).toBe(tables.at(-1)!.id);
    expect((await store.postsOf(tables.at(-1)!.id)).at(-1)!.kind).toBe('debrief');
    expect(await store.sessions.markEnded(id)).toBe(false);
    expect(await debriefPosts(store, id)).toHaveLength(1);
  }, 120_000);
});

describe.runIf(hasPg)('a session ending from two processes on PostgreSQL', () => {
  const stores: GameStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });

  it('ends once when its last two tables end at the same moment in two processes, and End all racing a last move neither deadlocks nor doubles', async () => {
    const url = await freshPgDatabase();
    const a = new GameStore(await openPostgres(url, { max: 4 }));
    const b = new GameStore(await openPostgres(url, { max: 4 }));
    stores.push(a, b);
    for (const round of [1, 2, 3]) {
      const id = await openSession(a, 2, `race${round}`);
      const [first, second] = await a.sessions.tables(id);
      const [m1, m2] = [await playToLastMove(a, first!.id), await playToLastMove(a, second!.id)];
      const results = await Promise.all([a.applyMove(first!.id, m1), b.applyMove(second!.id, m2)]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect((await b.sessions.get(id))!.status).toBe('ended');
      expect(await debriefPosts(a, id)).toHaveLength(1);
    }
    // End all in one process while the other plays a table's last move.
    const id = await openSession(a, 2, 'endrace');
    const [first] = await a.sessions.tables(id);
    const last = await playToLastMove(a, first!.id);
    const [ended, moved] = await Promise.all([a.sessions.endAll(id), b.applyMove(first!.id, last)]);
    expect(ended.ok).toBe(true);
    // The move either finished the table first or found it ended.
    if (!moved.ok) expect(moved.error.key).toBe('error.gameClosed');
    expect((await a.sessions.get(id))!.status).toBe('ended');
    expect(await debriefPosts(a, id)).toHaveLength(1);
  }, 240_000);
});
