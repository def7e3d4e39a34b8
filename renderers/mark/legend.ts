/**
 * The legend of the M.A.R.K. images: each symbol drawn small beside the words that explain it,
 * in one column (beside the market) or two (under the hand).
 */
import type { Face } from '../../src/games/mark/types.js';
import { drawText, fillRoundRect, panel as within, strokeRoundRect, type Ctx } from '../canvas.js';
import { ACCENT, EMPTY, INK, MIN_TEXT, die, panel } from './parts.js';
import { wrapLines } from './text.js';

export interface LegendEntry {
  icon: { die: Face } | 'fee' | 'rows' | 'next';
  text: string;
}

const ICON = 28, LINE = 24, PAD = 12, COL_GAP = 16, ROW_GAP = 6;

function columns(w: number, cols: number): { colW: number; textW: number } {
  const colW = (w - 2 * PAD - (cols - 1) * COL_GAP) / cols;
  return { colW, textW: colW - ICON - 8 };
}

function rowsOf(g: Ctx, entries: LegendEntry[], w: number, cols: number): { lines: string[][]; heights: number[] } {
  const { textW } = columns(w, cols);
  const lines = entries.map((e) => wrapLines(g, e.text, textW, MIN_TEXT));
  const heights: number[] = [];
  for (let i = 0; i < entries.length; i += cols) {
    heights.push(Math.max(ICON, ...lines.slice(i, i + cols).map((l) => l.length * LINE)));
  }
  return { lines, heights };
}

export function legendHeight(g: Ctx, entries: LegendEntry[], w: number, cols: number): number {
  const { heights } = rowsOf(g, entries, w, cols);
  return 2 * 10 + heights.reduce((a, h) => a + h, 0) + ROW_GAP * (heights.length - 1);
}

/** Draws the entries, centred in a panel of height `h` (at least their legendHeight). */
export function drawLegend(g: Ctx, entries: LegendEntry[], x: number, y: number, w: number, h: number, cols: number): void {
  panel(g, x, y, w, h);
  within(g, 'legend', x, y, w, h, () => {
    const { colW } = columns(w, cols);
    const { lines, heights } = rowsOf(g, entries, w, cols);
    let ry = y + (h - legendHeight(g, entries, w, cols)) / 2 + 10;
    heights.forEach((rh, r) => {
      for (let c = 0; c < cols; c++) {
        const i = cols * r + c;
        const entry = entries[i];
        if (!entry) continue;
        const ex = x + PAD + c * (colW + COL_GAP);
        icon(g, entry.icon, ex, ry + (rh - ICON) / 2);
        const top = ry + rh / 2 - ((lines[i]!.length - 1) * LINE) / 2;
        lines[i]!.forEach((line, k) => drawText(g, line, ex + ICON + 8, top + k * LINE, { size: MIN_TEXT, color: INK }));
      }
      ry += rh + ROW_GAP;
    });
  });
}

function icon(g: Ctx, kind: LegendEntry['icon'], x: number, y: number): void {
  if (typeof kind === 'object') return die(g, kind.die, x, y, ICON);
  if (kind === 'fee') {
    fillRoundRect(g, x, y, ICON, ICON, 8, ACCENT);
    return;
  }
  if (kind === 'next') {
    fillRoundRect(g, x, y, ICON, ICON, 8, EMPTY);
    strokeRoundRect(g, x + 1.5, y + 1.5, ICON - 3, ICON - 3, 8, ACCENT, 3);
    return;
  }
  // The company rows in small: row 2 above row 1.
  for (let r = 0; r < 2; r++) for (let i = 0; i < 2; i++) fillRoundRect(g, x + i * 15, y + 1 + r * 14, 13, 12, 3, r === 0 ? '#c9d3cc' : EMPTY);
}
