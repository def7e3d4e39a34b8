/**
 * Pieces shared by the Müll + Money images: the header, pawns, card chips, service holes, tracks.
 * Every text is at least MIN_TEXT px on an 800 px wide image (10 px when a phone shows it 400 px wide).
 */
import { LOAN } from '../../src/games/mull-money/constants.js';
import type { Card } from '../../src/games/mull-money/types.js';
import { drawText, fillRoundRect, closePanel, font, formatValue, openPanel, setFont, strokeRoundRect, textWidth, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { wrapLines } from './text.js';

export const W = 800;
export const PAD = 20;
export const MIN_TEXT = 20;
export const BG = '#eef0e8';
export const PANEL = '#ffffff';
export const EDGE = '#c9d3cc';
export const INK = '#1f2d29';
export const MUTED = '#56655f';
export const DEEP = '#34403a';
export const ACCENT = '#e09f00';
export const ZONE = { green: '#4caf6a', yellow: '#e8c23a', red: '#d9483b' } as const;

/** One colour per seat; the initial on the pawn keeps them apart without colour. */
export const SEAT_COLOURS = ['#c0392b', '#2f6bd1', '#b7791f', '#2f8a5a'];

/** Card backgrounds by family: money makers, materials, growth, waste, helpers. */
export const CARD_COLOURS: Record<Card, string> = {
  production: '#d8ecd9', raw: '#f3e2c4', growth: '#d6e4f5', innovation: '#e7dcf3', disposal: '#dcefe9',
  expert: '#f6eab4', hiring: '#f4d9d5', transport: '#e3e3e3', negotiation: '#e3e3e3', corruption: '#f0d0e4', alert: '#ffb3a7',
};

export function seatName(ctx: RenderContext, seat: number): string {
  const name = ctx.names[seat];
  return name !== undefined && name.trim() !== '' ? name : `#${seat + 1}`;
}

export function initial(ctx: RenderContext, seat: number): string {
  const letter = seatName(ctx, seat).replace(/[^\p{L}\p{N}]/gu, '').charAt(0).toUpperCase();
  return letter || String(seat + 1);
}

export function panel(g: Ctx, x: number, y: number, w: number, h: number, edge = EDGE, lineWidth = 1): void {
  closePanel();
  fillRoundRect(g, x + 2, y + 3, w, h, 12, 'rgba(20,35,30,0.12)');
  fillRoundRect(g, x, y, w, h, 12, PANEL);
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 12, edge, lineWidth);
  // What follows is the panel's content, until the next panel (checked by the bounds test).
  openPanel(g, `panel at y ${Math.round(y)}`, x, y, w, h);
}

export const HEADER_H = 50;

export function header(g: Ctx, title: string): void {
  g.fillStyle = DEEP;
  g.fillRect(0, 0, W, HEADER_H);
  g.fillStyle = ACCENT;
  g.fillRect(0, HEADER_H - 4, W, 4);
  drawText(g, 'Müll + Money', PAD, 24, { size: 24, bold: true, color: '#ffffff' });
  drawText(g, title, W - PAD, 24, { size: MIN_TEXT, bold: true, color: '#e6ece8', align: 'right' });
}

export function pawn(g: Ctx, ctx: RenderContext, seat: number, cx: number, cy: number, r: number): void {
  g.beginPath();
  g.arc(cx, cy, r, 0, Math.PI * 2);
  g.fillStyle = SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
  g.fill();
  g.lineWidth = 2;
  g.strokeStyle = '#ffffff';
  g.stroke();
  drawText(g, initial(ctx, seat), cx, cy + 1, { size: MIN_TEXT, bold: true, color: '#ffffff', align: 'center' });
}

/** A card's name as the buttons and the log say it, in lines that fit `w` px. */
export function cardNameLines(g: Ctx, ctx: RenderContext, c: Card, w: number): string[] {
  return wrapLines(g, ctx.t(`mull-money.card.${c}`), w - 6, MIN_TEXT);
}

/** Lines the tallest of these card names needs at width `w` (chips of one image share a height). */
export function chipLines(g: Ctx, ctx: RenderContext, cards: readonly Card[], w: number): number {
  return Math.max(1, ...cards.map((c) => cardNameLines(g, ctx, c, w).length));
}

