/** The final scoring: rank, name, score and the spec's breakdown (growth, services, cash, loans) per seat. */
import type { Outcome } from '../../src/engine/types.js';
import { LOAN, servicePoints } from '../../src/games/mull-money/constants.js';
import type { MullPublicView } from '../../src/games/mull-money/types.js';
import { createImageCanvas, drawText, encodePng } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, BG, INK, MIN_TEXT, MUTED, PAD, W, header, panel, pawn, seatName } from './parts.js';

const ROW_H = 104;

export function renderMullFinal(view: MullPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const H = Math.max(W, 64 + 16 + outcome.standings.length * ROW_H + 16);
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  header(g, ctx.t('mull-money.render.final'));
  outcome.standings.forEach((s, i) => {
    const p = view.players[s.seat]!;
    const y = 64 + 16 + i * ROW_H;
    panel(g, PAD, y, W - 2 * PAD, ROW_H - 12, s.rank === 1 ? ACCENT : undefined, s.rank === 1 ? 3 : 1);
    drawText(g, `${s.rank}.`, PAD + 30, y + 28, { size: MIN_TEXT + 6, bold: true, color: s.rank === 1 ? '#8a6500' : MUTED, align: 'center' });
    pawn(g, ctx, s.seat, PAD + 76, y + 28, 16);
    drawText(g, seatName(ctx, s.seat), PAD + 102, y + 28, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: 440 });
    drawText(g, ctx.t('mull-money.render.points', { n: s.score }), W - PAD - 16, y + 28, { size: MIN_TEXT + 6, bold: true, color: INK, align: 'right' });
    const cash = p.cash ?? 0;
    const line = ctx.t('mull-money.render.breakdown', {
      growth: p.growth,
      services: servicePoints(p.personnel) + servicePoints(p.raw) + servicePoints(p.waste),
      cash,
      half: Math.floor(cash / 2),
      loans: LOAN * p.loans,
    });
    drawText(g, line, PAD + 20, y + 68, { size: MIN_TEXT, color: MUTED, maxWidth: W - 2 * PAD - 40 });
  });
  return encodePng(canvas);
}
