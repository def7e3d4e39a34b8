/**
 * The drawing caches of renderers/canvas.ts: spare image canvases, cached layers and text
 * widths. Each keeps at most its size, forgets the least recently used first, and the spares
 * go after a quiet spell without keeping the process awake.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAYER_LIMIT, SPARE_IDLE_MS, WIDTH_LIMIT, cachedLayer, createImageCanvas, encodePng, textWidth, type Ctx } from '../../renderers/canvas.js';

/** A canvas handed out for `w`×`h`, encoded at once so it is free again. */
function used(w: number, h: number) {
  const { canvas } = createImageCanvas(w, h);
  encodePng(canvas);
  return canvas;
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('spare image canvases', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // First in this file: no spare timer exists yet, so a referenced one would be counted.
  it('leave no timer that keeps the process alive', () => {
    const before = timers();
    used(7, 2);
    expect(timers()).toBe(before);
  });

  it('hand a free canvas out again, keeping the two most recently used sizes', () => {
    const a = used(3, 2);
    expect(used(3, 2)).toBe(a);
    const b = used(4, 2);
    // 3×2 used again, so 4×2 is the least recently used when 5×2 comes.
    expect(used(3, 2)).toBe(a);
    used(5, 2);
    expect(used(3, 2)).toBe(a);
    expect(used(4, 2)).not.toBe(b);
  });

  it('never hand out a canvas still in use', () => {
    const first = createImageCanvas(6, 2).canvas;
    const second = createImageCanvas(6, 2).canvas;
    expect(second).not.toBe(first);
    encodePng(second);
    encodePng(first);
  });

  it('are dropped after a quiet spell', () => {
    vi.useFakeTimers();
    const a = used(8, 2);
    vi.advanceTimersByTime(SPARE_IDLE_MS - 1);
    expect(used(8, 2)).toBe(a);
    vi.advanceTimersByTime(SPARE_IDLE_MS - 1);
    expect(used(8, 2)).toBe(a);
    vi.advanceTimersByTime(SPARE_IDLE_MS);
    expect(used(8, 2)).not.toBe(a);
  });
});

describe('cached layers', () => {
  it(`keep the ${LAYER_LIMIT} most recently used`, () => {
    const drawn: number[] = [];
    const layer = (n: number) => cachedLayer(`caches-test ${n}`, 1, 1, () => void drawn.push(n));
    const first = Array.from({ length: LAYER_LIMIT }, (_, n) => layer(n));
    expect(drawn).toHaveLength(LAYER_LIMIT);
    expect(layer(0)).toBe(first[0]);
    layer(LAYER_LIMIT);
    expect(layer(0)).toBe(first[0]);
    for (let n = 2; n < LAYER_LIMIT; n++) expect(layer(n)).toBe(first[n]);
    expect(drawn).toHaveLength(LAYER_LIMIT + 1);
    // Layer 1 was the least recently used when one more came.
    expect(layer(1)).not.toBe(first[1]);
    expect(drawn.at(-1)).toBe(1);
  });
});

describe('text widths', () => {
  it(`keep the ${WIDTH_LIMIT} most recently measured`, () => {
    const measured: string[] = [];
    const ctx = { font: 'caches-test', measureText: (text: string) => (measured.push(text), { width: text.length }) } as unknown as Ctx;
    const width = (n: number) => textWidth(ctx, `w${n}`);
    for (let n = 0; n < WIDTH_LIMIT; n++) width(n);
    expect(measured).toHaveLength(WIDTH_LIMIT);
    width(0);
    width(WIDTH_LIMIT);
    width(0);
    for (let n = 2; n < WIDTH_LIMIT; n++) width(n);
    expect(measured).toHaveLength(WIDTH_LIMIT + 1);
    // w1 was the least recently measured when one more came; the rest are still kept.
    expect(width(1)).toBe(2);
    expect(measured).toHaveLength(WIDTH_LIMIT + 2);
    expect(measured.at(-1)).toBe('w1');
  });
});
