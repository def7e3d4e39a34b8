/**
 * A player's rewards on the board as one pill per colour (its shape, then the values), which
 * takes a third of the width of a row of cards: a player may hold a dozen rewards by the end.
 * The pills wrap onto a second line rather than overlap or shrink.
 */
import type { Reward } from '../../src/games/r-eco/types.js';
import { drawText, fillRoundRect, font, formatValue, setFont, strokeRoundRect, textWidth, type Ctx } from '../canvas.js';
import { COLOURS, colourStyle, drawSymbol } from './palette.js';
import { TEXT_MIN } from './parts.js';

export const PILL_H = 30;
const PAD = 8;
const SHAPE_W = 16;
const PILL_GAP = 8;
const LINE_GAP = 4;
/** Red like the minus values on reward cards. */
const NEGATIVE = '#b3261e';
/** A lone reward scores nothing: its pill is drawn faded. */
export const FADED_ALPHA = 0.4;

interface Pill {
  colour: string;
  values: number[];
  width: number;
}

function valueStep(g: Ctx, values: readonly number[], gap: number): number[] {
  setFont(g, font(TEXT_MIN, true));
  return values.map((v) => textWidth(g, formatValue(v)) + gap);
}

function pillsOf(g: Ctx, rewards: readonly Reward[], gap: number): Pill[] {
  return COLOURS.map((colour) => ({ colour, values: rewards.filter((r) => r.colour === colour).map((r) => r.value) }))
    .filter((p) => p.values.length > 0)
    .map((p) => ({ ...p, width: PAD + SHAPE_W + 6 + valueStep(g, p.values, gap).reduce((a, b) => a + b, 0) - gap + PAD + 2 }));
}

/** Splits pills into lines of at most maxWidth; null when more than `maxLines` are needed. */
function lines(pills: Pill[], maxWidth: number, maxLines: number): Pill[][] | null {
  const out: Pill[][] = [[]];
  let used = 0;
  for (const p of pills) {
    if (p.width > maxWidth) return null;
    if (used > 0 && used + PILL_GAP + p.width > maxWidth) {
      out.push([]);
      used = 0;
    }
    out[out.length - 1]!.push(p);
    used += (used > 0 ? PILL_GAP : 0) + p.width;
  }
  return out.length <= maxLines ? out : null;
}

/** One pill, its top-left at (x, y). */
export function drawRewardPill(g: Ctx, colour: string, values: readonly number[], x: number, y: number, gap: number, faded: boolean, width: number): void {
  const st = colourStyle(colour);
  if (faded) g.globalAlpha = FADED_ALPHA;
  fillRoundRect(g, x, y, width, PILL_H, PILL_H / 2, st.light);
  strokeRoundRect(g, x + 0.5, y + 0.5, width - 1, PILL_H - 1, PILL_H / 2, st.dark, 1.5);
  drawSymbol(g, colour, x + PAD + SHAPE_W / 2, y + PILL_H / 2, 7, st.fill, st.dark, 1);
  let vx = x + PAD + SHAPE_W + 6;
  const steps = valueStep(g, values, gap);
  values.forEach((v, i) => {
    drawText(g, formatValue(v), vx, y + PILL_H / 2 + 1, { size: TEXT_MIN, bold: true, color: v < 0 ? NEGATIVE : st.dark });
    vx += steps[i]!;
  });
  if (faded) g.globalAlpha = 1;
}

/** Width of the pill for these values. */
export function pillWidth(g: Ctx, values: readonly number[], gap = 10): number {
  return pillsOf(g, values.map((value) => ({ colour: 'red', value })), gap)[0]?.width ?? 0;
}

/**
 * Draws the pills from x, centred on cy, within maxWidth, on one line or two. Values are spaced
 * closer before a second line is used. Returns the number of lines (0 when there is nothing).
 */
export function drawRewardPills(g: Ctx, rewards: readonly Reward[], x: number, cy: number, maxWidth: number): number {
  if (rewards.length === 0) return 0;
  let layout: Pill[][] | null = null;
  let gap = 10;
  for (const [g2, maxLines] of [[10, 1], [6, 1], [10, 2], [5, 2], [3, 2]] as const) {
    layout = lines(pillsOf(g, rewards, g2), maxWidth, maxLines);
    gap = g2;
    if (layout) break;
  }
  // Nothing fits even at the closest spacing: keep every pill on its own line width, as is.
  layout ??= lines(pillsOf(g, rewards, 3), Number.POSITIVE_INFINITY, 1)!;
  const top = cy - (layout.length * PILL_H + (layout.length - 1) * LINE_GAP) / 2;
  layout.forEach((line, k) => {
    let px = x;
    for (const p of line) {
      drawRewardPill(g, p.colour, p.values, px, top + k * (PILL_H + LINE_GAP), gap, p.values.length === 1, p.width);
      px += p.width + PILL_GAP;
    }
  });
  return layout.length;
}
