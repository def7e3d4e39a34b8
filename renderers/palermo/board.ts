/**
 * The public board, portrait: turn and phase, market and Mafia spaces with their next prices,
 * the contract and equipment rows (with the auction under way), then every player's board.
 */
import { BK, marketPrice, mafiaPrice, MV, NC, RECYCLABLE } from '../../src/games/palermo/constants.js';
import { pickValue } from '../../src/games/palermo/freeChoice.js';
import type { Board, PalermoPublicView } from '../../src/games/palermo/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, BG, BIG, contractChip, contractChipWidth, cube, cubes, equipmentChip, INK, LINE, MUTED, PANEL, seatName, text, W } from './parts.js';

const PAD = 16;
const PLAYER_H = 6 * LINE + 16;

function phaseText(v: PalermoPublicView, ctx: RenderContext): string {
  const t = (k: string, a?: Record<string, string | number>) => ctx.t(`palermo.render.${k}`, a);
  if (v.phase === 'over') return t('over');
  if (v.phase === 'setup') return t('setup');
  const who = v.phase === 'D' && v.auction ? (v.step === 'name' ? v.auction.opener : v.auction.turn) : v.step === 'answer' && v.offer ? v.offer.buyer : v.current;
  if (v.phase === 'D') return t(v.ladder ? 'phaseDChoice' : 'phaseD', { turn: v.turn, turns: v.turns, name: seatName(ctx, who) });
  return t('phase', { turn: v.turn, turns: v.turns, phase: v.phase, step: ctx.t(`palermo.step.${v.step}`), name: seatName(ctx, who) });
}

function sum(b: Board): number[] {
  const out = new Array(NC).fill(0);
  for (let c = 0; c < NC; c++) out[c] = b.recycling[c]! + b.incin2[c]! + b.incin1[c]! + b.decon[c]!;
  return out;
}

function drawPlayer(g: Ctx, v: PalermoPublicView, seat: number, y: number, ctx: RenderContext): void {
  const b = v.boards[seat]!;
  const t = (k: string, a?: Record<string, string | number>) => ctx.t(`palermo.render.${k}`, a);
  const active = v.phase !== 'over' && v.phase !== 'setup' && (v.phase === 'D' && v.auction ? (v.step === 'name' ? v.auction.opener : v.auction.turn) === seat : v.current === seat);
  fillRoundRect(g, PAD, y, W - 2 * PAD, PLAYER_H - 10, 12, active ? '#fff8e6' : PANEL);
  if (active) fillRoundRect(g, PAD, y, 8, PLAYER_H - 10, 4, ACCENT);
  let cy = y + 8 + LINE / 2;
  const x0 = PAD + 20;
  const first = seat === v.firstPlayer ? ' ★' : '';
  const money = t('money', { cash: b.cash, debt: b.debt, score: b.cash - 2 * b.debt });
  text(g, money, W - PAD - 380, cy, { bold: true, color: b.debt > 0 ? ACCENT : INK, max: 365 });
  text(g, seatName(ctx, seat) + first, x0, cy, { bold: true, size: BIG, max: W - 2 * PAD - 420 });
  cy += LINE + 4;
  let x = x0;
  if (b.contracts.length === 0) text(g, t('noContracts'), x, cy, { color: MUTED });
  for (const c of b.contracts) {
    if (x > W - 240) break;
    x += contractChip(g, c.card, x, cy, c.price, c.life);
  }
  cy += LINE + 4;
  x = x0 + text(g, t('equipment', { count: b.handCount }), x0, cy, { color: MUTED });
  for (const e of b.equipment) {
    if (x > W - 90) break;
    x += equipmentChip(g, e.card, x, cy);
  }
  cy += LINE;
  x = x0 + text(g, t('bulk'), x0, cy, { color: MUTED });
  x += cubes(g, x, cy, b.bulk) + 14;
  x += text(g, t('sorted'), x, cy, { color: MUTED });
  cubes(g, x, cy, b.sorted);
  cy += LINE;
  x = x0 + text(g, t('storage'), x0, cy, { color: MUTED });
  cubes(g, x, cy, b.storage);
  cy += LINE;
  x = x0 + text(g, t('factories'), x0, cy, { color: MUTED });
  x += cubes(g, x, cy, sum(b)) + 14;
  if (b.toMafia.some((n) => n > 0)) {
    x += text(g, t('toMafia'), x, cy, { color: ACCENT });
    cubes(g, x, cy, b.toMafia);
  }
}

/**
 * Lines of the contract row (one card on offer per seat): the widest chip takes more than half a
 * line, so the first line may hold one and each next line two.
 */
function contractLines(v: PalermoPublicView): number {
  return Math.ceil((v.seats + 1) / 2);
}

