/**
 * The scheduler with a fake clock: reminders and their back-off, deadlines, three timeouts in a
 * row, snooze, catching up after a restart, and a click racing a deadline. Days of game time run
 * in milliseconds; the channel is a stand-in that records what it is sent.
 */
import type { Client } from 'discord.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/discord/runtime/scheduler.js';
import { LocalRunner } from '../../src/discord/runtime/local-runner.js';
import { gameById } from '../../src/catalog.js';
import { createLogger } from '../../src/logger.js';
import { MAX_REMINDERS, MAX_TIMEOUTS } from '../../src/store/clocks.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import type { GameSettings } from '../../src/store/schema.js';

const HOUR = 3_600_000;
const rEco = gameById('r-eco')!;

async function world(settings: GameSettings) {
  let now = Date.UTC(2026, 10, 1, 12);
  const clock = { now: () => new Date(now) };
  const store = new GameStore(openDatabase(':memory:'), clock.now);
  const sent: { content?: string; nonce?: string }[] = [];
  let id = 1;
  const channel = {
    isSendable: () => true,
    send: async (payload: { content?: string; nonce?: string }) => {
      sent.push(payload);
      return { id: String(id++) };
    },
    messages: { fetch: async (messageId: string) => ({ id: messageId, components: [], edit: async () => ({}) }) },
  };
  const client = { channels: { cache: new Map(), fetch: async () => channel }, users: { fetch: async () => ({ send: async () => ({}) }) } } as unknown as Client;
  const images = { render: async () => Buffer.from('png'), close: async () => {} };
  const runner = new LocalRunner(store, client, createLogger('silent'), 0, images);
  const scheduler = new Scheduler(store, runner, createLogger('silent'), clock);
  runner.onClocksChanged = () => scheduler.poke();

  const lobby = await store.createLobby({ guildId: '1', channelId: '2', gameType: 'r-eco', options: {}, language: 'en', seed: 'clock', creator: { id: 'u0', name: 'Ann' }, settings });
  if (!lobby.ok) throw new Error(lobby.error.key);
  await store.join(lobby.value.id, { id: 'u1', name: 'Ben' });
  await store.join(lobby.value.id, { id: 'u2', name: 'Cat' });
  const started = await store.start(lobby.value.id, 'u0');
  if (!started.ok) throw new Error(started.error.key);
  const gameId = started.value.id;
  return {
    store,
    runner,
    scheduler,
    sent,
    gameId,
    advance: (ms: number) => (now += ms),
    now: () => new Date(now),
    game: async () => (await store.get(gameId))!,
    pendingSeat: async () => rEco.pending((await store.get(gameId))!.state)[0]!,
    /** The pending human plays a move, as a click would. */
    async play(given?: GameRecord) {
      const record = given ?? (await store.get(gameId))!;
      const seat = rEco.pending(record.state)[0]!;
      const move = rEco.legalMoves(record.state, seat)[0];
      const result = await runner.move(gameId, { expectedVersion: record.version, seat, actorId: record.seats[seat]!.userId, move, interactionId: null });
      if (!result.ok) throw new Error(result.error.key);
      return result.value.game;
    },
    reminders: () => sent.filter((p) => p.content?.startsWith('⏰')),
    async settle() {
      await runner.flush();
    },
  };
}

