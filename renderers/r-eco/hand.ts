/**
 * One seat's private hand, about square and 800 px wide: a row per colour with that colour's
 * cards and what its centre offers now (factory units, next reward), so a play can be chosen
 * from this image alone, and a legend for the numbers.
 */
import type { CentreView, REcoSeatView } from '../../src/games/r-eco/types.js';
import { blit, cachedLayer, createImageCanvas, drawText, encodePng, fillLines, fillRoundRect, font, formatValue, setFont, type Ctx, measuringContext } from '../canvas.js';
import { COLOURS, colourStyle } from './palette.js';
import type { RenderContext } from '../types.js';
import { WASTE_HAND, layoutRow, wasteCard } from './cards.js';
import { ACCENT, INK, LEAF, MUTED, TEXT, TEXT_MIN, TEXT_XL, colourLabels, drawBackground, drawColourBand, drawPill } from './parts.js';

const THRESHOLD = 4;
const W = 800;
const HEADER_H = 100;
const ROW_Y = HEADER_H + 16;
const ROW_H = 148;
const ROW_GAP = 12;
const LEGEND_Y = ROW_Y + 4 * (ROW_H + ROW_GAP);
const LEGEND_LINE = 34;
const X = 20;
const LEGEND_W = W - 2 * X - 8;
const CARDS_X = 300;

function rowTop(i: number): number {
  return ROW_Y + i * (ROW_H + ROW_GAP);
}

/** The image is as tall as its legend: each entry wraps onto the lines it needs. */
function height(legendLines: number): number {
  return LEGEND_Y + legendLines * LEGEND_LINE + 16;
}

function legendLines(g: Ctx, legend: readonly string[]): string[] {
  setFont(g, font(TEXT_MIN));
  return legend.flatMap((entry) => fillLines(g, entry.match(/\S+\s*/g) ?? [], LEGEND_W, (line) => line.trimEnd()));
}

function background(colours: string[], legend: string[]) {
  const H = height(legend.length);
  return cachedLayer(`reco:hand:${JSON.stringify([colours, legend])}`, W, H, (g) => {
    drawBackground(g, W, H, HEADER_H);
    g.fillStyle = LEAF;
    g.fillRect(0, HEADER_H, 8, H - HEADER_H);
    COLOURS.forEach((colour, i) => {
      const st = colourStyle(colour);
      const y = rowTop(i);
      fillRoundRect(g, X, y, W - 2 * X, ROW_H, 12, st.light);
      fillRoundRect(g, X, y, 10, ROW_H, 5, st.fill);
      drawColourBand(g, colour, colours[i] ?? colour, X + 8, y + 6, CARDS_X - 24, 52, true);
    });
    legend.forEach((line, k) => drawText(g, line, X + 8, LEGEND_Y + LEGEND_LINE * (k + 0.5), { size: TEXT_MIN, color: INK, maxWidth: LEGEND_W }));
  });
}

/** The colour's centre now: factory units and the next reward (or none left). */
function centreLines(c: CentreView | undefined, ctx: RenderContext): string[] {
  if (!c) return [];
  const top = c.stack[0];
  return [
    ctx.t('render.factoryUnits', { units: c.factoryUnits, threshold: THRESHOLD }),
    top === undefined ? ctx.t('render.noRewards') : ctx.t('render.nextReward', { value: formatValue(top) }),
  ];
}

/** Draws a seat's hand. Reads nothing but the seat view and the context. */
export function renderREcoHand(view: REcoSeatView, ctx: RenderContext): Buffer {
  const legend = legendLines(measuringContext(), [ctx.t('r-eco.render.legendHand'), ctx.t('r-eco.render.legendFactory', { threshold: THRESHOLD })]);
  const { canvas, g } = createImageCanvas(W, height(legend.length));
  blit(g, background(colourLabels(ctx), legend), 0, 0);

  let pillW = 0;
  if (view.mustDump > 0) pillW = drawPill(g, ctx.t('render.mustDump', { count: view.mustDump }), W - X, HEADER_H / 2, 420, ACCENT, '#2a1d00', 'right') + 16;
  drawText(g, ctx.t('render.yourHand', { count: view.hand.length }), X + 4, HEADER_H / 2, { size: TEXT_XL, bold: true, color: '#ffffff', maxWidth: W - 2 * X - pillW });

  COLOURS.forEach((colour, i) => {
    const y = rowTop(i);
    const st = colourStyle(colour);
    const lines = centreLines(view.centres.find((c) => c.colour === colour), ctx);
    lines.forEach((line, k) => drawText(g, line, X + 24, y + 88 + k * 34, { size: TEXT_MIN, bold: k === 1, color: k === 1 ? st.dark : INK, maxWidth: CARDS_X - X - 36 }));
    const cards = view.hand.filter((c) => c.colour === colour);
    if (cards.length === 0) {
      drawText(g, ctx.t('render.noCards'), CARDS_X, y + ROW_H / 2, { size: TEXT, color: MUTED, maxWidth: W - CARDS_X - X - 10 });
      return;
    }
    layoutRow(
      cards.length,
      CARDS_X,
      WASTE_HAND.w,
      WASTE_HAND.w + 10,
      W - CARDS_X - X - 12,
      (j, cx) => {
        const card = cards[j];
        if (card) blit(g, wasteCard(card.colour, card.value, WASTE_HAND), cx, y + (ROW_H - WASTE_HAND.h) / 2 - 1);
      },
      46,
    );
  });
  return encodePng(canvas);
}
