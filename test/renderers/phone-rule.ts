/**
 * The phone rule for any game's images, as one call: Discord shows an image about 400 px wide on
 * a phone, where every text must still be 10 px tall. Usage in a renderer test:
 *
 *   it('board reads on a phone', () => expectReadableOnPhone(() => renderBoard(view, ctx)));
 *
 * The render runs with text recording on (renderers/canvas.ts): every text drawn through
 * drawText, also inside cached layers, is checked against the width of its image.
 */
import { expect } from 'vitest';
import { minTextSize, recordTexts, type DrawnText } from '../../renderers/canvas.js';

export interface PhoneRuleOptions {
  /** Allowed image widths (default about 800–1000 px, the board rule). */
  minWidth?: number;
  maxWidth?: number;
  /** Require height >= width * this (default 0: no shape check). 1 means square or portrait. */
  minAspect?: number;
}

/** PNG width and height, read from the IHDR chunk. */
export function pngDimensions(png: Buffer): { width: number; height: number } {
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The texts drawn below the phone minimum; empty when the image passes. */
export function tooSmallTexts(texts: readonly DrawnText[]): string[] {
  return texts
    .filter((t) => t.size + 1e-9 < minTextSize(t.imageWidth))
    .map((t) => `"${t.text}" at ${t.size} px in a ${t.imageWidth} px wide image (minimum ${Math.ceil(minTextSize(t.imageWidth) * 10) / 10} px)`);
}

/**
 * Renders once with text recording on and fails when any text is below the phone minimum or
 * the image is outside the size rule. Returns the PNG and the texts for further checks.
 */
export function expectReadableOnPhone(render: () => Buffer, options: PhoneRuleOptions = {}): { png: Buffer; texts: DrawnText[] } {
  const { result: png, texts } = recordTexts(render);
  const { width, height } = pngDimensions(png);
  expect(width, 'image width').toBeGreaterThanOrEqual(options.minWidth ?? 800);
  expect(width, 'image width').toBeLessThanOrEqual(options.maxWidth ?? 1000);
  if (options.minAspect) expect(height, 'image height against its width').toBeGreaterThanOrEqual(Math.floor(width * options.minAspect));
  // Every text was drawn in this image, not in another one made meanwhile.
  for (const t of texts) expect(t.imageWidth).toBe(width);
  expect(texts.length, 'texts drawn').toBeGreaterThan(0);
  expect(tooSmallTexts(texts)).toEqual([]);
  return { png, texts };
}
