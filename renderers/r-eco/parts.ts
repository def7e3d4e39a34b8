/** Pieces shared by the R-Eco board, hand and final images. */
import type { Reward } from '../../src/games/r-eco/types.js';
import { COLOURS, blit, colourStyle, drawSymbol, fillRoundRect, type Ctx } from '../canvas.js';
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
export function drawGroupBackground(g: Ctx, colour: string, x: number, y: number): void {
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
