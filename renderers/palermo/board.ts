/**
 * The public board, about as tall as it is wide: turn and phase by name, the market and Mafia
 * spaces with their next prices, the contracts and equipment on offer with the auction under way,
 * then the players' panels in two newspaper columns with the legend at the foot of the second.
 * Heights come from a layout pass, so long names and full boards never run past their panels.
 */
import { BK, contractType, equipmentType, marketPrice, mafiaPrice, MV, RECYCLABLE } from '../../src/games/palermo/constants.js';
import { pickValue } from '../../src/games/palermo/freeChoice.js';
import { phaseNameKey } from '../../src/games/palermo/presentation.js';
import type { PalermoPublicView } from '../../src/games/palermo/types.js';
import { createImageCanvas, drawText, encodePng, fillRoundRect, panel, type Ctx, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { contractItem, drawFlow, groupRooms, offerItem, STEP } from './compact.js';
import { rooms } from '../../src/games/palermo/rooms.js';
import { legendBlock, type Shown } from './legend.js';
import { ACCENT, BG, BIG, money, cube, cubeWidth, flowLines, HEADER, PAD, PANEL, seatName, text, textItem, textWidth, tOf, wordItems, type Item, type T } from './parts.js';
import { activeSeat, playerBlock, type Block } from './players.js';

/** Board width: 1000 px keeps 25 px text at the phone minimum and leaves room for two columns. */
export const BOARD_W = 1000;
const IN = 10;
const GAP = 7;
const COL = (BOARD_W - 2 * PAD - GAP) / 2;
const IW = BOARD_W - 2 * PAD - 2 * IN;
const HEAD_LINE = 34;

/**
 * The header: the turn and the phase by name, and who acts when that fits on the line (the
 * player's panel says it too). Set-up and end texts wrap rather than shorten.
 */
function headerLines(m: Ctx, v: PalermoPublicView, ctx: RenderContext, t: T): string[] {
  const width = BOARD_W - 2 * PAD;
  if (v.phase === 'over' || v.phase === 'setup') return wrapWords(m, t(v.phase === 'over' ? 'over' : 'setup'), width);
  const at = t('turnPhase', { turn: v.turn, turns: v.turns, phase: ctx.t(phaseNameKey(v)) });
  const who = seatName(ctx, activeSeat(v)!);
  const actor = v.phase === 'D'
    ? t(v.ladder ? 'toChoose' : v.step === 'name' ? 'toName' : 'toBid', { name: who })
    : t('toAct', { name: who, step: ctx.t(`palermo.step.${v.step}`) });
  const one = `${at} · ${actor}`;
  return [textWidth(m, one, BIG, true) <= width ? one : at];
}

/** Words over as many lines as they need in the header font. */
function wrapWords(m: Ctx, s: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of s.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textWidth(m, `${last} ${word}`, BIG, true) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function flowBlock(name: string, lines: Item[][]): Block {
  const h = 6 + lines.length * STEP;
  return {
    h,
    draw: (g, x, y, hh) => panel(g, name, x, y, BOARD_W - 2 * PAD, hh, () => {
      fillRoundRect(g, x, y, BOARD_W - 2 * PAD, hh, 10, PANEL);
      drawFlow(g, lines, x + IN, y + 3 + STEP / 2);
    }),
  };
}

function marketBlock(m: Ctx, v: PalermoPublicView, t: T): Block {
  const mafia = v.mafia.reduce((a, n) => a + n, 0);
  const market: Item[] = [textItem(m, t('market'), { bold: true })];
  for (const c of RECYCLABLE) {
    const price = `→ ${marketPrice(c, v.market[c]!)} Mβ`;
    const pw = textWidth(m, price, undefined, true);
    const count = v.market[c]!;
    market.push({ w: cubeWidth(count) + 4 + pw + 6, draw: (g, x, cy) => { const dx = cube(g, c, count, x, cy); text(g, price, x + dx, cy, { bold: true, color: '#1d6b35' }); } });
  }
  const prices = t('mafiaPrices', { common: mafiaPrice(0, mafia), mv: mafiaPrice(MV, mafia), bk: mafiaPrice(BK, mafia) });
  const line2 = [textItem(m, t('mafiaSpace', { count: mafia }), { bold: true }), ...wordItems(m, prices)];
  return flowBlock('market', [...flowLines(market, IW), ...flowLines(line2, IW)]);
}

/** The auction under way in words: the contract, the best bid and by whom, whose turn, who is in. */
function auctionItems(m: Ctx, v: PalermoPublicView, ctx: RenderContext, t: T): Item[][] {
  const a = v.auction;
  if (v.phase !== 'D' || !a || v.ladder) return [];
  const name = (seat: number) => seatName(ctx, seat);
  const bold = (s: string) => wordItems(m, s, { bold: true, color: ACCENT });
  if (a.card === null) return flowLines(bold(t('naming', { name: name(a.opener) })), IW);
  const id = contractType(a.card).id;
  const best = a.high === null ? t('noBid', { id, max: money(contractType(a.card).price) }) : t('bestBid', { id, amount: money(a.high), name: name(a.highBidder!) });
  // Whose turn it is stands in the header; who is still in, in each player's panel.
  return flowLines(bold(best), IW);
}

function offersBlock(m: Ctx, v: PalermoPublicView, ctx: RenderContext, t: T): Block {
  const a = v.auction;
  const label = (s: string) => textItem(m, s, { bold: true });
  const empty = (s: string) => textItem(m, s, { color: '#6b645a' });
  // Contracts already auctioned this phase are gone; the one under auction is framed in red.
  const shown = v.contractRow.map((card, i) => ({ card, i })).filter(({ card }) => !(a && a.card !== card && !a.unoffered.includes(card)));
  const contracts: Item[] = [label(t(v.ladder ? 'contractsChoice' : 'contracts'))];
  for (const { card, i } of shown) contracts.push(contractItem(m, t, { card, price: v.ladder ? pickValue(v, i) : contractType(card).price, life: null }, !!a && a.card === card));
  if (shown.length === 0) contracts.push(empty(t(v.phase === 'setup' ? 'notDealt' : 'noneLeft')));
  const equipment: Item[] = [label(t('equipmentRow', { count: v.equipmentDeckCount }))];
  // Two copies of one card on offer read as one pill ("2× S1"), like bought cards.
  const ids = v.equipmentRow.map((card) => equipmentType(card).id);
  v.equipmentRow.forEach((card, i) => { if (ids.indexOf(ids[i]!) === i) equipment.push(offerItem(m, t, card, ids.filter((id) => id === ids[i]).length)); });
  if (v.equipmentRow.length === 0) equipment.push(empty(t(v.phase === 'setup' ? 'notDealt' : 'noneLeft')));
  return flowBlock('cards on offer', [...flowLines(contracts, IW), ...auctionItems(m, v, ctx, t), ...flowLines(equipment, IW)]);
}

/** The id of the first cards drawn as one pill ("2× I1"), for the legend's example. */
function copiesShown(v: PalermoPublicView): string | null {
  const ids = v.equipmentRow.map((c) => equipmentType(c).id);
  const offered = ids.find((id, i) => ids.indexOf(id) !== i);
  if (offered) return offered;
  for (const b of v.boards) for (const g of groupRooms(rooms(b))) if (g.copies > 1) return g.room.id;
  return null;
}

/** Players in two columns, read down the first then the second, balanced by height. */
function columns(blocks: Block[], tail: Block | null): { left: Block[]; right: Block[]; h: number } {
  let best = { left: blocks, right: tail ? [tail] : [], h: Infinity };
  for (let k = 1; k <= blocks.length; k++) {
    const left = blocks.slice(0, k), right = [...blocks.slice(k), ...(tail ? [tail] : [])];
    const h = Math.max(...[left, right].map((c) => c.reduce((s, b) => s + b.h + GAP, 0)));
    if (h < best.h) best = { left, right, h };
  }
  return best;
}

/** The legend ends the second column, or spans the foot of the board: whichever is shorter. */
function layout(m: Ctx, players: Block[], t: T, shown: Shown): { left: Block[]; right: Block[]; foot: Block | null; h: number } {
  const inColumn = columns(players, legendBlock(m, t, COL, shown));
  const foot = legendBlock(m, t, BOARD_W - 2 * PAD, shown);
  const above = columns(players, null);
  return above.h + foot.h + GAP < inColumn.h ? { ...above, foot, h: above.h + foot.h + GAP } : { ...inColumn, foot: null };
}

export function renderPalermoBoard(v: PalermoPublicView, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const t = tOf(ctx);
  const head = headerLines(m, v, ctx, t);
  const top = 6 + head.length * HEAD_LINE;
  const full = [marketBlock(m, v, t), offersBlock(m, v, ctx, t)];
  const players = Array.from({ length: v.seats }, (_, seat) => playerBlock(m, v, seat, ctx, t, COL));
  const bought = v.boards.flatMap((b) => b.equipment.map((e) => equipmentType(e.card).kind));
  const shown: Shown = { bought: bought.length > 0, factory: bought.some((k) => k !== 'storage'), offer: v.equipmentRow.length > 0, debt: v.boards.some((b) => b.debt > 0), copies: copiesShown(v) };
  const { left, right, foot, h } = layout(m, players, t, shown);
  const fullH = full.reduce((s, b) => s + b.h + GAP, 0);
  const H = top + GAP + fullH + h - GAP + PAD;
  const { canvas, g } = createImageCanvas(BOARD_W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, BOARD_W, H);
  g.fillStyle = HEADER;
  g.fillRect(0, 0, BOARD_W, top);
  head.forEach((line, i) => drawText(g, line, PAD, 3 + HEAD_LINE * (i + 0.5), { size: BIG, bold: true, color: '#ffffff', maxWidth: BOARD_W - 2 * PAD }));
  let y = top + GAP;
  for (const b of full) {
    b.draw(g, PAD, y, b.h);
    y += b.h + GAP;
  }
  const bottom = H - PAD - (foot ? foot.h + GAP : 0);
  [left, right].forEach((col, i) => {
    let cy = y;
    const x = PAD + i * (COL + GAP);
    col.forEach((b, k) => {
      // The last panel of each column reaches the same line, so both columns end together.
      b.draw(g, x, cy, k === col.length - 1 ? bottom - cy : b.h);
      cy += b.h + GAP;
    });
  });
  if (foot) foot.draw(g, PAD, bottom + GAP, foot.h);
  return encodePng(canvas);
}
