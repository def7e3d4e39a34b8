/** The final ranking: one row per seat, best first, with the facts behind each score. */
import type { Outcome, Standing } from '../../src/engine/types.js';
import type { PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import { blit, cachedLayer, createImageCanvas, drawText, encodePng, formatValue, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import {
  INK,
  MARGIN,
  drawBackground,
  drawDumped,
  drawRewardGroups,
  drawSeatTable,
  groupsY,
  highlightRow,
  seatName,
  seatRowY,
  seatTable,
  seatTableHeight,
} from './parts.js';

const W = 1080;
const M = MARGIN;
const HEADER_H = 60;
const PANEL_Y = HEADER_H + 14;
const ROW_H = 60;
const COL_NAME = 62;
const NAME_W = 250;
const COL_REWARDS = 326;
const COL_DUMPED = 914;
const COL_SCORE = W - 2 * M - 16;

const TABLE = seatTable(W, PANEL_Y, ROW_H, { rewardsX: COL_REWARDS, dumpedX: COL_DUMPED, scoreX: COL_SCORE });

const MEDALS = ['#e3b23c', '#aab4bd', '#c98a4b'];

function height(rows: number): number {
  return PANEL_Y + seatTableHeight(TABLE, rows) + M;
}

function staticLayer(rows: number, title: string, heads: string[]) {
  const h = height(rows);
  return cachedLayer(`reco:final:${rows}:${JSON.stringify([title, heads])}`, W, h, (g) => {
    drawBackground(g, W, h, HEADER_H, 24);
    drawText(g, title, 120, HEADER_H / 2 - 1, { size: 22, bold: true, color: '#ffd866', maxWidth: W - 140 });
    const [rank = '', rewards = '', dumped = '', score = ''] = heads;
    drawSeatTable(g, TABLE, rows, { text: rank, x: 12, maxWidth: COL_NAME - 14 }, { rewards, dumped, score });
  });
}

function drawRow(g: Ctx, s: Standing, p: PlayerView | undefined, i: number, ctx: RenderContext): void {
  const x = M;
  const y = seatRowY(TABLE, i);
  const cy = y + ROW_H / 2;
  if (s.rank === 1) highlightRow(g, TABLE, y, false);
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
  drawRewardGroups(g, p?.rewards ?? [], x + COL_REWARDS, groupsY(TABLE, y), true);
  drawDumped(g, TABLE, cy, p?.dumpedCount ?? 0);
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
