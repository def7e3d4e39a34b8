/**
 * The public board (800 px wide, portrait): header with the mission, what the table waits for,
 * the bilan grid (growth 14–20 across, staff 5–1 down) with every pawn, the lots on offer (or the
 * auction running), the common track in the variant, then each player's production-factor panel.
 * Drawn from the public view only, so nobody's cash can appear before the end.
 */
import { COMMON_GREEN_PER_PLAYER, COMMON_YELLOW_PER_PLAYER, GROWTH_MAX, GROWTH_MIN, STAFF_MAX } from '../../src/games/mull-money/constants.js';
import type { MullPublicView } from '../../src/games/mull-money/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, fitNames, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, INK, MIN_TEXT, MUTED, PAD, PLAYER_H, W, card, header, panel, pawn, playerPanel, seatName, wasteTrack } from './parts.js';

const STATUS_H = 56;
const CELL_W = 96, CELL_H = 58, LABEL_W = 64;
/** The grid, then one line saying what its rows, columns and red column are. */
const BILAN_H = 40 + 5 * CELL_H + 16 + 30;
const LOTS_H = 40 + 3 * 40 + 16;
const COMMON_H = 96;

/** What the table is waiting for, in one line. */
export function statusLine(view: MullPublicView, ctx: RenderContext, short: (name: string) => string = (n) => n): string {
  const name = (s: number) => short(seatName(ctx, s));
  const waiting = (seats: number[]) => seats.map(name).join(', ');
  switch (view.phase) {
    case 'over':
      return ctx.t('mull-money.render.over');
    case 'alert':
      return ctx.t('mull-money.render.alert', { names: waiting(view.alert!.waiting) });
    case 'choose':
      return ctx.t('mull-money.render.choosing', { name: name(view.current) });
    case 'name':
      return ctx.t('mull-money.render.naming', { name: name(view.current) });
    case 'bid': {
      const a = view.auction!;
      return ctx.t('mull-money.render.bidding', { name: name(a.order[a.turn]!), high: a.high });
    }
    case 'vote':
      return ctx.t('mull-money.render.voting', { names: waiting(view.vote!.waiting) });
    default:
      return ctx.t('mull-money.render.playing', { name: name(view.current) });
  }
}

function bilan(g: Ctx, ctx: RenderContext, view: MullPublicView, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, BILAN_H - 12);
  const x0 = PAD + LABEL_W;
  drawText(g, ctx.t('mull-money.render.staffAxis'), PAD + 12, y + 22, { size: MIN_TEXT, color: MUTED, maxWidth: LABEL_W + 40 });
  for (let i = 0; i <= GROWTH_MAX - GROWTH_MIN; i++) {
    const growth = GROWTH_MIN + i;
    drawText(g, String(growth), x0 + i * CELL_W + CELL_W / 2, y + 22, { size: MIN_TEXT, bold: true, color: growth === GROWTH_MAX ? '#a33' : INK, align: 'center' });
  }
  drawText(g, ctx.t('mull-money.render.bilanLegend'), PAD + 12, y + 40 + 5 * CELL_H + 16, { size: MIN_TEXT, color: MUTED, maxWidth: W - 2 * PAD - 24 });
  for (let r = 0; r < 5; r++) {
    const staff = STAFF_MAX - r;
    const cy = y + 40 + r * CELL_H;
    drawText(g, String(staff), PAD + LABEL_W / 2, cy + CELL_H / 2, { size: MIN_TEXT, bold: true, color: INK, align: 'center' });
    for (let i = 0; i <= GROWTH_MAX - GROWTH_MIN; i++) {
      const fill = i === GROWTH_MAX - GROWTH_MIN ? '#f6dcd6' : (r + i) % 2 === 0 ? '#eef1ec' : '#e2e8e1';
      fillRoundRect(g, x0 + i * CELL_W + 2, cy + 2, CELL_W - 4, CELL_H - 4, 6, fill);
    }
  }
  // Pawns sharing a square sit side by side (two per line).
  const groups = new Map<string, number[]>();
  for (const p of view.players) {
    const k = `${p.growth},${p.staff}`;
    groups.set(k, [...(groups.get(k) ?? []), p.seat]);
  }
  for (const [k, seats] of groups) {
    const [growth, staff] = k.split(',').map(Number) as [number, number];
    const cx = x0 + (growth - GROWTH_MIN) * CELL_W, cy = y + 40 + (STAFF_MAX - staff) * CELL_H;
    seats.forEach((seat, j) => {
      const rows = seats.length > 2 ? 2 : 1;
      const px = cx + (seats.length === 1 ? CELL_W / 2 : j % 2 === 0 ? CELL_W / 2 - 20 : CELL_W / 2 + 20);
      const py = cy + (rows === 1 ? CELL_H / 2 : j < 2 ? CELL_H / 2 - 13 : CELL_H / 2 + 13);
      pawn(g, ctx, seat, px, py, rows === 1 ? 17 : 14);
    });
  }
}

