/**
 * One seat's private image: its company with its own cash (shown even when money is private),
 * then what it does now or whom it waits for, worded by the game's presentation exactly as the
 * text above the image, and a legend of the symbols it shows.
 */
import { handLine } from '../../src/games/mark/presentation.js';
import type { MarkSeatView } from '../../src/games/mark/types.js';
import { createImageCanvas, drawText, encodePng, panel as within, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { GAP, HEADER_H, PAD, drawHeader } from './board.js';
import { drawLegend, legendHeight, type LegendEntry } from './legend.js';
import { BG, INK, MIN_TEXT, W, company, companyHeight, nameLines, panel, seatName } from './parts.js';
import { fitLines, say } from './text.js';

const LINE = 26;
const MAX_LINES = 4;

export function renderMarkHand(view: MarkSeatView, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const me = { ...view.players[view.seat]!, cash: view.myCash };
  const names = nameLines(m, ctx, view.seat, W - 2 * PAD);
  const companyH = companyHeight(names.length);
  const msg = handLine(view);
  const lines = fitLines(m, (short) => say(ctx, msg, (s) => short(seatName(ctx, s))), W - 2 * PAD - 32, MIN_TEXT + 2, true, MAX_LINES);
  const lineH = lines.length * LINE + 24;
  const entries: LegendEntry[] = [{ icon: 'rows', text: ctx.t('mark.render.legendRows') }];
  if (me.fee > 0) entries.push({ icon: 'fee', text: ctx.t('mark.render.legendFee') });
  const legendH = legendHeight(m, entries, W - 2 * PAD, entries.length);
  const H = HEADER_H + GAP + companyH + GAP + lineH + GAP + legendH + GAP;

  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  drawHeader(g, ctx.t('mark.render.yourCompany'));
  let y = HEADER_H + GAP;
  company(g, ctx, me, PAD, y, W - 2 * PAD, companyH, names, view.phase !== 'over' && view.current === view.seat);
  y += companyH + GAP;
  panel(g, PAD, y, W - 2 * PAD, lineH);
  const top = y + 12 + LINE / 2;
  within(g, 'now', PAD, y, W - 2 * PAD, lineH, () => lines.forEach((l, i) => drawText(g, l, PAD + 16, top + i * LINE, { size: MIN_TEXT + 2, bold: true, color: INK })));
  y += lineH + GAP;
  drawLegend(g, entries, PAD, y, W - 2 * PAD, legendH, entries.length);
  return encodePng(canvas);
}
