/**
 * The public board (800 px wide, at most 1.2 × as tall): the mission and the deck in the header,
 * what the table waits for, then either the lots on offer or the bilan grid (growth 14–20 across,
 * staff 5–1 down) with a legend beside it (which holds the variant's common track), and the players'
 * production-factor panels two by two. Drawn from the public view only; cash shows on the final
 * image, never here.
 */
import { GROWTH_MAX, GROWTH_MIN, STAFF_MAX } from '../../src/games/mull-money/constants.js';
import type { MullPublicView } from '../../src/games/mull-money/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, type Ctx, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { drawLegend, legendHeight, legendItems } from './legend.js';
import { BG, HEADER_H, INK, LINE, MIN_TEXT, MUTED, PAD, W, card, chipHeight, chipLines, header, panel, pawn, seatName } from './parts.js';
import { drawPlayerPanel, panelChipLines, panelHeight, type PanelOptions } from './player.js';
import { wrapLines } from './text.js';

const GAP = 10;
const CELL_W = 46, CELL_H = 34, AXIS_W = 30;
const BILAN_W = Math.floor((W - 2 * PAD - GAP) / 2);
const GRID_H = 10 + 26 + 5 * CELL_H;
const LOT_GAP = 6;

/** What the table is waiting for; `names` false counts the waiting players instead of naming them. */
function statusLine(view: MullPublicView, ctx: RenderContext, names = true): string {
  const name = (s: number) => seatName(ctx, s);
  const waiting = (key: string, seats: number[]) => (names ? ctx.t(`mull-money.render.${key}`, { names: seats.map(name).join(', ') }) : ctx.t(`mull-money.render.${key}Count`, { count: seats.length }));
  switch (view.phase) {
    case 'over':
      return ctx.t('mull-money.render.over');
    case 'alert':
      return waiting('alert', view.alert!.waiting);
    case 'choose':
      return ctx.t('mull-money.render.choosing', { name: name(view.current) });
    case 'name':
      return ctx.t('mull-money.render.naming', { name: name(view.current) });
    case 'bid': {
      const a = view.auction!;
      const args = { name: name(a.order[a.turn]!), high: a.high };
      // One name only (the seller is in the log), so it never has to be shortened.
      if (a.kind === 'lot') return ctx.t('mull-money.render.lotBidding', { ...args, lot: a.lot + 1 });
      return ctx.t('mull-money.render.rawBidding', { ...args, count: a.count });
    }
    case 'vote':
      return waiting('voting', view.vote!.waiting);
    default:
      return ctx.t('mull-money.render.playing', { name: name(view.current) });
  }
}

/** The status in at most two lines: a list of names too long for them becomes a count. */
export function statusLines(g: Ctx, view: MullPublicView, ctx: RenderContext): string[] {
  const width = W - 2 * PAD - 8;
  const named = wrapLines(g, statusLine(view, ctx), width, MIN_TEXT + 2, true);
  return named.length <= 2 ? named : wrapLines(g, statusLine(view, ctx, false), width, MIN_TEXT + 2, true);
}

function headerTitle(view: MullPublicView, ctx: RenderContext): string {
  const mission = view.endTriggered && view.phase !== 'over' ? ctx.t('mull-money.render.last', { mission: view.mission }) : ctx.t('mull-money.render.mission', { mission: view.mission });
  return `${mission} · ${ctx.t('mull-money.render.deck', { deck: view.deckSize, supply: view.supply })}`;
}

function lotsShown(view: MullPublicView): boolean {
  return view.lots.some((l) => l !== null);
}

/** What the rows, the columns and the red column mean, under the grid. */
function bilanLines(g: Ctx, ctx: RenderContext): string[] {
  return wrapLines(g, ctx.t('mull-money.render.bilan'), BILAN_W - 24, MIN_TEXT);
}

function bilanHeight(g: Ctx, ctx: RenderContext): number {
  return GRID_H + 6 + bilanLines(g, ctx).length * LINE + 8;
}

