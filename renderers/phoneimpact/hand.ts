/**
 * A seat's private view: whose turn it is, its hand as a table (a labelled row per supplier, a
 * column per resource type), then what each component of its phone still needs.
 */
import type { PhoneImpactSeatView } from '../../src/games/phoneimpact/types.js';
import { COMPONENTS, RECIPES, SUPPLIERS, TYPES } from '../../src/games/phoneimpact/constants.js';
import { closePanel, createImageCanvas, drawText, encodePng, fillRoundRect, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, BUILT_INK, INK, LINE, MIN, MUTED, PAD, SUPPLIER_COLOUR, TEXT, W, credit, header, headerHeight, panel, typeLabel, wrapLines } from './parts.js';
import { handTurnLines } from './turn.js';

const INNER = 14;
const GAP = 12;
/** The hand table: supplier names, then one column per type. */
const LABEL = 200;
const COL = (W - 2 * PAD - 2 * INNER - LABEL) / TYPES.length;
const ROW = 42;
/** The components' panel: names with points, then their state. */
const NAME_COL = 340;

export function renderPhoneImpactHand(view: PhoneImpactSeatView, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const turn = handTurnLines(view, ctx, m);
  const heads = TYPES.map((t) => wrapLines(m, typeLabel(ctx, view.ruleset, t), COL - 8, MIN));
  const headH = Math.max(...heads.map((h) => h.length)) * 26 + 8;
  const tableH = 10 + headH + SUPPLIERS.length * ROW + 10;
  const me = view.players[view.seat]!;
  const comps = COMPONENTS.map((c) => {
    const missing = TYPES.map((t) => ({ t, n: RECIPES[c].need[t] - view.hand.filter((h) => h.type === t).length })).filter((x) => x.n > 0);
    const built = !!me.built[c];
    const text = built
      ? ctx.t('phoneimpact.render.built')
      : missing.length === 0
        ? ctx.t('phoneimpact.render.ready')
        : ctx.t('phoneimpact.render.needs', { list: missing.map((x) => ctx.t('phoneimpact.render.lack', { count: x.n, type: ctx.t(`phoneimpact.types.${view.ruleset === '2025' && x.t === 'MR' ? 'AMet' : x.t}`, { count: x.n }) })).join(', ') });
    const colour = built ? BUILT_INK : missing.length === 0 ? '#2b7de9' : MUTED;
    const name = wrapLines(m, ctx.t('phoneimpact.render.component', { component: ctx.t(`phoneimpact.component.${c}`), points: RECIPES[c].points }), NAME_COL - 12, MIN, true);
    const lines = wrapLines(m, text, W - 2 * PAD - 2 * INNER - NAME_COL, MIN, built);
    return { name, lines, colour, built, h: Math.max(name.length, lines.length) * LINE + 14 };
  });
  const compH = 10 + comps.reduce((a, c) => a + c.h, 0) + 10;
  const H = headerHeight(turn.length) + GAP + tableH + GAP + compH + GAP;

  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  const title = ctx.t('phoneimpact.render.yourHand', { count: view.hand.length });
  let y = header(g, title, credit(ctx), ctx.t('phoneimpact.render.yourMalus', { count: view.malus.length }), turn) + GAP;

  panel(g, PAD, y, W - 2 * PAD, tableH);
  const left = PAD + INNER;
  heads.forEach((lines, i) => {
    const cx = left + LABEL + i * COL + COL / 2;
    lines.forEach((line, k) => drawText(g, line, cx, y + 10 + 13 + k * 26, { size: MIN, color: MUTED, align: 'center' }));
  });
  let ry = y + 10 + headH;
  for (const s of SUPPLIERS) {
    fillRoundRect(g, left, ry + 5, 8, ROW - 10, 4, SUPPLIER_COLOUR[s]!.fill);
    drawText(g, ctx.t(`phoneimpact.supplier.${s}`), left + 18, ry + ROW / 2, { size: TEXT, bold: true, color: INK });
    TYPES.forEach((t, i) => {
      const n = view.hand.filter((c) => c.supplier === s && c.type === t).length;
      drawText(g, String(n), left + LABEL + i * COL + COL / 2, ry + ROW / 2, { size: TEXT, bold: n > 0, color: n > 0 ? INK : '#a9b4ae', align: 'center' });
    });
    ry += ROW;
  }
  y += tableH + GAP;

  panel(g, PAD, y, W - 2 * PAD, compH);
  let cy = y + 10;
  for (const c of comps) {
    const ty = cy + 7 + LINE / 2;
    c.name.forEach((line, i) => drawText(g, line, left, ty + i * LINE, { size: MIN, bold: true, color: INK }));
    c.lines.forEach((line, i) => drawText(g, line, left + NAME_COL, ty + i * LINE, { size: MIN, bold: c.built, color: c.colour }));
    cy += c.h;
  }
  closePanel();
  return encodePng(canvas);
}
