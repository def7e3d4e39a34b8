/** Small statistics helpers for the benchmarks. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (values: number[]) => percentile(values, 50);

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * node-canvas frees an image's pixels in a finaliser that only runs when the event loop turns, so
 * a synchronous loop of renders keeps every image it ever drew. Await this between renders.
 */
export const releaseImages = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
