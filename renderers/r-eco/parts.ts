/** Pieces shared by the R-Eco board, hand and final images. */
import type { Reward } from '../../src/games/r-eco/types.js';
import {
  COLOURS,
  blit,
  colourStyle,
  drawSymbol,
  drawText,
  fillRoundRect,
  strokeRoundRect,
  type Ctx,
} from '../canvas.js';
import type { RenderContext } from '../types.js';
import { REWARD_CHIP, layoutRow, rewardCard } from './cards.js';

export const INK = '#1f2d29';
export const MUTED = '#5b6b65';
export const BG = '#eef2ec';
export const PANEL = '#ffffff';
export const PANEL_EDGE = '#cfd9d3';
export const DEEP = '#23443c';
export const HIGHLIGHT = '#fff1c2';
export const ACCENT = '#e09f00';
/** The green of the header rule and the hand's side strip. */
export const LEAF = '#3c8f6e';

/** A seat's display name, or "Player n" when the context has none. */
export function seatName(ctx: RenderContext, seat: number): string {
  const name = ctx.names[seat];
  return name !== undefined && name.trim() !== '' ? name : ctx.t('render.seat', { number: seat + 1 });
}

/** Localised colour names in board order, part of cache keys for layers that show them. */
export function colourLabels(ctx: RenderContext): string[] {
  return COLOURS.map((c) => ctx.t(`render.colour.${c}`));
}

/** Width of one colour group of reward chips in the player rows. */
export const GROUP_W = 136;
export const GROUP_H = 40;
export const GROUP_GAP = 6;

/** The tinted background of one colour group, with the colour's shape at its left edge. */
function drawGroupBackground(g: Ctx, colour: string, x: number, y: number): void {
  const st = colourStyle(colour);
  fillRoundRect(g, x, y, GROUP_W, GROUP_H, 7, st.light);
  drawSymbol(g, colour, x + 10, y + GROUP_H / 2, 4.5, st.fill, st.dark, 1);
}

/**
 * A player's reward cards as chips, one tinted group per colour (backgrounds come from the static
 * layer). With `fadeSingles`, a colour holding one card is drawn faded: it scores nothing.
 */
export function drawRewardGroups(
  g: Ctx,
  rewards: readonly Reward[],
  x: number,
  y: number,
  fadeSingles: boolean,
): void {
  COLOURS.forEach((colour, i) => {
    const values: number[] = [];
    for (const r of rewards) if (r.colour === colour) values.push(r.value);
    const gx = x + i * (GROUP_W + GROUP_GAP);
    const faded = fadeSingles && values.length === 1;
    if (faded) g.globalAlpha = 0.4;
    layoutRow(values.length, gx + 20, REWARD_CHIP.w, REWARD_CHIP.w + 1, GROUP_W - 22, (j, cx) => {
      blit(g, rewardCard(colour, values[j] ?? 0, REWARD_CHIP), cx, y + (GROUP_H - REWARD_CHIP.h) / 2 - 1);
    });
    if (faded) g.globalAlpha = 1;
  });
}

/** A small bin, the mark for illegally dumped cards. */
export function drawBin(g: Ctx, x: number, y: number, colour = MUTED): void {
  g.fillStyle = colour;
  // Lid and handle.
  g.fillRect(x, y, 16, 3);
  g.fillRect(x + 5, y - 2, 6, 2);
  // Body, slightly tapered.
  g.beginPath();
  g.moveTo(x + 1.5, y + 4.5);
  g.lineTo(x + 14.5, y + 4.5);
  g.lineTo(x + 13, y + 19);
  g.lineTo(x + 3, y + 19);
  g.closePath();
  g.fill();
  g.fillStyle = '#ffffff';
  g.fillRect(x + 5, y + 7, 1.5, 9);
  g.fillRect(x + 9.5, y + 7, 1.5, 9);
}

/** Outer margin of the board and the final ranking; the game's name in the header starts there. */
export const MARGIN = 20;

/** The page colour and the dark header bar with the game's name, under a board or a ranking. */
export function drawBackground(g: Ctx, width: number, height: number, headerH: number, nameSize: number): void {
  g.fillStyle = BG;
  g.fillRect(0, 0, width, height);
  g.fillStyle = DEEP;
  g.fillRect(0, 0, width, headerH);
  g.fillStyle = LEAF;
  g.fillRect(0, headerH - 3, width, 3);
  drawText(g, 'R-Eco', MARGIN, headerH / 2 - 1, { size: nameSize, bold: true, color: '#ffffff' });
}

/**
 * A white panel with a soft shadow. `inside` draws on the panel before its edge, so the edge
 * stays on top of whatever fills the panel.
 */