describe('the scheduler', () => {
  let w: Awaited<ReturnType<typeof world>>;

  describe('reminders', () => {
    beforeEach(async () => {
      w = await world({ reminderMinutes: 60, deadlineMinutes: 0, pace: 'relaxed' });
    });

    it('pings a pending seat after the interval, then backs off and stops', async () => {
      const seat = await w.pendingSeat();
      w.advance(59 * 60_000);
      expect(await w.scheduler.tick()).toBe(0);
      const gaps: number[] = [];
      let previous = (await w.store.clockOf(w.gameId, seat))!.since.getTime();
      for (let next = (await w.store.clockOf(w.gameId, seat))!.remindAt; next; next = (await w.store.clockOf(w.gameId, seat))!.remindAt) {
        gaps.push((next.getTime() - previous) / HOUR);
        previous = next.getTime();
        w.advance(next.getTime() - w.now().getTime());
        expect(await w.scheduler.tick()).toBe(1);
      }
      await w.settle();
      // 1 h, then 2 h, 4 h, 8 h after each unanswered one, and no more after MAX_REMINDERS.
      expect(gaps).toEqual([1, 2, 4, 8]);
      expect(w.reminders()).toHaveLength(MAX_REMINDERS);
      // One line that mentions the player, never a board.
      expect(w.reminders()[0]!.content).toMatch(/<@u\d>/);
      expect(w.sent.filter((p) => p.content?.startsWith('⏰')).every((p) => !('files' in p) || !(p as { files?: unknown[] }).files?.length)).toBe(true);
    });

    it('is muted by a snooze until the turn is over, then comes back for the next turn', async () => {
      const seat = await w.pendingSeat();
      expect((await w.store.snooze(w.gameId, seat))).toBe(true);
      w.advance(2 * HOUR);
      expect(await w.scheduler.tick()).toBe(0);
      await w.play();
      const next = await w.pendingSeat();
      expect((await w.store.clockOf(w.gameId, next))!.snoozed).toBe(false);
      w.advance(HOUR);
      expect(await w.scheduler.tick()).toBe(1);
    });

    it('catches up once after a restart, with no burst of stale pings', async () => {
      // Down for three days: every reminder of the turn fell due meanwhile.
      w.advance(72 * HOUR);
      const restarted = new Scheduler(w.store, w.runner, createLogger('silent'), { now: w.now });
      expect(await restarted.tick()).toBe(1);
      expect(await restarted.tick()).toBe(0);
      await w.settle();
      expect(w.reminders()).toHaveLength(1);
      // The turn's schedule (1, 3, 7 and 15 h after it began) has passed: no further ping is owed.
      expect((await w.store.clockOf(w.gameId, await w.pendingSeat()))!.remindAt).toBeNull();
      w.advance(72 * HOUR);
      expect(await restarted.tick()).toBe(0);
    });
  });

  describe('deadlines', () => {
    beforeEach(async () => {
      w = await world({ reminderMinutes: 0, deadlineMinutes: 24 * 60, pace: 'relaxed' });
    });

    it('plays one move for an absent seat, tells the channel, and the seat stays theirs', async () => {
      const seat = await w.pendingSeat();
      w.advance(24 * HOUR - 1);
      // Only the last warning (at 80 % of the deadline) so far: nothing is played yet.
      expect(await w.scheduler.tick()).toBe(1);
      expect(await w.scheduler.tick()).toBe(0);
      w.advance(1);
      expect(await w.scheduler.tick()).toBe(1);
      const log = await w.store.moveLog(w.gameId);
      expect(log.at(-1)).toMatchObject({ seat, actorId: null });
      expect((await w.store.publicLog(w.gameId)).some((l) => l.key === 'clock.timedOut')).toBe(true);
      const record = await w.game();
      expect(record.seats[seat]).toMatchObject({ isBot: false, timeouts: 1 });
      // Playing again clears the count.
      while ((await w.pendingSeat()) !== seat) (await w.play());
      await w.play();
      expect((await w.game()).seats[seat]!.timeouts).toBe(0);
    });

    it(`hands the seat to a bot for good after ${MAX_TIMEOUTS} timed-out turns in a row`, async () => {
      const absent = await w.pendingSeat();
      for (let turn = 0; turn < MAX_TIMEOUTS; turn++) {
        while ((await w.pendingSeat()) !== absent) (await w.play());
        w.advance(24 * HOUR);
        expect(await w.scheduler.tick()).toBeGreaterThanOrEqual(1);
        // A dump step of the same turn is a new pending stretch: let it time out too.
        while ((await w.game()).status === 'active' && (await w.pendingSeat()) === absent && !(await w.game()).seats[absent]!.isBot) {
          w.advance(24 * HOUR);
          await w.scheduler.tick();
        }
      }
      const record = await w.game();
      expect(record.seats[absent]!.isBot).toBe(true);
      expect(await w.store.departuresOf(w.gameId)).toEqual([{ userId: `u${absent}`, seat: absent, reason: 'timeout' }]);
      // One line says both that time ran out and that a bot plays the seat from now on.
      const last = (await w.store.publicLog(w.gameId)).filter((l) => l.key.startsWith('clock.timedOut')).at(-1)!;
      expect(last).toMatchObject({ key: 'clock.timedOutToBot', args: { seat: { seat: absent }, count: MAX_TIMEOUTS } });
      expect(await w.store.clockOf(w.gameId, absent)).toBeNull();
    });

    it('lets the move that commits first win when a click and a deadline meet', async () => {
      const seat = await w.pendingSeat();
      w.advance(24 * HOUR);
      // The player clicks at the very moment the deadline falls due: their move commits first.
      const before = (await w.store.moveLog(w.gameId)).length;
      await w.play();
      expect(await w.scheduler.tick()).toBe(0);
      expect((await w.store.moveLog(w.gameId)).length).toBe(before + 1);
      expect((await w.store.moveLog(w.gameId)).at(-1)!.actorId).toBe(`u${seat}`);
      // And a deadline that committed first makes a late click stale.
      const record = await w.game();
      w.advance(24 * HOUR);
      expect(await w.scheduler.tick()).toBe(1);
      const late = await w.store.applyMove(w.gameId, { expectedVersion: record.version, seat: rEco.pending(record.state)[0]!, actorId: 'late', move: rEco.legalMoves(record.state, rEco.pending(record.state)[0]!)[0], interactionId: null });
      expect(late).toMatchObject({ ok: false, error: { key: 'error.stale' } });
    });

    it('follows new settings at once, leaving a pending player some grace', async () => {
      const seat = await w.pendingSeat();
      w.advance(30 * HOUR);
      const result = await w.store.updateSettings(w.gameId, { reminderMinutes: 60, deadlineMinutes: 24 * 60, pace: 'live' });
      expect(result.ok).toBe(true);
      const clock = (await w.store.clockOf(w.gameId, seat))!;
      expect(clock.deadlineAt!.getTime()).toBeGreaterThan(w.now().getTime());
    });
  });
});
