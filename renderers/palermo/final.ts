/** The final ranking: cash, debt and score per player, ties sharing a rank. */
import type { Outcome } from '../../src/engine/types.js';
import type { PalermoPublicView } from '../../src/games/palermo/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, panel, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, BG, BIG, HEADER, LINE, MUTED, PAD, PANEL, seatName, text, textWidth, tOf, W } from './parts.js';

const ROW = 2 * LINE + 16;

export function renderPalermoFinal(v: PalermoPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const t = tOf(ctx);
  const H = 66 + outcome.standings.length * ROW + PAD - 10;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  g.fillStyle = HEADER;
  g.fillRect(0, 0, W, 56);
  drawText(g, t('final'), PAD, 28, { size: BIG, bold: true, color: '#ffffff', maxWidth: W - 2 * PAD });
  let y = 66;
  for (const s of outcome.standings) {
    const b = v.boards[s.seat]!;
    panel(g, `rank ${s.rank}`, PAD, y, W - 2 * PAD, ROW - 10, () => {
      fillRoundRect(g, PAD, y, W - 2 * PAD, ROW - 10, 12, s.rank === 1 ? '#fff3c4' : PANEL);
      let cy = y + 8 + LINE / 2;
      const score = t('score', { score: s.score });
      const sw = textWidth(measuringContext(), score, BIG, true);
      text(g, `${s.rank}.`, PAD + 14, cy, { bold: true, size: BIG });
      text(g, seatName(ctx, s.seat), PAD + 70, cy, { bold: true, size: BIG, max: W - 2 * PAD - 70 - sw - 34 });
      text(g, score, W - PAD - 14, cy, { bold: true, size: BIG, align: 'right' });
      cy += LINE;
      text(g, t('breakdown', { cash: b.cash, debt: b.debt, penalty: 2 * b.debt }), PAD + 70, cy, { color: b.debt > 0 ? ACCENT : MUTED, max: W - 2 * PAD - 84 });
    });
    y += ROW;
  }
  return encodePng(canvas);
}
