/**
 * A card as a card, for the hand image: its colour, its name as the buttons say it, what it is
 * worth to this firm now (a Production pays its growth, a Raw Materials card offers its materials
 * value) and what it does, in a few words.
 */
import { DISPOSAL_STEPS, INNOVATION_COST, VARIANT_DISPOSAL_STEPS } from '../../src/games/mull-money/constants.js';
import type { Card, PlayerView } from '../../src/games/mull-money/types.js';
import { drawText, fillRoundRect, font, formatValue, setFont, strokeRoundRect, textWidth, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { CARD_COLOURS, INK, LINE, MIN_TEXT } from './parts.js';
import { wrapLines } from './text.js';

const VALUE_SIZE = 28;

/** The big number or sign printed in the middle of the card. */
function cardValue(ctx: RenderContext, c: Card, p: PlayerView, experimental: boolean): string {
  const n: Partial<Record<Card, number | string>> = {
    production: p.growth,
    raw: p.raw,
    innovation: formatValue(-INNOVATION_COST),
    disposal: formatValue(-(experimental ? VARIANT_DISPOSAL_STEPS : DISPOSAL_STEPS)),
    transport: formatValue(-1),
  };
  return ctx.t(`mull-money.render.value.${c}`, n[c] !== undefined ? { n: n[c] } : {});
}

function cardEffect(ctx: RenderContext, c: Card, p: PlayerView, experimental: boolean): string {
  const key = c === 'disposal' && experimental ? 'disposalCommon' : c;
  return ctx.t(`mull-money.render.effect.${key}`, { raw: p.raw, waste: p.waste, personnel: p.personnel });
}

/** Lines each part of a face takes at width `w`. */
function face(g: Ctx, ctx: RenderContext, c: Card, p: PlayerView, experimental: boolean, w: number): { name: string[]; effect: string[] } {
  return { name: wrapLines(g, ctx.t(`mull-money.card.${c}`), w - 16, MIN_TEXT, true), effect: wrapLines(g, cardEffect(ctx, c, p, experimental), w - 20, MIN_TEXT) };
}

export function bigCardHeight(g: Ctx, ctx: RenderContext, cards: readonly Card[], p: PlayerView, experimental: boolean, w: number): number {
  let name = 1, effect = 1;
  for (const c of cards) {
    const f = face(g, ctx, c, p, experimental, w);
    name = Math.max(name, f.name.length);
    effect = Math.max(effect, f.effect.length);
  }
  return 12 + name * LINE + 12 + 44 + effect * LINE + 14;
}

export function drawBigCard(g: Ctx, ctx: RenderContext, c: Card, p: PlayerView, experimental: boolean, x: number, y: number, w: number, h: number, nameRows: number): void {
  const f = face(g, ctx, c, p, experimental, w);
  fillRoundRect(g, x, y, w, h, 12, '#ffffff');
  const band = 12 + nameRows * LINE + 8;
  fillRoundRect(g, x, y, w, band, 12, CARD_COLOURS[c]);
  g.fillStyle = CARD_COLOURS[c];
  g.fillRect(x, y + band - 12, w, 12);
  strokeRoundRect(g, x + 0.5, y + 0.5, w - 1, h - 1, 12, '#7f8c85', 2);
  f.name.forEach((line, i) => drawText(g, line, x + w / 2, y + 10 + LINE / 2 + (i + (nameRows - f.name.length) / 2) * LINE, { size: MIN_TEXT, bold: true, color: INK, align: 'center' }));
  const value = cardValue(ctx, c, p, experimental);
  let size = VALUE_SIZE;
  for (; size > MIN_TEXT; size--) {
    setFont(g, font(size, true));
    if (textWidth(g, value) <= w - 12) break;
  }
  drawText(g, value, x + w / 2, y + band + 4 + 22, { size, bold: true, color: INK, align: 'center' });
  f.effect.forEach((line, i) => drawText(g, line, x + 10, y + band + 4 + 44 + 4 + LINE / 2 + i * LINE, { size: MIN_TEXT, color: INK }));
}
