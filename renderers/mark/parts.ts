/**
 * Pieces shared by the M.A.R.K. images: materials, dice faces, company panels. Every text is at
 * least MIN_TEXT px on an 800 px wide image, i.e. 10 px when a phone shows it 400 px wide.
 */
import type { Colour, Face, PlayerView, Square } from '../../src/games/mark/types.js';
import { drawText, fillRoundRect, panel as within, strokeRoundRect, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { fitLines, seatName, wrapLines } from './text.js';

export { seatName } from './text.js';

export const W = 800;
export const MIN_TEXT = 20;
export const BG = '#eef1ea';
export const PANEL = '#ffffff';
export const EDGE = '#c9d3cc';
export const INK = '#1f2d29';
export const MUTED = '#56655f';
export const DEEP = '#2b3f4a';
export const ACCENT = '#e09f00';
export const EMPTY = '#e4e8e3';

interface Style {
  fill: string;
  ink: string;
  edge: string;
  shape: 'circle' | 'square' | 'triangle' | 'diamond' | 'cross';
}

/** Each colour also has its own shape, so materials never rely on colour alone. */
export const STYLE: Record<Colour, Style> = {
  white: { fill: '#f5f2e8', ink: '#3d3a33', edge: '#8d887a', shape: 'circle' },
  blue: { fill: '#2f6bd1', ink: '#ffffff', edge: '#1c4791', shape: 'square' },
  gold: { fill: '#d9a520', ink: '#3b2c00', edge: '#8a6500', shape: 'triangle' },
  green: { fill: '#2f9a5a', ink: '#ffffff', edge: '#1b6039', shape: 'diamond' },
  red: { fill: '#d9483b', ink: '#ffffff', edge: '#9c2b21', shape: 'cross' },
};

export function shape(g: Ctx, kind: Style['shape'], cx: number, cy: number, r: number, fill: string): void {
  g.beginPath();
  switch (kind) {
    case 'circle':
      g.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'square':
      g.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
      break;
    case 'triangle':
      g.moveTo(cx, cy - r * 1.1);
      g.lineTo(cx + r, cy + r * 0.75);
      g.lineTo(cx - r, cy + r * 0.75);
      break;
    case 'diamond':
      g.moveTo(cx, cy - r * 1.1);
      g.lineTo(cx + r * 0.9, cy);
      g.lineTo(cx, cy + r * 1.1);
      g.lineTo(cx - r * 0.9, cy);
      break;
    case 'cross': {
      const t = r * 0.38;
      g.rect(cx - r, cy - t, 2 * r, 2 * t);
      g.rect(cx - t, cy - r, 2 * t, 2 * r);
      break;
    }
  }
  g.closePath();
  g.fillStyle = fill;
  g.fill();
}

/** A material (or an empty square) as a rounded tile. */
export function tile(g: Ctx, sq: Square, x: number, y: number, size: number, faded = false): void {
  if (sq === null) {
    fillRoundRect(g, x, y, size, size, 8, EMPTY);
    strokeRoundRect(g, x + 0.5, y + 0.5, size - 1, size - 1, 8, EDGE, 1);
    return;
  }
  const st = STYLE[sq];
  if (faded) g.globalAlpha = 0.35;
  fillRoundRect(g, x, y, size, size, 8, st.fill);
  strokeRoundRect(g, x + 1, y + 1, size - 2, size - 2, 8, st.edge, 2);
  shape(g, st.shape, x + size / 2, y + size / 2, size * 0.26, st.ink);
  if (faded) g.globalAlpha = 1;
}

function star(g: Ctx, cx: number, cy: number, r: number, fill: string): void {
  g.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    g.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
  }
  g.closePath();
  g.fillStyle = fill;
  g.fill();
}

function hammer(g: Ctx, cx: number, cy: number, r: number, fill: string): void {
  g.save();
  g.translate(cx, cy);
  g.rotate(-Math.PI / 4);
  g.fillStyle = fill;
  g.fillRect(-r * 0.14, -r * 0.4, r * 0.28, r * 1.35);
  g.fillRect(-r * 0.7, -r * 0.85, r * 1.4, r * 0.5);
  g.restore();
}

