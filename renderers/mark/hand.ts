/** One seat's private image: its company with its own cash (shown even when money is private), and its sealed bid. */
import type { MarkSeatView } from '../../src/games/mark/types.js';
import { createImageCanvas, drawText, encodePng, panel as within } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { drawHeader } from './board.js';
import { BG, COMPANY_H, INK, MIN_TEXT, W, company, panel } from './parts.js';

const PAD = 20;
const HEADER_H = 64;
const LINE_H = 64;

export function renderMarkHand(view: MarkSeatView, ctx: RenderContext): Buffer {
  const H = HEADER_H + 12 + COMPANY_H + 12 + LINE_H + 12;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  drawHeader(g, ctx.t('mark.render.yourCompany'));
  const me = view.players[view.seat]!;
  company(g, ctx, { ...me, cash: view.myCash }, PAD, HEADER_H + 12, W - 2 * PAD, view.phase !== 'over' && view.current === view.seat);
  const y = HEADER_H + 12 + COMPANY_H + 12;
  panel(g, PAD, y, W - 2 * PAD, LINE_H);
  let line: string;
  if (view.phase === 'bid' && view.auction) {
    const colour = ctx.t(`mark.colour.${view.auction.colour}`);
    line = view.myBid === null ? ctx.t('mark.render.bidNow', { colour, cash: view.myCash }) : ctx.t('mark.render.bidSealed', { colour, amount: view.myBid });
  } else if (view.phase === 'over') line = ctx.t('mark.render.over');
  else line = ctx.t(view.current === view.seat ? 'mark.render.yourTurn' : 'mark.render.notYourTurn');
  within(g, 'bid', PAD, y, W - 2 * PAD, LINE_H, () => drawText(g, line, PAD + 16, y + LINE_H / 2, { size: MIN_TEXT + 2, bold: true, color: INK, maxWidth: W - 2 * PAD - 32 }));
  return encodePng(canvas);
}