export function chipHeight(lines: number): number {
  return 6 + lines * CHIP_LINE;
}

/** Line height inside a card chip. */
const CHIP_LINE = 21;

/** A small card: its colour and its full name, wrapped. */
export function card(g: Ctx, ctx: RenderContext, c: Card, x: number, y: number, w: number, h: number): void {
  fillRoundRect(g, x, y, w, h, 8, CARD_COLOURS[c]);
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 8, '#9aa79f', 1);
  const lines = cardNameLines(g, ctx, c, w);
  lines.forEach((line, i) => drawText(g, line, x + w / 2, y + h / 2 + (i - (lines.length - 1) / 2) * CHIP_LINE + 1, { size: MIN_TEXT, color: INK, align: 'center' }));
}

/** Line height of MIN_TEXT text. */
export const LINE = 23;

/** A row of 5 holes; the marker sits on the hole whose value equals `value` (5 at the left). */
export function serviceRow(g: Ctx, label: string, value: number, x: number, y: number, labelW: number): void {
  drawText(g, label, x, y, { size: MIN_TEXT, color: MUTED, maxWidth: labelW - 6 });
  for (let i = 0; i < 5; i++) {
    const v = 5 - i;
    const cx = x + labelW + HOLE_R + i * HOLE_STEP;
    g.beginPath();
    g.arc(cx, y, HOLE_R, 0, Math.PI * 2);
    g.fillStyle = v === value ? DEEP : '#eef1ec';
    g.fill();
    g.strokeStyle = '#9aa79f';
    g.lineWidth = 1;
    g.stroke();
    drawText(g, String(v), cx, y + 1, { size: MIN_TEXT, bold: v === value, color: v === value ? '#ffffff' : MUTED, align: 'center' });
  }
}

export const HOLE_R = 11;
export const HOLE_STEP = 25;
/** Width of a service row after its label. */
export const HOLES_W = 4 * HOLE_STEP + 2 * HOLE_R;

/** A 0..max waste track with its three zones and a marker, the value at the right end. */
export function wasteTrack(g: Ctx, label: string, value: number, max: number, green: number, yellow: number, x: number, y: number, w: number): void {
  setFont(g, font(MIN_TEXT));
  const lw = label ? Math.ceil(textWidth(g, label)) + 12 : 0;
  if (label) drawText(g, label, x, y, { size: MIN_TEXT, color: MUTED });
  const bx = x + lw, bw = w - lw - 32;
  const at = (v: number) => bx + (bw * v) / max;
  fillRoundRect(g, bx, y - 8, at(green + 0.5) - bx, 16, 4, ZONE.green);
  g.fillStyle = ZONE.yellow;
  g.fillRect(at(green + 0.5), y - 8, at(yellow + 0.5) - at(green + 0.5), 16);
  fillRoundRect(g, at(yellow + 0.5), y - 8, bx + bw - at(yellow + 0.5), 16, 4, ZONE.red);
  const mx = at(value);
  g.beginPath();
  g.moveTo(mx, y + 4);
  g.lineTo(mx - 8, y - 12);
  g.lineTo(mx + 8, y - 12);
  g.closePath();
  g.fillStyle = INK;
  g.fill();
  drawText(g, String(value), x + w, y, { size: MIN_TEXT, bold: true, color: INK, align: 'right' });
}

/** A loan card as the game prints it, "−10", for the player panels and the legend. */
export function loanChip(g: Ctx, x: number, y: number): number {
  const w = 50, h = 26;
  fillRoundRect(g, x, y - h / 2, w, h, 5, '#f6d2cc');
  strokeRoundRect(g, x + 0.5, y - h / 2 + 0.5, w - 1, h - 1, 5, '#b5483b', 1);
  drawText(g, formatValue(-LOAN), x + w / 2, y + 1, { size: MIN_TEXT, bold: true, color: '#8a2a1f', align: 'center' });
  return w;
}

/** The first player's marker: the Euro the rules pass round. */
export function euroBadge(g: Ctx, cx: number, cy: number): void {
  g.beginPath();
  g.arc(cx, cy, 14, 0, Math.PI * 2);
  g.fillStyle = ACCENT;
  g.fill();
  drawText(g, '€', cx, cy + 1, { size: MIN_TEXT, bold: true, color: '#ffffff', align: 'center' });
}

