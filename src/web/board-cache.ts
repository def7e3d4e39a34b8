/**
 * Board images for the web pages, drawn by the bot's image workers and kept in a small LRU cache.
 * Wrapped around the pool the poster uses, so a live page usually gets the very PNG the channel
 * was sent; pages send at most one image at a time to the pool, so a replay being stepped
 * through cannot crowd out the boards live games are waiting for.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ImageJob, Images } from '../discord/runtime/images.js';

/** About 300 KB a board: some 15 MB at most. */
export const BOARD_CACHE_SIZE = 48;

export class BoardCache implements Images {
  private readonly done: LRUCache<string, Buffer>;
  private readonly inflight = new Map<string, Promise<Buffer>>();
  /** Page renders wait here, one goes to the pool at a time. */
  private pageQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly inner: Images,
    size = BOARD_CACHE_SIZE,
  ) {
    this.done = new LRUCache({ max: size });
  }

  static keyOf(job: ImageJob): string {
    return createHash('sha256').update(JSON.stringify([job.gameType, job.kind, job.language, job.names, job.view, job.outcome ?? null])).digest('base64url');
  }

  /** The poster's renders: public boards are kept; private images pass straight through. */
  render(job: ImageJob): Promise<Buffer> {
    if (job.kind !== 'board') return this.inner.render(job);
    return this.cached(BoardCache.keyOf(job), () => this.inner.render(job));
  }

  /** A page's render: from the cache, or queued behind the page renders already waiting. */
  renderForPage(job: ImageJob): Promise<Buffer> {
    return this.cached(BoardCache.keyOf(job), () => {
      const run = this.pageQueue.then(() => this.inner.render(job));
      this.pageQueue = run.catch(() => undefined);
      return run;
    });
  }

  has(job: ImageJob): boolean {
    return this.done.has(BoardCache.keyOf(job));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private cached(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.done.get(key);
    if (hit) return Promise.resolve(hit);
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = draw().then(
      (png) => {
        this.inflight.delete(key);
        this.done.set(key, png);
        return png;
      },
      (error: unknown) => {
        this.inflight.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }
}
