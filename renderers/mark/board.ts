/**
 * The public board (800 px wide, portrait): header with the turn, the dice and what is going on,
 * the 5 × 5 market with every square's value, the bank and removed colours, then one panel per
 * company. Drawn from the public view only, so hidden cash and sealed bids cannot appear.
 */
import { COLOURS, MARKET_SQUARES } from '../../src/games/mark/constants.js';
import type { MarkPublicView } from '../../src/games/mark/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, fitNames, panel as within, strokeRoundRect, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, BG, COMPANY_H, DEEP, EMPTY, INK, MIN_TEXT, MUTED, STYLE, W, company, die, panel, seatName, tile } from './parts.js';

const PAD = 20;
const HEADER_H = 64;
const STATUS_H = 84;
const CELL_W = 104, CELL_H = 52, CELL_GAP = 8;
const MARKET_H = 48 + 5 * (CELL_H + CELL_GAP) + 8;
const BANK_H = 76;

/** What the table is waiting for, in one line. */
function statusLine(view: MarkPublicView, ctx: RenderContext, short: (name: string) => string = (n) => n): string {
  const name = (s: number) => short(seatName(ctx, s));
  switch (view.phase) {
    case 'over':
      return ctx.t('mark.render.over');
    case 'bid':
      return ctx.t('mark.render.bidding', { colour: ctx.t(`mark.colour.${view.auction!.colour}`), count: view.auction!.waiting.length, waiting: view.auction!.waiting.length });
    case 'place':
      return ctx.t('mark.render.placing', { name: name(view.placer!) });
    case 'return':
      return ctx.t('mark.render.returning', { name: name(view.current) });
    case 'name':
      return ctx.t('mark.render.naming', { name: name(view.current) });
    default:
      return ctx.t('mark.render.acting', { name: name(view.current) });
  }
}

export function drawHeader(g: Ctx, title: string): void {
  g.fillStyle = DEEP;
  g.fillRect(0, 0, W, HEADER_H);
  g.fillStyle = ACCENT;
  g.fillRect(0, HEADER_H - 4, W, 4);
  drawText(g, 'M.A.R.K.', PAD, HEADER_H / 2, { size: 30, bold: true, color: '#ffffff' });
  drawText(g, title, W - PAD, HEADER_H / 2, { size: MIN_TEXT + 2, bold: true, color: '#dfe8e4', align: 'right', maxWidth: W - 220 });
}

function drawStatus(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, STATUS_H - 12);
  within(g, 'status', PAD, y, W - 2 * PAD, STATUS_H - 12, () => drawStatusInside(g, ctx, view, y));
}

function drawStatusInside(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  const size = 52;
  let x = PAD + 12;
  if (view.dice) {
    die(g, view.dice[0], x, y + 10, size);
    die(g, view.dice[1], x + size + 8, y + 10, size);
    x += 2 * size + 24;
  }
  const max = W - PAD - 12 - x;
  const who = view.phase === 'over' ? '' : fitNames(g, (short) => ctx.t('mark.render.rolledBy', { name: short(seatName(ctx, view.current)) }), max, MIN_TEXT);
  if (who) drawText(g, who, x, y + 22, { size: MIN_TEXT, color: MUTED, maxWidth: max });
  drawText(g, fitNames(g, (short) => statusLine(view, ctx, short), max, MIN_TEXT + 2, true), x, who ? y + 50 : y + 36, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: max });
}

function drawMarket(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, MARKET_H);
  within(g, 'market', PAD, y, W - 2 * PAD, MARKET_H, () => drawMarketInside(g, ctx, view, y));
}

