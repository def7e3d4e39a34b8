/**
 * The suppliers' panel, which is also their legend: each supplier's name, deck size and terms
 * (cards taken, malus drawn: doubled after event 8), its face-up cards, and the types a supplier
 * lacks written in its spare slots (Recycl' has no rare metal and no rare earth).
 */
import type { PhoneImpactPublicView } from '../../src/games/phoneimpact/types.js';
import { MALUS_MULTIPLIER_AFTER_E8, RULESETS, SUPPLIERS, SUPPLY, TYPES } from '../../src/games/phoneimpact/constants.js';
import { drawText, fillRoundRect, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { INK, MIN, MUTED, SUPPLIER_COLOUR, TEXT, card, emptySlot, typeLabel, wrapLines } from './parts.js';
import type { Block } from './player.js';

const INNER = 14;
const LEFT = 258;
/** The deck: a tile after the face-up cards, with its size. */
const DECK_W = 96;
const GAP = 8;
const CARD_H = 56;
const ROW_H = 64;
const NOTE_STEP = 25;

export function supplierBlock(view: PhoneImpactPublicView, ctx: RenderContext, width: number): Block {
  const m = measuringContext();
  const area = width - 2 * INNER - LEFT;
  const slotW = (area - DECK_W - 3 * GAP) / 3;
  const deckX = 3 * (slotW + GAP);
  const rows = SUPPLIERS.map((s) => {
    const deck = RULESETS[view.ruleset].deck[s];
    const offered = TYPES.filter((t) => deck[t] > 0);
    const used = view.faceUp[s].length * (slotW + GAP);
    // A supplier without every type says which it lacks (or has), where its missing face-up slots would be.
    const lacking = TYPES.filter((t) => deck[t] === 0).map((t) => typeLabel(ctx, view.ruleset, t));
    const noteText = lacking.length === 0 ? '' : lacking.length === 2
      ? ctx.t('phoneimpact.render.lacksTwo', { a: lacking[0]!, b: lacking[1]! })
      : ctx.t('phoneimpact.render.onlyTypes', { list: offered.map((t) => typeLabel(ctx, view.ruleset, t)).join(', ') });
    const note = noteText ? wrapLines(m, noteText, deckX - used - GAP, MIN) : [];
    const malus = SUPPLY[s].malus * (view.flags.double ? MALUS_MULTIPLIER_AFTER_E8 : 1);
    const terms = malus === 0 ? ctx.t('phoneimpact.render.termsNoMalus', { count: SUPPLY[s].cards }) : ctx.t('phoneimpact.render.terms', { count: SUPPLY[s].cards, malus });
    return { s, note, used, terms, h: Math.max(ROW_H, note.length * NOTE_STEP + 10) };
  });
  const height = 8 + rows.reduce((a, r) => a + r.h, 0) + 8;
  return {
    height,
    draw: (g, x, y) => {
      let ry = y + 8;
      for (const r of rows) {
        const left = x + INNER;
        fillRoundRect(g, left, ry + 6, 8, r.h - 12, 4, SUPPLIER_COLOUR[r.s]!.fill);
        drawText(g, ctx.t(`phoneimpact.supplier.${r.s}`), left + 18, ry + r.h / 2 - 14, { size: TEXT, bold: true, color: INK });
        drawText(g, r.terms, left + 18, ry + r.h / 2 + 16, { size: MIN, color: INK });
        const sx = left + LEFT;
        const dy = ry + (r.h - CARD_H) / 2;
        fillRoundRect(g, sx + deckX, dy, DECK_W, CARD_H, 10, '#e4ebe7');
        drawText(g, ctx.t('phoneimpact.render.deck'), sx + deckX + DECK_W / 2, dy + 15, { size: MIN, color: MUTED, align: 'center' });
        drawText(g, String(view.deckSizes[r.s]), sx + deckX + DECK_W / 2, dy + 40, { size: MIN, bold: true, color: INK, align: 'center' });
        view.faceUp[r.s].forEach((cv, i) => {
          const cx = sx + i * (slotW + GAP);
          const cy = ry + (r.h - CARD_H) / 2;
          if (cv) card(g, cx, cy, slotW, CARD_H, r.s, typeLabel(ctx, view.ruleset, cv.type));
          else emptySlot(g, cx, cy, slotW, CARD_H);
        });
        const ny = ry + r.h / 2 - ((r.note.length - 1) * NOTE_STEP) / 2;
        r.note.forEach((line, i) => drawText(g, line, sx + r.used, ny + i * NOTE_STEP, { size: MIN, color: MUTED }));
        ry += r.h;
      }
    },
  };
}
