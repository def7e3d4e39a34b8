/** The public board: suppliers and face-up rows, malus deck, last event, and every player's phone. */
import type { PhoneImpactPublicView } from '../../src/games/phoneimpact/types.js';
import { COMPONENTS, RECIPES, RULESETS, SUPPLIERS } from '../../src/games/phoneimpact/constants.js';
import { closePanel, createImageCanvas, drawText, encodePng, fillRoundRect } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, INK, MUTED, PAD, SMALL, SUPPLIER_COLOUR, TEXT, W, card, emptySlot, header, panel, typeLabel, wrap } from './parts.js';

const CARD_H = 56;
const ROW_H = 36 + CARD_H + 14;
const PLAYER_H = 192;

export function eventText(view: PhoneImpactPublicView, ctx: RenderContext, id: string): string {
  const key = id === '10' ? `10${RULESETS[view.ruleset].event10}` : id;
  return `${id}. ${ctx.t(`phoneimpact.event.${key}`)}`;
}

export function subtitle(view: PhoneImpactPublicView, ctx: RenderContext): string {
  const parts = [ctx.t(`phoneimpact.render.edition.${view.ruleset}`)];
  if (view.short) parts.push(ctx.t('phoneimpact.render.short'));
  parts.push(ctx.t('phoneimpact.render.round', { round: view.round }));
  if (view.lastRound) parts.push(ctx.t('phoneimpact.render.lastRound'));
  return parts.join(' · ');
}

export function renderPhoneImpactBoard(view: PhoneImpactPublicView, ctx: RenderContext): Buffer {
  const H = 96 + 16 + 3 * ROW_H + 8 + 150 + view.players.length * (PLAYER_H + 12) + 70;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  let y = header(g, 'PhoneImpact', subtitle(view, ctx)) + 16;

  // Suppliers: name, face-up cards, deck size.
  for (const s of SUPPLIERS) {
    const c = SUPPLIER_COLOUR[s]!;
    fillRoundRect(g, PAD, y + 4, 10, ROW_H - 18, 4, c.fill);
    drawText(g, ctx.t(`phoneimpact.supplier.${s}`), PAD + 20, y + 16, { size: TEXT, bold: true, color: INK });
    drawText(g, ctx.t('phoneimpact.render.deck', { count: view.deckSizes[s] }), W - PAD, y + 16, { size: SMALL, color: INK, align: 'right' });
    const cw = Math.floor((W - 2 * PAD - 20 - 2 * 10) / 3);
    view.faceUp[s].forEach((cv, i) => {
      const x = PAD + 20 + i * (cw + 10);
      if (cv) card(g, x, y + 36, cw, CARD_H, s, typeLabel(ctx, view.ruleset, cv.type));
      else emptySlot(g, x, y + 36, cw, CARD_H);
    });
    y += ROW_H;
  }

  // Malus deck, events, last event.
  panel(g, PAD, y, W - 2 * PAD, 150);
  drawText(g, ctx.t('phoneimpact.render.malusDeck', { count: view.malusDeck }), PAD + 16, y + 26, { size: TEXT, bold: true, color: '#8a2d2a' });
  drawText(g, ctx.t('phoneimpact.render.events', { count: view.eventsLeft }), W - PAD - 16, y + 26, { size: TEXT, color: INK, align: 'right' });
  const ev = view.lastEvent ? eventText(view, ctx, view.lastEvent) : ctx.t('phoneimpact.render.noEvent');
  wrap(g, ev, W - 2 * PAD - 32, SMALL, 3).forEach((line, i) => drawText(g, line, PAD + 16, y + 66 + i * 30, { size: SMALL, color: MUTED }));
  y += 150 + 24;

  // Players.
  for (const p of view.players) {
    const waiting = view.pending.includes(p.seat);
    panel(g, PAD, y, W - 2 * PAD, PLAYER_H, waiting);
    const name = (waiting ? '▶ ' : '') + (ctx.names[p.seat] ?? `#${p.seat + 1}`);
    drawText(g, name, PAD + 16, y + 28, { size: TEXT, bold: true, color: INK, maxWidth: 520 });
    drawText(g, ctx.t('phoneimpact.render.score', { score: view.scores[p.seat]! }), W - PAD - 16, y + 28, { size: TEXT, bold: true, color: INK, align: 'right' });
    COMPONENTS.forEach((c, i) => {
      const x = PAD + 16 + i * 206;
      const built = p.built[c];
      fillRoundRect(g, x, y + 52, 196, 80, 10, built ? '#2f6f4f' : '#dfe6e2');
      const colour = built ? '#ffffff' : MUTED;
      drawText(g, ctx.t(`phoneimpact.component.${c}`), x + 98, y + 76, { size: SMALL, bold: !!built, color: colour, align: 'center', maxWidth: 186 });
      drawText(g, ctx.t('phoneimpact.render.points', { points: RECIPES[c].points }), x + 98, y + 110, { size: SMALL, color: colour, align: 'center' });
    });
    const hand = ctx.t('phoneimpact.render.hand', { counts: SUPPLIERS.map((s) => `${p.handBySupplier[s]} ${ctx.t(`phoneimpact.supplier.${s}`)}`).join(' · ') });
    drawText(g, hand, PAD + 16, y + 164, { size: SMALL, color: INK, maxWidth: 600 });
    drawText(g, ctx.t('phoneimpact.render.malus', { count: p.malusCount }), W - PAD - 16, y + 164, { size: SMALL, bold: true, color: '#8a2d2a', align: 'right' });
    y += PLAYER_H + 12;
  }
  closePanel();
  drawText(g, ctx.t('phoneimpact.render.credit'), W / 2, H - 30, { size: SMALL, color: MUTED, align: 'center', maxWidth: W - 2 * PAD });
  return encodePng(canvas);
}
