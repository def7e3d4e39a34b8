/**
 * The players' table of the R-Eco board, one row per seat under column headings (the headings
 * say what the hand and bin marks count), and the legend for what the rows still leave unsaid.
 */
import type { PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import { blit, drawText, font, formatValue, setFont, textWidth, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BACK_SMALL, cardBack } from './cards.js';
import { drawRewardPills, pillWidth } from './pills.js';
import { ACCENT, BONUS, HIGHLIGHT, IMAGE_W, INK, MARGIN, MUTED, PENALTY, TEXT, TEXT_MIN, TEXT_XL, drawBin, drawPanel, seatName } from './parts.js';
import { drawName } from './names.js';

const W = IMAGE_W;
const M = MARGIN;
export const PLAYER_HEAD = 36;
export const PLAYER_ROW = 66;
// Columns, from the panel's left edge.
const NAME_X = 20;
const HAND_X = 244;
const DUMPED_X = 326;
const REWARDS_X = 446;
const SCORE_R = W - 2 * M - 18;
const SCORE_W = 64;
const NAME_W = HAND_X - NAME_X - 12;

export interface PlayerLabels {
  /** The game's name in the reader's language: the German edition is "R-Öko". */
  title: string;
  players: string;
  hand: string;
  dumped: string;
  won: string;
  score: string;
  legendDumped: string;
  legendBonus: string;
  legendFaded: string;
  legendWaste: string;
}

export function playerLabels(ctx: RenderContext): PlayerLabels {
  return {
    title: ctx.t('r-eco.name'),
    players: ctx.t('r-eco.render.colPlayers'),
    hand: ctx.t('r-eco.render.colHand'),
    dumped: ctx.t('r-eco.render.colDumped'),
    won: ctx.t('r-eco.render.colRewardsWon'),
    score: ctx.t('r-eco.render.colScore'),
    legendDumped: ctx.t('r-eco.render.legendDumped'),
    legendBonus: ctx.t('r-eco.render.legendBonus'),
    legendFaded: ctx.t('r-eco.render.legendFaded'),
    legendWaste: ctx.t('r-eco.render.legendWaste'),
  };
}

function rowY(top: number, i: number): number {
  return top + PLAYER_HEAD + i * PLAYER_ROW;
}

/** The players' panel, its headings and row rules: the static part. */
export function playersFrame(g: Ctx, top: number, seats: number, l: PlayerLabels): void {
  drawPanel(g, M, top, W - 2 * M, PLAYER_HEAD + seats * PLAYER_ROW + 6);
  const head = { size: TEXT_MIN, bold: true, color: MUTED } as const;
  const hy = top + PLAYER_HEAD / 2 + 2;
  drawText(g, l.players, M + NAME_X, hy, { ...head, maxWidth: NAME_W });
  drawText(g, l.hand, M + HAND_X, hy, { ...head, maxWidth: DUMPED_X - HAND_X - 8 });
  drawText(g, l.dumped, M + DUMPED_X, hy, { ...head, maxWidth: REWARDS_X - DUMPED_X - 8 });
  // The score heading is right-aligned over its numbers and may reach left past them
  // ("Punkte"), up to the rewards heading, measured first.
  const wonMax = SCORE_R - SCORE_W - REWARDS_X - 8;
  setFont(g, font(TEXT_MIN, true));
  const wonW = Math.min(textWidth(g, l.won), wonMax);
  drawText(g, l.won, M + REWARDS_X, hy, { ...head, maxWidth: wonMax });
  drawText(g, l.score, M + SCORE_R, hy, { ...head, align: 'right', maxWidth: Math.max(SCORE_W + 20, SCORE_R - REWARDS_X - wonW - 16) });
  for (let i = 0; i < seats; i++) {
    g.fillStyle = '#e3e9e5';
    g.fillRect(M + 12, rowY(top, i), W - 2 * M - 24, 1);
  }
}

/**
 * A seat's dumping record on a line centred on cy: a bin, how many cards went in it, then what
 * that does to the score, the penalty (red) or the clean-player bonus (green).
 */
export function drawDumped(g: Ctx, x: number, cy: number, dumped: number, bonus: number): void {
  drawBin(g, x, cy - 16, dumped > 0 ? PENALTY : '#9aa6a0');
  drawText(g, String(dumped), x + 32, cy + 1, { size: TEXT, bold: true, color: dumped > 0 ? INK : MUTED });
  const effect = dumped > 0 ? formatValue(-dumped) : bonus > 0 ? `+${bonus}` : '';
  if (effect) drawText(g, effect, x + 60, cy + 1, { size: TEXT, bold: true, color: dumped > 0 ? PENALTY : BONUS });
}

function drawPlayer(g: Ctx, p: PlayerView, y: number, active: boolean, ctx: RenderContext): void {
  if (active) {
    g.fillStyle = HIGHLIGHT;
    g.fillRect(M + 1, y + 1, W - 2 * M - 2, PLAYER_ROW - 1);
    g.fillStyle = ACCENT;
    g.fillRect(M + 1, y + 1, 6, PLAYER_ROW - 1);
  }
  const cy = y + PLAYER_ROW / 2;
  drawName(g, seatName(ctx, p.seat), M + NAME_X, cy, NAME_W, { size: TEXT, smallSize: TEXT_MIN, color: INK, lineGap: 27 });
  blit(g, cardBack(BACK_SMALL), M + HAND_X, cy - BACK_SMALL.h / 2);
  drawText(g, String(p.handSize), M + HAND_X + BACK_SMALL.w + 8, cy + 1, { size: TEXT, bold: true, color: INK });
  drawDumped(g, M + DUMPED_X, cy, p.dumpedCount, p.bonus);
  // A colour with a single reward scores nothing, so its pill is faded.
  drawRewardPills(g, p.rewards, M + REWARDS_X, cy, SCORE_R - SCORE_W - REWARDS_X - 8);
  drawText(g, formatValue(p.score), M + SCORE_R, cy + 2, { size: TEXT_XL, bold: true, color: INK, align: 'right' });
}

export function drawPlayerRows(g: Ctx, view: REcoPublicView, top: number, ctx: RenderContext): void {
  view.players.forEach((p, i) => drawPlayer(g, p, rowY(top, i), view.phase !== 'over' && p.seat === view.current, ctx));
}

/** Legend height on the board: two lines. */
export const LEGEND_H = 92;
const LEGEND_LINE = 42;

/** A legend entry: a mark drawn at (x, cy) `markW` wide, and the words that explain it. */
export interface LegendItem {
  markW: number;
  mark: (x: number, cy: number) => void;
  text: string;
}

/** The marks every R-Eco table uses: the bin record (penalty, bonus) and a faded reward. */
export function markItems(g: Ctx, l: PlayerLabels, faded?: Omit<LegendItem, 'text'>): LegendItem[] {
  return [
    { markW: 96, mark: (x, cy) => drawDumped(g, x, cy, 2, 0), text: l.legendDumped },
    { markW: 96, mark: (x, cy) => drawDumped(g, x, cy, 0, 2), text: l.legendBonus },
    {
      ...(faded ?? { markW: pillWidth(g, [3]), mark: (x: number, cy: number) => drawRewardPills(g, [{ colour: 'green', value: 3 }], x, cy, 200) }),
      text: l.legendFaded,
    },
  ];
}

/** Lays the items out left to right from (x, y), starting a new line when one would not fit. */
export function drawLegendFlow(g: Ctx, items: readonly LegendItem[], x: number, y: number, w: number, lineH: number = LEGEND_LINE): number {
  setFont(g, font(TEXT_MIN));
  let cx = x;
  let cy = y + lineH / 2;
  let lines = 1;
  for (const item of items) {
    const width = item.markW + 8 + textWidth(g, item.text);
    if (cx > x && cx + width > x + w) {
      cx = x;
      cy += lineH;
      lines++;
    }
    item.mark(cx, cy);
    drawText(g, item.text, cx + item.markW + 8, cy + 1, { size: TEXT_MIN, color: INK, maxWidth: x + w - cx - item.markW - 8 });
    setFont(g, font(TEXT_MIN));
    cx += width + 30;
  }
  return lines;
}

export function drawBoardLegend(g: Ctx, y: number, l: PlayerLabels): void {
  drawPanel(g, M, y, W - 2 * M, LEGEND_H);
  const items = [...markItems(g, l), { markW: 0, mark: () => undefined, text: l.legendWaste }];
  drawLegendFlow(g, items, M + 16, y + 4, W - 2 * M - 32);
}
