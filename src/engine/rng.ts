/**
 * Seeded pseudo-random numbers whose whole state is a plain JSON array, so it can live inside a
 * game state and a game replays exactly from its seed and move log. Algorithm: sfc32, seeded
 * through cyrb128 (both public domain, small and fast).
 */
export type RngState = [number, number, number, number];

/** Hashes any seed string into a 128-bit starting state. */
export function rngStateFromSeed(seed: string): RngState {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const state: RngState = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  // Discard the first outputs: sfc32 mixes poorly in its first few rounds.
  const rng = new Rng(state);
  for (let i = 0; i < 15; i++) rng.next();
  return state;
}

/**
 * A generator that reads and advances a state array in place. Games create one over the `rng`
 * field of their (already cloned) state, so every draw is recorded in that state.
 */
export class Rng {
  constructor(readonly state: RngState) {}

  /** A float in [0, 1). */
  next(): number {
    const s = this.state;
    let a = s[0], b = s[1], c = s[2], d = s[3];
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b | 0) + d | 0;
    d = d + 1 | 0;
    a = b ^ (b >>> 9);
    b = c + (c << 3) | 0;
    c = (c << 21) | (c >>> 11);
    c = c + t | 0;
    s[0] = a >>> 0; s[1] = b >>> 0; s[2] = c >>> 0; s[3] = d >>> 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Shuffles an array in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }
}

/** A throwaway generator from a seed, e.g. for bot choices that are logged as moves anyway. */
export function rngFromSeed(seed: string): Rng {
  return new Rng(rngStateFromSeed(seed));
}
