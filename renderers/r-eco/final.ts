/** The final ranking, 900 px wide: one row per seat, best first, with what made each score. */
import type { Outcome, Standing } from '../../src/engine/types.js';
import type { PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import { blit, cachedLayer, createImageCanvas, drawText, encodePng, formatValue, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import {
  BONUS,
  HIGHLIGHT,
  IMAGE_W,
  INK,
  MARGIN,
  MUTED,
  TEXT,
  TEXT_L,
  TEXT_MIN,
  TEXT_XL,
  drawBackground,
  drawPanel,
  drawPenalty,
  drawRewardChips,
  seatName,
} from './parts.js';

const W = IMAGE_W;
const M = MARGIN;
const HEADER_H = 132;
const PANEL_Y = HEADER_H + 18;
const HEAD_H = 50;
const ROW_H = 130;
const SCORE_X = W - M - 22;
const BIN_X = 570;
const BONUS_W = 250;

const MEDALS = ['#e3b23c', '#aab4bd', '#c98a4b'];

function height(rows: number): number {
  return PANEL_Y + HEAD_H + rows * ROW_H + 10 + M;
}

function rowY(i: number): number {
  return PANEL_Y + HEAD_H + i * ROW_H;
}

function staticLayer(rows: number, title: string, heads: string[]) {
  const h = height(rows);
  return cachedLayer(`reco:final:${rows}:${JSON.stringify([title, heads])}`, W, h, (g) => {
    drawBackground(g, W, h, HEADER_H);
    drawText(g, 'R-Eco', M + 4, 42, { size: TEXT_XL, bold: true, color: '#ffffff' });
    drawText(g, title, M + 4, 96, { size: TEXT_L, bold: true, color: '#ffd866', maxWidth: W - 2 * M - 8 });
    drawPanel(g, M, PANEL_Y, W - 2 * M, HEAD_H + rows * ROW_H + 10);
    const [players = '', score = ''] = heads;
    const head = { size: TEXT_MIN, bold: true, color: MUTED } as const;
    drawText(g, players, M + 20, PANEL_Y + HEAD_H / 2 + 2, { ...head, maxWidth: 400 });
    drawText(g, score, SCORE_X, PANEL_Y + HEAD_H / 2 + 2, { ...head, align: 'right', maxWidth: 200 });
    for (let i = 0; i < rows; i++) {
      g.fillStyle = '#e3e9e5';
      g.fillRect(M + 12, rowY(i), W - 2 * M - 24, 1);
    }
  });
}

function drawRow(g: Ctx, s: Standing, p: PlayerView | undefined, i: number, ctx: RenderContext): void {
  const x = M;
  const y = rowY(i);
  if (s.rank === 1) {
    g.fillStyle = HIGHLIGHT;
    g.fillRect(x + 1, y + 1, W - 2 * M - 2, ROW_H - 1);
  }
  const cy = y + 36;
  g.beginPath();
  g.arc(x + 40, cy, 22, 0, Math.PI * 2);
  g.fillStyle = MEDALS[s.rank - 1] ?? '#7d8a84';
  g.fill();
  g.lineWidth = 2;
  g.strokeStyle = 'rgba(0,0,0,0.18)';
  g.stroke();
  drawText(g, String(s.rank), x + 40, cy + 1, { size: TEXT, bold: true, color: '#ffffff', align: 'center' });
  drawText(g, seatName(ctx, s.seat), x + 76, cy, { size: TEXT_L, bold: true, color: INK, maxWidth: BIN_X - 96 });
  drawText(g, formatValue(s.score), SCORE_X, cy + 2, { size: TEXT_XL, bold: true, color: INK, align: 'right' });

  drawPenalty(g, x + BIN_X, cy, p?.dumpedCount ?? 0);
  // A colour with a single card scores nothing, so it is drawn faded.
  const bonus = p?.bonus ?? 0;
  drawRewardChips(g, p?.rewards ?? [], x + 24, y + 66, SCORE_X - x - 24 - (bonus > 0 ? BONUS_W : 0), true);
  if (bonus > 0) {
    drawText(g, ctx.t('render.bonus', { bonus }), SCORE_X, y + 94, { size: TEXT_MIN, bold: true, color: BONUS, align: 'right', maxWidth: BONUS_W - 16 });
  }
}

/** Draws the final ranking. Scores and ranks come from the outcome, rewards from the view. */
export function renderREcoFinal(view: REcoPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const standings = [...outcome.standings].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const heads = [ctx.t('render.players'), ctx.t('render.score')];
  const { canvas, g } = createImageCanvas(W, height(standings.length));
  blit(g, staticLayer(standings.length, ctx.t('render.final'), heads), 0, 0);
  standings.forEach((s, i) => drawRow(g, s, view.players.find((p) => p.seat === s.seat), i, ctx));
  return encodePng(canvas);
}
