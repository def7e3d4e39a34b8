/** The final ranking: rank, name and cash per seat (every cash is public once the game is over). */
import type { Outcome } from '../../src/engine/types.js';
import type { MarkPublicView } from '../../src/games/mark/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, panel as within } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { drawHeader } from './board.js';
import { ACCENT, BG, INK, MIN_TEXT, MUTED, W, panel, seatName } from './parts.js';

const PAD = 20;
const HEADER_H = 64;
const ROW_H = 72;

export function renderMarkFinal(_view: MarkPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const H = HEADER_H + 16 + outcome.standings.length * ROW_H + 24;
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
    drawText(g, `${s.rank}.`, PAD + 36, cy, { size: MIN_TEXT + 6, bold: true, color: s.rank === 1 ? '#8a6500' : MUTED, align: 'center' });
    drawText(g, seatName(ctx, s.seat), PAD + 70, cy, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: 330 });
    // A bar for the cash, so the gaps read at a glance.
    const barX = PAD + 420, barW = 220;
    fillRoundRect(g, barX, cy - 10, barW, 20, 10, '#e4e8e3');
    fillRoundRect(g, barX, cy - 10, Math.max(20, (barW * Math.max(0, s.score)) / best), 20, 10, '#2f9a5a');
    drawText(g, ctx.t('mark.render.cash', { cash: s.score }), W - PAD - 16, cy, { size: MIN_TEXT + 2, bold: true, color: INK, align: 'right' });
  }
  return encodePng(canvas);
}