/** Contract lines, the auction line and the equipment line. */
function rowLines(v: PalermoPublicView): number {
  return contractLines(v) + 2;
}

export function boardHeight(v: PalermoPublicView): number {
  return 60 + 2 * LINE + 30 + rowLines(v) * (LINE + 12) + 20 + v.seats * PLAYER_H + PAD;
}

export function renderPalermoBoard(v: PalermoPublicView, ctx: RenderContext): Buffer {
  const H = boardHeight(v);
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  const t = (k: string, a?: Record<string, string | number>) => ctx.t(`palermo.render.${k}`, a);
  // Header.
  fillRoundRect(g, 0, 0, W, 56, 0, '#2d3a2e');
  drawText(g, phaseText(v, ctx), PAD, 28, { size: BIG, bold: true, color: '#ffffff', maxWidth: W - 2 * PAD });
  let y = 66;
  // Market: one swatch per colour with its count, then the next price.
  fillRoundRect(g, PAD, y, W - 2 * PAD, 2 * LINE + 20, 12, PANEL);
  let cy = y + 10 + LINE / 2;
  let x = PAD + 12 + text(g, t('market'), PAD + 12, cy, { bold: true });
  for (const c of RECYCLABLE) {
    x += cube(g, c, v.market[c]!, x, cy);
    x += text(g, `→${marketPrice(c, v.market[c]!)}`, x, cy, { bold: true, color: '#1d6b35' }) + 4;
  }
  cy += LINE + 2;
  const mafia = v.mafia.reduce((a, n) => a + n, 0);
  x = PAD + 12 + text(g, t('mafia', { count: mafia }), PAD + 12, cy, { bold: true });
  x += cube(g, 0, mafiaPrice(0, mafia), x, cy);
  x += cube(g, MV, mafiaPrice(MV, mafia), x, cy);
  x += cube(g, BK, mafiaPrice(BK, mafia), x, cy);
  text(g, t('mafiaPrices'), x + 6, cy, { color: MUTED, max: W - PAD - x - 16 });
  y += 2 * LINE + 30;
  // Contract row (and the auction under way), equipment row.
  const rows: [string, () => void][] = [];
  const a = v.auction;
  // Contract chips flow over as many lines as the widest cards need: the first line starts after
  // the label, the next ones at the panel's left edge (two of the widest chips fit there).
  const shown = v.contractRow.map((card, i) => ({ card, i })).filter(({ card }) => !(a && a.card !== card && !a.unoffered.includes(card)));
  const lines: { card: number; i: number }[][] = [[]];
  let lx = PAD + 12 + 170;
  for (const item of shown) {
    const w = contractChipWidth(g, item.card, v.ladder ? pickValue(v, item.i) : undefined) + 8;
    if (lx + w > W - PAD && lines.at(-1)!.length > 0) {
      lines.push([]);
      lx = PAD + 12;
    }
    lines.at(-1)!.push(item);
    lx += w;
  }
  for (let line = 0; line < contractLines(v); line++) {
    rows.push([line === 0 ? t('contracts') : '', () => {
      let rx = line === 0 ? PAD + 12 + 170 : PAD + 12;
      for (const { card, i } of lines[line] ?? []) {
        // Free-choice variant: each card at what it pays now.
        if (v.ladder) {
          rx += contractChip(g, card, rx, cy, pickValue(v, i)) + 8;
          continue;
        }
        const onAuction = a && a.card === card;
        if (onAuction) fillRoundRect(g, rx - 2, cy - 23, 8, 46, 3, ACCENT);
        rx += contractChip(g, card, rx + (onAuction ? 8 : 0), cy) + 8;
      }
    }]);
  }
  if (a && a.card !== null) {
    rows.push([t('auction'), () => {
      const low = a.high === null ? t('noBid') : t('lowBid', { amount: a.high, name: seatName(ctx, a.highBidder!) });
      text(g, low, PAD + 12 + 170, cy, { bold: true, color: ACCENT, max: W - 2 * PAD - 190 });
    }]);
  }
  rows.push([t('equipmentRow', { count: v.equipmentDeckCount }), () => {
    let rx = PAD + 12 + 170;
    for (const card of v.equipmentRow) rx += equipmentChip(g, card, rx, cy, true);
  }]);
  fillRoundRect(g, PAD, y, W - 2 * PAD, rowLines(v) * (LINE + 12), 12, PANEL);
  cy = y + 10 + LINE / 2;
  for (const [label, draw] of rows) {
    text(g, label, PAD + 12, cy, { bold: true, max: 160 });
    draw();
    cy += LINE + 10;
  }
  y += rowLines(v) * (LINE + 12) + 20;
  for (let seat = 0; seat < v.seats; seat++) {
    drawPlayer(g, v, seat, y, ctx);
    y += PLAYER_H;
  }
  return encodePng(canvas);
}
