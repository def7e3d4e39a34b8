/**
 * The public board, 800 px wide and under 1.1 × as tall even with four long names, so it still
 * reads where Discord shows it small: the turn, the dice and what the table waits for (worded by
 * the game's presentation, as /status words it), the 5 × 5 market with the bank under it, a
 * legend of every symbol beside them, and the companies two by two. Drawn from the public view
 * only, so hidden cash and sealed bids cannot appear.
 */
import { COLOURS, MARKET_SQUARES } from '../../src/games/mark/constants.js';
import { awaited, statusLine } from '../../src/games/mark/presentation.js';
import type { MarkPublicView } from '../../src/games/mark/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, panel as within, strokeRoundRect, type Ctx, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { drawLegend, legendHeight, type LegendEntry } from './legend.js';
import { ACCENT, BG, DEEP, EMPTY, INK, MIN_TEXT, MUTED, STYLE, W, company, companyHeight, die, nameLines, panel, seatName, tile } from './parts.js';
import { fitLines, say } from './text.js';

export const PAD = 16;
export const GAP = 8;
export const HEADER_H = 52;
const LINE = 24;
const DIE = 44;
/** Lines of the status panel: who rolled, then what the table waits for. */
const STATUS_LINES = 4;
const CELL_W = 54, CELL_H = 36, CELL_GAP = 5;
const MARKET_TOP = 42;
const MARKET_W = 28 + 40 + 10 + MARKET_SQUARES * (CELL_W + CELL_GAP) + 2 * 12;
const BANK_TOP = MARKET_TOP + 5 * (CELL_H + CELL_GAP) + 8;
const BANK_TILE = 30;
const MARKET_H = BANK_TOP + BANK_TILE + 12;
const LEGEND_X = PAD + MARKET_W + GAP;
const LEGEND_W = W - PAD - LEGEND_X;

export function drawHeader(g: Ctx, title: string): void {
  g.fillStyle = DEEP;
  g.fillRect(0, 0, W, HEADER_H);
  g.fillStyle = ACCENT;
  g.fillRect(0, HEADER_H - 4, W, 4);
  drawText(g, 'M.A.R.K.', PAD, HEADER_H / 2 - 2, { size: 28, bold: true, color: '#ffffff' });
  drawText(g, title, W - PAD, HEADER_H / 2 - 2, { size: MIN_TEXT + 2, bold: true, color: '#dfe8e4', align: 'right', maxWidth: W - 200 });
}

/** The status lines: who rolled (unless the status line names the roller already), then the status. */
function statusText(g: Ctx, ctx: RenderContext, view: MarkPublicView, width: number): { lines: string[]; muted: number } {
  const rolledBy = view.dice !== null && (view.phase === 'bid' || view.phase === 'place');
  const msg = statusLine(view);
  if (!rolledBy) return { lines: fitLines(g, (short) => say(ctx, msg, (s) => short(seatName(ctx, s))), width, MIN_TEXT, true, STATUS_LINES), muted: 0 };
  const who = fitLines(g, (short) => ctx.t('mark.render.rolledBy', { name: short(seatName(ctx, view.current)) }), width, MIN_TEXT, false, 2);
  const rest = fitLines(g, (short) => say(ctx, msg, (s) => short(seatName(ctx, s))), width, MIN_TEXT, true, STATUS_LINES - who.length);
  return { lines: [...who, ...rest], muted: who.length };
}

function drawStatus(g: Ctx, view: MarkPublicView, y: number, h: number, text: { lines: string[]; muted: number }, x: number): void {
  panel(g, PAD, y, W - 2 * PAD, h);
  within(g, 'status', PAD, y, W - 2 * PAD, h, () => {
    if (view.dice) {
      die(g, view.dice[0], PAD + 12, y + (h - DIE) / 2, DIE);
      die(g, view.dice[1], PAD + 12 + DIE + 8, y + (h - DIE) / 2, DIE);
    }
    const top = y + h / 2 - ((text.lines.length - 1) * LINE) / 2;
    text.lines.forEach((line, i) => drawText(g, line, x, top + i * LINE, { size: MIN_TEXT, bold: i >= text.muted, color: i >= text.muted ? INK : MUTED }));
  });
}

function drawMarket(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number, h: number): void {
  panel(g, PAD, y, MARKET_W, h);
  within(g, 'market', PAD, y, MARKET_W, h, () => {
    drawText(g, ctx.t('mark.render.market'), PAD + 12, y + 22, { size: MIN_TEXT + 2, bold: true, color: INK });
    drawText(g, ctx.t('mark.render.fullRows', { count: view.fullRows, end: view.rowsToEnd }), PAD + MARKET_W - 12, y + 22, { size: MIN_TEXT, color: MUTED, align: 'right' });
    view.market.forEach((row, r) => {
      const ry = y + MARKET_TOP + r * (CELL_H + CELL_GAP);
      drawText(g, row.letter, PAD + 12 + 12, ry + CELL_H / 2, { size: MIN_TEXT + 2, bold: true, color: INK, align: 'center' });
      // The owner colour, or a dashed slot while the row is free.
      if (row.colour) tile(g, row.colour, PAD + 40, ry, CELL_H);
      else {
        g.setLineDash([4, 4]);
        strokeRoundRect(g, PAD + 40.5, ry + 0.5, CELL_H - 1, CELL_H - 1, 8, MUTED, 1.5);
        g.setLineDash([]);
      }
      for (let i = 0; i < MARKET_SQUARES; i++) marketCell(g, row, i, PAD + 90 + i * (CELL_W + CELL_GAP), ry);
    });
    drawBank(g, ctx, view, y + BANK_TOP);
  });
}

