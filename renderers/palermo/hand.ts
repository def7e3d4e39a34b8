/** One seat's private view: its equipment hand (or its set-up draws) and its money. */
import type { PalermoSeatView } from '../../src/games/palermo/types.js';
import { createImageCanvas, encodePng, fillRoundRect } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, BIG, contractChip, equipmentChip, INK, LINE, MUTED, PANEL, text, W } from './parts.js';

const PAD = 16;

export function renderPalermoHand(v: PalermoSeatView, ctx: RenderContext): Buffer {
  const t = (k: string, a?: Record<string, string | number>) => ctx.t(`palermo.render.${k}`, a);
  const lines = v.draws ? 5 : 3;
  const H = lines * (LINE + 12) + 2 * PAD + 20;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  fillRoundRect(g, PAD, PAD, W - 2 * PAD, H - 2 * PAD, 12, PANEL);
  const b = v.boards[v.seat]!;
  let cy = PAD + 12 + LINE / 2;
  text(g, t('yourHand'), PAD + 14, cy, { bold: true, size: BIG });
  text(g, t('money', { cash: b.cash, debt: b.debt, score: b.cash - 2 * b.debt }), W - 400, cy, { bold: true, max: 380 });
  cy += LINE + 12;
  if (v.draws) {
    text(g, t('drawContracts'), PAD + 14, cy, { color: MUTED });
    cy += LINE + 8;
    let x = PAD + 14;
    for (const c of v.draws.contracts) x += contractChip(g, c, x, cy);
    cy += LINE + 12;
    text(g, t('drawEquipment'), PAD + 14, cy, { color: MUTED });
    cy += LINE + 8;
    x = PAD + 14;
    for (const c of v.draws.equipment) x += equipmentChip(g, c, x, cy, true);
  } else if (v.hand.length === 0) {
    text(g, t('emptyHand'), PAD + 14, cy, { color: MUTED });
  } else {
    let x = PAD + 14;
    for (const c of v.hand) x += equipmentChip(g, c, x, cy, true);
    cy += LINE + 12;
    text(g, t('handHint'), PAD + 14, cy, { color: INK, max: W - 2 * PAD - 30 });
  }
  return encodePng(canvas);
}
