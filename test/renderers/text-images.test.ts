/**
 * Texts are drawn once and then copied as small images. A copied text must land where Pango
 * would draw it: same box within a pixel, for every alignment, and the same ink.
 */
import { describe, expect, it } from 'vitest';
import { createImageCanvas, drawText, encodePng, font, type Ctx } from '../../renderers/canvas.js';

/** The box of the pixels that differ from the white background. */
function inkBox(g: Ctx, w: number, h: number): { x0: number; y0: number; x1: number; y1: number; ink: number } {
  const data = g.getImageData(0, 0, w, h).data;
  let x0 = w, y0 = h, x1 = -1, y1 = -1, ink = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const dark = 765 - data[i]! - data[i + 1]! - data[i + 2]!;
      if (dark < 30) continue;
      ink += dark;
      x0 = Math.min(x0, x), y0 = Math.min(y0, y), x1 = Math.max(x1, x), y1 = Math.max(y1, y);
    }
  return { x0, y0, x1, y1, ink };
}

describe('texts copied from their cached image', () => {
  it.each(['left', 'center', 'right'] as const)('land where a direct draw puts them (%s)', (align) => {
    const [w, h] = [600, 120];
    const boxes = [0, 1].map((cached) => {
      const { canvas, g } = createImageCanvas(w, h);
      g.fillStyle = '#ffffff';
      g.fillRect(0, 0, w, h);
      const args = ['Récompense 2 · Jy', 300, 60.4] as const;
      if (cached) {
        // Twice: the first draw makes the image, the second copies it.
        drawText(g, ...args, { size: 30, bold: true, color: '#1b6039', align });
        g.fillStyle = '#ffffff';
        g.fillRect(0, 0, w, h);
        drawText(g, ...args, { size: 30, bold: true, color: '#1b6039', align });
      } else {
        g.font = font(30, true);
        g.fillStyle = '#1b6039';
        g.textAlign = align;
        g.textBaseline = 'middle';
        g.fillText(...args);
      }
      const box = inkBox(g, w, h);
      encodePng(canvas);
      return box;
    });
    const [direct, copied] = boxes as [ReturnType<typeof inkBox>, ReturnType<typeof inkBox>];
    expect(direct.x1).toBeGreaterThan(direct.x0);
    for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(copied[k] - direct[k])).toBeLessThanOrEqual(1);
    expect(Math.abs(copied.ink - direct.ink) / direct.ink).toBeLessThan(0.05);
  });
});
