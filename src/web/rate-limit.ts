import { LRUCache } from 'lru-cache';

/** A token bucket per client address: `perMinute` requests a minute, in bursts of as many. */
export class RateLimiter {
  private readonly buckets: LRUCache<string, { tokens: number; at: number }>;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    /** Addresses remembered at most; the idlest are forgotten first (a full bucket is no loss). */
    maxAddresses = 10_000,
  ) {
    // Counted through maxSize: `max` would allocate room for every address up front.
    this.buckets = new LRUCache({ maxSize: maxAddresses, sizeCalculation: () => 1 });
  }

  /** Takes one token; returns 0 when allowed, else the seconds until the next one. */
  take(address: string): number {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    const bucket = this.buckets.get(address);
    let tokens = bucket ? Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * rate) : this.perMinute;
    // A refused request counts as activity too: forgetting an empty bucket would refill it.
    if (tokens < 1) {
      this.buckets.set(address, { tokens, at: now });
      return Math.max(1, Math.ceil((1 - tokens) / rate / 1000));
    }
    tokens -= 1;
    this.buckets.set(address, { tokens, at: now });
    return 0;
  }
}
