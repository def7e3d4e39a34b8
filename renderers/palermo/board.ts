/**
 * The public board, portrait: turn and phase, market and Mafia spaces with their next prices,
 * the contract and equipment cards on offer (with the auction under way), every player's board
 * (money, contracts, each place's cubes and room, cubes waiting) and a legend. Heights come from
 * a layout pass, so long names and full boards never run past their panels.
 */
import { BK, marketPrice, mafiaPrice, MV, RECYCLABLE } from '../../src/games/palermo/constants.js';
import { pickValue } from '../../src/games/palermo/freeChoice.js';
import { rooms } from '../../src/games/palermo/rooms.js';
import type { PalermoPublicView } from '../../src/games/palermo/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, fitNames, panel, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import {
  ACCENT, BG, BIG, CARD_GAP, CARD_H, cardWidth, cubeWidth, contractCard, contractPill, cube, cubesItem, drawLines, equipmentCard, fitName, FLOW_LINE,
  flowLines, HEADER, INK, legendLines, LINE, measureCtx, MUTED, PAD, PANEL, roomPill, seatName, text, textItem, textWidth, tOf, W, type Item, type T,
} from './parts.js';

const IN = 14;
/** Width inside a panel. */
const IW = W - 2 * PAD - 2 * IN;
const PER_ROW = 3;
const CW = cardWidth(IW, PER_ROW);

function phaseText(v: PalermoPublicView, ctx: RenderContext, t: T, short: (name: string) => string): string {
  if (v.phase === 'over') return t('over');
  if (v.phase === 'setup') return t('setup');
  const who = v.phase === 'D' && v.auction ? (v.step === 'name' ? v.auction.opener : v.auction.turn) : v.step === 'answer' && v.offer ? v.offer.buyer : v.current;
  if (v.phase === 'D') return t(v.ladder ? 'phaseDChoice' : 'phaseD', { turn: v.turn, turns: v.turns, name: short(seatName(ctx, who)) });
  return t('phase', { turn: v.turn, turns: v.turns, phase: v.phase, step: ctx.t(`palermo.step.${v.step}`), name: short(seatName(ctx, who)) });
}

function activeSeat(v: PalermoPublicView): number | null {
  if (v.phase === 'over' || v.phase === 'setup') return null;
  if (v.phase === 'D' && v.auction) return v.step === 'name' ? v.auction.opener : v.auction.turn;
  return v.step === 'answer' && v.offer ? v.offer.buyer : v.current;
}

interface Block {
  h: number;
  draw: (g: Ctx, y: number) => void;
}

function playerBlock(m: Ctx, v: PalermoPublicView, seat: number, ctx: RenderContext, t: T): Block {
  const b = v.boards[seat]!;
  const money = t('money', { cash: b.cash, debt: b.debt, score: b.cash - 2 * b.debt });
  const moneyW = textWidth(m, money, TEXT_SIZE, true);
  const name = fitName(m, seatName(ctx, seat) + (seat === v.firstPlayer ? ' ★' : ''), IW - moneyW - 20, BIG, true);
  const label = (s: string): Item => textItem(m, s, { color: MUTED });
  const contracts: Item[] = [label(t('contractsHeld'))];
  if (b.contracts.length === 0) contracts.push(textItem(m, t('noContracts'), { color: MUTED }));
  for (const c of b.contracts) contracts.push(contractPill(m, t, c));
  const places: Item[] = [label(t('places'))];
  for (const r of rooms(b)) places.push(roomPill(m, t, r));
  const waiting: Item[] = [cubesItem(m, t('bulk'), b.bulk), cubesItem(m, t('sorted'), b.sorted)];
  if (b.toMafia.some((n) => n > 0)) waiting.push(cubesItem(m, t('toMafia'), b.toMafia, { color: ACCENT, bold: true }));
  waiting.push(label('·'), label(t('hand', { count: b.handCount })));
  const lines = [...flowLines(contracts, IW), ...flowLines(places, IW), ...flowLines(waiting, IW)];
  const h = 10 + LINE + lines.length * FLOW_LINE + 4;
  return {
    h,
    draw: (g, y) => {
      const active = activeSeat(v) === seat;
      panel(g, `player ${seat + 1}`, PAD, y, W - 2 * PAD, h, () => {
        fillRoundRect(g, PAD, y, W - 2 * PAD, h, 12, active ? '#fff8e6' : PANEL);
        if (active) fillRoundRect(g, PAD, y, 8, h, 4, ACCENT);
        const cy = y + 10 + LINE / 2;
        drawText(g, name, PAD + IN, cy, { size: BIG, bold: true, color: INK });
        text(g, money, W - PAD - IN, cy, { bold: true, color: b.debt > 0 ? ACCENT : INK, align: 'right' });
        drawLines(g, lines, PAD + IN, y + 10 + LINE + FLOW_LINE / 2);
      });
    },
  };
}
const TEXT_SIZE = 24;