function bilan(g: Ctx, ctx: RenderContext, view: MullPublicView, y: number, h: number): void {
  panel(g, PAD, y, BILAN_W, h);
  bilanLines(g, ctx).forEach((line, i) => drawText(g, line, PAD + 12, y + GRID_H + 6 + LINE / 2 + i * LINE, { size: MIN_TEXT, color: INK }));
  const x0 = PAD + Math.floor((BILAN_W - AXIS_W - 7 * CELL_W) / 2) + AXIS_W, top = y + 10 + 26;
  for (let i = 0; i <= GROWTH_MAX - GROWTH_MIN; i++) {
    const growth = GROWTH_MIN + i;
    drawText(g, String(growth), x0 + i * CELL_W + CELL_W / 2, y + 10 + 13, { size: MIN_TEXT, bold: true, color: growth === GROWTH_MAX ? '#a33' : INK, align: 'center' });
  }
  for (let r = 0; r < 5; r++) {
    const cy = top + r * CELL_H;
    drawText(g, String(STAFF_MAX - r), x0 - AXIS_W / 2, cy + CELL_H / 2, { size: MIN_TEXT, bold: true, color: INK, align: 'center' });
    for (let i = 0; i <= GROWTH_MAX - GROWTH_MIN; i++) {
      const fill = i === GROWTH_MAX - GROWTH_MIN ? '#f6dcd6' : (r + i) % 2 === 0 ? '#eef1ec' : '#e2e8e1';
      fillRoundRect(g, x0 + i * CELL_W + 1, cy + 1, CELL_W - 2, CELL_H - 2, 5, fill);
    }
  }
  // Pawns sharing a square sit side by side, two per line.
  const groups = new Map<string, number[]>();
  for (const p of view.players) groups.set(`${p.growth},${p.staff}`, [...(groups.get(`${p.growth},${p.staff}`) ?? []), p.seat]);
  for (const [k, seats] of groups) {
    const [growth, staff] = k.split(',').map(Number) as [number, number];
    const cx = x0 + (growth - GROWTH_MIN) * CELL_W + CELL_W / 2, cy = top + (STAFF_MAX - staff) * CELL_H + CELL_H / 2;
    seats.forEach((seat, j) => {
      const dx = seats.length === 1 ? 0 : j % 2 === 0 ? -11 : 11;
      const dy = seats.length <= 2 ? 0 : j < 2 ? -8 : 8;
      pawn(g, ctx, seat, cx + dx, cy + dy, seats.length === 1 ? 15 : 12);
    });
  }
}

function lotsHeight(lines: number): number {
  return 10 + 28 + 3 * (chipHeight(lines) + LOT_GAP) + 6;
}

function lotWidth(view: MullPublicView): number {
  const n = view.lots.length;
  return Math.floor((W - 2 * PAD - 16 - (n - 1) * LOT_GAP) / n);
}

function lots(g: Ctx, ctx: RenderContext, view: MullPublicView, y: number, lines: number): void {
  const h = lotsHeight(lines);
  panel(g, PAD, y, W - 2 * PAD, h);
  const cw = lotWidth(view), ch = chipHeight(lines);
  view.lots.forEach((lot, i) => {
    const x = PAD + 8 + i * (cw + LOT_GAP);
    const named = view.auction?.kind === 'lot' && view.auction.lot === i;
    if (named) fillRoundRect(g, x - 3, y + 6, cw + 6, h - 10, 8, '#f4d58a');
    drawText(g, ctx.t('mull-money.render.lot', { n: i + 1 }), x + cw / 2, y + 10 + 13, { size: MIN_TEXT, bold: true, color: lot ? INK : MUTED, align: 'center' });
    const top = y + 10 + 28;
    if (!lot) {
      fillRoundRect(g, x, top, cw, 3 * (ch + LOT_GAP) - LOT_GAP, 8, '#eef1ec');
      drawText(g, ctx.t('mull-money.render.lotTaken'), x + cw / 2, top + (3 * (ch + LOT_GAP)) / 2, { size: MIN_TEXT, color: MUTED, align: 'center', maxWidth: cw - 8 });
      return;
    }
    lot.forEach((c, j) => card(g, ctx, c, x, top + j * (ch + LOT_GAP), cw, ch));
  });
}

/** Where each panel goes: every box is x, y, width, height below the status lines. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Layout {
  status: string[];
  lots: Box | null;
  bilan: Box | null;
  legend: Box | null;
  /** Legend items drawn under the bilan's own text (the rest go in the legend panel). */
  split: number;
  players: Box[];
  options: (seat: number) => PanelOptions;
  lotLines: number;
  height: number;
}

const COL_W = Math.floor((W - 2 * PAD - GAP) / 2);
const INNER = COL_W - 28;

