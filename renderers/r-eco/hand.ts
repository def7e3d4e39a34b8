/** One seat's private hand: a row of large waste cards with a short caption. */
import type { REcoSeatView } from '../../src/games/r-eco/types.js';
import {
  blit,
  cachedLayer,
  createImageCanvas,
  drawText,
  encodePng,
  fillRoundRect,
  fitText,
  font,
} from '../canvas.js';
import type { RenderContext } from '../types.js';
import { WASTE_LARGE, dashedOutline, layoutRow, wasteCard } from './cards.js';
import { ACCENT, BG, INK, LEAF, MUTED } from './parts.js';

const W = 700;
const H = 172;
const PAD = 16;
const CARDS_Y = 50;

function background() {
  return cachedLayer('reco:hand:bg', W, H, (g) => {
    g.fillStyle = BG;
    g.fillRect(0, 0, W, H);
    g.fillStyle = LEAF;
    g.fillRect(0, 0, 6, H);
  });
}

/** Draws a seat's hand. Reads nothing but the seat view and the context. */
export function renderREcoHand(view: REcoSeatView, ctx: RenderContext): Buffer {
  const { canvas, g } = createImageCanvas(W, H);
  blit(g, background(), 0, 0);

  const cy = 26;
  g.font = font(18, true);
  const caption = fitText(g, ctx.t('render.yourHand', { count: view.hand.length }), 320);
  drawText(g, caption, PAD + 4, cy, { size: 18, bold: true, color: INK });

  if (view.mustDump > 0) {
    g.font = font(14, true);
    const text = fitText(g, ctx.t('render.mustDump', { count: view.mustDump }), W - 360);
    const tw = Math.ceil(g.measureText(text).width);
    const px = W - PAD - tw - 24;
    fillRoundRect(g, px, cy - 13, tw + 24, 26, 13, ACCENT);
    drawText(g, text, px + 12, cy, { size: 14, bold: true, color: '#2a1d00' });
  }

  if (view.hand.length === 0) {
    dashedOutline(g, PAD + 4, CARDS_Y, WASTE_LARGE, 8, [5, 4], '#a9b4ae');
    drawText(g, ctx.t('render.emptyHand'), PAD + WASTE_LARGE.w + 20, CARDS_Y + WASTE_LARGE.h / 2, {
      size: 15,
      color: MUTED,
      maxWidth: W - WASTE_LARGE.w - 60,
    });
  } else {
    layoutRow(view.hand.length, PAD + 4, WASTE_LARGE.w, WASTE_LARGE.w + 8, W - 2 * PAD - 8, (i, x, overlapped) => {
      const card = view.hand[i];
      if (card) blit(g, wasteCard(card.colour, card.value, WASTE_LARGE, overlapped), x, CARDS_Y);
    });
  }
  return encodePng(canvas);
}
