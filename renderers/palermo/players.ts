/**
 * One player's panel on the board: the name (wrapped before it is shortened), money and cards in
 * hand, then the contracts and the places that hold cubes as one flow of pills, and the cubes
 * still waiting. Panels sit in a grid, so each is laid out for a given width.
 */
import { HAND_SIZE } from '../../src/games/palermo/constants.js';
import { rooms } from '../../src/games/palermo/rooms.js';
import type { PalermoPublicView } from '../../src/games/palermo/types.js';
import { drawText, fillRoundRect, panel, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { contractItem, drawFlow, groupRooms, placeItem, STEP, waitingItems, wrapName } from './compact.js';
import { ACCENT, flowLines, INK, MUTED, PANEL, seatName, textItem, textWidth, wordItems, type Item, type T } from './parts.js';

const IN = 8;
const NAME_LINE = 30;
const NAME_SIZE = 25;

export interface Block {
  h: number;
  /** Draws at (x, y), stretched to `h` when its column is taller. */
  draw: (g: Ctx, x: number, y: number, h: number) => void;
}

/** The seat whose move it is now, or null at set-up and at the end. */
export function activeSeat(v: PalermoPublicView): number | null {
  if (v.phase === 'over' || v.phase === 'setup') return null;
  if (v.phase === 'D' && v.auction) return v.step === 'name' ? v.auction.opener : v.auction.turn;
  return v.step === 'answer' && v.offer ? v.offer.buyer : v.current;
}

/**
 * What a seat is doing, shown in its panel: the step of the player to move, or where each seat
 * stands in the auction under way (the header names the phase only, so long names never wrap it).
 */
function doingNow(v: PalermoPublicView, seat: number, ctx: RenderContext): { text: string; muted?: boolean } | null {
  const t = (k: string) => ctx.t(`palermo.render.${k}`);
  const a = v.auction;
  if (v.phase === 'D' && a && !v.ladder) {
    if (!a.eligible[seat]) return { text: t('bidding.won'), muted: true };
    if (a.card === null) return a.opener === seat ? { text: t('bidding.naming') } : null;
    if (!a.active[seat]) return { text: t('bidding.passed'), muted: true };
    return { text: t(a.turn === seat ? 'bidding.now' : 'bidding.in') };
  }
  if (activeSeat(v) !== seat) return null;
  return { text: v.phase === 'D' ? t('bidding.choosing') : ctx.t(`palermo.step.${v.step}`) };
}

export function playerBlock(m: Ctx, v: PalermoPublicView, seat: number, ctx: RenderContext, t: T, width: number): Block {
  const b = v.boards[seat]!;
  const iw = width - 2 * IN;
  const star = seat === v.firstPlayer ? ' ★' : '';
  const names = wrapName(m, seatName(ctx, seat) + star, iw, NAME_SIZE, true);
  const money: Item[] = [textItem(m, t('cash', { cash: b.cash }), { bold: true })];
  if (b.debt > 0) money.push(textItem(m, t('debtScore', { debt: b.debt, score: b.cash - 2 * b.debt }), { bold: true, color: ACCENT }));
  // A full hand is the rule; only another count is worth a word (none is dealt before set-up ends).
  if (b.handCount !== HAND_SIZE && v.phase !== 'setup') money.push(textItem(m, t('hand', { count: b.handCount })));
  const doing = doingNow(v, seat, ctx);
  if (doing) money.push(...wordItems(m, doing.text, { bold: true, color: doing.muted ? MUTED : ACCENT }));
  // The name's last line leads the money line, so a short name shares it.
  const last = names[names.length - 1]!;
  const nameItem: Item = { w: textWidth(m, last, NAME_SIZE, true) + 8, draw: (g, x, cy) => drawText(g, last, x, cy, { size: NAME_SIZE, bold: true, color: INK }) };
  const items: Item[] = [];
  if (b.contracts.length === 0) items.push(textItem(m, t('noContracts'), { color: MUTED }));
  for (const c of b.contracts) items.push(contractItem(m, t, c, false, iw));
  for (const { room, copies } of groupRooms(rooms(b))) items.push(placeItem(m, t, room, copies));
  if (b.bulk.some((n) => n > 0)) items.push(...waitingItems(m, t('bulk'), b.bulk, false, iw));
  if (b.sorted.some((n) => n > 0)) items.push(...waitingItems(m, t('sorted'), b.sorted, false, iw));
  if (b.toMafia.some((n) => n > 0)) items.push(...waitingItems(m, t('toMafia'), b.toMafia, true, iw));
  const moneyLines = flowLines([nameItem, ...money], iw);
  const lines = flowLines(items, iw);
  const head = (names.length - 1) * NAME_LINE + moneyLines.length * STEP;
  const h = 4 + head + lines.length * STEP + 2;
  return {
    h,
    draw: (g, x, y, h) => {
      const active = activeSeat(v) === seat;
      panel(g, `player ${seat + 1}`, x, y, width, h, () => {
        fillRoundRect(g, x, y, width, h, 10, active ? '#fff8e6' : PANEL);
        if (active) fillRoundRect(g, x, y, 7, h, 3, ACCENT);
        let cy = y + 4 + NAME_LINE / 2;
        for (const line of names.slice(0, -1)) {
          drawText(g, line, x + IN, cy, { size: NAME_SIZE, bold: true, color: INK });
          cy += NAME_LINE;
        }
        const top = y + 4 + (names.length - 1) * NAME_LINE;
        drawFlow(g, moneyLines, x + IN, top + STEP / 2);
        drawFlow(g, lines, x + IN, top + moneyLines.length * STEP + STEP / 2);
      });
    },
  };
}
