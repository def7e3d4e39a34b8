/**
 * Nothing is lost when the process dies between a move and its post: the post waits in the
 * outbox, written with the move, and goes out once after the restart. A post that was sent just
 * before the crash, but not yet marked sent, is not posted twice (Discord's enforced nonce).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import type { MessageRecord } from '../double/types.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore } from '../../src/store/game-store.js';
import { gameById } from '../../src/catalog.js';
import { kill9, startBotProcess } from './process.js';
import { GUILD_ID, Player, boards, botEnv, componentsOf, finalMessage, pressLobby, settled, tempDatabase, type World } from './harness.js';

/** Reads the database the way an operator would, while the bot is down. */
async function inspect<T>(dbPath: string, read: (store: GameStore) => Promise<T>): Promise<T> {
  const store = new GameStore(openDatabase(dbPath));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

describe('a crash between a move and its post', () => {
  let double: DiscordDouble;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  });
  afterAll(async () => {
    for (const child of children) await kill9(child);
    await double?.close();
  });

  async function launch(env: Record<string, string>): Promise<ChildProcess> {
    const identifies = double.gatewayStats.identifies;
    const child = startBotProcess({ ...env, RENDER_WORKERS: '0' });
    children.push(child);
    // A bot process starting on a busy machine can take well over 20 s.
    await double.waitFor(() => double.connectedClients === 1 && double.gatewayStats.identifies > identifies, 90_000);
    return child;
  }

  it('posts every held board and the final scores exactly once after a restart', async () => {
    const channel = double.addChannel(GUILD_ID, { name: 'crash-outbox' }).id;
    const dbPath = tempDatabase();
    const env = botEnv(double, dbPath);
    let child = await launch({ ...env, RECYCLERIE_TEST_HOLD_POSTS: 'before-send' });
    const world = { double, channels: [channel] } as unknown as World;
    const ann = new Player(world, double.addUser({ username: 'ann' }));
    await ann.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    await pressLobby(ann, channel, 'bot');
    await pressLobby(ann, channel, 'bot');
    await pressLobby(ann, channel, 'start');

    // Every move commits but no post goes out. Ann plays from /hand until the game is over,
    // each time once the bots have played up to her turn (read from the database, as nothing
    // is posted).
    const gameId = await inspect(dbPath, async (s) => (await s.latestInChannel(channel))!.id);
    const reader = new GameStore(openDatabase(dbPath));
    const annsTurnOrEnd = async () => {
      const record = (await reader.get(gameId))!;
      if (record.status !== 'active') return record.status;
      const seat = record.seats.find((s) => s.userId === ann.id)!.position;
      return gameById(record.gameType)!.pending(record.state).includes(seat) && 'ann';
    };
    for (let i = 0; i < 400; i++) {
      if ((await double.waitFor(annsTurnOrEnd, 30_000)) === 'finished') break;
      const hand: MessageRecord = await settled(double, await ann.command(channel, 'hand'), 30_000);
      const select = componentsOf(hand).find((c) => c.custom_id?.startsWith('mv:'));
      if (select?.options) {
        const count = Math.max(select.min_values ?? 1, 1);
        await settled(double, await ann.select(hand, select.custom_id!, select.options.slice(0, count).map((o) => o.value)), 30_000);
      } else {
        await settled(double, await ann.click(hand, select!.custom_id!), 30_000);
      }
    }
    await reader.close();
    expect(boards(world, channel)).toEqual([]);
    await kill9(child);
    const held = await inspect(dbPath, (s) => s.postsOf(gameId));
    expect(held.length).toBeGreaterThan(2);
    expect(held.every((p) => p.sentAt === null)).toBe(true);
    expect(held.at(-1)!.kind).toBe('final');

    child = await launch(env);
    await double.waitFor(() => finalMessage(world, channel), 20_000);
    await double.waitFor(() => inspect(dbPath, async (s) => (await s.postsOf(gameId)).every((p) => p.sentAt !== null)), 30_000);
    const sent = await inspect(dbPath, (s) => s.postsOf(gameId));
    // Each post went out once, in order, and nothing else was posted.
    const ids = sent.map((p) => p.messageId);
    expect(new Set(ids).size).toBe(sent.filter((p) => p.kind !== 'edit').length);
    const posted = double.channelMessages(channel).filter((m) => (m as MessageRecord & { nonce?: unknown }).nonce !== undefined);
    expect(posted.map((m) => m.id)).toEqual(sent.filter((p) => p.kind !== 'edit').map((p) => p.messageId));
    expect(double.channelMessages(channel).filter((m) => m.attachments.some((a) => a.filename === 'final.png'))).toHaveLength(1);
    expect(boards(world, channel)).toHaveLength(sent.filter((p) => p.kind === 'board').length);
    await kill9(child);
  }, 120_000);

  it('does not post twice what was sent just before the crash', async () => {
    const channel = double.addChannel(GUILD_ID, { name: 'crash-nonce' }).id;
    const dbPath = tempDatabase();
    const env = botEnv(double, dbPath);
    let child = await launch({ ...env, RECYCLERIE_TEST_HOLD_POSTS: 'after-send' });
    const world = { double, channels: [channel] } as unknown as World;
    const ann = new Player(world, double.addUser({ username: 'ann2' }));
    const ben = new Player(world, double.addUser({ username: 'ben2' }));
    const cat = new Player(world, double.addUser({ username: 'cat2' }));
    await ann.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    await pressLobby(ben, channel, 'join');
    await pressLobby(cat, channel, 'join');
    await pressLobby(ann, channel, 'start');
    // The opening board goes out, but the crash comes before it is marked sent.
    await double.waitFor(() => boards(world, channel)[0], 30_000);
    await kill9(child);
    const gameId = await inspect(dbPath, async (s) => (await s.latestInChannel(channel))!.id);
    expect(await inspect(dbPath, async (s) => (await s.postsOf(gameId))[0]!.sentAt)).toBeNull();

    child = await launch(env);
    await double.waitFor(() => inspect(dbPath, async (s) => (await s.postsOf(gameId))[0]!.sentAt !== null), 30_000);
    const [post] = await inspect(dbPath, (s) => s.postsOf(gameId));
    expect(boards(world, channel)).toHaveLength(1);
    expect(post!.messageId).toBe(boards(world, channel)[0]!.id);
    expect(double.violations).toEqual([]);
    await kill9(child);
  }, 180_000);
});
