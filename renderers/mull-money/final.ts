/**
 * The final scoring: one result card per seat, side by side (two or three to a row so the image
 * is filled across), each with its rank, name, score and the breakdown (growth, services, half
 * the cash, loans).
 */
import type { Outcome } from '../../src/engine/types.js';
import { LOAN, servicePoints } from '../../src/games/mull-money/constants.js';
import type { MullPublicView } from '../../src/games/mull-money/types.js';
import { createImageCanvas, drawText, encodePng, formatValue, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, BG, HEADER_H, INK, LINE, MIN_TEXT, MUTED, PAD, W, header, panel, pawn, seatName } from './parts.js';
import { nameLines } from './text.js';

const GAP = 12, ROW = 30, SCORE_H = 40;

function finalColumns(seats: number): number {
  return seats === 3 ? 3 : 2;
}

export function renderMullFinal(view: MullPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const cols = finalColumns(outcome.standings.length);
  const cw = Math.floor((W - 2 * PAD - (cols - 1) * GAP) / cols);
  const names = outcome.standings.map((s) => nameLines(m, seatName(ctx, s.seat), cw - 84 - 14, MIN_TEXT + 2, true, cw - 84 - 14, 3));
  const nameRows = Math.max(...names.map((n) => n.length));
  const cardH = 12 + nameRows * LINE + 6 + SCORE_H + 4 * ROW + 12;
  const rows = Math.ceil(outcome.standings.length / cols);
  const H = HEADER_H + GAP + rows * (cardH + GAP);
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  header(g, ctx.t('mull-money.render.final'));
  outcome.standings.forEach((s, i) => {
    const p = view.players[s.seat]!;
    const x = PAD + (i % cols) * (cw + GAP), y = HEADER_H + GAP + Math.floor(i / cols) * (cardH + GAP);
    const win = s.rank === 1;
    panel(g, x, y, cw, cardH, win ? ACCENT : undefined, win ? 3 : 1);
    const top = y + 12 + LINE / 2;
    drawText(g, `${s.rank}.`, x + 26, top, { size: MIN_TEXT + 4, bold: true, color: win ? '#8a6500' : MUTED, align: 'center' });
    pawn(g, ctx, s.seat, x + 62, top, 15);
    names[i]!.forEach((line, j) => drawText(g, line, x + 84, top + j * LINE, { size: MIN_TEXT + 2, bold: true, color: INK }));
    let cy = y + 12 + nameRows * LINE + 6 + SCORE_H / 2;
    drawText(g, ctx.t('mull-money.render.points', { count: s.score, n: formatValue(s.score) }), x + cw / 2, cy, { size: MIN_TEXT + 12, bold: true, color: INK, align: 'center' });
    cy += SCORE_H / 2 + ROW / 2;
    const cash = p.cash ?? 0;
    const lines: [string, number][] = [
      [ctx.t('mull-money.render.row.growth'), p.growth],
      [ctx.t('mull-money.render.row.services'), servicePoints(p.personnel) + servicePoints(p.raw) + servicePoints(p.waste)],
      [ctx.t('mull-money.render.row.cash', { cash }), Math.floor(cash / 2)],
      [ctx.t('mull-money.render.row.loans', { loans: p.loans }), -LOAN * p.loans],
    ];
    for (const [label, value] of lines) {
      drawText(g, label, x + 16, cy, { size: MIN_TEXT, color: MUTED });
      drawText(g, formatValue(value), x + cw - 16, cy, { size: MIN_TEXT, bold: true, color: INK, align: 'right' });
      cy += ROW;
    }
  });
  return encodePng(canvas);
}
