/**
 * Several bot processes on one PostgreSQL database, as replicas would run: interactions spread
 * over both, two joins racing from two processes, and a process killed with SIGKILL while it
 * holds a game's post, which the other then sends, once. Skipped without PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { expectPostedOnce, inspect } from './pg-posts.js';
import { kill9, processesOnPostgres } from './process.js';
import { GUILD_ID, Player, boards, fakeClock, finalMessage, firstAnswer, launchBot, lobbyMessage, pressLobby, playToEnd, sendAnswer, settled, tempDatabase, type World } from './harness.js';
import { gameById } from '../../src/catalog.js';
import { GameStore } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';

describe.runIf(hasPg)('bot processes sharing one PostgreSQL database', () => {
  const bots = processesOnPostgres();

  it('plays a whole game with clicks spread over two processes, and two racing joins both get a seat', async () => {
    const url = await freshPgDatabase();
    const a = await bots.launch(url);
    const b = await bots.launch(url);
    const channel = bots.double.addChannel(GUILD_ID, { name: 'pg-shared' }).id;
    const world = { double: bots.double, channels: [channel] } as unknown as World;
    const [ann, ben, cat] = ['ann', 'ben', 'cat'].map((name) => new Player(world, bots.double.addUser({ username: `${name}-shared` })));
    await ann!.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    // Consecutive interactions go to the two processes in turn: these joins race across them.
    const joins = await Promise.all([pressLobby(ben!, channel, 'join'), pressLobby(cat!, channel, 'join')]);
    for (const join of joins) expect(join.ephemeral).toBe(false);
    const gameId = await inspect(url, async (s) => (await s.openInChannel(channel))!.id);
    const seated = await inspect(url, async (s) => (await s.get(gameId))!.seats.map((seat) => seat.userId));
    expect(new Set(seated)).toEqual(new Set([ann!.id, ben!.id, cat!.id]));
    await pressLobby(ann!, channel, 'bot');
    await pressLobby(ann!, channel, 'start');
    await bots.double.waitFor(() => boards(world, channel)[0], 15_000);
    const final = await playToEnd(world, channel, [ann!, ben!, cat!]);
    expect(final.content).toMatch(/🏆/);
    // Every post once, in order; the bot seat played; the finished game is stored once.
    await bots.double.waitFor(() => inspect(url, async (s) => (await s.postsOf(gameId)).every((p) => p.sentAt !== null)), 15_000);
    await expectPostedOnce(url, world, channel, gameId);
    const log = await inspect(url, (s) => s.moveLog(gameId));
    expect(log.some((m) => m.actorId === null)).toBe(true);
    expect(new Set(log.map((m) => m.actorId)).size).toBe(4);
    expect(a.exitCode).toBeNull();
    expect(b.exitCode).toBeNull();
    expect(bots.double.violations).toEqual([]);
    await kill9(a);
    await kill9(b);
  }, 240_000);

  it('carries on when a process dies with SIGKILL while it holds a game\'s post: posted once, bots still play', async () => {
    const url = await freshPgDatabase();
    // The first process takes the opening board's job and never finishes it, as if it froze.
    const a = await bots.launch(url, { RECYCLERIE_TEST_HOLD_POSTS: 'before-send' });
    const channel = bots.double.addChannel(GUILD_ID, { name: 'pg-kill' }).id;
    const world = { double: bots.double, channels: [channel] } as unknown as World;
    const [ann, ben] = ['ann', 'ben'].map((name) => new Player(world, bots.double.addUser({ username: `${name}-kill` })));
    await ann!.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    await pressLobby(ben!, channel, 'join');
    await pressLobby(ann!, channel, 'bot');
    await pressLobby(ann!, channel, 'start');
    const gameId = await inspect(url, async (s) => (await s.openInChannel(channel))!.id);
    // The second process starts while the first still holds the game's queue: nothing is posted.
    const b = await bots.launch(url);
    expect(boards(world, channel)).toHaveLength(0);
    await kill9(a);
    // The live process frees the dead one's job and posts the opening board, once.
    await bots.double.waitFor(() => boards(world, channel)[0], 15_000);
    const before = (await inspect(url, (s) => s.moveLog(gameId))).length;
    const final = await playToEnd(world, channel, [ann!, ben!]);
    expect(final.content).toMatch(/🏆/);
    const log = await inspect(url, (s) => s.moveLog(gameId));
    // The bot seat went on playing after the kill.
    expect(log.slice(before).some((m) => m.actorId === null)).toBe(true);
    await bots.double.waitFor(() => inspect(url, async (s) => (await s.postsOf(gameId)).every((p) => p.sentAt !== null)), 15_000);
    await expectPostedOnce(url, world, channel, gameId);
    expect(world.double.channelMessages(channel).filter((m) => m === finalMessage(world, channel))).toHaveLength(1);
    expect(bots.double.violations).toEqual([]);
    await kill9(b);
  }, 240_000);

  it('posts a new lobby after the final scores a dead process still owed the channel', async () => {
    const url = await freshPgDatabase();
    // The first process holds the game's posts, as one that froze, and later dies with them.
    const a = await bots.launch(url, { RECYCLERIE_TEST_HOLD_POSTS: 'before-send' });
    const channel = bots.double.addChannel(GUILD_ID, { name: 'pg-order' }).id;
    const world = { double: bots.double, channels: [channel] } as unknown as World;
    const ann = new Player(world, bots.double.addUser({ username: 'ann-order' }));
    await ann.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    await pressLobby(ann, channel, 'bot');
    await pressLobby(ann, channel, 'bot');
    await pressLobby(ann, channel, 'start');
    const reader = new GameStore(await openPostgres(url, { max: 2 }));
    try {
      const gameId = (await reader.openInChannel(channel))!.id;
      // Ann plays from /hand until the end (nothing is posted), each time the bots let her.
      const annsTurnOrEnd = async () => {
        const record = (await reader.get(gameId))!;
        if (record.status !== 'active') return record.status;
        const seat = record.seats.find((s) => s.userId === ann.id)!.position;
        return gameById(record.gameType)!.pending(record.state).includes(seat) && 'ann';
      };
      for (let i = 0; i < 400 && (await bots.double.waitFor(annsTurnOrEnd, 30_000)) !== 'finished'; i++) {
        const hand = await settled(bots.double, await ann.command(channel, 'hand'), 30_000);
        const answer = firstAnswer(hand);
        if (!answer) continue;
        const rec = await sendAnswer(bots.double, ann.user, hand, answer);
        await rec.response();
        await settled(bots.double, rec, 30_000);
      }
      expect((await reader.postsOf(gameId)).at(-1)).toMatchObject({ kind: 'final', sentAt: null });
      // A second process that will not free the dead one's work for ten minutes.
      const b = await bots.launch(url, { JOB_SWEEP_MS: '600000' });
      await kill9(a);
      // Sent from here first: within the interaction's time as a plain reply, else below them.
      await settled(bots.double, await ann.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } }), 30_000);
      const messages = bots.double.channelMessages(channel);
      const final = messages.findIndex((m) => m === finalMessage(world, channel));
      const lobby = messages.findIndex((m) => m === lobbyMessage(world, channel));
      expect(final).toBeGreaterThanOrEqual(0);
      // The final scores come first, then the new lobby, whose buttons work.
      expect(lobby).toBeGreaterThan(final);
      await pressLobby(ann, channel, 'bot');
      expect((await reader.openInChannel(channel))!.seats).toHaveLength(2);
      await expectPostedOnce(url, world, channel, gameId);
      expect(bots.double.violations).toEqual([]);
      await kill9(b);
    } finally {
      await reader.close();
    }
  }, 240_000);

  it('sends a due reminder once, from a clock job that either of two processes may run', async () => {
    const url = await freshPgDatabase();
    // Both bots share a clock the test moves; the queue itself runs on real time.
    const clock = fakeClock(Date.now());
    const env = { DATABASE_URL: url, JOB_SWEEP_MS: '200', RENDER_WORKERS: '0' };
    const first = await launchBot(bots.double, tempDatabase(), env, clock);
    const second = await launchBot(bots.double, tempDatabase(), env, clock);
    try {
      const channel = bots.double.addChannel(GUILD_ID, { name: 'pg-remind' }).id;
      const world = { double: bots.double, channels: [channel] } as unknown as World;
      const [ann, ben] = ['ann', 'ben'].map((name) => new Player(world, bots.double.addUser({ username: `${name}-remind` })));
      await ann!.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', reminder: '60' } });
      await pressLobby(ben!, channel, 'join');
      await pressLobby(ann!, channel, 'bot');
      await pressLobby(ann!, channel, 'start');
      await bots.double.waitFor(() => boards(world, channel)[0], 15_000);
      const gameId = (await first.store.openInChannel(channel))!.id;
      const reminders = () => bots.double.channelMessages(channel).filter((m) => m.content.startsWith('⏰'));
      expect(reminders()).toHaveLength(0);
      clock.advance(61 * 60_000);
      // The next check is due now on the bots' clock: whichever worker takes the job reminds.
      await second.store.rescheduleClock(gameId);
      await bots.double.waitFor(() => reminders()[0], 15_000);
      await bots.double.waitFor(async () => (await first.store.postsOf(gameId)).every((p) => p.sentAt !== null), 15_000);
      expect(reminders()).toHaveLength(1);
      const clockRow = (await first.store.clockOf(gameId, (await first.store.postsOf(gameId)).at(-1)!.payload.ping[0]!))!;
      expect(clockRow.reminders).toBe(1);
      expect(bots.double.violations).toEqual([]);
    } finally {
      await first.stop();
      await second.stop();
    }
  }, 120_000);
});