function marketBlock(m: Ctx, v: PalermoPublicView, t: T): Block {
  const mafia = v.mafia.reduce((a, n) => a + n, 0);
  const market: Item[] = [textItem(m, t('market'), { bold: true })];
  for (const c of RECYCLABLE) {
    const price = `→ ${marketPrice(c, v.market[c]!)} Mβ`;
    const pw = textWidth(m, price, TEXT_SIZE, true);
    const count = v.market[c]!;
    market.push({ w: cubeWidth(count) + 4 + pw + 6, draw: (g, x, cy) => { const dx = cube(g, c, count, x, cy); text(g, price, x + dx, cy, { bold: true, color: '#1d6b35' }); } });
  }
  const line2 = [textItem(m, t('mafiaSpace', { count: mafia }), { bold: true }), ...flowWords(m, t('mafiaPrices', { common: mafiaPrice(0, mafia), mv: mafiaPrice(MV, mafia), bk: mafiaPrice(BK, mafia) }))];
  const lines = [...flowLines(market, IW), ...flowLines(line2, IW)];
  const h = 12 + lines.length * FLOW_LINE;
  return {
    h,
    draw: (g, y) => panel(g, 'market', PAD, y, W - 2 * PAD, h, () => {
      fillRoundRect(g, PAD, y, W - 2 * PAD, h, 12, PANEL);
      drawLines(g, lines, PAD + IN, y + 6 + FLOW_LINE / 2);
    }),
  };
}

function flowWords(m: Ctx, s: string): Item[] {
  return s.split(' ').filter(Boolean).map((w) => textItem(m, w));
}

function rowsBlock(m: Ctx, v: PalermoPublicView, ctx: RenderContext, t: T): Block {
  const a = v.auction;
  const shown = v.contractRow.map((card, i) => ({ card, i })).filter(({ card }) => !(a && a.card !== card && !a.unoffered.includes(card)));
  const cRows = Math.max(1, Math.ceil(shown.length / PER_ROW));
  const auction = a && a.card !== null ? (a.high === null ? t('noBid') : t('lowBid', { amount: a.high, name: seatName(ctx, a.highBidder!) })) : null;
  const auctionLines = auction ? flowLines(flowWordsBold(m, auction), IW) : [];
  const cardsH = (rows: number) => rows * (CARD_H + CARD_GAP);
  const h = 10 + LINE + cardsH(cRows) + auctionLines.length * FLOW_LINE + LINE + cardsH(1) + 4;
  return {
    h,
    draw: (g, y) => panel(g, 'cards on offer', PAD, y, W - 2 * PAD, h, () => {
      fillRoundRect(g, PAD, y, W - 2 * PAD, h, 12, PANEL);
      let cy = y + 10 + LINE / 2;
      text(g, t(v.ladder ? 'contractsChoice' : 'contracts'), PAD + IN, cy, { bold: true, max: IW });
      let top = y + 10 + LINE;
      if (shown.length === 0) text(g, t('noneLeft'), PAD + IN, top + CARD_H / 2, { color: MUTED, max: IW });
      shown.forEach(({ card, i }, k) => {
        const x = PAD + IN + (k % PER_ROW) * (CW + CARD_GAP);
        const yy = top + Math.floor(k / PER_ROW) * (CARD_H + CARD_GAP);
        contractCard(g, t, card, x, yy, CW, { ...(v.ladder ? { price: pickValue(v, i) } : {}), highlight: !!a && a.card === card });
      });
      top += cardsH(cRows);
      if (auctionLines.length > 0) top = drawLines(g, auctionLines, PAD + IN, top + FLOW_LINE / 2) - FLOW_LINE / 2;
      cy = top + LINE / 2;
      text(g, t('equipmentRow', { count: v.equipmentDeckCount }), PAD + IN, cy, { bold: true, max: IW });
      top += LINE;
      v.equipmentRow.forEach((card, k) => equipmentCard(g, t, card, PAD + IN + k * (CW + CARD_GAP), top, CW));
      if (v.equipmentRow.length === 0) text(g, t('noneLeft'), PAD + IN, top + CARD_H / 2, { color: MUTED, max: IW });
    }),
  };
}

function flowWordsBold(m: Ctx, s: string): Item[] {
  return s.split(' ').filter(Boolean).map((w) => textItem(m, w, { bold: true, color: ACCENT }));
}

function legendBlock(m: Ctx, t: T): Block {
  const lines = legendLines(m, t, IW);
  const h = 12 + LINE + lines.length * FLOW_LINE;
  return {
    h,
    draw: (g, y) => panel(g, 'legend', PAD, y, W - 2 * PAD, h, () => {
      fillRoundRect(g, PAD, y, W - 2 * PAD, h, 12, PANEL);
      text(g, t('legendTitle'), PAD + IN, y + 8 + LINE / 2, { bold: true, max: IW });
      drawLines(g, lines, PAD + IN, y + 8 + LINE + FLOW_LINE / 2);
    }),
  };
}

function blocks(v: PalermoPublicView, ctx: RenderContext): Block[] {
  const m = measureCtx();
  const t = tOf(ctx);
  const out = [marketBlock(m, v, t), rowsBlock(m, v, ctx, t)];
  for (let seat = 0; seat < v.seats; seat++) out.push(playerBlock(m, v, seat, ctx, t));
  out.push(legendBlock(m, t));
  return out;
}

const TOP = 56;
const GAP = 10;


export function renderPalermoBoard(v: PalermoPublicView, ctx: RenderContext): Buffer {
  const all = blocks(v, ctx);
  const H = TOP + GAP + all.reduce((a, b) => a + b.h + GAP, 0) + PAD - GAP;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  const t = tOf(ctx);
  g.fillStyle = HEADER;
  g.fillRect(0, 0, W, TOP);
  drawText(g, fitNames(g, (short) => phaseText(v, ctx, t, short), W - 2 * PAD, BIG, true), PAD, TOP / 2, { size: BIG, bold: true, color: '#ffffff', maxWidth: W - 2 * PAD });
  let y = TOP + GAP;
  for (const b of all) {
    b.draw(g, y);
    y += b.h + GAP;
  }
  return encodePng(canvas);
}
