/**
 * Pieces shared by the Müll + Money images: pawns, cards, a player's production-factor panel.
 * Every text is at least MIN_TEXT px on an 800 px wide image (10 px when a phone shows it 400 px wide).
 */
import { commonZone, DEPOT_MAX, GREEN_MAX, YELLOW_MAX } from '../../src/games/mull-money/constants.js';
import type { Card, MullPublicView, PlayerView } from '../../src/games/mull-money/types.js';
import { drawText, fillRoundRect, closePanel, openPanel, strokeRoundRect, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';

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

export function header(g: Ctx, title: string): void {
  g.fillStyle = DEEP;
  g.fillRect(0, 0, W, 64);
  g.fillStyle = ACCENT;
  g.fillRect(0, 60, W, 4);
  drawText(g, 'Müll + Money', PAD, 32, { size: 30, bold: true, color: '#ffffff' });
  drawText(g, title, W - PAD, 32, { size: MIN_TEXT + 2, bold: true, color: '#e6ece8', align: 'right', maxWidth: W - 280 });
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

export function card(g: Ctx, ctx: RenderContext, c: Card, x: number, y: number, w: number, h: number): void {
  fillRoundRect(g, x, y, w, h, 8, CARD_COLOURS[c]);
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 8, '#9aa79f', 1);
  drawText(g, ctx.t(`mull-money.render.short.${c}`), x + w / 2, y + h / 2 + 1, { size: MIN_TEXT, color: INK, align: 'center', maxWidth: w - 6 });
}

/** A row of 5 holes; the marker sits on the hole whose value equals `value` (5 at the left). */
function serviceRow(g: Ctx, label: string, value: number, x: number, y: number): void {
  drawText(g, label, x, y, { size: MIN_TEXT, color: MUTED, maxWidth: 118 });
  for (let i = 0; i < 5; i++) {
    const v = 5 - i;
    const cx = x + 138 + i * 38;
    g.beginPath();
    g.arc(cx, y, 16, 0, Math.PI * 2);
    g.fillStyle = v === value ? DEEP : '#eef1ec';
    g.fill();
    g.strokeStyle = '#9aa79f';
    g.lineWidth = 1;
    g.stroke();
    drawText(g, String(v), cx, y + 1, { size: MIN_TEXT, bold: v === value, color: v === value ? '#ffffff' : MUTED, align: 'center' });
  }
}

/** A 0..max waste track with its three zones and a marker. */
export function wasteTrack(g: Ctx, label: string, value: number, max: number, green: number, yellow: number, x: number, y: number, w: number): void {
  const lw = Math.min(200, Math.ceil(label.length * 11) + 12);
  drawText(g, label, x, y, { size: MIN_TEXT, color: MUTED, maxWidth: lw });
  const bx = x + lw, bw = w - lw - 44;
  const at = (v: number) => bx + (bw * v) / max;
  fillRoundRect(g, bx, y - 9, at(green + 0.5) - bx, 18, 4, ZONE.green);
  g.fillStyle = ZONE.yellow;
  g.fillRect(at(green + 0.5), y - 9, at(yellow + 0.5) - at(green + 0.5), 18);
  fillRoundRect(g, at(yellow + 0.5), y - 9, bx + bw - at(yellow + 0.5), 18, 4, ZONE.red);
  const mx = at(value);
  g.beginPath();
  g.moveTo(mx, y + 4);
  g.lineTo(mx - 9, y - 14);
  g.lineTo(mx + 9, y - 14);
  g.closePath();
  g.fillStyle = INK;
  g.fill();
  drawText(g, String(value), x + w, y, { size: MIN_TEXT, bold: true, color: INK, align: 'right' });
}

export const PLAYER_H = 196;

/** A player's production-factor board: services, depot, silo, loans, cards in hand and kept. */
export function playerPanel(g: Ctx, ctx: RenderContext, view: MullPublicView, p: PlayerView, x: number, y: number, w: number, highlight: boolean, cash: number | null): void {
  panel(g, x, y, w, PLAYER_H - 12, highlight ? ACCENT : EDGE, highlight ? 3 : 1);
  pawn(g, ctx, p.seat, x + 26, y + 26, 16);
  // The first player of the mission, as the rules' start-player marker.
  const first = p.seat === view.first ? ctx.t('mull-money.render.firstMark') : '';
  drawText(g, seatName(ctx, p.seat) + first, x + 50, y + 26, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: 250 });
  const facts = ctx.t('mull-money.render.facts', { growth: p.growth, staff: p.staff, silo: p.silo, loans: p.loans });
  drawText(g, facts, x + w - 14, y + 26, { size: MIN_TEXT, color: INK, align: 'right', maxWidth: w - 330 });
  const sy = y + 64;
  serviceRow(g, ctx.t('mull-money.render.personnel'), p.personnel, x + 14, sy);
  serviceRow(g, ctx.t('mull-money.render.raw'), p.raw, x + 14, sy + 40);
  serviceRow(g, ctx.t('mull-money.render.waste'), p.waste, x + 14, sy + 80);
  const rx = x + 360, rw = w - 374;
  if (!view.experimental) wasteTrack(g, ctx.t('mull-money.render.depot'), p.depot, DEPOT_MAX, GREEN_MAX, YELLOW_MAX, rx, sy, rw);
  else drawText(g, ctx.t(`mull-money.render.zone.${commonZone(view.common, view.seats)}`), rx, sy, { size: MIN_TEXT, color: MUTED, maxWidth: rw });
  const cards = [...p.hand];
  const ch = 34, cw = Math.floor((rw - 12) / 4);
  cards.slice(0, 4).forEach((c, i) => card(g, ctx, c, rx + i * (cw + 4), sy + 24, cw, ch));
  if (p.kept) {
    drawText(g, ctx.t('mull-money.render.kept'), rx, sy + 98, { size: MIN_TEXT, color: MUTED });
    card(g, ctx, p.kept, rx + 110, sy + 81, 150, ch);
  } else if (p.done && view.phase === 'play') drawText(g, ctx.t('mull-money.render.done'), rx, sy + 98, { size: MIN_TEXT, color: MUTED });
  if (cash !== null) drawText(g, ctx.t('mull-money.render.cash', { cash }), x + w - 14, sy + 98, { size: MIN_TEXT, bold: true, color: '#2f6b3a', align: 'right' });
  closePanel();
}
