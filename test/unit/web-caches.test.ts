/**
 * The web pages' own caches (post images, live models, replayed games): each keeps at most its
 * size and forgets the least recently asked first. A store double counts what a miss reads.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageJob, Images } from '../../src/discord/runtime/images.js';
import { GAMES } from '../../src/catalog.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { BoardCache } from '../../src/web/board-cache.js';
import { LIVE_CACHE, POST_PNG_CACHE, REPLAY_CACHE, WebPages } from '../../src/web/server.js';

class FixedImages implements Images {
  render(_job: ImageJob): Promise<Buffer> {
    return Promise.resolve(Buffer.from('png'));
  }
  async close(): Promise<void> {}
}

/** Page tokens name a game id and whether it is to be read as finished. */
const token = (kind: 'live' | 'done', id: number) => `${kind}${String(id).padStart(20, '0')}`;

let base: GameRecord;
let realStore: GameStore;
let web: WebPages;
let origin: string;
const reads = { live: [] as number[], post: [] as number[], replay: [] as number[] };

beforeAll(async () => {
  realStore = new GameStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-web-caches-')), 'db.sqlite')));
  const host = '100000000000000001';
  const created = await realStore.createLobby({ guildId: '1', channelId: 'caches', gameType: 'r-eco', options: {}, language: 'en', seed: 'web-caches', creator: { id: host, name: 'Host' } });
  if (!created.ok) throw new Error(created.error.key);
  const game = GAMES['r-eco']!;
  const parsed = game.parseOptions({});
  if (!parsed.ok) throw new Error(parsed.error.key);
  for (let i = 1; i < game.players(parsed.options).min; i++) expect((await realStore.addBot(created.value.id, host)).ok).toBe(true);
  const started = await realStore.start(created.value.id, host);
  if (!started.ok) throw new Error(started.error.key);
  base = (await realStore.get(created.value.id))!;
  const view = game.publicView(base.state);
  const store = {
    byWebToken: async (t: string) => {
      const match = /^(live|done)(\d{20})$/.exec(t);
      return match ? { ...base, id: Number(match[2]), status: match[1] === 'done' ? 'finished' : 'active' } : null;
    },
    latestBoardPost: async (id: number) => (reads.live.push(id), null),
    publicLinesBetween: async () => [],
    boardPost: async (_id: number, postId: number) => (reads.post.push(postId), { id: postId, payload: { view } }),
    moveLog: async (id: number) => (reads.replay.push(id), []),
    publicLines: async () => [],
  } as unknown as GameStore;
  web = new WebPages({ store, images: new BoardCache(new FixedImages()), logger: createLogger('silent'), ratePerMinute: 1_000_000, trustProxy: false });
  origin = `http://127.0.0.1:${await web.listen(0)}`;
});
afterAll(async () => {
  await web?.close();
  await realStore?.close();
});

async function get(path: string): Promise<void> {
  const res = await fetch(`${origin}${path}`);
  expect(res.status, path).toBe(200);
  await res.arrayBuffer();
}

/** Counts the reads `path` made. */
async function readsOf(list: number[], path: string): Promise<number> {
  const before = list.length;
  await get(path);
  return list.length - before;
}

/**
 * Fills a cache of `size` with entries 0..size-1, asks for 0 again and adds one more: entry 1,
 * the least recently asked, is the one forgotten.
 */
async function checkLru(list: number[], size: number, path: (n: number) => string): Promise<void> {
  for (let n = 0; n < size; n++) expect(await readsOf(list, path(n))).toBe(1);
  expect(await readsOf(list, path(0))).toBe(0);
  expect(await readsOf(list, path(size))).toBe(1);
  expect(await readsOf(list, path(0))).toBe(0);
  for (let n = 2; n <= size; n++) expect(await readsOf(list, path(n)), `entry ${n}`).toBe(0);
  expect(await readsOf(list, path(1))).toBe(1);
}

describe('web page caches', () => {
  it(`keep the ${POST_PNG_CACHE} most recently asked post images`, async () => {
    await checkLru(reads.post, POST_PNG_CACHE, (n) => `/g/${token('live', 1)}/post/${n}.png`);
  });

  it(`keep the ${LIVE_CACHE} most recently asked live models`, async () => {
    await checkLru(reads.live, LIVE_CACHE, (n) => `/g/${token('live', n)}`);
  });

  it(`keep the ${REPLAY_CACHE} most recently asked replayed games`, async () => {
    await checkLru(reads.replay, REPLAY_CACHE, (n) => `/g/${token('done', n)}/step/0.png`);
  });
});
