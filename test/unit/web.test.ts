/** The web pages' parts on their own: the rate limit, the board cache, the HTML escaping. */
import { describe, expect, it } from 'vitest';
import type { ImageJob, Images } from '../../src/discord/runtime/images.js';
import { BOARD_CACHE_SIZE, BoardCache } from '../../src/web/board-cache.js';
import { escapeHtml } from '../../src/web/html.js';
import { RateLimiter } from '../../src/web/rate-limit.js';
import { newWebToken } from '../../src/store/game-store.js';

describe('rate limit', () => {
  it('allows a burst of perMinute, then one request per refilled token, per address', () => {
    let now = 0;
    const limiter = new RateLimiter(6, () => now);
    expect(Array.from({ length: 6 }, () => limiter.take('a'))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(limiter.take('a')).toBe(10);
    // Another address has its own bucket.
    expect(limiter.take('b')).toBe(0);
    now += 10_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  it('forgets the idlest addresses beyond its bound', () => {
    const limiter = new RateLimiter(1, () => 0, 2);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('b')).toBe(0);
    expect(limiter.take('c')).toBe(0);
    // 'a' was forgotten: a fresh bucket.
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('c')).toBeGreaterThan(0);
  });

  it('counts a refused request as activity, so an empty bucket is not forgotten first', () => {
    const limiter = new RateLimiter(1, () => 0, 2);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('b')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('c')).toBe(0);
    // 'b' was the idlest; 'a' is still refused.
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('c')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
  });

  it('remembers at most its bound of addresses', () => {
    const limiter = new RateLimiter(1, () => 0, 100);
    for (let i = 0; i < 100; i++) expect(limiter.take(`x${i}`)).toBe(0);
    // All 100 still remembered: each is refused.
    for (let i = 0; i < 100; i++) expect(limiter.take(`x${i}`)).toBeGreaterThan(0);
    expect(limiter.take('new')).toBe(0);
    // One more forgot the idlest, x0, and only it.
    expect(limiter.take('x0')).toBe(0);
    expect(limiter.take('x2')).toBeGreaterThan(0);
  });
});

/** A pool double that records jobs and lets the test finish each render. */
class ManualImages implements Images {
  readonly started: { job: ImageJob; finish(): void }[] = [];
  render(job: ImageJob): Promise<Buffer> {
    return new Promise((resolve) => this.started.push({ job, finish: () => resolve(Buffer.from(JSON.stringify(job.view))) }));
  }
  async close(): Promise<void> {}
}

const job = (view: unknown, kind: ImageJob['kind'] = 'board'): ImageJob => ({ gameType: 'r-eco', kind, view, names: ['A', 'B'], language: 'en' });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('board cache', () => {
  it('draws a board once for the poster and every page, and never keeps private images', async () => {
    const inner = new ManualImages();
    const cache = new BoardCache(inner, 2);
    const a = cache.render(job(1));
    const b = cache.renderForPage(job(1));
    await tick();
    expect(inner.started).toHaveLength(1);
    inner.started[0]!.finish();
    expect(await a).toEqual(await b);
    expect(cache.has(job(1))).toBe(true);
    const hand = cache.render(job(1, 'hand'));
    await tick();
    expect(inner.started).toHaveLength(2);
    inner.started[1]!.finish();
    await hand;
    expect(cache.has(job(1, 'hand'))).toBe(false);
  });

  it('keeps the most recently used boards within its size', async () => {
    const inner = new ManualImages();
    const cache = new BoardCache(inner, 2);
    for (const v of [1, 2]) {
      const p = cache.render(job(v));
      await tick();
      inner.started.at(-1)!.finish();
      await p;
    }
    await cache.render(job(1));
    const p = cache.render(job(3));
    await tick();
    inner.started.at(-1)!.finish();
    await p;
    expect([cache.has(job(1)), cache.has(job(2)), cache.has(job(3))]).toEqual([true, false, true]);
  });

  it(`keeps ${BOARD_CACHE_SIZE} boards by default`, async () => {
    const cache = new BoardCache({ render: async (j) => Buffer.from(JSON.stringify(j.view)), close: async () => {} });
    for (let v = 0; v <= BOARD_CACHE_SIZE; v++) await cache.render(job(v));
    expect(cache.has(job(0))).toBe(false);
    for (let v = 1; v <= BOARD_CACHE_SIZE; v++) expect(cache.has(job(v))).toBe(true);
  });

  it('sends pages one render at a time, while the poster is never held behind them', async () => {
    const inner = new ManualImages();
    const cache = new BoardCache(inner);
    const pages = [cache.renderForPage(job('p1')), cache.renderForPage(job('p2')), cache.renderForPage(job('p3'))];
    await tick();
    expect(inner.started.map((s) => s.job.view)).toEqual(['p1']);
    const live = cache.render(job('live'));
    await tick();
    expect(inner.started.map((s) => s.job.view)).toEqual(['p1', 'live']);
    inner.started[1]!.finish();
    await live;
    inner.started[0]!.finish();
    await pages[0];
    await tick();
    expect(inner.started.map((s) => s.job.view)).toEqual(['p1', 'live', 'p2']);
    inner.started[2]!.finish();
    await pages[1];
    await tick();
    inner.started[3]!.finish();
    expect((await pages[2]!).toString()).toBe('"p3"');
  });
});

describe('page text', () => {
  it('escapes what a player may have typed (names)', () => {
    expect(escapeHtml(`<img src=x onerror="a">&'`)).toBe('&lt;img src=x onerror=&quot;a&quot;&gt;&amp;&#39;');
  });

  it('makes tokens of 144 random bits', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newWebToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
