/** The final ranking: cash, debt and score per player, ties sharing a rank. */
import type { Outcome } from '../../src/engine/types.js';
import type { PalermoPublicView } from '../../src/games/palermo/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, BG, BIG, INK, LINE, MUTED, PANEL, seatName, text, W } from './parts.js';

const PAD = 16;
const ROW = 2 * LINE + 16;

export function renderPalermoFinal(v: PalermoPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const t = (k: string, a?: Record<string, string | number>) => ctx.t(`palermo.render.${k}`, a);
  const H = 70 + outcome.standings.length * ROW + PAD;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  fillRoundRect(g, 0, 0, W, 56, 0, '#2d3a2e');
  drawText(g, t('final'), PAD, 28, { size: BIG, bold: true, color: '#ffffff' });
  let y = 66;
  for (const s of outcome.standings) {
    const b = v.boards[s.seat]!;
    fillRoundRect(g, PAD, y, W - 2 * PAD, ROW - 10, 12, s.rank === 1 ? '#fff3c4' : PANEL);
    let cy = y + 8 + LINE / 2;
    text(g, `${s.rank}.`, PAD + 14, cy, { bold: true, size: BIG });
    text(g, seatName(ctx, s.seat), PAD + 70, cy, { bold: true, size: BIG, max: W - 2 * PAD - 300 });
    text(g, t('score', { score: s.score }), W - PAD - 220, cy, { bold: true, size: BIG, max: 210 });
    cy += LINE;
    text(g, t('breakdown', { cash: b.cash, debt: b.debt, penalty: 2 * b.debt }), PAD + 70, cy, { color: b.debt > 0 ? ACCENT : MUTED, max: W - 2 * PAD - 90 });
    y += ROW;
  }
  void INK;
  return encodePng(canvas);
}