function layout(g: Ctx, ctx: RenderContext, view: MullPublicView): Layout {
  const status = statusLines(g, view, ctx);
  const showLots = lotsShown(view);
  const lotLines = showLots ? chipLines(g, ctx, view.lots.flatMap((l) => l ?? []), lotWidth(view)) : 1;
  const lines = Math.max(1, ...view.players.map((p) => panelChipLines(g, ctx, p, COL_W)));
  const options = (seat: number): PanelOptions => ({ cards: true, chipLines: lines, cash: null, highlight: view.phase !== 'over' && view.pending.includes(seat) });
  const heights = view.players.map((p) => panelHeight(g, ctx, view, p, COL_W, options(p.seat)));
  const right = PAD + COL_W + GAP;
  const players: Box[] = [];
  let lots: Box | null = null, bilanBox: Box | null = null, legendBox: Box | null = null, split = 0, y = 0;
  // Two firms to a row, both as tall as the taller.
  const rows = () => {
    heights.forEach((_, i) => {
      const h = Math.max(...heights.slice(i - (i % 2), i - (i % 2) + 2));
      players.push({ x: i % 2 ? right : PAD, y, w: COL_W, h });
      if (i % 2 || i === heights.length - 1) y += h + GAP;
    });
  };
  const own = bilanHeight(g, ctx);
  const items = legendItems(ctx, view);
  const legendH = (from: number) => legendHeight(g, ctx, view, INNER, from) + 20;
  const underBilan = (to: number) => (to ? own + legendHeight(g, ctx, view, INNER, 0, to) + 4 : own);
  if (showLots) {
    lots = { x: PAD, y: 0, w: W - 2 * PAD, h: lotsHeight(lotLines) };
    y = lots.h + GAP;
    rows();
  } else if (view.players.length === 3) {
    // Three players: the bilan and the legend in one column, the three firms in the other.
    bilanBox = { x: PAD, y: 0, w: COL_W, h: own };
    legendBox = { x: PAD, y: own + GAP, w: COL_W, h: legendH(0) };
    heights.forEach((h) => {
      players.push({ x: right, y, w: COL_W, h });
      y += h + GAP;
    });
    y = Math.max(y, legendBox.y + legendBox.h + GAP);
  } else {
    // The first legend items go under the bilan's text while that makes the row lower.
    for (let k = 0; k <= items; k++) {
      if (Math.max(underBilan(k), legendH(k)) <= Math.max(underBilan(split), legendH(split))) split = k;
    }
    const top = Math.max(underBilan(split), legendH(split));
    bilanBox = { x: PAD, y: 0, w: COL_W, h: top };
    legendBox = { x: right, y: 0, w: COL_W, h: top };
    y = top + GAP;
    rows();
  }
  const statusH = 8 + status.length * 26 + 2;
  return { status, lots, bilan: bilanBox, legend: legendBox, split, players, options, lotLines, height: HEADER_H + statusH + y - GAP + 10 };
}

export function renderMullBoard(view: MullPublicView, ctx: RenderContext): Buffer {
  // Measured on a scratch canvas first: the image's height depends on the wrapped texts.
  const L = layout(measuringContext(), ctx, view);
  const { canvas, g } = createImageCanvas(W, L.height);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, L.height);
  header(g, headerTitle(view, ctx));
  let y = HEADER_H + 8;
  L.status.forEach((line, i) => drawText(g, line, PAD + 4, y + 13 + i * 26, { size: MIN_TEXT + 2, bold: true, color: INK }));
  y += L.status.length * 26 + 2;
  if (L.lots) lots(g, ctx, view, y + L.lots.y, L.lotLines);
  if (L.bilan) {
    bilan(g, ctx, view, y + L.bilan.y, L.bilan.h);
    if (L.split) drawLegend(g, ctx, view, PAD + 12, y + bilanHeight(g, ctx) - 4, INNER, 0, L.split);
  }
  if (L.legend) {
    panel(g, L.legend.x, y + L.legend.y, L.legend.w, L.legend.h);
    drawLegend(g, ctx, view, L.legend.x + 14, y + L.legend.y + 10, INNER, L.split);
  }
  view.players.forEach((p, i) => {
    const b = L.players[i]!;
    drawPlayerPanel(g, ctx, view, p, b.x, y + b.y, b.w, b.h, L.options(p.seat));
  });
  return encodePng(canvas);
}
