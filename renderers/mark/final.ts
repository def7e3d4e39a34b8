/** The final ranking: rank, name (on two lines if long) and cash per seat (all public once over). */
import type { Outcome } from '../../src/engine/types.js';
import type { MarkPublicView } from '../../src/games/mark/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, panel as within, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { HEADER_H, PAD, drawHeader } from './board.js';
import { ACCENT, BG, INK, MIN_TEXT, MUTED, W, panel, seatName } from './parts.js';
import { fitLines } from './text.js';

const ROW_H = 76;
const NAME_X = PAD + 64, NAME_W = 380;
const LINE = 26;

export function renderMarkFinal(_view: MarkPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const H = HEADER_H + 16 + outcome.standings.length * ROW_H + 16;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  drawHeader(g, ctx.t('mark.render.finalTitle'));
  const best = Math.max(1, ...outcome.standings.map((s) => s.score));
  outcome.standings.forEach((s, i) => {
    const y = HEADER_H + 16 + i * ROW_H;
    panel(g, PAD, y, W - 2 * PAD, ROW_H - 10, s.rank === 1 ? ACCENT : undefined, s.rank === 1 ? 3 : 1);
    within(g, `rank ${i + 1}`, PAD, y, W - 2 * PAD, ROW_H - 10, () => row(y, s));
  });
  function row(y: number, s: Outcome['standings'][number]): void {
    const cy = y + (ROW_H - 10) / 2;
    drawText(g, `${s.rank}.`, PAD + 32, cy, { size: MIN_TEXT + 6, bold: true, color: s.rank === 1 ? '#8a6500' : MUTED, align: 'center' });
    const lines = fitLines(measuringContext(), (short) => short(seatName(ctx, s.seat)), NAME_W, MIN_TEXT + 2, true, 2);
    lines.forEach((l, k) => drawText(g, l, NAME_X, cy + (k - (lines.length - 1) / 2) * LINE, { size: MIN_TEXT + 2, bold: true, color: INK }));
    // A bar for the cash, so the gaps read at a glance.
    const barX = NAME_X + NAME_W + 16, barW = 150;
    fillRoundRect(g, barX, cy - 10, barW, 20, 10, '#e4e8e3');
    fillRoundRect(g, barX, cy - 10, Math.max(20, (barW * Math.max(0, s.score)) / best), 20, 10, '#2f9a5a');
    drawText(g, ctx.t('mark.render.cash', { cash: s.score }), W - PAD - 16, cy, { size: MIN_TEXT + 2, bold: true, color: INK, align: 'right' });
  }
  return encodePng(canvas);
}
