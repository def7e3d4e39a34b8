/** One seat's private image: its production-factor panel with its own cash (the only place it shows before the end). */
import type { MullSeatView } from '../../src/games/mull-money/types.js';
import { createImageCanvas, drawText, encodePng, fitNames } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { statusLine } from './board.js';
import { BG, INK, MIN_TEXT, PAD, PLAYER_H, W, header, playerPanel } from './parts.js';

export function renderMullHand(view: MullSeatView, ctx: RenderContext): Buffer {
  const H = 64 + 12 + PLAYER_H + 56;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  header(g, ctx.t('mull-money.render.yourFirm'));
  const me = view.players[view.seat]!;
  playerPanel(g, ctx, view, me, PAD, 64 + 12, W - 2 * PAD, view.pending.includes(view.seat), view.myCash);
  const line = view.pending.includes(view.seat) ? ctx.t('mull-money.render.yourMove') : fitNames(g, (short) => statusLine(view, ctx, short), W - 2 * PAD - 8, MIN_TEXT + 2, true);
  drawText(g, line, PAD + 4, 64 + 12 + PLAYER_H + 18, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: W - 2 * PAD - 8 });
  return encodePng(canvas);
}
