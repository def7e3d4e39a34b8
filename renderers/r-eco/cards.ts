/**
 * R-Eco card faces, each drawn once per (kind, colour, value, size) and then copied. Every layer
 * is 2 px larger than the card for its drop shadow; callers place the card's top-left corner.
 */
import {
  cachedLayer,
  colourStyle,
  drawSymbol,
  drawText,
  fillRoundRect,
  formatValue,
  strokeRoundRect,
  type Canvas,
  type Ctx,
} from '../canvas.js';

export interface Size {
  w: number;
  h: number;
}

export const WASTE_SMALL: Size = { w: 44, h: 62 };
export const WASTE_LARGE: Size = { w: 76, h: 106 };
export const REWARD_TOP: Size = { w: 60, h: 84 };
export const REWARD_CHIP: Size = { w: 22, h: 32 };
export const BACK_MINI: Size = { w: 18, h: 26 };
export const BACK_DECK: Size = { w: 28, h: 40 };

const SHADOW = 'rgba(20, 35, 30, 0.22)';
const CREAM = '#fffaf0';

function shadow(ctx: Ctx, size: Size, r: number): void {
  fillRoundRect(ctx, 2, 2, size.w, size.h, r, SHADOW);
}

/** A plain card: its shadow, its face in one colour and a thin edge. */
function plainCard(ctx: Ctx, size: Size, r: number, fill: string, edge: string): void {
  shadow(ctx, size, r);
  fillRoundRect(ctx, 0, 0, size.w, size.h, r, fill);
  strokeRoundRect(ctx, 0.5, 0.5, size.w - 1, size.h - 1, r, edge, 1);
}

/** The recycling mark in the middle of a card back or a discard pile. */
function recyclingMark(ctx: Ctx, size: Size, colour: string): void {
  const fs = Math.round(size.w * 0.62);
  drawText(ctx, '\u267B', size.w / 2, size.h / 2 + 1, { size: fs, color: colour, align: 'center' });
}

/**
 * A waste card: the colour, its shape in the corner, the big number and one pip per unit.
 * `indexed` adds the value in the corner, as on playing cards, for rows so crowded that cards
 * overlap and only their left edge shows.
 */
export function wasteCard(colour: string, value: number, size: Size, indexed = false): Canvas {
  const key = `reco:waste:${colour}:${value}:${size.w}x${size.h}:${indexed ? 'i' : ''}`;
  return cachedLayer(key, size.w + 2, size.h + 2, (ctx) => {
    const st = colourStyle(colour);
    const s = size.w / 44;
    const r = 5 * s;
    plainCard(ctx, size, r, st.fill, st.dark);
    strokeRoundRect(ctx, 3 * s, 3 * s, size.w - 6 * s, size.h - 6 * s, 3 * s, 'rgba(255,255,255,0.5)', 1);
    const face = { bold: true, color: st.ink, align: 'center' } as const;
    if (indexed) {
      drawText(ctx, formatValue(value), 9 * s, 10.5 * s, { ...face, size: Math.round(11 * s) });
      drawSymbol(ctx, colour, 9 * s, 21 * s, 2.8 * s, st.ink);
    } else {
      drawSymbol(ctx, colour, 9 * s, 9.5 * s, 3 * s, st.ink);
    }

    drawText(ctx, formatValue(value), size.w / 2, size.h * 0.42, { ...face, size: Math.round(24 * s) });

    // Pips repeat the value as shapes, readable without the number or the colour.
    const pips = Math.max(0, Math.min(value, 4));
    const gap = 12 * s;
    const pr = 4.2 * s;
    const y = size.h * 0.78;
    for (let i = 0; i < pips; i++) {
      const x = size.w / 2 + (i - (pips - 1) / 2) * gap;
      drawSymbol(ctx, colour, x, y, pr, st.ink, st.dark, 1);
    }
  });
}

