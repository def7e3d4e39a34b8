/**
 * Taking back a move in the store, on SQLite and PostgreSQL: the state, clocks and time-outs come
 * back, the move stays in the log marked undone and every reader of the game as played skips it,
 * the board is redrawn in place, refusals change nothing; and on PostgreSQL an undo racing the
 * next player's move from another process: exactly one wins.
 */
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { replay, type AnyGame } from '../../src/engine/index.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { backends } from './backends.js';

const GAME = 'palermo';
const game: AnyGame = gameById(GAME)!;
const SETTINGS = { reminderMinutes: 60, deadlineMinutes: 1440, pace: 'auto' as const, takeover: 'host' as const };
const HUMANS = ['u0', 'u1'];

function clockAt(start = Date.UTC(2026, 0, 5, 9)) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

async function started(store: GameStore, channelId: string, seed: string): Promise<GameRecord> {
  const lobby = await store.createLobby({ guildId: 'g', channelId, gameType: GAME, options: {}, language: 'en', seed, creator: { id: 'u0', name: 'Ann' }, settings: SETTINGS });
  if (!lobby.ok) throw new Error(lobby.error.key);
  await store.join(lobby.value.id, { id: 'u1', name: 'Ben' });
  await store.addBot(lobby.value.id, 'u0');
  const s = await store.start(lobby.value.id, 'u0');
  if (!s.ok) throw new Error(s.error.key);
  return s.value;
}

let interaction = 0;
/** One move of whoever must act first, by the game's bot from that seat's view; a person's seat plays as that person. */
async function playOne(store: GameStore, record: GameRecord) {
  const seat = game.pending(record.state)[0]!;
  const move = game.bot(game.seatView(record.state, seat), { next: () => 0.37, int: (n: number) => Math.floor(0.37 * n), shuffle: <T>(a: T[]) => a, pick: <T>(a: readonly T[]) => a[0]! } as never);
  const actorId = record.seats[seat]!.isBot ? null : record.seats[seat]!.userId;
  const clocks = await Promise.all(record.seats.map((s) => store.clockOf(record.id, s.position)));
  const result = await store.applyMove(record.id, { expectedVersion: record.version, seat, actorId, move, interactionId: actorId ? `i${++interaction}` : null });
  if (!result.ok) throw new Error(result.error.key);
  return { seat, move, actorId, clocks, before: record, after: result.value.game, undoable: !!result.value.undoable };
}

/** Plays until a person's move may be taken back and a person other than the mover must act next. */
async function untilUndoable(store: GameStore, record: GameRecord) {
  for (let i = 0; i < 400; i++) {
    const played = await playOne(store, record);
    const next = played.after.status === 'active' ? game.pending(played.after.state) : [];
    if (played.undoable && next.some((s: number) => s !== played.seat && !played.after.seats[s]!.isBot)) return played;
    record = played.after;
  }
  throw new Error('no undoable move');
}

async function replayed(store: GameStore, record: GameRecord) {
  const parsed = game.parseOptions(record.options);
  return replay(game, { seats: record.seats.length, options: parsed.ok ? parsed.options : record.options, seed: record.seed }, await store.moveLog(record.id));
}

