/** One seat's private view: its equipment hand (or its set-up draws) as cards, and its money. */
import type { PalermoSeatView } from '../../src/games/palermo/types.js';
import { createImageCanvas, encodePng, fillRoundRect, panel, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, BIG, CARD_GAP, CARD_H, cardWidth, contractCard, drawLines, equipmentCard, FLOW_LINE, flowLines, LINE, MUTED, PAD, PANEL, text, textWidth, tOf, W, wordItems } from './parts.js';

const IN = 14;
const IW = W - 2 * PAD - 2 * IN;
const PER_ROW = 3;
const CW = cardWidth(IW, PER_ROW);
const rowsOf = (n: number) => Math.max(1, Math.ceil(n / PER_ROW));
const cardsH = (n: number) => rowsOf(n) * (CARD_H + CARD_GAP);

export function renderPalermoHand(v: PalermoSeatView, ctx: RenderContext): Buffer {
  const t = tOf(ctx);
  const m = measuringContext();
  const b = v.boards[v.seat]!;
  const title = t(v.draws ? 'yourDraw' : 'yourHand');
  const money = t('money', { cash: b.cash, debt: b.debt, score: b.cash - 2 * b.debt });
  // The money goes under the title when both do not fit on one line.
  const oneLine = textWidth(m, title, BIG, true) + 20 + textWidth(m, money, 24, true) <= IW;
  const hint = v.draws || v.hand.length === 0 ? [] : flowLines(wordItems(m, t('handHint')), IW);
  const head = oneLine ? LINE : 2 * LINE;
  const inner = v.draws
    ? LINE + cardsH(v.draws.contracts.length) + LINE + cardsH(v.draws.equipment.length)
    : v.hand.length === 0 ? LINE : cardsH(v.hand.length) + hint.length * FLOW_LINE;
  const H = PAD + 12 + head + 8 + inner + 8 + PAD;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  panel(g, 'hand', PAD, PAD, W - 2 * PAD, H - 2 * PAD, () => {
    fillRoundRect(g, PAD, PAD, W - 2 * PAD, H - 2 * PAD, 12, PANEL);
    const x0 = PAD + IN;
    const cy = PAD + 12 + LINE / 2;
    text(g, title, x0, cy, { bold: true, size: BIG, max: IW });
    if (oneLine) text(g, money, W - PAD - IN, cy, { bold: true, align: 'right' });
    else text(g, money, x0, cy + LINE, { bold: true, max: IW });
    let top = PAD + 12 + head + 8;
    const row = (cards: number[], draw: (card: number, x: number, y: number) => void) => {
      cards.forEach((card, k) => draw(card, x0 + (k % PER_ROW) * (CW + CARD_GAP), top + Math.floor(k / PER_ROW) * (CARD_H + CARD_GAP)));
      top += cardsH(cards.length);
    };
    if (v.draws) {
      text(g, t('drawContracts'), x0, top + LINE / 2, { color: MUTED, max: IW });
      top += LINE;
      row(v.draws.contracts, (card, x, y) => contractCard(g, t, card, x, y, CW));
      text(g, t('drawEquipment'), x0, top + LINE / 2, { color: MUTED, max: IW });
      top += LINE;
      row(v.draws.equipment, (card, x, y) => equipmentCard(g, t, card, x, y, CW));
    } else if (v.hand.length === 0) {
      text(g, t('emptyHand'), x0, top + LINE / 2, { color: MUTED, max: IW });
    } else {
      row(v.hand, (card, x, y) => equipmentCard(g, t, card, x, y, CW));
      drawLines(g, hint, x0, top + FLOW_LINE / 2);
    }
  });
  return encodePng(canvas);
}
