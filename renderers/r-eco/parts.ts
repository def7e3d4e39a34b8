/**
 * Pieces shared by the R-Eco board, hand and final images. Every text is at least TEXT_MIN px
 * on images IMAGE_W px wide: 10 px tall on a phone that shows them 400 px wide.
 */
import type { Reward } from '../../src/games/r-eco/types.js';
import { blit, drawText, fillRoundRect, fitText, font, closePanel, openPanel, setFont, strokeRoundRect, textWidth, type Ctx } from '../canvas.js';
import { COLOURS, colourStyle, drawSymbol } from './palette.js';
import type { RenderContext } from '../types.js';
import { REWARD_CHIP, rewardCard } from './cards.js';

/** Width of the board and the final ranking. */
export const IMAGE_W = 900;
/** Text sizes on a 900 px image (minimum 22.5 px there). */
export const TEXT_MIN = 23;
export const TEXT = 26;
export const TEXT_L = 30;
export const TEXT_XL = 36;

export const INK = '#1f2d29';
export const MUTED = '#52625c';
export const BG = '#eef2ec';
export const PANEL = '#ffffff';
export const PANEL_EDGE = '#cfd9d3';
export const DEEP = '#23443c';
export const HIGHLIGHT = '#fff1c2';
export const ACCENT = '#e09f00';
export const PENALTY = '#a34a2b';
export const BONUS = '#1b7a45';
/** The green of the header rule and the hand's side strip. */
export const LEAF = '#3c8f6e';
export const MARGIN = 20;

/** A seat's display name, or "Player n" when the context has none. */
export function seatName(ctx: RenderContext, seat: number): string {
  const name = ctx.names[seat];
  return name !== undefined && name.trim() !== '' ? name : ctx.t('render.seat', { number: seat + 1 });
}

/** Localised colour names in board order, part of cache keys for layers that show them. */
export function colourLabels(ctx: RenderContext): string[] {
  return COLOURS.map((c) => ctx.t(`render.colour.${c}`));
}

/** The page colour and the dark header with the game's name. */
export function drawBackground(g: Ctx, width: number, height: number, headerH: number): void {
  g.fillStyle = BG;
  g.fillRect(0, 0, width, height);
  g.fillStyle = DEEP;
  g.fillRect(0, 0, width, headerH);
  g.fillStyle = LEAF;
  g.fillRect(0, headerH - 4, width, 4);
}

/** A white panel with a soft shadow; `inside` draws before the edge so the edge stays on top. */
export function drawPanel(g: Ctx, x: number, y: number, w: number, h: number, inside?: () => void): void {
  closePanel();
  fillRoundRect(g, x + 2, y + 3, w, h, 12, 'rgba(20,35,30,0.12)');
  fillRoundRect(g, x, y, w, h, 12, PANEL);
  // What follows is the panel's content, until the next panel (checked by the bounds test).
  openPanel(g, `panel at y ${Math.round(y)}`, x, y, w, h);
  inside?.();
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 12, PANEL_EDGE, 1);
}

/** A rounded label on a coloured background; returns its width. Text is vertically centred on cy. */
export function drawPill(g: Ctx, text: string, x: number, cy: number, maxWidth: number, fill: string, ink: string, align: 'left' | 'right' = 'left'): number {
  setFont(g, font(TEXT_MIN, true));
  const shown = fitText(g, text, maxWidth - 28);
  const w = Math.ceil(textWidth(g, shown)) + 28;
  const left = align === 'left' ? x : x - w;
  fillRoundRect(g, left, cy - 19, w, 38, 19, fill);
  drawText(g, shown, left + 14, cy + 1, { size: TEXT_MIN, bold: true, color: ink });
  return w;
}

/** A small bin, the mark for illegally dumped cards, about 24 × 30 from (x, y). */
export function drawBin(g: Ctx, x: number, y: number, colour: string): void {
  g.fillStyle = colour;
  g.fillRect(x, y + 3, 24, 4);
  g.fillRect(x + 8, y, 8, 3);
  g.beginPath();
  g.moveTo(x + 2, y + 9);
  g.lineTo(x + 22, y + 9);
  g.lineTo(x + 20, y + 30);
  g.lineTo(x + 4, y + 30);
  g.closePath();
  g.fill();
  g.fillStyle = '#ffffff';
  g.fillRect(x + 8, y + 13, 2, 13);
  g.fillRect(x + 14, y + 13, 2, 13);
}

/** Step between reward chips of one colour, and the gap between colours. */
const CHIP_STEP = REWARD_CHIP.w + 3;
const GROUP_GAP = 14;
/** Overlap never hides more than this: the value stays visible. */
const CHIP_MIN_STEP = 32;

/**
 * A player's rewards as chips, grouped by colour in table order, from (x, y) within maxWidth.
 * With `fadeSingles`, a colour holding one card is faded: a lone reward scores nothing.
 */
export function drawRewardChips(g: Ctx, rewards: readonly Reward[], x: number, y: number, maxWidth: number, fadeSingles: boolean): void {
  const groups = COLOURS.map((colour) => rewards.filter((r) => r.colour === colour).map((r) => r.value)).map((values, i) => ({ colour: COLOURS[i]!, values }));
  const held = groups.filter((gr) => gr.values.length > 0);
  const chips = held.reduce((n, gr) => n + gr.values.length, 0);
  if (chips === 0) return;
  // Shrink the step between chips of a colour only when everything would not fit: the width is
  // one whole chip per colour, the gaps, and a step for every other chip.
  const gaps = (held.length - 1) * GROUP_GAP;
  const fixed = held.length * REWARD_CHIP.w + gaps;
  const steps = chips - held.length;
  const step = steps === 0 || fixed + steps * CHIP_STEP <= maxWidth ? CHIP_STEP : Math.max(CHIP_MIN_STEP, (maxWidth - fixed) / steps);
  let cx = x;
  for (const { colour, values } of held) {
    const faded = fadeSingles && values.length === 1;
    if (faded) g.globalAlpha = 0.38;
    values.forEach((v, j) => blit(g, rewardCard(colour, v, REWARD_CHIP), Math.round(cx + j * step), y));
    if (faded) g.globalAlpha = 1;
    cx += (values.length - 1) * step + REWARD_CHIP.w + GROUP_GAP;
  }
}

/**
 * The colour's shape on a white badge and its name, never colour alone: on the colour's band, or
 * with `onLight` on its light tint.
 */
export function drawColourBand(g: Ctx, colour: string, name: string, x: number, y: number, w: number, h: number, onLight = false): void {
  const st = colourStyle(colour);
  const cy = y + h / 2;
  g.beginPath();
  g.arc(x + 26, cy, 17, 0, Math.PI * 2);
  g.fillStyle = '#ffffff';
  g.fill();
  drawSymbol(g, colour, x + 26, cy, 9.5, st.fill, st.dark, 1.5);
  drawText(g, name, x + 52, cy + 1, { size: TEXT_L, bold: true, color: onLight ? st.dark : st.ink, maxWidth: w - 64 });
}

/** The colour's shape on a white badge and its name in the colour's dark tone, centred on cy. */
export function drawColourName(g: Ctx, colour: string, name: string, x: number, cy: number, w: number): void {
  const st = colourStyle(colour);
  g.beginPath();
  g.arc(x + 17, cy, 17, 0, Math.PI * 2);
  g.fillStyle = '#ffffff';
  g.fill();
  drawSymbol(g, colour, x + 17, cy, 9.5, st.fill, st.dark, 1.5);
  drawText(g, name, x + 42, cy + 1, { size: TEXT, bold: true, color: st.dark, maxWidth: w - 42 });
}