/** A die showing a face. */
export function die(g: Ctx, face: Face, x: number, y: number, size: number): void {
  fillRoundRect(g, x, y, size, size, 10, face === 'hammer' || face === 'star' ? '#26282b' : '#ffffff');
  strokeRoundRect(g, x + 1, y + 1, size - 2, size - 2, 10, '#4a4f58', 2);
  if (face === 'hammer') hammer(g, x + size / 2, y + size / 2, size * 0.4, '#f3f3f3');
  else if (face === 'star') star(g, x + size / 2, y + size / 2, size * 0.38, '#f3c22f');
  else tile(g, face, x + size * 0.15, y + size * 0.15, size * 0.7);
}

export function panel(g: Ctx, x: number, y: number, w: number, h: number, edge = EDGE, lineWidth = 1): void {
  fillRoundRect(g, x + 2, y + 3, w, h, 12, 'rgba(20,35,30,0.12)');
  fillRoundRect(g, x, y, w, h, 12, PANEL);
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 12, edge, lineWidth);
}

const NAME_LINE = 24;
const TILE = 38, TILE_GAP = 5, ROW_GAP = 6, LABEL_W = 24;
/** Width of the company's rows; cash and the storage fee badge sit to their right. */
const ROWS_W = LABEL_W + 4 * (TILE + TILE_GAP);

/** The owner's name in one or two lines of the panel's width (shortened only past two). */
export function nameLines(g: Ctx, ctx: RenderContext, seat: number, w: number): string[] {
  return fitLines(g, (short) => short(seatName(ctx, seat)), w - 24, MIN_TEXT, true, 2);
}

/** A company panel's height for names of `lines` lines. */
export function companyHeight(lines: number): number {
  return 12 + lines * NAME_LINE + 2 * TILE + ROW_GAP + 10;
}

/**
 * A company: owner, its two rows (row 2 above row 1, like the factory roofs in front of the
 * intake), its cash (or "?" when hidden) and the storage fee it would owe.
 */
export function company(g: Ctx, ctx: RenderContext, p: PlayerView, x: number, y: number, w: number, h: number, names: string[], active: boolean): void {
  panel(g, x, y, w, h, active ? ACCENT : EDGE, active ? 4 : 1);
  within(g, `company ${p.seat + 1}`, x, y, w, h, () => companyInside(g, ctx, p, x, y, w, names));
}

function companyInside(g: Ctx, ctx: RenderContext, p: PlayerView, x: number, y: number, w: number, names: string[]): void {
  const pad = 12;
  names.forEach((line, i) => drawText(g, line, x + pad, y + 8 + NAME_LINE / 2 + i * NAME_LINE, { size: MIN_TEXT, bold: true, color: INK }));
  const top = y + 12 + names.length * NAME_LINE;
  const rows: [string, readonly Square[]][] = [['2', p.row2], ['1', p.row1]];
  rows.forEach(([label, squares], r) => {
    const ry = top + r * (TILE + ROW_GAP);
    drawText(g, label, x + pad + 8, ry + TILE / 2, { size: MIN_TEXT, bold: true, color: MUTED, align: 'center' });
    squares.forEach((sq, i) => tile(g, sq, x + pad + LABEL_W + i * (TILE + TILE_GAP), ry, TILE));
  });
  // The cash column keeps beside the rows, also on the wide hand image.
  const cx = x + pad + ROWS_W + 6, cw = Math.min(150, x + w - pad - cx);
  const cash = p.cash === null ? ctx.t('mark.render.cashHidden') : ctx.t('mark.render.cash', { cash: p.cash });
  drawText(g, cash, cx + cw / 2, top + 12, { size: MIN_TEXT + 2, bold: true, color: p.cash === null ? MUTED : '#1b6039', align: 'center' });
  if (p.fee > 0) feeBadge(g, ctx, p.fee, cx, top + 30, cw, 2 * TILE + ROW_GAP - 30);
}

/** The storage fee a company pays at the start of its turn: the legend says what it is. */
export function feeBadge(g: Ctx, ctx: RenderContext, fee: number, x: number, y: number, w: number, h: number): void {
  fillRoundRect(g, x, y, w, h, 10, ACCENT);
  // The amount keeps a line of its own, so "5 $" never splits.
  const lines = wrapLines(g, ctx.t('mark.render.fee'), w - 8, MIN_TEXT, true);
  lines.push(ctx.t('mark.render.cash', { cash: fee }));
  const lh = lines.length > 1 ? Math.min(26, (h - 6) / lines.length) : 0;
  lines.forEach((l, i) => drawText(g, l, x + w / 2, y + h / 2 + (i - (lines.length - 1) / 2) * lh, { size: MIN_TEXT, bold: true, color: '#2a1d00', align: 'center' }));
}
