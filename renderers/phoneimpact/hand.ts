/** A seat's private view: its hand grouped by supplier and type, its phone's needs, its malus. */
import type { PhoneImpactSeatView } from '../../src/games/phoneimpact/types.js';
import { COMPONENTS, RECIPES, SUPPLIERS, TYPES } from '../../src/games/phoneimpact/constants.js';
import { closePanel, createImageCanvas, drawText, encodePng, fillRoundRect } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, INK, MUTED, PAD, SMALL, SUPPLIER_COLOUR, TEXT, W, card, header, panel, typeLabel, wrap } from './parts.js';

const CW = 410;
const CH = 56;
/** A component's panel: its name, then what it still needs on up to two lines. */
const COMPONENT_H = 116;

export function renderPhoneImpactHand(view: PhoneImpactSeatView, ctx: RenderContext): Buffer {
  const groups = SUPPLIERS.map((s) => TYPES.map((t) => ({ s, t, n: view.hand.filter((c) => c.supplier === s && c.type === t).length })).filter((x) => x.n > 0));
  const rows = groups.reduce((a, g) => a + Math.max(1, Math.ceil(g.length / 2)), 0);
  const H = 96 + 20 + rows * (CH + 12) + 40 + 4 * (COMPONENT_H + 8) + 70;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  let y = header(g, ctx.t('phoneimpact.render.yourHand', { count: view.hand.length }), ctx.t('phoneimpact.render.yourMalus', { count: view.malus.length })) + 20;
  groups.forEach((list, i) => {
    const s = SUPPLIERS[i]!;
    const lines = Math.max(1, Math.ceil(list.length / 2));
    fillRoundRect(g, PAD, y, 8, lines * (CH + 12) - 12, 4, SUPPLIER_COLOUR[s]!.fill);
    if (list.length === 0) drawText(g, ctx.t('phoneimpact.render.noCards', { supplier: ctx.t(`phoneimpact.supplier.${s}`) }), PAD + 20, y + CH / 2, { size: SMALL, color: MUTED });
    list.forEach((x, k) => {
      const cx = PAD + 20 + (k % 2) * (CW + 8), cy = y + Math.floor(k / 2) * (CH + 12);
      card(g, cx, cy, CW, CH, s, `${x.n} × ${typeLabel(ctx, view.ruleset, x.t)}`);
    });
    y += lines * (CH + 12);
  });
  y += 28;
  const me = view.players[view.seat]!;
  for (const c of COMPONENTS) {
    panel(g, PAD, y, W - 2 * PAD, COMPONENT_H, false);
    const built = !!me.built[c];
    const missing = TYPES.map((t) => ({ t, n: RECIPES[c].need[t] - view.hand.filter((h) => h.type === t).length })).filter((x) => x.n > 0);
    drawText(g, `${ctx.t(`phoneimpact.component.${c}`)} (${RECIPES[c].points})`, PAD + 16, y + 26, { size: TEXT, bold: true, color: INK, maxWidth: W - 2 * PAD - 32 });
    const status = built
      ? ctx.t('phoneimpact.render.built')
      : missing.length === 0
        ? ctx.t('phoneimpact.render.ready')
        : ctx.t('phoneimpact.render.needs', { list: missing.map((x) => ctx.t('phoneimpact.render.lack', { count: x.n, type: typeLabel(ctx, view.ruleset, x.t) })).join(', ') });
    const colour = built ? '#2f6f4f' : missing.length === 0 ? '#2b7de9' : MUTED;
    wrap(g, status, W - 2 * PAD - 32, SMALL, 2).forEach((line, i) => drawText(g, line, PAD + 16, y + 60 + i * 30, { size: SMALL, color: colour, maxWidth: W - 2 * PAD - 32 }));
    y += COMPONENT_H + 8;
  }
  closePanel();
  drawText(g, ctx.t('phoneimpact.render.credit'), W / 2, H - 30, { size: SMALL, color: MUTED, align: 'center', maxWidth: W - 2 * PAD });
  return encodePng(canvas);
}
