/**
 * The public board: whose turn it is, the suppliers with their terms and face-up cards, and a grid
 * of player panels (two columns) beside the table's panel (malus deck, events, last event), so the
 * image stays about as tall as it is wide at every player count.
 */
import type { PhoneImpactPublicView } from '../../src/games/phoneimpact/types.js';
import { RULESETS } from '../../src/games/phoneimpact/constants.js';
import { closePanel, createImageCanvas, drawText, encodePng, font, setFont, textWidth, measuringContext } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { BG, INK, LINE, MALUS_INK, MIN, MUTED, PAD, W, credit, fitsBeside, header, headerHeight, panel, wrapLines } from './parts.js';
import { playerBlock, type Block } from './player.js';
import { supplierBlock } from './suppliers.js';
import { boardTurnLines } from './turn.js';

const GAP = 10;
const COL_W = (W - 2 * PAD - GAP) / 2;
const INNER = 14;

export function eventText(view: PhoneImpactPublicView, ctx: RenderContext, id: string): string {
  const key = id === '10' ? `10${RULESETS[view.ruleset].event10}` : id;
  return `${id}. ${ctx.t(`phoneimpact.event.${key}`)}`;
}

export function subtitle(view: PhoneImpactPublicView, ctx: RenderContext): string {
  const parts = [ctx.t(`phoneimpact.render.edition.${view.ruleset}`)];
  if (view.short) parts.push(ctx.t('phoneimpact.render.short'));
  parts.push(ctx.t('phoneimpact.render.round', { round: view.round }));
  if (view.lastRound && view.phase !== 'over') parts.push(ctx.t('phoneimpact.render.lastRound'));
  return parts.join(' · ');
}

/** The table's panel: malus deck, events left and the last event, at `width`. */
function tableBlock(view: PhoneImpactPublicView, ctx: RenderContext, width: number): Block {
  const g = measuringContext();
  const inner = width - 2 * INNER;
  const malus = ctx.t('phoneimpact.render.malusDeck', { count: view.malusDeck });
  const events = ctx.t('phoneimpact.render.events', { count: view.eventsLeft });
  const ev = view.lastEvent ? ctx.t('phoneimpact.render.lastEventLine', { text: eventText(view, ctx, view.lastEvent) }) : ctx.t('phoneimpact.render.noEvent');
  const head = wrapLines(g, `${malus} · ${events}`, inner, MIN, true).length === 1 ? [`${malus} · ${events}`] : [malus, events];
  const evLines = wrapLines(g, ev, inner, MIN);
  const height = 2 * 10 + (head.length + evLines.length) * LINE;
  return {
    height,
    draw: (g2, x, y) => {
      let ty = y + 10 + LINE / 2;
      if (head.length === 1) {
        // One line: the malus deck in red, the events in ink.
        drawText(g2, malus, x + INNER, ty, { size: MIN, bold: true, color: MALUS_INK });
        setFont(g2, font(MIN, true));
        drawText(g2, ` · ${events}`, x + INNER + textWidth(g2, malus), ty, { size: MIN, bold: true, color: INK });
      } else head.forEach((line, i) => drawText(g2, line, x + INNER, ty + i * LINE, { size: MIN, bold: true, color: i === 0 ? MALUS_INK : INK }));
      ty += head.length * LINE;
      evLines.forEach((line, i) => drawText(g2, line, x + INNER, ty + i * LINE, { size: MIN, color: MUTED }));
    },
  };
}

export function renderPhoneImpactBoard(view: PhoneImpactPublicView, ctx: RenderContext): Buffer {
  const m = measuringContext();
  const turn = boardTurnLines(view, ctx, m);
  const suppliers = supplierBlock(view, ctx, W - 2 * PAD);
  const players = view.players.map((p) => playerBlock(view, p, ctx, COL_W));
  // With an odd player count the table's panel fills the grid's last cell; else it spans the width.
  const cells: Block[] = [...players];
  const odd = players.length % 2 === 1;
  if (odd) cells.push(tableBlock(view, ctx, COL_W));
  const wide = odd ? null : tableBlock(view, ctx, W - 2 * PAD);
  const rows: number[] = [];
  for (let i = 0; i < cells.length; i += 2) rows.push(Math.max(cells[i]!.height, cells[i + 1]?.height ?? 0));
  // The chips' legend sits beside the subtitle when there is room, else below the grid.
  const sub = subtitle(view, ctx);
  const legendText = ctx.t('phoneimpact.render.handLegend');
  const beside = fitsBeside(m, sub, legendText);
  const legend = beside ? [] : wrapLines(m, legendText, W - 2 * PAD, MIN);
  const H = headerHeight(turn.length) + GAP + suppliers.height + GAP + (wide ? wide.height + GAP : 0)
    + rows.reduce((a, h) => a + h + GAP, 0) + legend.length * LINE + (legend.length ? 8 : 0);

  const { canvas, g } = createImageCanvas(W, H);
  g.fillStyle = BG;
  g.fillRect(0, 0, W, H);
  let y = header(g, 'PhoneImpact', credit(ctx), sub, turn, beside ? legendText : '') + GAP;
  panel(g, PAD, y, W - 2 * PAD, suppliers.height);
  suppliers.draw(g, PAD, y);
  y += suppliers.height + GAP;
  if (wide) {
    panel(g, PAD, y, W - 2 * PAD, wide.height);
    wide.draw(g, PAD, y);
    y += wide.height + GAP;
  }
  rows.forEach((h, r) => {
    for (let c = 0; c < 2; c++) {
      const i = 2 * r + c;
      const cell = cells[i];
      if (!cell) continue;
      const x = PAD + c * (COL_W + GAP);
      panel(g, x, y, COL_W, h, i < players.length && view.pending.includes(view.players[i]!.seat));
      cell.draw(g, x, y);
    }
    y += h + GAP;
  });
  closePanel();
  legend.forEach((line, i) => drawText(g, line, PAD, y + LINE / 2 + i * LINE, { size: MIN, color: MUTED }));
  return encodePng(canvas);
}
