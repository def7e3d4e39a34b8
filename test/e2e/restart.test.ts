import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { GameStore } from '../../src/store/game-store.js';
import { openDatabase } from '../../src/store/database.js';
import { exited, startBotProcess } from './process.js';
import { GUILD_ID, Player, boards, botEnv, firstAnswer, latestBoard, launchBot, mentionedOnBoard, openAndStart, playToEnd, settled, tempDatabase, type World } from './harness.js';
import { gameById } from '../../src/catalog.js';
import { rngFromSeed } from '../../src/engine/index.js';

describe('a restart in the middle of a game', () => {
  let double: DiscordDouble;
  let child: ChildProcess | null = null;
  const dbPath = tempDatabase();

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await double?.close();
  });

  it('loses nothing: the game goes on, old buttons work, commands are not registered again', async () => {
    const channel = double.addChannel(GUILD_ID, { name: 'restart' }).id;
    const env = botEnv(double, dbPath);
    child = startBotProcess(env);
    await double.waitFor(() => double.commandPuts === 1, 20_000);
    await double.waitFor(() => double.connectedClients === 1, 20_000);
    // The world shape the harness helpers expect, with no in-process bot.
    const world = { double, channels: [channel] } as unknown as World;
    const ann = new Player(world, double.addUser({ username: 'ann' }));
    const ben = new Player(world, double.addUser({ username: 'ben' }));
    await openAndStart(ann, channel, [ben], 1);

    // Play until a human is to move, then open their private view and keep it.
    let board = latestBoard(world, channel);
    while (mentionedOnBoard(board).length === 0) {
      const count = boards(world, channel).length;
      await double.waitFor(() => boards(world, channel).length > count);
      board = latestBoard(world, channel);
    }
    const mover = [ann, ben].find((p) => p.id === mentionedOnBoard(board)[0])!;
    const hand = await mover.openHand(channel);
    const answer = firstAnswer(hand)!;
    const postsBefore = boards(world, channel).length;

    child.kill('SIGKILL');
    await exited(child);
    const before = new GameStore(openDatabase(dbPath));
    const recordBefore = (await before.openInChannel(channel))!;
    const logBefore = await before.moveLog(recordBefore.id);
    await before.close();
    expect(recordBefore.status).toBe('active');

    child = startBotProcess(env);
    await double.waitFor(() => double.connectedClients === 1 && double.gatewayStats.identifies >= 2, 20_000);

    // The public board's button from before the restart gives a fresh private view (pressed
    // first: once the next board is out, this one loses its buttons).
    const reopened = await settled(double, await mover.press(board, 'hand:'), 30_000);
    expect(reopened.ephemeral).toBe(true);
    expect(reopened.content).toContain('Your hand');
    // And the private view from before the restart still plays.
    const rec = await mover.answer(hand, answer);
    await settled(double, rec, 30_000);
    await double.waitFor(() => boards(world, channel).length > postsBefore, 30_000);

    const final = await playToEnd(world, channel, [ann, ben]);
    expect(final.content).toMatch(/🏆/);
    // Same commands, same application and server: no second registration (it would have come
    // right after the restart, long before the end of the game).
    expect(double.commandPuts).toBe(1);
    const store = new GameStore(openDatabase(dbPath));
    const record = (await store.latestInChannel(channel))!;
    expect(record.status).toBe('finished');
    expect(record.id).toBe(recordBefore.id);
    // The log kept every move from before the restart and went on from there.
    expect((await store.moveLog(record.id)).slice(0, logBefore.length)).toEqual(logBefore);
    expect((await store.moveLog(record.id)).length).toBeGreaterThan(logBefore.length);
    await store.close();
    expect(double.violations).toEqual([]);
  }, 240_000);

  it('skips everything a game owes a channel that no longer exists, after one lookup', async () => {
    const path = tempDatabase();
    const gone = '900000000000000001';
    let store = new GameStore(openDatabase(path));
    const lobby = await store.createLobby({ guildId: GUILD_ID, channelId: gone, gameType: 'r-eco', options: {}, language: 'en', seed: 'gone', creator: { id: '1', name: 'Ann' } });
    if (!lobby.ok) throw new Error(lobby.error.key);
    await store.join(lobby.value.id, { id: '2', name: 'Ben' });
    await store.join(lobby.value.id, { id: '3', name: 'Cleo' });
    const started = await store.start(lobby.value.id, '1');
    if (!started.ok) throw new Error(started.error.key);
    let record = started.value;
    const game = gameById('r-eco')!;
    for (let i = 0; i < 6; i++) {
      const seat = game.pending(record.state)[0]!;
      const move = game.bot(game.seatView(record.state, seat), rngFromSeed(`gone:${i}`));
      const applied = await store.applyMove(record.id, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null });
      if (!applied.ok) throw new Error(applied.error.key);
      record = applied.value.game;
    }
    expect(await store.nextPost(record.id)).not.toBeNull();
    await store.close();

    const bot = await launchBot(double, path);
    try {
      store = new GameStore(openDatabase(path));
      await double.waitFor(async () => (await store.nextPost(record.id)) === null, 30_000);
      expect(double.restLog.filter((r) => r.path.includes(gone))).toHaveLength(1);
      await store.close();
    } finally {
      await bot.stop();
    }
  });
});
