/**
 * The final ranking, 900 px wide: one row per seat, best first, with what made each score, and a
 * legend for the bin record and the faded rewards.
 */
import type { Outcome, Standing } from '../../src/engine/types.js';
import type { PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import { blit, cachedLayer, createImageCanvas, drawText, encodePng, formatValue, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import {
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
  drawRewardChips,
  seatName,
} from './parts.js';
import { REWARD_CHIP, rewardCard } from './cards.js';
import { drawName } from './names.js';
import { drawDumped, drawLegendFlow, markItems, playerLabels, type PlayerLabels } from './players.js';

const W = IMAGE_W;
const M = MARGIN;
const HEADER_H = 104;
const PANEL_Y = HEADER_H + 14;
const HEAD_H = 44;
const ROW_H = 118;
const SCORE_X = W - M - 22;
const BIN_X = 570;
const LEGEND_H = 128;

const MEDALS = ['#e3b23c', '#aab4bd', '#c98a4b'];

function legendY(rows: number): number {
  return PANEL_Y + HEAD_H + rows * ROW_H + 10 + 10;
}

function height(rows: number): number {
  return legendY(rows) + LEGEND_H + 14;
}

function rowY(i: number): number {
  return PANEL_Y + HEAD_H + i * ROW_H;
}

function staticLayer(rows: number, title: string, heads: string[], l: PlayerLabels) {
  const h = height(rows);
  return cachedLayer(`reco:final:${rows}:${JSON.stringify([title, heads, l])}`, W, h, (g) => {
    drawBackground(g, W, h, HEADER_H);
    drawText(g, l.title, M + 4, 32, { size: TEXT_XL, bold: true, color: '#ffffff' });
    drawText(g, title, M + 4, 74, { size: TEXT_L, bold: true, color: '#ffd866', maxWidth: W - 2 * M - 8 });
    drawPanel(g, M, PANEL_Y, W - 2 * M, HEAD_H + rows * ROW_H + 10);
    const [players = '', score = ''] = heads;
    const head = { size: TEXT_MIN, bold: true, color: MUTED } as const;
    drawText(g, players, M + 20, PANEL_Y + HEAD_H / 2 + 2, { ...head, maxWidth: 400 });
    drawText(g, score, SCORE_X, PANEL_Y + HEAD_H / 2 + 2, { ...head, align: 'right', maxWidth: 200 });
    for (let i = 0; i < rows; i++) {
      g.fillStyle = '#e3e9e5';
      g.fillRect(M + 12, rowY(i), W - 2 * M - 24, 1);
    }
    drawPanel(g, M, legendY(rows), W - 2 * M, LEGEND_H);
    const faded = {
      markW: REWARD_CHIP.w + 4,
      mark: (x: number, cy: number) => {
        g.globalAlpha = 0.38;
        blit(g, rewardCard('green', 3, REWARD_CHIP), x + 2, cy - REWARD_CHIP.h / 2);
        g.globalAlpha = 1;
      },
    };
    drawLegendFlow(g, markItems(g, l, faded), M + 16, legendY(rows) + 6, W - 2 * M - 32, 58);
  });
}

function drawRow(g: Ctx, s: Standing, p: PlayerView | undefined, i: number, ctx: RenderContext): void {
  const x = M;
  const y = rowY(i);
  if (s.rank === 1) {
    g.fillStyle = HIGHLIGHT;
    g.fillRect(x + 1, y + 1, W - 2 * M - 2, ROW_H - 1);
  }
  const cy = y + 33;
  g.beginPath();
  g.arc(x + 40, cy, 22, 0, Math.PI * 2);
  g.fillStyle = MEDALS[s.rank - 1] ?? '#7d8a84';
  g.fill();
  g.lineWidth = 2;
  g.strokeStyle = 'rgba(0,0,0,0.18)';
  g.stroke();
  drawText(g, String(s.rank), x + 40, cy + 1, { size: TEXT, bold: true, color: '#ffffff', align: 'center' });
  drawName(g, seatName(ctx, s.seat), x + 76, cy, BIN_X - 96, { size: TEXT_L, smallSize: TEXT, color: INK, lineGap: 28 });
  drawText(g, formatValue(s.score), SCORE_X, cy + 2, { size: TEXT_XL, bold: true, color: INK, align: 'right' });

  drawDumped(g, x + BIN_X, cy, p?.dumpedCount ?? 0, p?.bonus ?? 0);
  // A colour with a single card scores nothing, so it is drawn faded.
  drawRewardChips(g, p?.rewards ?? [], x + 24, y + 60, SCORE_X - x - 24, true);
}

/** Draws the final ranking. Scores and ranks come from the outcome, rewards from the view. */
export function renderREcoFinal(view: REcoPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const standings = [...outcome.standings].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const heads = [ctx.t('render.players'), ctx.t('render.score')];
  const { canvas, g } = createImageCanvas(W, height(standings.length));
  blit(g, staticLayer(standings.length, ctx.t('render.final'), heads, playerLabels(ctx)), 0, 0);
  standings.forEach((s, i) => drawRow(g, s, view.players.find((p) => p.seat === s.seat), i, ctx));
  return encodePng(canvas);
}
