/**
 * A player's production-factor panel: pawn and name (wrapped), the three service rows, silo and
 * loans beside them, the depot, then the cards in hand or the card kept for the next mission.
 * Its height depends on the name and the cards, so a grid row takes the taller of its panels.
 */
import { DEPOT_MAX, GREEN_MAX, YELLOW_MAX } from '../../src/games/mull-money/constants.js';
import type { Card, MullPublicView, PlayerView } from '../../src/games/mull-money/types.js';
import { closePanel, drawText, font, setFont, textWidth, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { ACCENT, EDGE, HOLES_W, INK, LINE, MIN_TEXT, MUTED, card, cardNameLines, chipHeight, euroBadge, loanChip, panel, pawn, seatName, serviceRow, wasteTrack } from './parts.js';
import { nameLines } from './text.js';

const TOP = 8, ROW = 26, BOTTOM = 8, CHIP_GAP = 5;

export interface PanelOptions {
  /** Draw the hand and kept cards as chips (the hand image draws them large instead). */
  cards: boolean;
  /** Lines of the tallest card name in the image, so all chips share a height. */
  chipLines: number;
  /** Shown only to its owner, or to everyone once the game is over. */
  cash: number | null;
  highlight: boolean;
}

/** Cards the panel shows: the hand, or the kept card between missions. */
export function shownCards(p: PlayerView): Card[] {
  return p.hand.length ? p.hand : p.kept ? [p.kept] : [];
}

/** The name's lines: the first leaves room for the Euro badge of the first player. */
function panelNameLines(g: Ctx, ctx: RenderContext, view: MullPublicView, p: PlayerView, w: number): string[] {
  const width = w - 64;
  return nameLines(g, seatName(ctx, p.seat), width, MIN_TEXT + 2, true, width - (p.seat === view.first ? 34 : 0));
}

function chipWidth(w: number): number {
  return Math.floor((w - 28 - CHIP_GAP) / 2);
}

interface ChipPlace {
  card: Card;
  row: number;
  col: 0 | 1;
  /** The whole row: the name would wrap in half of it. */
  full: boolean;
}

/**
 * The hand's chips, two to a row. A card whose name would wrap in half a row ("Einstellen/
 * Entlassen") takes a row of its own, after the others: one more row in this panel is lower
 * than every chip of the image growing a line.
 */
function chipPlaces(g: Ctx, ctx: RenderContext, cards: readonly Card[], w: number): ChipPlace[] {
  const cw = chipWidth(w);
  const long = (c: Card) => cardNameLines(g, ctx, c, cw).length > 1 && cardNameLines(g, ctx, c, 2 * cw + CHIP_GAP).length === 1;
  const pairs = cards.filter((c) => !long(c)), alone = cards.filter(long);
  const rows = Math.ceil(pairs.length / 2);
  return [
    ...pairs.map((c, i) => ({ card: c, row: Math.floor(i / 2), col: (i % 2) as 0 | 1, full: false })),
    ...alone.map((c, i) => ({ card: c, row: rows + i, col: 0 as const, full: true })),
  ];
}

/** Lines the panel's chips need as placed (the board gives all chips the most of any panel). */
export function panelChipLines(g: Ctx, ctx: RenderContext, p: PlayerView, w: number): number {
  const cw = chipWidth(w);
  if (p.kept && !p.hand.length) return cardNameLines(g, ctx, p.kept, cw).length;
  return Math.max(1, ...chipPlaces(g, ctx, p.hand, w).map((c) => cardNameLines(g, ctx, c.card, c.full ? 2 * cw + CHIP_GAP : cw).length));
}

export function panelHeight(g: Ctx, ctx: RenderContext, view: MullPublicView, p: PlayerView, w: number, o: PanelOptions): number {
  const names = panelNameLines(g, ctx, view, p, w).length;
  const cards = o.cards ? shownCards(p) : [];
  // A done player's empty hand says so on a line of its own.
  const rows = !cards.length ? 0 : p.hand.length ? 1 + Math.max(...chipPlaces(g, ctx, p.hand, w).map((c) => c.row)) : 1;
  const done = !cards.length && doneLine(view, p) ? LINE + 4 : 0;
  const cash = o.cash !== null ? LINE + 4 : 0;
  return TOP + names * LINE + 6 + 3 * ROW + (rows ? 6 + rows * (chipHeight(o.chipLines) + CHIP_GAP) - CHIP_GAP : done) + cash + BOTTOM;
}

function doneLine(view: MullPublicView, p: PlayerView): boolean {
  return p.done && view.phase === 'play' && !p.kept && p.hand.length === 0;
}

/** Width of the label column of the service rows: the longest label in this language. */
function labelWidth(g: Ctx, labels: string[]): number {
  setFont(g, font(MIN_TEXT));
  return Math.ceil(Math.max(...labels.map((l) => textWidth(g, l)))) + 10;
}

export function drawPlayerPanel(g: Ctx, ctx: RenderContext, view: MullPublicView, p: PlayerView, x: number, y: number, w: number, h: number, o: PanelOptions): void {
  panel(g, x, y, w, h - 1, o.highlight ? ACCENT : EDGE, o.highlight ? 3 : 1);
  const ix = x + 14, iw = w - 28;
  const names = panelNameLines(g, ctx, view, p, w);
  pawn(g, ctx, p.seat, x + 28, y + TOP + LINE / 2 + 1, 14);
  names.forEach((line, i) => drawText(g, line, x + 50, y + TOP + LINE / 2 + 1 + i * LINE, { size: MIN_TEXT + 2, bold: true, color: INK }));
  // The first player of the mission holds the Euro, as on the table.
  if (p.seat === view.first) euroBadge(g, x + w - 28, y + TOP + LINE / 2 + 1);
  let cy = y + TOP + names.length * LINE + 6 + ROW / 2;
  const labels = [ctx.t('mull-money.render.personnel'), ctx.t('mull-money.render.raw'), ctx.t('mull-money.render.waste')];
  const lw = labelWidth(g, labels);
  serviceRow(g, labels[0]!, p.personnel, ix, cy, lw);
  serviceRow(g, labels[1]!, p.raw, ix, cy + ROW, lw);
  serviceRow(g, labels[2]!, p.waste, ix, cy + 2 * ROW, lw);
  // Silo, loans and the depot beside the holes (the legend says what each is).
  const rx = ix + lw + HOLES_W + 12, rw = ix + iw - rx;
  const cash = o.cash !== null ? ctx.t('mull-money.render.cash', { cash: o.cash }) : '';
  drawText(g, ctx.t('mull-money.render.silo', { silo: p.silo }), rx, cy, { size: MIN_TEXT, color: INK });
  if (p.loans > 0) {
    const cw = loanChip(g, rx, cy + ROW);
    drawText(g, ctx.t('mull-money.render.loans', { loans: p.loans }), rx + cw + 4, cy + ROW, { size: MIN_TEXT, bold: true, color: INK });
  }
  if (!view.experimental) wasteTrack(g, '', p.depot, DEPOT_MAX, GREEN_MAX, YELLOW_MAX, rx, cy + 2 * ROW, rw);
  cy += 2 * ROW + ROW / 2;
  if (o.cards) {
    const cw = chipWidth(w), ch = chipHeight(o.chipLines);
    cy += 6;
    if (p.kept && !p.hand.length) {
      // The kept card waits for the next mission: its chip sits after the word that says so.
      drawText(g, ctx.t('mull-money.render.kept'), ix, cy + ch / 2, { size: MIN_TEXT, color: MUTED });
      card(g, ctx, p.kept, ix + cw + CHIP_GAP, cy, cw, ch);
    } else for (const c of chipPlaces(g, ctx, p.hand, w)) card(g, ctx, c.card, ix + c.col * (cw + CHIP_GAP), cy + c.row * (ch + CHIP_GAP), c.full ? 2 * cw + CHIP_GAP : cw, ch);
    if (doneLine(view, p)) drawText(g, ctx.t('mull-money.render.done'), ix, cy + LINE / 2 - 2, { size: MIN_TEXT, color: MUTED });
  }
  // Cash is known only at the end (and to its owner, whose image shows it apart): a line of its own.
  if (cash) drawText(g, cash, ix, y + h - BOTTOM - LINE / 2, { size: MIN_TEXT, bold: true, color: '#2f6b3a' });
  closePanel();
}
