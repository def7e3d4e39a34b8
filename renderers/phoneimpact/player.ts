/** One player's panel on the board: name (wrapped, never confused), score, malus, hand backs, built components. */
import type { Ctx } from '../canvas.js';
import { drawText, font, setFont, textWidth, measuringContext } from '../canvas.js';
import type { PhoneImpactPublicView, PlayerView } from '../../src/games/phoneimpact/types.js';
import { COMPONENTS, SUPPLIERS } from '../../src/games/phoneimpact/constants.js';
import type { RenderContext } from '../types.js';
import { BUILT_INK, INK, LINE, MALUS_INK, MIN, MUTED, chip, nameLines, wrapLines } from './parts.js';
import { MARK, nameOf } from './turn.js';

/** Something measured first and drawn later at (x, y), its top left corner. */
export interface Block {
  height: number;
  draw: (g: Ctx, x: number, y: number) => void;
}

const INNER = 14;
const MARK_W = 26;

export function playerBlock(view: PhoneImpactPublicView, p: PlayerView, ctx: RenderContext, width: number): Block {
  const m = measuringContext();
  const inner = width - 2 * INNER;
  const waiting = view.pending.includes(p.seat);
  const name = nameLines(m, nameOf(ctx, p.seat), inner, inner - (waiting ? MARK_W : 0));
  const nameStep = name.size + 5;
  const built = COMPONENTS.filter((c) => p.built[c]).map((c) => ctx.t(`phoneimpact.component.${c}`));
  const builtText = built.length === 0 ? ctx.t('phoneimpact.render.nothingBuilt') : ctx.t('phoneimpact.render.builtList', { list: built.join(', '), count: built.length });
  const builtLines = wrapLines(m, builtText, inner, MIN);
  const height = 10 + name.lines.length * nameStep + 2 * LINE + builtLines.length * LINE + 8;
  return {
    height,
    draw: (g, x, y) => {
      let ty = y + 10 + nameStep / 2;
      const left = x + INNER;
      if (waiting) drawText(g, MARK, left, ty, { size: name.size, bold: true, color: '#2b7de9' });
      name.lines.forEach((line, i) => drawText(g, line, left + (waiting && i === 0 ? MARK_W : 0), ty + i * nameStep, { size: name.size, bold: name.bold, color: INK }));
      ty += name.lines.length * nameStep - nameStep / 2 + LINE / 2;
      drawText(g, ctx.t('phoneimpact.render.score', { score: view.scores[p.seat]! }), left, ty, { size: MIN, bold: true, color: INK });
      drawText(g, ctx.t('phoneimpact.render.malus', { count: p.malusCount }), x + width - INNER, ty, { size: MIN, bold: true, color: MALUS_INK, align: 'right' });
      ty += LINE;
      const label = ctx.t('phoneimpact.render.handChips');
      drawText(g, label, left, ty, { size: MIN, color: INK });
      setFont(g, font(MIN));
      let cx = left + textWidth(g, label) + 10;
      for (const s of SUPPLIERS) cx += chip(g, cx, ty, s, p.handBySupplier[s]) + 6;
      ty += LINE;
      builtLines.forEach((line, i) => drawText(g, line, left, ty + i * LINE, { size: MIN, color: built.length > 0 ? BUILT_INK : MUTED }));
    },
  };
}