function marketCell(g: Ctx, row: MarkPublicView['market'][number], i: number, cx: number, ry: number): void {
  const value = String(row.values[i]);
  if (i < row.filled && row.colour) {
    const st = STYLE[row.colour];
    fillRoundRect(g, cx, ry, CELL_W, CELL_H, 8, st.fill);
    strokeRoundRect(g, cx + 1, ry + 1, CELL_W - 2, CELL_H - 2, 8, st.edge, 2);
    drawText(g, value, cx + CELL_W / 2, ry + CELL_H / 2, { size: MIN_TEXT + 2, bold: true, color: st.ink, align: 'center' });
    return;
  }
  const next = i === row.filled && row.colour !== null;
  fillRoundRect(g, cx, ry, CELL_W, CELL_H, 8, EMPTY);
  if (next) strokeRoundRect(g, cx + 1.5, ry + 1.5, CELL_W - 3, CELL_H - 3, 8, ACCENT, 3);
  drawText(g, value, cx + CELL_W / 2, ry + CELL_H / 2, { size: MIN_TEXT + 2, bold: next, color: next ? INK : MUTED, align: 'center' });
}

/** The bank under the market: what is left of each colour (a faded tile: none left). */
function drawBank(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  drawText(g, ctx.t('mark.render.bank'), PAD + 12, y + BANK_TILE / 2, { size: MIN_TEXT, bold: true, color: INK });
  const slot = 58, x0 = PAD + MARKET_W - 12 - COLOURS.length * slot + 10;
  COLOURS.forEach((c, i) => {
    const x = x0 + i * slot;
    tile(g, c, x, y, BANK_TILE, view.bank[c] === 0);
    drawText(g, String(view.bank[c]), x + BANK_TILE + 5, y + BANK_TILE / 2, { size: MIN_TEXT, bold: true, color: view.bank[c] === 0 ? MUTED : INK });
  });
}

/** The symbols the board shows, each beside the words that say what it means. */
function legend(ctx: RenderContext, view: MarkPublicView): LegendEntry[] {
  return [
    { icon: { die: 'hammer' }, text: ctx.t('mark.render.legendHammer') },
    { icon: { die: 'star' }, text: ctx.t('mark.render.legendStar') },
    { icon: { die: 'blue' }, text: ctx.t('mark.render.legendColour') },
    { icon: 'fee', text: ctx.t('mark.render.legendFee') },
    { icon: 'rows', text: ctx.t(view.privateMoney && view.phase !== 'over' ? 'mark.render.legendRowsSecret' : 'mark.render.legendRows') },
    { icon: 'next', text: ctx.t('mark.render.legendMarket') },
  ];
}

interface Layout {
  status: { lines: string[]; muted: number };
  statusH: number;
  names: string[][];
  companyH: number;
  legend: LegendEntry[];
  /** The market and the legend beside it share this height. */
  middleH: number;
  height: number;
}

const TEXT_X = PAD + 12 + 2 * DIE + 8 + 16;
const COMPANY_W = (W - 2 * PAD - GAP) / 2;

function layout(g: Ctx, ctx: RenderContext, view: MarkPublicView): Layout {
  const status = statusText(g, ctx, view, W - PAD - 12 - TEXT_X);
  const statusH = Math.max(DIE + 16, status.lines.length * LINE + 16);
  const names = view.players.map((p) => nameLines(g, ctx, p.seat, COMPANY_W));
  const companyH = companyHeight(Math.max(...names.map((n) => n.length)));
  const entries = legend(ctx, view);
  const middleH = Math.max(MARKET_H, legendHeight(g, entries, LEGEND_W, 1));
  const rows = Math.ceil(view.players.length / 2);
  const height = HEADER_H + GAP + statusH + GAP + middleH + GAP + rows * (companyH + GAP);
  return { status, statusH, names, companyH, legend: entries, middleH, height };
}

export function renderMarkBoard(view: MarkPublicView, ctx: RenderContext): Buffer {
  // Text is measured first, so the image is exactly as tall as what it holds.
  const L = layout(measuringContext(), ctx, view);
  const { canvas, g } = createImageCanvas(W, L.height);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, L.height);
  drawHeader(g, view.phase === 'over' ? ctx.t('mark.render.over') : ctx.t('mark.render.turn', { turn: view.turn }));
  let y = HEADER_H + GAP;
  drawStatus(g, view, y, L.statusH, L.status, TEXT_X);
  y += L.statusH + GAP;
  drawMarket(g, ctx, view, y, L.middleH);
  drawLegend(g, L.legend, LEGEND_X, y, LEGEND_W, L.middleH, 1);
  y += L.middleH + GAP;
  const active = new Set(awaited(view));
  view.players.forEach((p, i) => {
    company(g, ctx, p, PAD + (i % 2) * (COMPANY_W + GAP), y + Math.floor(i / 2) * (L.companyH + GAP), COMPANY_W, L.companyH, L.names[i]!, active.has(p.seat));
  });
  return encodePng(canvas);
}
