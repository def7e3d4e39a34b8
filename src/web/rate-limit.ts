/** A token bucket per client address: `perMinute` requests a minute, in bursts of as many. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    /** Addresses remembered at most; the idlest are forgotten first (a full bucket is no loss). */
    private readonly maxAddresses = 10_000,
  ) {}

  /** Takes one token; returns 0 when allowed, else the seconds until the next one. */
  take(address: string): number {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    const bucket = this.buckets.get(address);
    let tokens = bucket ? Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * rate) : this.perMinute;
    if (tokens < 1) {
      this.buckets.set(address, { tokens, at: now });
      return Math.max(1, Math.ceil((1 - tokens) / rate / 1000));
    }
    tokens -= 1;
    this.buckets.delete(address);
    this.buckets.set(address, { tokens, at: now });
    while (this.buckets.size > this.maxAddresses) this.buckets.delete(this.buckets.keys().next().value!);
    return 0;
  }
}
