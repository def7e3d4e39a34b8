/**
 * Class sessions in the store, on SQLite and on PostgreSQL: balanced joins (also racing), one
 * table per student, Start all with bots, a pause that refuses moves, hides clocks and shifts
 * them on resume, End all ranked as it stands with no rating, and flags kept once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { GameStore } from '../../src/store/game-store.js';
import { DEFAULT_SETTINGS } from '../../src/store/clocks.js';
import { backends } from './backends.js';

const MINUTE = 60_000;

describe.each(backends)('class sessions on $name', ({ open }) => {
  let store: GameStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  async function session(tables: number, now: () => Date, settings = DEFAULT_SETTINGS) {
    store = new GameStore(await open(), now);
    const created = await store.sessions.create({
      guildId: 'g', channelId: 'c', gameType: 'r-eco', options: {}, tableSeats: 3, settings, language: 'en', botLevel: 'standard',
      anonymous: false, facilitatorId: 'teacher', threads: Array.from({ length: tables }, (_, i) => `thread-${i + 1}`), seeds: Array.from({ length: tables }, (_, i) => `seed-${i}`),
    });
    if (!created.ok) throw new Error(created.error.key);
    return created.value.session.id;
  }

  it('seats students at the least filled table, one table each, also when they race', async () => {
    const id = await session(3, () => new Date());
    const joins = await Promise.all(Array.from({ length: 7 }, (_, i) => store!.sessions.join(id, { id: `s${i}`, name: `S${i}` })));
    expect(joins.every((j) => j.ok)).toBe(true);
    expect((await store!.sessions.tables(id)).map((t) => t.seats.length).sort()).toEqual([2, 2, 3]);
    const again = await store!.sessions.join(id, { id: 's0', name: 'S0' });
    expect(again.ok ? null : again.error.key).toBe('session.error.alreadyAt');
    const full = await Promise.all(Array.from({ length: 4 }, (_, i) => store!.sessions.join(id, { id: `t${i}`, name: `T${i}` })));
    expect(full.filter((j) => !j.ok).map((j) => (j.ok ? '' : j.error.key))).toEqual(['session.error.allFull', 'session.error.allFull']);
    // /game join in a table is refused: seats go through the session.
    const table = (await store!.sessions.tables(id))[0]!;
    const direct = await store!.join(table.id, { id: 'x', name: 'X' });
    expect(direct.ok ? null : direct.error.key).toBe('session.error.viaSession');
  });

  it('pauses: no move, no bot, no clock due; resume shifts the clocks; End all ranks as it stands, unrated', async () => {
    let now = Date.UTC(2026, 10, 2, 9);
    const id = await session(2, () => new Date(now), { ...DEFAULT_SETTINGS, reminderMinutes: 10, deadlineMinutes: 60 });
    await store!.sessions.join(id, { id: 'a', name: 'A' });
    await store!.sessions.join(id, { id: 'b', name: 'B' });
    await store!.sessions.join(id, { id: 'c', name: 'C' });
    const started = await store!.sessions.startAll(id);
    expect(started.ok).toBe(true);
    const tables = (await store!.sessions.tables(id));
    expect(tables.map((t) => [t.status, t.seats.length, t.seats.filter((s) => s.isBot).length])).toEqual([['active', 3, 1], ['active', 3, 2]]);

    // A table where a person must act, with a clock running.
    const table = tables.find((t) => gameById('r-eco')!.pending(t.state).some((seat: number) => !t.seats[seat]!.isBot))!;
    const game = gameById('r-eco')!;
    const seat = game.pending(table.state).find((s: number) => !table.seats[s]!.isBot)!;
    const clock = (await store!.clockOf(table.id, seat))!;
    expect(clock.deadlineAt).not.toBeNull();

    expect((await store!.sessions.pauseAll(id)).ok).toBe(true);
    now += 2 * 60 * MINUTE;
    expect(await store!.dueClocks(100, table.id)).toEqual([]);
    expect(await store!.nextDue(table.id)).toBeNull();
    const move = game.legalMoves(table.state, seat)[0];
    const refused = await store!.applyMove(table.id, { expectedVersion: table.version, seat, actorId: table.seats[seat]!.userId, move, interactionId: null });
    expect(refused.ok ? null : refused.error.key).toBe('session.error.pausedMove');
    expect((await store!.postsOf(table.id)).some((p) => p.kind === 'log' && p.payload.lines[0]?.key === 'session.board.paused')).toBe(true);

    expect((await store!.sessions.resumeAll(id)).ok).toBe(true);
    const shifted = (await store!.clockOf(table.id, seat))!;
    expect(shifted.deadlineAt!.getTime() - clock.deadlineAt!.getTime()).toBe(2 * 60 * MINUTE);
    expect(shifted.since.getTime() - clock.since.getTime()).toBe(2 * 60 * MINUTE);
    const played = await store!.applyMove(table.id, { expectedVersion: (await store!.get(table.id))!.version, seat, actorId: table.seats[seat]!.userId, move, interactionId: null });
    expect(played.ok).toBe(true);

    const flagged = game.flaggable(game.seatView((await store!.get(table.id))!.state, seat))[0];
    if (flagged) {
      expect(await store!.sessions.flag({ gameId: table.id, seat, userId: 'x', item: flagged.id })).toBe(true);
      expect(await store!.sessions.flag({ gameId: table.id, seat, userId: 'x', item: flagged.id })).toBe(false);
    }

    const ended = await store!.sessions.endAll(id);
    expect(ended.ok).toBe(true);
    for (const t of await store!.sessions.tables(id)) {
      expect([t.status, t.stoppedEarly]).toEqual(['finished', true]);
      const final = (await store!.postsOf(t.id)).find((p) => p.kind === 'final')!;
      expect(final.payload.outcome).toEqual(game.standingsNow(t.state));
      expect(await store!.dueClocks(100, t.id)).toEqual([]);
    }
    expect(await store!.leaderboard('g', 'r-eco')).toEqual([]);
    expect((await store!.sessions.get(id))!.status).toBe('ended');
    const twice = await store!.sessions.endAll(id);
    expect(twice.ok ? null : twice.error.key).toBe('session.error.ended');
  });
});