/** A reward card: a coloured strip with the shape, and the points on a cream panel. */
export function rewardCard(colour: string, value: number, size: Size): Canvas {
  return cachedLayer(`reco:reward:${colour}:${value}:${size.w}x${size.h}`, size.w + 2, size.h + 2, (ctx) => {
    const st = colourStyle(colour);
    const s = size.w / 60;
    const r = Math.max(3, 6 * s);
    const strip = Math.max(10, Math.round(18 * s));
    const inset = Math.max(2, Math.round(4 * s));
    shadow(ctx, size, r);
    fillRoundRect(ctx, 0, 0, size.w, size.h, r, st.fill);
    fillRoundRect(ctx, inset, strip, size.w - 2 * inset, size.h - strip - inset, Math.max(2, r - 2), CREAM);
    strokeRoundRect(ctx, 0.5, 0.5, size.w - 1, size.h - 1, r, st.dark, 1);
    drawSymbol(ctx, colour, size.w / 2, strip / 2 + 0.5, Math.max(2.6, 5 * s), st.ink);

    const cy = strip + (size.h - strip - inset) / 2;
    if (size.w >= 40) {
      // A coin behind the value says "points" at a glance on the large card.
      ctx.beginPath();
      ctx.arc(size.w / 2, cy, 20 * s, 0, Math.PI * 2);
      ctx.fillStyle = st.light;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = st.fill;
      ctx.stroke();
    }
    const text = formatValue(value);
    const fs = size.w >= 40 ? Math.round(26 * s) : text.length > 1 ? 12 : 15;
    const color = value < 0 ? '#b3261e' : st.dark;
    drawText(ctx, text, size.w / 2, cy + 0.5, { size: fs, bold: true, color, align: 'center' });
  });
}

/** The back of a waste card (draw pile, hand sizes). */
export function cardBack(size: Size): Canvas {
  return cachedLayer(`reco:back:${size.w}x${size.h}`, size.w + 2, size.h + 2, (ctx) => {
    const r = Math.max(2, size.w / 7);
    plainCard(ctx, size, r, '#2c5249', '#162c27');
    const i = Math.max(2, Math.round(size.w / 9));
    strokeRoundRect(ctx, i, i, size.w - 2 * i, size.h - 2 * i, Math.max(1, r - 2), '#7fb8a4', 1);
    if (size.w >= 26) {
      recyclingMark(ctx, size, '#a9dcc8');
    } else {
      ctx.beginPath();
      ctx.moveTo(size.w / 2, size.h / 2 - 4);
      ctx.lineTo(size.w / 2 + 3, size.h / 2);
      ctx.lineTo(size.w / 2, size.h / 2 + 4);
      ctx.lineTo(size.w / 2 - 3, size.h / 2);
      ctx.closePath();
      ctx.fillStyle = '#a9dcc8';
      ctx.fill();
    }
  });
}

/** A face-up discard pile: a plain grey card with the recycling mark. */
export function discardCard(size: Size): Canvas {
  return cachedLayer(`reco:discard:${size.w}x${size.h}`, size.w + 2, size.h + 2, (ctx) => {
    const r = Math.max(2, size.w / 7);
    plainCard(ctx, size, r, '#d9ddd8', '#8d958f');
    recyclingMark(ctx, size, '#7d867f');
  });
}

/** A dashed outline where a card would lie, its top-left corner at (x, y). */
export function dashedOutline(
  ctx: Ctx,
  x: number,
  y: number,
  size: Size,
  r: number,
  dash: number[],
  colour: string,
): void {
  ctx.save();
  ctx.setLineDash(dash);
  strokeRoundRect(ctx, x + 0.5, y + 0.5, size.w - 1, size.h - 1, r, colour, 1.5);
  ctx.restore();
}

/** An empty slot outline, e.g. a reward stack that ran out. */
export function emptySlot(ctx: Ctx, x: number, y: number, size: Size, label: string): void {
  dashedOutline(ctx, x, y, size, 6, [4, 3], '#9aa39c');
  drawText(ctx, label, x + size.w / 2, y + size.h / 2, {
    size: 11,
    bold: true,
    color: '#8a938c',
    align: 'center',
    maxWidth: size.w - 6,
  });
}

/**
 * Draws `count` cards from left to right inside `maxWidth`, overlapping them when they do not
 * fit at their natural `step`. `draw(i, x, overlapped)` places card i.
 */
export function layoutRow(
  count: number,
  x: number,
  cardWidth: number,
  step: number,
  maxWidth: number,
  draw: (i: number, x: number, overlapped: boolean) => void,
): void {
  if (count <= 0) return;
  const natural = cardWidth + step * (count - 1);
  const st = natural <= maxWidth || count === 1 ? step : (maxWidth - cardWidth) / (count - 1);
  const overlapped = st < cardWidth;
  for (let i = 0; i < count; i++) draw(i, Math.round(x + i * st), overlapped);
}
