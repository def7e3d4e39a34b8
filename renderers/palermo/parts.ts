/** Shared drawing pieces of the Palermo images: colours, cube swatches, chips and a text flow. */
import { COLOURS, contractType, equipmentType, NC } from '../../src/games/palermo/constants.js';
import { blit, cachedLayer, drawText, fillRoundRect, font, strokeRoundRect, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';

export const W = 900;
/** The smallest text: 10 px when the image is shown 400 px wide. */
export const TEXT = 24;
export const BIG = 28;
export const BG = '#f3efe6';
export const PANEL = '#ffffff';
export const INK = '#23201c';
export const MUTED = '#6b645a';
export const ACCENT = '#c0392b';
export const LINE = 40;

export const CUBE_FILL = ['#8a5a2b', '#f2c230', '#2f6fd6', '#fafafa', '#3a9a4a', '#9b59b6', '#1e1e1e'];
export const CUBE_INK = ['#ffffff', '#2a2000', '#ffffff', '#23201c', '#ffffff', '#ffffff', '#ffffff'];

export function seatName(ctx: RenderContext, seat: number): string {
  return ctx.names[seat] ?? ctx.t('render.seat', { number: seat + 1 });
}

/** A cube swatch with its count; returns the width used. */
export function cube(g: Ctx, colour: number, count: number, x: number, cy: number): number {
  // Swatches repeat a lot: each colour and count is drawn once and copied (text is the costly part).
  const w = cubeWidth(count);
  const layer = cachedLayer(`palermo:cube:${colour}:${count}`, w, 34, (c) => {
    fillRoundRect(c, 0, 0, w, 34, 6, CUBE_FILL[colour]!);
    if (colour === 3) strokeRoundRect(c, 0.75, 0.75, w - 1.5, 32.5, 6, '#9a9a9a', 1.5);
    drawText(c, String(count), w / 2, 17, { size: TEXT, bold: true, color: CUBE_INK[colour]!, align: 'center' });
  });
  blit(g, layer, Math.round(x), Math.round(cy - 17));
  return w + 4;
}

/** Swatches for every non-zero colour; an em dash when empty. Returns the width used. */
export function cubes(g: Ctx, x: number, cy: number, v: readonly number[]): number {
  let dx = 0;
  for (let c = 0; c < NC; c++) if (v[c]! > 0) dx += cube(g, c, v[c]!, x + dx, cy);
  if (dx === 0) {
    drawText(g, '—', x, cy, { size: TEXT, color: MUTED });
    dx = 30;
  }
  return dx;
}

/** A label then text; returns the width used. */
export function text(g: Ctx, s: string, x: number, cy: number, opts: { bold?: boolean; color?: string; size?: number; max?: number } = {}): number {
  const size = opts.size ?? TEXT;
  g.font = font(size, opts.bold ?? false);
  drawText(g, s, x, cy, { size, bold: opts.bold ?? false, color: opts.color ?? INK, ...(opts.max !== undefined ? { maxWidth: opts.max } : {}) });
  g.font = font(size, opts.bold ?? false);
  return Math.min(Math.ceil(g.measureText(s).width), opts.max ?? Infinity) + 10;
}

const cubeWidth = (count: number): number => (count >= 100 ? 54 : count >= 10 ? 42 : 34);
const priceLabel = (p: number): string => `${p > 0 ? '+' : ''}${p < 0 ? '−' + -p : p}`;

/** A contract as a chip: id, delivery swatches, then the price and lifetime if given. */
export function contractChip(g: Ctx, card: number, x: number, cy: number, price?: number, life?: number): number {
  const t = contractType(card);
  let dx = text(g, t.id, x + 8, cy, { bold: true });
  for (let c = 0; c < NC; c++) if (t.delivery[c]! > 0) dx += cube(g, c, t.delivery[c]!, x + 8 + dx, cy);
  const p = price ?? t.price;
  dx += text(g, priceLabel(p), x + 8 + dx, cy, { bold: true, color: p < 0 ? ACCENT : '#1d6b35' });
  // Turns left on a held contract, the validity on an offered one.
  dx += text(g, `×${life ?? t.validity}`, x + 8 + dx, cy, { color: MUTED });
  strokeRoundRect(g, x, cy - 21, dx + 6, 42, 8, '#b9b0a2', 1.5);
  return dx + 14;
}

/** The width contractChip will use, without drawing (for wrapping rows of chips). */
export function contractChipWidth(g: Ctx, card: number, price?: number, life?: number): number {
  const t = contractType(card);
  const measure = (s: string, bold: boolean): number => {
    g.font = font(TEXT, bold);
    return Math.ceil(g.measureText(s).width) + 10;
  };
  let dx = measure(t.id, true);
  for (let c = 0; c < NC; c++) if (t.delivery[c]! > 0) dx += cubeWidth(t.delivery[c]!) + 4;
  dx += measure(priceLabel(price ?? t.price), true) + measure(`×${life ?? t.validity}`, false);
  return dx + 14;
}

export function equipmentChip(g: Ctx, card: number, x: number, cy: number, withPrice = false): number {
  const t = equipmentType(card);
  const colours = t.colours.length > 1 ? '' : ` ${COLOURS[t.colours[0]!]}`;
  const label = withPrice ? `${t.id}${colours} ${t.price}` : t.id;
  g.font = font(TEXT, true);
  const w = Math.ceil(g.measureText(label).width) + 16;
  const layer = cachedLayer(`palermo:eq:${label}`, w, 38, (c) => {
    fillRoundRect(c, 0, 0, w, 38, 8, '#e4ddd0');
    drawText(c, label, 8, 19, { size: TEXT, bold: true, color: INK });
  });
  blit(g, layer, Math.round(x), Math.round(cy - 19));
  return w + 8;
}
