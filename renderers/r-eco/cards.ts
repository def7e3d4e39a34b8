/**
 * R-Eco card faces, each drawn once per (kind, colour, value, size) and then copied. Every layer
 * is 2 px larger than the card for its drop shadow; callers place the card's top-left corner.
 * Values sit in the top-left corner at a size read on a phone, so cards may overlap down to that
 * corner and still say what they are.
 */
import {
  cachedLayer,
  drawText,
  fillRoundRect,
  formatValue,
  strokeRoundRect,
  type Canvas,
  type Ctx,
} from '../canvas.js';
import { colourStyle, drawSymbol } from './palette.js';

export interface Size {
  w: number;
  h: number;
}

/** Waste cards in the hand image. */
export const WASTE_HAND: Size = { w: 92, h: 128 };
/** Rewards in a player's collection on the final ranking, and in legends. */
export const REWARD_CHIP: Size = { w: 44, h: 54 };
/** Waste cards in a centre row of the board: the smallest whose corner value reads on a phone. */
export const WASTE_ROW: Size = { w: 52, h: 72 };
/** The top reward of a stack, in a centre row. */
export const REWARD_ROW: Size = { w: 56, h: 72 };
/** A card back on a text line (header piles, hand counts). */
export const BACK_SMALL: Size = { w: 26, h: 36 };

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

/** Font size of a value in a card's corner: about half the card's width. */
export function cornerSize(size: Size): number {
  return Math.round(size.w * 0.46);
}

/**
 * A waste card: the value and the colour's shape down its left edge (readable when overlapped),
 * and one pip per waste unit on the rest of the face.
 */
export function wasteCard(colour: string, value: number, size: Size): Canvas {
  const key = `reco:waste:${colour}:${value}:${size.w}x${size.h}`;
  return cachedLayer(key, size.w + 2, size.h + 2, (ctx) => {
    const st = colourStyle(colour);
    const r = Math.max(4, size.w * 0.11);
    plainCard(ctx, size, r, st.fill, st.dark);
    const inset = Math.max(2, Math.round(size.w * 0.06));
    strokeRoundRect(ctx, inset, inset, size.w - 2 * inset, size.h - 2 * inset, r * 0.6, 'rgba(255,255,255,0.5)', 1);
    const cx = size.w * 0.27;
    drawText(ctx, formatValue(value), cx, size.h * 0.2, { size: cornerSize(size), bold: true, color: st.ink, align: 'center' });
    drawSymbol(ctx, colour, cx, size.h * 0.44, size.w * 0.09, st.ink);
    // Pips repeat the value as shapes, down the right half.
    const pips = Math.max(0, Math.min(value, 4));
    const pr = size.w * 0.1;
    for (let i = 0; i < pips; i++) {
      const y = size.h * (pips === 1 ? 0.7 : 0.6 + i * 0.22);
      drawSymbol(ctx, colour, size.w * 0.66, y, pr, st.ink, st.dark, 1);
    }
  });
}

/** A reward card: a coloured strip with the shape, and the points on a cream panel. */
export function rewardCard(colour: string, value: number, size: Size): Canvas {
  return cachedLayer(`reco:reward:${colour}:${value}:${size.w}x${size.h}`, size.w + 2, size.h + 2, (ctx) => {
    const st = colourStyle(colour);
    const r = Math.max(4, size.w * 0.1);
    const strip = Math.round(size.h * 0.2);
    const inset = Math.max(2, Math.round(size.w * 0.06));
    shadow(ctx, size, r);
    fillRoundRect(ctx, 0, 0, size.w, size.h, r, st.fill);
    fillRoundRect(ctx, inset, strip, size.w - 2 * inset, size.h - strip - inset, Math.max(2, r - 2), CREAM);
    strokeRoundRect(ctx, 0.5, 0.5, size.w - 1, size.h - 1, r, st.dark, 1);
    drawSymbol(ctx, colour, size.w / 2, strip / 2 + 0.5, Math.max(3, strip * 0.3), st.ink);
    const text = formatValue(value);
    const cy = strip + (size.h - strip - inset) / 2 + 1;
    // Two characters ("−2") need a smaller size than one to stay inside the card.
    const fs = Math.round(size.w * (text.length > 1 ? 0.52 : 0.62));
    drawText(ctx, text, size.w / 2, cy, { size: fs, bold: true, color: value < 0 ? '#b3261e' : st.dark, align: 'center' });
  });
}

/** The back of a waste card (draw pile, hand sizes): a green card with a leaf-like mark. */
export function cardBack(size: Size): Canvas {
  return cachedLayer(`reco:back:${size.w}x${size.h}`, size.w + 2, size.h + 2, (ctx) => {
    const r = Math.max(3, size.w / 7);
    plainCard(ctx, size, r, '#2c5249', '#162c27');
    const i = Math.max(2, Math.round(size.w / 9));
    strokeRoundRect(ctx, i, i, size.w - 2 * i, size.h - 2 * i, Math.max(1, r - 2), '#7fb8a4', 1);
    mark(ctx, size, '#a9dcc8');
  });
}

/** A face-up discard pile: a plain grey card with the same mark. */
export function discardCard(size: Size): Canvas {
  return cachedLayer(`reco:discard:${size.w}x${size.h}`, size.w + 2, size.h + 2, (ctx) => {
    plainCard(ctx, size, Math.max(3, size.w / 7), '#d9ddd8', '#8d958f');
    mark(ctx, size, '#7d867f');
  });
}

/** A ring of three arcs, a drawn stand-in for the recycling sign (no text, so no font size). */
function mark(ctx: Ctx, size: Size, colour: string): void {
  const cx = size.w / 2, cy = size.h / 2, r = size.w * 0.24;
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(2, size.w * 0.08);
  for (let k = 0; k < 3; k++) {
    const a = (k * 2 * Math.PI) / 3 - Math.PI / 2;
    ctx.beginPath();
    ctx.arc(cx, cy, r, a + 0.25, a + (2 * Math.PI) / 3 - 0.25);
    ctx.stroke();
  }
}

/** A dashed outline where a card would lie, its top-left corner at (x, y). */
export function dashedOutline(ctx: Ctx, x: number, y: number, size: Size, r: number, dash: number[], colour: string): void {
  ctx.save();
  ctx.setLineDash(dash);
  strokeRoundRect(ctx, x + 0.5, y + 0.5, size.w - 1, size.h - 1, r, colour, 2);
  ctx.restore();
}

/**
 * Draws `count` cards from left to right inside `maxWidth`, overlapping them when they do not
 * fit at their natural `step`, but never closer than `minStep`. Returns the width used.
 */
export function layoutRow(
  count: number,
  x: number,
  cardWidth: number,
  step: number,
  maxWidth: number,
  draw: (i: number, x: number) => void,
  minStep = 0,
): number {
  if (count <= 0) return 0;
  const natural = cardWidth + step * (count - 1);
  const st = natural <= maxWidth || count === 1 ? step : Math.max(minStep, (maxWidth - cardWidth) / (count - 1));
  for (let i = 0; i < count; i++) draw(i, Math.round(x + i * st));
  return Math.round(cardWidth + st * (count - 1));
}