function lots(g: Ctx, ctx: RenderContext, view: MullPublicView, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, LOTS_H - 12);
  const a = view.auction;
  let title = ctx.t('mull-money.render.lots');
  if (a?.kind === 'raw') title = ctx.t('mull-money.render.rawAuction', { count: a.count, seller: seatName(ctx, a.owner) });
  drawText(g, title, PAD + 14, y + 22, { size: MIN_TEXT, bold: true, color: INK, maxWidth: 470 });
  const info = ctx.t('mull-money.render.deck', { deck: view.deckSize, supply: view.supply });
  drawText(g, info, W - PAD - 14, y + 22, { size: MIN_TEXT, color: MUTED, align: 'right', maxWidth: 260 });
  const n = view.lots.length;
  if (n === 0) return;
  const gap = 8;
  const colW = Math.floor((W - 2 * PAD - 28 - (n - 1) * gap) / n);
  view.lots.forEach((lot, i) => {
    const x = PAD + 14 + i * (colW + gap);
    const named = a?.kind === 'lot' && a.lot === i;
    if (!lot) {
      fillRoundRect(g, x, y + 44, colW, 3 * 40 - 6, 8, '#eef1ec');
      drawText(g, ctx.t('mull-money.render.lotTaken', { n: i + 1 }), x + colW / 2, y + 44 + 57, { size: MIN_TEXT, color: MUTED, align: 'center', maxWidth: colW - 8 });
      return;
    }
    if (named) fillRoundRect(g, x - 4, y + 40, colW + 8, 3 * 40 + 2, 10, '#e09f00');
    lot.forEach((c, j) => card(g, ctx, c, x, y + 44 + j * 40, colW, 34));
    drawText(g, String(i + 1), x + 12, y + 44 + 17, { size: MIN_TEXT, bold: true, color: MUTED, align: 'center' });
  });
}

function common(g: Ctx, ctx: RenderContext, view: MullPublicView, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, COMMON_H - 12);
  const n = view.seats;
  wasteTrack(g, ctx.t('mull-money.render.common'), view.common, view.commonLength, COMMON_GREEN_PER_PLAYER * n, COMMON_YELLOW_PER_PLAYER * n, PAD + 14, y + 26, W - 2 * PAD - 28);
  const rules = view.inForce.length ? view.inForce.join(' · ') : ctx.t('mull-money.render.noRule');
  drawText(g, ctx.t('mull-money.render.inForce', { rules }), PAD + 14, y + 60, { size: MIN_TEXT, color: INK, maxWidth: W - 2 * PAD - 28 });
}

export function boardHeight(view: MullPublicView): number {
  return 64 + STATUS_H + BILAN_H + LOTS_H + (view.experimental ? COMMON_H : 0) + view.players.length * PLAYER_H + 8;
}

export function renderMullBoard(view: MullPublicView, ctx: RenderContext): Buffer {
  const H = boardHeight(view);
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  const title = view.endTriggered && view.phase !== 'over' ? ctx.t('mull-money.render.last', { mission: view.mission }) : ctx.t('mull-money.render.mission', { mission: view.mission });
  header(g, title);
  let y = 64 + 8;
  drawText(g, fitNames(g, (short) => statusLine(view, ctx, short), W - 2 * PAD - 8, MIN_TEXT + 2, true), PAD + 4, y + 20, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: W - 2 * PAD - 8 });
  y += STATUS_H - 8;
  bilan(g, ctx, view, y);
  y += BILAN_H;
  lots(g, ctx, view, y);
  y += LOTS_H;
  if (view.experimental) {
    common(g, ctx, view, y);
    y += COMMON_H;
  }
  for (const p of view.players) {
    const active = view.phase !== 'over' && view.pending.includes(p.seat);
    playerPanel(g, ctx, view, p, PAD, y, W - 2 * PAD, active, p.cash);
    y += PLAYER_H;
  }
  return encodePng(canvas);
}
