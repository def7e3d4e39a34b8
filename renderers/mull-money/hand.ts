/**
 * One seat's private image: its cards drawn as cards (name, worth and effect), its
 * production-factor panel, and its own cash beside the legend, the only place cash shows before
 * the end.
 */
import type { MullSeatView } from '../../src/games/mull-money/types.js';
import { createImageCanvas, drawText, encodePng, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { statusLines } from './board.js';
import { bigCardHeight, drawBigCard } from './cards.js';
import { drawLegend, legendHeight } from './legend.js';
import { BG, HEADER_H, INK, LINE, MIN_TEXT, MUTED, PAD, W, header, panel } from './parts.js';
import { drawPlayerPanel, panelHeight, shownCards, type PanelOptions } from './player.js';
import { wrapLines } from './text.js';

const GAP = 12;
const CARD_W = Math.floor((W - 2 * PAD - 3 * GAP) / 4);

export function renderMullHand(view: MullSeatView, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const me = view.players[view.seat]!;
  const mine = view.pending.includes(view.seat);
  const status = mine ? wrapLines(m, ctx.t('mull-money.render.yourMove'), W - 2 * PAD - 8, MIN_TEXT + 2, true) : statusLines(m, view, ctx);
  const cards = shownCards(me);
  const caption = me.hand.length === 0 ? ctx.t(me.kept ? 'mull-money.render.keptCard' : 'mull-money.render.noCards') : '';
  const captionLines = caption ? wrapLines(m, caption, W - 2 * PAD - 8, MIN_TEXT) : [];
  const cardH = cards.length ? bigCardHeight(m, ctx, cards, me, view.experimental, CARD_W) : 0;
  const nameRows = Math.max(1, ...cards.map((c) => wrapLines(m, ctx.t(`mull-money.card.${c}`), CARD_W - 16, MIN_TEXT, true).length));
  const half = Math.floor((W - 2 * PAD - GAP) / 2);
  const options: PanelOptions = { cards: false, chipLines: 1, cash: null, highlight: mine };
  const panelH = panelHeight(m, ctx, view, me, half, options);
  const cashLines = wrapLines(m, ctx.t('mull-money.render.cashSecret', { cash: view.myCash }), half - 28, MIN_TEXT, true);
  const boxH = 10 + cashLines.length * LINE + 8 + legendHeight(m, ctx, view, half - 28) + 8;
  const rowH = Math.max(panelH, boxH);
  const statusH = 10 + status.length * 26 + 6;
  const H = HEADER_H + statusH + captionLines.length * LINE + (cardH ? cardH + GAP : 0) + rowH + GAP;

  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  header(g, ctx.t('mull-money.render.yourFirm'));
  let y = HEADER_H + 10;
  status.forEach((line, i) => drawText(g, line, PAD + 4, y + 13 + i * 26, { size: MIN_TEXT + 2, bold: true, color: INK }));
  y += status.length * 26 + 6;
  captionLines.forEach((line, i) => drawText(g, line, PAD + 4, y + LINE / 2 + i * LINE, { size: MIN_TEXT, color: MUTED }));
  y += captionLines.length * LINE;
  cards.forEach((c, i) => drawBigCard(g, ctx, c, me, view.experimental, PAD + i * (CARD_W + GAP), y, CARD_W, cardH, nameRows));
  if (cardH) y += cardH + GAP;
  drawPlayerPanel(g, ctx, view, me, PAD, y, half, rowH, options);
  panel(g, PAD + half + GAP, y, half, rowH);
  cashLines.forEach((line, i) => drawText(g, line, PAD + half + GAP + 14, y + 10 + LINE / 2 + i * LINE, { size: MIN_TEXT, bold: true, color: '#2f6b3a' }));
  drawLegend(g, ctx, view, PAD + half + GAP + 14, y + 10 + cashLines.length * LINE + 8, half - 28);
  return encodePng(canvas);
}