function drawMarketInside(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  drawText(g, ctx.t('mark.render.market'), PAD + 16, y + 24, { size: MIN_TEXT + 2, bold: true, color: INK });
  drawText(g, ctx.t('mark.render.fullRows', { count: view.fullRows, end: view.rowsToEnd }), W - PAD - 16, y + 24, { size: MIN_TEXT, color: MUTED, align: 'right' });
  view.market.forEach((row, r) => {
    const ry = y + 48 + r * (CELL_H + CELL_GAP);
    drawText(g, row.letter, PAD + 30, ry + CELL_H / 2, { size: MIN_TEXT + 4, bold: true, color: INK, align: 'center' });
    // The owner colour, or a dashed slot while the row is free.
    if (row.colour) tile(g, row.colour, PAD + 50, ry + 4, CELL_H - 8);
    else {
      g.setLineDash([4, 4]);
      strokeRoundRect(g, PAD + 50.5, ry + 4.5, CELL_H - 9, CELL_H - 9, 8, MUTED, 1.5);
      g.setLineDash([]);
    }
    for (let i = 0; i < MARKET_SQUARES; i++) {
      const cx = PAD + 108 + i * (CELL_W + CELL_GAP);
      const value = String(row.values[i]);
      if (i < row.filled && row.colour) {
        const st = STYLE[row.colour];
        fillRoundRect(g, cx, ry, CELL_W, CELL_H, 8, st.fill);
        strokeRoundRect(g, cx + 1, ry + 1, CELL_W - 2, CELL_H - 2, 8, st.edge, 2);
        drawText(g, value, cx + CELL_W / 2, ry + CELL_H / 2, { size: MIN_TEXT + 2, bold: true, color: st.ink, align: 'center' });
      } else {
        const next = i === row.filled && row.colour !== null;
        fillRoundRect(g, cx, ry, CELL_W, CELL_H, 8, EMPTY);
        if (next) strokeRoundRect(g, cx + 1.5, ry + 1.5, CELL_W - 3, CELL_H - 3, 8, ACCENT, 3);
        drawText(g, value, cx + CELL_W / 2, ry + CELL_H / 2, { size: MIN_TEXT + 2, bold: next, color: next ? INK : MUTED, align: 'center' });
      }
    }
  });
}

function drawBank(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, BANK_H - 12);
  within(g, 'bank', PAD, y, W - 2 * PAD, BANK_H - 12, () => drawBankInside(g, ctx, view, y));
}

function drawBankInside(g: Ctx, ctx: RenderContext, view: MarkPublicView, y: number): void {
  drawText(g, ctx.t('mark.render.bank'), PAD + 16, y + (BANK_H - 12) / 2, { size: MIN_TEXT + 2, bold: true, color: INK });
  const slot = 118;
  COLOURS.forEach((c, i) => {
    const x = PAD + 120 + i * slot;
    const removed = view.removed.includes(c);
    tile(g, c, x, y + 12, 40, removed);
    drawText(g, removed ? '✕' : `×${view.bank[c]}`, x + 48, y + 32, { size: MIN_TEXT + 2, bold: true, color: removed ? '#9c2b21' : INK });
  });
}

const LEGEND_H = 84;

export function boardHeight(seats: number): number {
  return HEADER_H + 12 + STATUS_H + MARKET_H + 12 + BANK_H + Math.ceil(seats / 2) * (COMPANY_H + 12) + LEGEND_H + 8;
}

/** What the company rows and the bank's cross mean, and how the market pays. */
function drawLegend(g: Ctx, ctx: RenderContext, y: number): void {
  panel(g, PAD, y, W - 2 * PAD, LEGEND_H - 12);
  within(g, 'legend', PAD, y, W - 2 * PAD, LEGEND_H - 12, () => {
    drawText(g, ctx.t('mark.render.legendRows'), PAD + 16, y + 20, { size: MIN_TEXT, color: INK, maxWidth: W - 2 * PAD - 32 });
    drawText(g, ctx.t('mark.render.legendMarket'), PAD + 16, y + 50, { size: MIN_TEXT, color: MUTED, maxWidth: W - 2 * PAD - 32 });
  });
}

export function renderMarkBoard(view: MarkPublicView, ctx: RenderContext): Buffer {
  const H = boardHeight(view.seats);
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  drawHeader(g, view.phase === 'over' ? ctx.t('mark.render.over') : ctx.t('mark.render.turn', { turn: view.turn }));
  let y = HEADER_H + 12;
  drawStatus(g, ctx, view, y);
  y += STATUS_H;
  drawMarket(g, ctx, view, y);
  y += MARKET_H + 12;
  drawBank(g, ctx, view, y);
  y += BANK_H;
  const cw = (W - 3 * PAD) / 2;
  view.players.forEach((p, i) => {
    const active = view.phase !== 'over' && (view.phase === 'place' ? p.seat === view.placer : view.phase === 'bid' ? view.auction!.waiting.includes(p.seat) : p.seat === view.current);
    company(g, ctx, p, PAD + (i % 2) * (cw + PAD), y + Math.floor(i / 2) * (COMPANY_H + 12), cw, active);
  });
  drawLegend(g, ctx, y + Math.ceil(view.seats / 2) * (COMPANY_H + 12));
  return encodePng(canvas);
}
