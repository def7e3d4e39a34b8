/**
 * Player names on two lines. A long name wraps before it is shortened, and when even two lines are
 * too few the middle of the second line gives way, so names sharing a long beginning
 * ("Alexandra Konstantinopoulou-Papadakis", "…-Papadopoulos") still end differently.
 */
import { drawText, font, setFont, textWidth, type Ctx } from '../canvas.js';

const ELLIPSIS = '…';

/** Places after which a line may break: spaces and hyphens. */
function breakPoints(chars: string[]): number[] {
  const points: number[] = [];
  chars.forEach((c, i) => {
    if (i > 0 && (c === ' ' || c === '-' || c === '‐')) points.push(c === ' ' ? i : i + 1);
  });
  return points;
}

/** The text with its middle replaced by an ellipsis, as long as fits. */
function middleCut(g: Ctx, text: string, maxWidth: number): string {
  if (textWidth(g, text) <= maxWidth) return text;
  const chars = Array.from(text);
  for (let keep = chars.length - 1; keep >= 2; keep--) {
    const head = Math.ceil(keep / 2);
    const shown = chars.slice(0, head).join('').trimEnd() + ELLIPSIS + chars.slice(chars.length - (keep - head)).join('').trimStart();
    if (textWidth(g, shown) <= maxWidth) return shown;
  }
  return ELLIPSIS;
}

/** Up to `maxLines` lines (1 or 2) for a name in `maxWidth` at this size. */
export function nameLines(g: Ctx, name: string, maxWidth: number, size: number, maxLines = 2): string[] {
  setFont(g, font(size, true));
  if (textWidth(g, name) <= maxWidth) return [name];
  if (maxLines < 2) return [middleCut(g, name, maxWidth)];
  const chars = Array.from(name);
  // The longest first line ending at a break point, else the longest prefix that fits.
  let cut = 0;
  for (const p of breakPoints(chars)) if (textWidth(g, chars.slice(0, p).join('').trimEnd()) <= maxWidth) cut = p;
  if (cut === 0) {
    cut = 1;
    while (cut < chars.length && textWidth(g, chars.slice(0, cut + 1).join('')) <= maxWidth) cut++;
  }
  const first = chars.slice(0, cut).join('').trimEnd();
  const rest = chars.slice(cut).join('').trim();
  return [first, middleCut(g, rest, maxWidth)];
}

/**
 * Draws a name in bold, on one line at `size` if it fits, else on two lines at `smallSize`,
 * centred on `cy`. Returns the lines drawn.
 */
export function drawName(
  g: Ctx,
  name: string,
  x: number,
  cy: number,
  maxWidth: number,
  style: { size: number; smallSize: number; color: string; lineGap?: number },
): string[] {
  setFont(g, font(style.size, true));
  if (textWidth(g, name) <= maxWidth) {
    drawText(g, name, x, cy, { size: style.size, bold: true, color: style.color });
    return [name];
  }
  const lines = nameLines(g, name, maxWidth, style.smallSize);
  const gap = style.lineGap ?? Math.round(style.smallSize * 1.15);
  lines.forEach((line, i) => {
    const y = cy + (i - (lines.length - 1) / 2) * gap;
    drawText(g, line, x, y, { size: style.smallSize, bold: true, color: style.color });
  });
  return lines;
}
