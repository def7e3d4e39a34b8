/** The final ranking: each player's total, and where it comes from in words (components, Recycl' bonus, malus). */
import type { Outcome } from '../../src/engine/types.js';
import type { PhoneImpactPublicView } from '../../src/games/phoneimpact/types.js';
import { COMPONENTS, MALUS_PENALTY, RECIPES, RECYCL_BONUS, RULESETS } from '../../src/games/phoneimpact/constants.js';
import { closePanel, createImageCanvas, drawText, encodePng, font, setFont, textWidth, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { subtitle } from './board.js';
import { BG, INK, LINE, MIN, MUTED, PAD, TEXT, W, credit, wrapLines, header, headerHeight, nameLines, panel } from './parts.js';
import { nameOf, overText } from './turn.js';

const INNER = 14;
const GAP = 10;
const TOTAL_W = 150;

/** Items joined by " · " into lines of `width`, an item never split unless it is wider than a line. */
function flow(items: string[], width: number): string[] {
  const g = measuringContext();
  setFont(g, font(MIN));
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(g, `${last} · ${item}`) <= width) lines[lines.length - 1] = `${last} · ${item}`;
    else lines.push(item);
  }
  return lines;
}

export function renderPhoneImpactFinal(view: PhoneImpactPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const inner = W - 2 * PAD - 2 * INNER;
  const maxR = Math.max(...view.players.map((p) => p.recyclOnBoard));
  const rows = outcome.standings.map((st) => {
    const p = view.players[st.seat]!;
    const built = COMPONENTS.filter((c) => p.built[c]);
    const comps = built.reduce((a, c) => a + RECIPES[c].points, 0);
    const bonus = p.recyclOnBoard === maxR && (maxR > 0 || RULESETS[view.ruleset].bonusWhenZero) ? RECYCL_BONUS : 0;
    const penalty = view.flags.penalty ? p.malusCount * MALUS_PENALTY : 0;
    const items = [
      ctx.t('phoneimpact.render.fComponents', { points: comps, count: built.length, total: COMPONENTS.length }),
      ctx.t(bonus > 0 ? 'phoneimpact.render.fBonus' : 'phoneimpact.render.fNoBonus', { bonus, count: p.recyclOnBoard }),
      ctx.t(view.flags.penalty ? 'phoneimpact.render.fPenalty' : 'phoneimpact.render.fNoPenalty', { penalty: -penalty, count: p.malusCount }),
    ];
    const name = nameLines(m, `${st.rank}. ${nameOf(ctx, st.seat)}`, inner - TOTAL_W);
    const details = flow(items, inner);
    const step = name.size + 5;
    return { st, name, step, details, h: 10 + name.lines.length * step + details.length * LINE + 10 };
  });
  const turn = wrapOver(view, ctx);
  const H = headerHeight(turn.length) + GAP + rows.reduce((a, r) => a + r.h + GAP, 0);
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  let y = header(g, ctx.t('phoneimpact.render.final'), credit(ctx), subtitle(view, ctx), turn) + GAP;
  for (const r of rows) {
    panel(g, PAD, y, W - 2 * PAD, r.h, r.st.rank === 1);
    let ty = y + 10 + r.step / 2;
    r.name.lines.forEach((line, i) => drawText(g, line, PAD + INNER, ty + i * r.step, { size: r.name.size, bold: r.name.bold, color: INK }));
    drawText(g, ctx.t('phoneimpact.render.totalPoints', { count: r.st.score }), W - PAD - INNER, ty, { size: 30, bold: true, color: INK, align: 'right' });
    ty += r.name.lines.length * r.step - r.step / 2 + LINE / 2;
    r.details.forEach((line, i) => drawText(g, line, PAD + INNER, ty + i * LINE, { size: MIN, color: MUTED }));
    y += r.h + GAP;
  }
  closePanel();
  return encodePng(canvas);
}

function wrapOver(view: PhoneImpactPublicView, ctx: RenderContext): string[] {
  const text = overText(view, ctx);
  return text ? wrapLines(measuringContext(), text, W - 2 * PAD, TEXT, true) : [];
}