describe.each(backends)('taking back a move ($name)', (backend) => {
  it('gives back the state and clocks, keeps the move marked undone, and redraws the board in place', async () => {
    const clock = clockAt();
    const store = new GameStore(await backend.open(), { now: clock.now });
    try {
      const record = await started(store, 'c1', 'undo-store-1');
      clock.advance(10 * 60_000);
      const played = await untilUndoable(store, record);
      const clocksBefore = played.clocks;
      expect(await Promise.all(played.after.seats.map((s) => store.clockOf(record.id, s.position)))).not.toEqual(clocksBefore);
      clock.advance(5 * 60_000);
      const count = await store.moveCount(record.id);
      const playedCount = await store.movesPlayed(record.id);
      const postsBefore = (await store.postsOf(record.id)).length;
      expect(await store.undoableBy(played.after)).toBe(played.seat);

      // Someone else cannot take it back, nor can a button drawn at another version.
      expect(await store.undo(record.id, HUMANS.find((u) => u !== played.actorId)!)).toMatchObject({ ok: false, error: { key: 'undo.tooLate' } });
      expect(await store.undo(record.id, played.actorId!, played.after.version - 1)).toMatchObject({ ok: false, error: { key: 'undo.movedOn' } });

      const undone = await store.undo(record.id, played.actorId!, played.after.version);
      if (!undone.ok) throw new Error(undone.error.key);
      const now = undone.value.game;
      expect(now.state).toEqual(played.before.state);
      expect(now.version).toBe(played.after.version + 1);
      expect(await Promise.all(now.seats.map((s) => store.clockOf(record.id, s.position)))).toEqual(clocksBefore);
      expect(await replayed(store, now)).toEqual(now.state);
      // The sequence stays taken; the game as played has one move fewer.
      expect(await store.moveCount(record.id)).toBe(count);
      expect(await store.movesPlayed(record.id)).toBe(playedCount - 1);
      expect((await store.moveLog(record.id)).map((m) => m.sequence)).not.toContain(count);
      expect(await store.lastMoveOf(record.id, played.seat)).not.toMatchObject({ sequence: count });
      const lines = await store.publicLines(record.id);
      expect(lines.filter((l) => l.sequence === count)).toEqual([{ sequence: count, line: { key: 'undo.tookBack', args: { seat: { seat: played.seat } } } }]);
      // One edit of the current board: the restored view, nobody pinged.
      const posts = await store.postsOf(record.id);
      expect(posts).toHaveLength(postsBefore + 1);
      expect(posts.at(-1)).toMatchObject({ kind: 'edit', payload: { ping: [], pending: game.pending(played.before.state), view: game.publicView(played.before.state) } });
      expect(await store.undoableBy(now)).toBeNull();
      // Nothing left to take back.
      expect(await store.undo(record.id, played.actorId!)).toMatchObject({ ok: false });

      // Played again, the game goes on as if the first try never was.
      const again = await store.applyMove(record.id, { expectedVersion: now.version, seat: played.seat, actorId: played.actorId, move: played.move, interactionId: 'again' });
      if (!again.ok) throw new Error(again.error.key);
      expect(again.value.game.state).toEqual(played.after.state);
      expect(await replayed(store, again.value.game)).toEqual(again.value.game.state);

      // Once another seat has moved, it is too late, and the refusal names who played.
      const next = await playOne(store, again.value.game);
      expect(await store.undo(record.id, played.actorId!)).toEqual({ ok: false, error: { key: 'undo.tooLate', args: { seat: { seat: next.seat } } } });
      expect((await store.get(record.id))!.version).toBe(next.after.version);
    } finally {
      await store.close();
    }
  });

  it('refuses a move that revealed something, and any undo at a table with undo off', async () => {
    const store = new GameStore(await backend.open(), { now: clockAt().now });
    try {
      let record = await started(store, 'c2', 'undo-store-2');
      let stands: Awaited<ReturnType<typeof playOne>> | null = null;
      for (let i = 0; i < 400 && !stands; i++) {
        const played = await playOne(store, record);
        if (played.actorId && !played.undoable && played.after.status === 'active') stands = played;
        record = played.after;
      }
      expect(stands).not.toBeNull();
      expect(await store.undo(record.id, stands!.actorId!)).toEqual({ ok: false, error: { key: 'undo.stands' } });

      const off = await store.updateSettings(record.id, { ...SETTINGS, undo: false });
      if (!off.ok) throw new Error(off.error.key);
      const played = await playOne(store, off.value);
      expect(played.undoable).toBe(false);
      expect(await store.undo(record.id, 'u0')).toEqual({ ok: false, error: { key: 'undo.off' } });
    } finally {
      await store.close();
    }
  });
});

describe.runIf(hasPg)('an undo racing the next move on PostgreSQL', () => {
  it('lets exactly one win, from two processes, and the log still replays', async () => {
    const url = await freshPgDatabase();
    const a = new GameStore(await openPostgres(url, { max: 4 }));
    const b = new GameStore(await openPostgres(url, { max: 4 }));
    try {
      let record = await started(a, 'c3', 'undo-race');
      for (let round = 0; round < 4; round++) {
        const played = await untilUndoable(a, record);
        const next = game.pending(played.after.state).find((s: number) => s !== played.seat && !played.after.seats[s]!.isBot)!;
        const move = game.legalMoves(played.after.state, next)[0];
        const [undo, moved] = await Promise.all([
          a.undo(record.id, played.actorId!, played.after.version),
          b.applyMove(record.id, { expectedVersion: played.after.version, seat: next, actorId: played.after.seats[next]!.userId, move, interactionId: `race-${round}` }),
        ]);
        expect([undo.ok, moved.ok].filter(Boolean)).toHaveLength(1);
        if (undo.ok) expect(moved).toMatchObject({ ok: false, error: { key: 'error.stale' } });
        else expect(undo).toEqual({ ok: false, error: { key: 'undo.tooLate', args: { seat: { seat: next } } } });
        record = (await a.get(record.id))!;
        expect(record.version).toBe(played.after.version + 1);
        expect(await replayed(a, record)).toEqual(record.state);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
