/**
 * Discord's REST rate limits, as a bot meets them: per-route buckets keyed by the route and its
 * top-level resource (creating and editing channel messages: 5 per 5 s per channel), and the
 * global limit of a bot token (50 requests per second; interaction callbacks and interaction
 * webhooks are outside it). Every counted answer carries the X-RateLimit-* headers; a request over
 * a limit gets 429 with Retry-After, as discord.js expects. Off unless the double is started
 * with `rateLimits`.
 */
import { createHash } from 'node:crypto';

export interface RateLimitOptions {
  /** Requests per second for the whole token (Discord: 50; raised for large bots). */
  globalPerSecond?: number;
  /** The global limit's window (Discord: 1 s); tests lengthen it to stay independent of speed. */
  globalWindowMs?: number;
  /** Channel message creates and edits per channel per window (Discord: 5 per 5 s). */
  messagesPerWindow?: number;
  messageWindowMs?: number;
}

export interface RateLimitHit {
  route: string;
  scope: 'user' | 'global';
  retryAfterMs: number;
  at: number;
}

interface Bucket {
  used: number;
  resetAt: number;
}

/** Routes with a bucket of their own, by method and route pattern; the key's major parameter. */
const BUCKETED: Record<string, { name: string; major: string }> = {
  'POST channels/:cid/messages': { name: 'create-message', major: 'cid' },
  'PATCH channels/:cid/messages/:mid': { name: 'edit-message', major: 'cid' },
};

export type RateDecision = { ok: true; headers: Record<string, string> } | { ok: false; status: 429; headers: Record<string, string>; body: Record<string, unknown>; hit: RateLimitHit };

export class RateLimiter {
  readonly globalPerSecond: number;
  readonly globalWindowMs: number;
  readonly messagesPerWindow: number;
  readonly messageWindowMs: number;
  readonly hits: RateLimitHit[] = [];
  /** Requests under the global limit in each global window so far, refused ones included. */
  readonly globalWindows: number[] = [];
  /** When each request under the global limit arrived (Date.now()), refused ones included. */
  readonly globalArrivals: number[] = [];
  private readonly buckets = new Map<string, Bucket>();
  private global: Bucket = { used: 0, resetAt: 0 };

  constructor(opts: RateLimitOptions = {}) {
    this.globalPerSecond = opts.globalPerSecond ?? 50;
    this.globalWindowMs = opts.globalWindowMs ?? 1000;
    this.messagesPerWindow = opts.messagesPerWindow ?? 5;
    this.messageWindowMs = opts.messageWindowMs ?? 5000;
  }

  /**
   * Counts one request. `interaction` marks callbacks and interaction webhooks, which Discord
   * keeps outside the global limit. `now` is Date.now(): the Reset header is an epoch time.
   */
  take(method: string, pattern: string, params: Record<string, string>, interaction: boolean, now = Date.now()): RateDecision {
    const route = `${method} ${pattern}`;
    if (!interaction) {
      if (now >= this.global.resetAt) {
        this.global = { used: 0, resetAt: now + this.globalWindowMs };
        this.globalWindows.push(0);
      }
      this.globalWindows[this.globalWindows.length - 1]!++;
      this.globalArrivals.push(now);
      if (this.global.used >= this.globalPerSecond) {
        const retryAfterMs = this.global.resetAt - now;
        return this.refuse(route, 'global', retryAfterMs, now, { 'X-RateLimit-Global': 'true', 'X-RateLimit-Scope': 'global' });
      }
    }
    const spec = BUCKETED[route];
    if (!spec) {
      if (!interaction) this.global.used++;
      return { ok: true, headers: {} };
    }
    const key = `${spec.name}:${params[spec.major] ?? ''}`;
    let bucket = this.buckets.get(key);
    if (!bucket || now >= bucket.resetAt) {
      bucket = { used: 0, resetAt: now + this.messageWindowMs };
      this.buckets.set(key, bucket);
    }
    const id = createHash('sha1').update(spec.name).digest('hex').slice(0, 16);
    const headers = (remaining: number): Record<string, string> => ({
      'X-RateLimit-Limit': String(this.messagesPerWindow),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': ((bucket.resetAt) / 1000).toFixed(3),
      'X-RateLimit-Reset-After': ((bucket.resetAt - now) / 1000).toFixed(3),
      'X-RateLimit-Bucket': id,
    });
    if (bucket.used >= this.messagesPerWindow) {
      return this.refuse(route, 'user', bucket.resetAt - now, now, { ...headers(0), 'X-RateLimit-Scope': 'user' });
    }
    bucket.used++;
    if (!interaction) this.global.used++;
    return { ok: true, headers: headers(this.messagesPerWindow - bucket.used) };
  }

  private refuse(route: string, scope: 'user' | 'global', retryAfterMs: number, now: number, headers: Record<string, string>): RateDecision {
    const hit = { route, scope, retryAfterMs, at: now };
    this.hits.push(hit);
    const seconds = retryAfterMs / 1000;
    return {
      ok: false,
      status: 429,
      hit,
      headers: { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(seconds))) },
      body: { message: 'You are being rate limited.', retry_after: Number(seconds.toFixed(3)), global: scope === 'global', code: scope === 'global' ? 0 : 20028 },
    };
  }
}
