/** The final ranking: one row per seat, best first, with the facts behind each score. */
import type { Outcome, Standing } from '../../src/engine/types.js';
import type { PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import {
  COLOURS,
  blit,
  cachedLayer,
  createImageCanvas,
  drawText,
  encodePng,
  fillRoundRect,
  formatValue,
  strokeRoundRect,
  type Ctx,
} from '../canvas.js';
import type { RenderContext } from '../types.js';
import {
  DEEP,
  BG,
  GROUP_GAP,
  GROUP_H,
  GROUP_W,
  HIGHLIGHT,
  INK,
  MUTED,
  PANEL,
  PANEL_EDGE,
  drawBin,
  drawGroupBackground,
  drawRewardGroups,
  seatName,
} from './parts.js';

const W = 1080;
const M = 20;
const HEADER_H = 60;
const PANEL_Y = HEADER_H + 14;
const HEAD_H = 30;
const ROW_H = 60;
const COL_NAME = 62;
const NAME_W = 250;
const COL_REWARDS = 326;
const COL_DUMPED = 914;
const COL_SCORE = W - 2 * M - 16;

const MEDALS = ['#e3b23c', '#aab4bd', '#c98a4b'];

function height(rows: number): number {
  return PANEL_Y + HEAD_H + rows * ROW_H + 8 + M;
}

function rowY(i: number): number {
  return PANEL_Y + HEAD_H + i * ROW_H;
}

function staticLayer(rows: number, title: string, heads: string[]) {
  const h = height(rows);
  return cachedLayer(`reco:final:${rows}:${JSON.stringify([title, heads])}`, W, h, (g) => {
    g.fillStyle = BG;
    g.fillRect(0, 0, W, h);
    g.fillStyle = DEEP;
    g.fillRect(0, 0, W, HEADER_H);
    g.fillStyle = '#3c8f6e';
    g.fillRect(0, HEADER_H - 3, W, 3);
    drawText(g, 'R-Eco', M, HEADER_H / 2 - 1, { size: 24, bold: true, color: '#ffffff' });
    drawText(g, title, 120, HEADER_H / 2 - 1, { size: 22, bold: true, color: '#ffd866', maxWidth: W - 140 });

    const pw = W - 2 * M;
    const ph = HEAD_H + rows * ROW_H + 8;
    fillRoundRect(g, M + 2, PANEL_Y + 2, pw, ph, 10, 'rgba(20,35,30,0.12)');
    fillRoundRect(g, M, PANEL_Y, pw, ph, 10, PANEL);
    strokeRoundRect(g, M + 0.5, PANEL_Y + 0.5, pw - 1, ph - 1, 10, PANEL_EDGE, 1);
    const hy = PANEL_Y + HEAD_H / 2 + 2;
    const head = { size: 12, bold: true, color: MUTED } as const;
    const [rank = '', rewards = '', dumped = '', score = ''] = heads;
    drawText(g, rank, M + 12, hy, { ...head, maxWidth: COL_NAME - 14 });
    drawText(g, rewards, M + COL_REWARDS, hy, { ...head, maxWidth: 4 * GROUP_W });
    drawText(g, dumped, M + COL_DUMPED - 6, hy, { ...head, maxWidth: 70 });
    drawText(g, score, M + COL_SCORE, hy, { ...head, align: 'right', maxWidth: 60 });
    for (let i = 0; i < rows; i++) {
      const y = rowY(i);
      g.fillStyle = '#e6ece8';
      g.fillRect(M + 10, y, pw - 20, 1);
      groupBackgrounds(g, y);
    }
  });
}

function groupBackgrounds(g: Ctx, y: number): void {
  COLOURS.forEach((colour, c) =>
    drawGroupBackground(g, colour, M + COL_REWARDS + c * (GROUP_W + GROUP_GAP), y + (ROW_H - GROUP_H) / 2),
  );
}

function drawRow(g: Ctx, s: Standing, p: PlayerView | undefined, i: number, ctx: RenderContext): void {
  const x = M;
  const y = rowY(i);
  const cy = y + ROW_H / 2;
  if (s.rank === 1) {
    g.fillStyle = HIGHLIGHT;
    g.fillRect(x + 1, y + 1, W - 2 * M - 2, ROW_H - 1);
    groupBackgrounds(g, y);
  }
  g.beginPath();
  g.arc(x + 30, cy, 17, 0, Math.PI * 2);
  g.fillStyle = MEDALS[s.rank - 1] ?? '#7d8a84';
  g.fill();
  g.lineWidth = 2;
  g.strokeStyle = 'rgba(0,0,0,0.18)';
  g.stroke();
  drawText(g, String(s.rank), x + 30, cy + 1, { size: 17, bold: true, color: '#ffffff', align: 'center' });

  drawText(g, seatName(ctx, s.seat), x + COL_NAME, cy, { size: 19, bold: true, color: INK, maxWidth: NAME_W });

  // A colour with a single card scores nothing, so it is drawn faded.
  drawRewardGroups(g, p?.rewards ?? [], x + COL_REWARDS, y + (ROW_H - GROUP_H) / 2, true);

  const dumped = p?.dumpedCount ?? 0;
  drawBin(g, x + COL_DUMPED - 6, cy - 9, dumped > 0 ? '#a34a2b' : '#9aa6a0');
  drawText(g, String(dumped), x + COL_DUMPED + 18, cy, {
    size: 16,
    bold: true,
    color: dumped > 0 ? '#a34a2b' : MUTED,
  });
  drawText(g, formatValue(s.score), x + COL_SCORE, cy, { size: 26, bold: true, color: INK, align: 'right' });
}

/** Draws the final ranking. Scores and ranks come from the outcome, rewards from the view. */
export function renderREcoFinal(view: REcoPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const standings = [...outcome.standings].sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const heads = [ctx.t('render.rank'), ctx.t('render.rewards'), ctx.t('render.dumped'), ctx.t('render.score')];
  const { canvas, g } = createImageCanvas(W, height(standings.length));
  blit(g, staticLayer(standings.length, ctx.t('render.final'), heads), 0, 0);
  standings.forEach((s, i) =>
    drawRow(
      g,
      s,
      view.players.find((p) => p.seat === s.seat),
      i,
      ctx,
    ),
  );
  return encodePng(canvas);
}
