/** The final ranking: components, Recycl' bonus, malus penalty and total per player. */
import type { Outcome } from '../../src/engine/types.js';
import type { PhoneImpactPublicView } from '../../src/games/phoneimpact/types.js';
import { COMPONENTS, MALUS_PENALTY, RECIPES, RECYCL_BONUS, RULESETS } from '../../src/games/phoneimpact/constants.js';
import { closePanel, createImageCanvas, drawText, encodePng } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { subtitle } from './board.js';
import { BG, INK, MUTED, PAD, SMALL, TEXT, W, header, panel } from './parts.js';

export function renderPhoneImpactFinal(view: PhoneImpactPublicView, outcome: Outcome, ctx: RenderContext): Buffer {
  const H = 96 + 24 + 50 + outcome.standings.length * 92 + 70;
  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  let y = header(g, ctx.t('phoneimpact.render.final'), subtitle(view, ctx)) + 24;
  const cols = [PAD + 470, PAD + 590, PAD + 700, W - PAD - 16];
  [ctx.t('phoneimpact.render.components'), ctx.t('phoneimpact.render.bonus'), ctx.t('phoneimpact.render.penalty'), ctx.t('phoneimpact.render.total')].forEach((h, i) =>
    drawText(g, h, cols[i]!, y + 16, { size: SMALL, bold: true, color: MUTED, align: 'right', maxWidth: 105 }),
  );
  y += 50;
  const maxR = Math.max(...view.players.map((p) => p.recyclOnBoard));
  for (const st of outcome.standings) {
    const p = view.players[st.seat]!;
    panel(g, PAD, y, W - 2 * PAD, 80, st.rank === 1);
    let comps = 0;
    for (const c of COMPONENTS) if (p.built[c]) comps += RECIPES[c].points;
    const bonus = p.recyclOnBoard === maxR && (maxR > 0 || RULESETS[view.ruleset].bonusWhenZero) ? RECYCL_BONUS : 0;
    const penalty = view.flags.penalty ? p.malusCount * MALUS_PENALTY : 0;
    drawText(g, `${st.rank}. ${ctx.names[st.seat] ?? `#${st.seat + 1}`}`, PAD + 16, y + 26, { size: TEXT, bold: true, color: INK, maxWidth: 360 });
    drawText(g, `${COMPONENTS.filter((c) => p.built[c]).length}/4 · ${p.recyclOnBoard} Recycl' · ${p.malusCount} malus`, PAD + 16, y + 58, { size: SMALL, color: MUTED, maxWidth: 360 });
    [String(comps), `+${bonus}`, `−${penalty}`, String(st.score)].forEach((v, i) =>
      drawText(g, v, cols[i]!, y + 40, { size: i === 3 ? 30 : TEXT, bold: i === 3, color: INK, align: 'right' }),
    );
    y += 92;
  }
  closePanel();
  drawText(g, ctx.t('phoneimpact.render.credit'), W / 2, H - 30, { size: SMALL, color: MUTED, align: 'center', maxWidth: W - 2 * PAD });
  return encodePng(canvas);
}
