/** Checks shared by the end-to-end tests of several bot processes on one PostgreSQL database. */
import { expect } from 'vitest';
import { GameStore } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';
import { boards, type World } from './harness.js';

/** Reads the database through a store of its own, as another process would. */
export async function inspect<T>(url: string, read: (store: GameStore) => Promise<T>): Promise<T> {
  const store = new GameStore(await openPostgres(url, { max: 1 }));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/** Every post went out once, each to its own message; every board shown is one posted board. */
export async function expectPostedOnce(url: string, world: World, channel: string, gameId: number, note?: string): Promise<void> {
  const posts = await inspect(url, (s) => s.postsOf(gameId));
  // Listed, so a failure says which post and how.
  expect(posts.filter((p) => p.sentAt === null || p.failed).map((p) => ({ id: p.id, kind: p.kind, sent: p.sentAt !== null, failed: p.failed })), note).toEqual([]);
  const sentIds = posts.filter((p) => p.kind === 'board' || p.kind === 'final' || p.kind === 'log' || p.kind === 'reminder').map((p) => p.messageId);
  expect(new Set(sentIds).size, note).toBe(sentIds.length);
  const shown = world.double.channelMessages(channel).filter((m) => (m as { nonce?: string }).nonce?.startsWith('rc'));
  expect(shown.map((m) => m.id).sort(), note).toEqual([...sentIds].sort());
  expect(boards(world, channel).length, note).toBe(posts.filter((p) => p.kind === 'board').length);
}