export function drawPanel(g: Ctx, x: number, y: number, w: number, h: number, inside?: () => void): void {
  fillRoundRect(g, x + 2, y + 2, w, h, 10, 'rgba(20,35,30,0.12)');
  fillRoundRect(g, x, y, w, h, 10, PANEL);
  inside?.();
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 10, PANEL_EDGE, 1);
}

/**
 * Where the rows of a seat table go: one panel with a heading line and one row per seat, as on
 * the board and the final ranking. Columns are relative to the panel's left edge.
 */
export interface SeatTable {
  x: number;
  y: number;
  w: number;
  headH: number;
  rowH: number;
  rewardsX: number;
  dumpedX: number;
  /** Right edge of the score. */
  scoreX: number;
}

/**
 * A seat table across an image `width` wide, inside the outer margins, with its heading line and
 * rows `rowH` high starting at `y`.
 */
export function seatTable(
  width: number,
  y: number,
  rowH: number,
  cols: Pick<SeatTable, 'rewardsX' | 'dumpedX' | 'scoreX'>,
): SeatTable {
  return { x: MARGIN, y, w: width - 2 * MARGIN, headH: 30, rowH, ...cols };
}

/** A column heading that only one of the tables has (hand size, rank). */
export interface Heading {
  text: string;
  x: number;
  maxWidth: number;
}

/** Height of the panel of a table with `rows` rows, including its bottom padding. */
export function seatTableHeight(t: SeatTable, rows: number): number {
  return t.headH + rows * t.rowH + 8;
}

/** Top edge of row `i`. */
export function seatRowY(t: SeatTable, i: number): number {
  return t.y + t.headH + i * t.rowH;
}

/**
 * The static part of a seat table: panel, headings and, per row, its rule and empty colour groups.
 * `lead` is the table's own first heading; rewards, dumped cards and score follow on both tables.
 */
export function drawSeatTable(
  g: Ctx,
  t: SeatTable,
  rows: number,
  lead: Heading,
  heads: { rewards: string; dumped: string; score: string },
): void {
  drawPanel(g, t.x, t.y, t.w, seatTableHeight(t, rows));
  const hy = t.y + t.headH / 2 + 2;
  const head = { size: 12, bold: true, color: MUTED } as const;
  drawText(g, lead.text, t.x + lead.x, hy, { ...head, maxWidth: lead.maxWidth });
  drawText(g, heads.rewards, t.x + t.rewardsX, hy, { ...head, maxWidth: 4 * GROUP_W });
  drawText(g, heads.dumped, t.x + t.dumpedX - 6, hy, { ...head, maxWidth: 70 });
  drawText(g, heads.score, t.x + t.scoreX, hy, { ...head, align: 'right', maxWidth: 60 });
  for (let i = 0; i < rows; i++) {
    const y = seatRowY(t, i);
    g.fillStyle = '#e6ece8';
    g.fillRect(t.x + 10, y, t.w - 20, 1);
    drawGroupBackgrounds(g, t, y);
  }
}

/** Top edge of the colour groups in a row starting at `y`. */
export function groupsY(t: SeatTable, y: number): number {
  return y + (t.rowH - GROUP_H) / 2;
}

function drawGroupBackgrounds(g: Ctx, t: SeatTable, y: number): void {
  COLOURS.forEach((colour, c) =>
    drawGroupBackground(g, colour, t.x + t.rewardsX + c * (GROUP_W + GROUP_GAP), groupsY(t, y)),
  );
}

/**
 * Highlights the row starting at `y`, with the accent strip at its left edge when `strip` is set.
 * The colour groups sit on the highlight, so their backgrounds are drawn again on top.
 */
export function highlightRow(g: Ctx, t: SeatTable, y: number, strip: boolean): void {
  g.fillStyle = HIGHLIGHT;
  g.fillRect(t.x + 1, y + 1, t.w - 2, t.rowH - 1);
  if (strip) {
    g.fillStyle = ACCENT;
    g.fillRect(t.x + 1, y + 1, 5, t.rowH - 1);
  }
  drawGroupBackgrounds(g, t, y);
}

/** The dumped-cards column of a row centred on `cy`: the bin and the count, red when any. */
export function drawDumped(g: Ctx, t: SeatTable, cy: number, count: number): void {
  const x = t.x + t.dumpedX;
  drawBin(g, x - 6, cy - 9, count > 0 ? '#a34a2b' : '#9aa6a0');
  drawText(g, String(count), x + 18, cy, { size: 16, bold: true, color: count > 0 ? '#a34a2b' : MUTED });
}
