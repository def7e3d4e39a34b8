/**
 * The legend: the unit, the depot bar (or the variant's common track, drawn here with the rules in
 * force) and its Alert fines, the silo, the holes, the loan card and the Euro, in the words the
 * rules use. Laid out once to measure, once to draw.
 */
import { COMMON_GREEN_PER_PLAYER, COMMON_YELLOW_PER_PLAYER, DEPOT_MAX, GREEN_MAX, YELLOW_MAX } from '../../src/games/mull-money/constants.js';
import type { MullPublicView } from '../../src/games/mull-money/types.js';
import { drawText, fillRoundRect, font, setFont, textWidth, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';
import { INK, LINE, MIN_TEXT, ZONE, euroBadge, loanChip, wasteTrack } from './parts.js';
import { wrapLines } from './text.js';

type Mark = 'depot' | 'loan' | 'euro' | null;
type Item = { text: string; symbol: Mark } | { zones: [string, string, string]; label: string } | { track: number; label: string };

const SYMBOL_W: Record<Exclude<Mark, null>, number> = { depot: 64, loan: 56, euro: 34 };

function items(ctx: RenderContext, view: MullPublicView): Item[] {
  const t = (k: string) => ctx.t(`mull-money.render.legend.${k}`);
  return [
    { text: t('money'), symbol: null },
    // The variant's common track is drawn here, the only track the firms share.
    ...(view.experimental ? [{ track: view.common, label: t('common') }] : [{ text: t('depot'), symbol: 'depot' as const }]),
    { zones: [t('green'), t('yellow'), t('red')], label: t('zones') },
    { text: t('silo'), symbol: null },
    { text: t('holes'), symbol: null },
    { text: t('loan'), symbol: 'loan' },
    { text: t('first'), symbol: 'euro' },
    ...(view.experimental ? [{ text: inForce(ctx, view), symbol: null }] : []),
  ];
}

function inForce(ctx: RenderContext, view: MullPublicView): string {
  const rules = view.inForce.length ? view.inForce.map((r) => ctx.t(`mull-money.rule.${r}`)).join(' · ') : ctx.t('mull-money.render.noRule');
  return ctx.t('mull-money.render.inForce', { rules });
}

function layout(g: Ctx, ctx: RenderContext, view: MullPublicView, w: number): { item: Item; lines: string[] }[] {
  return items(ctx, view).map((item) => {
    if (!('text' in item)) return { item, lines: [''] };
    const indent = item.symbol ? SYMBOL_W[item.symbol] : 0;
    return { item, lines: wrapLines(g, item.text, w - indent, MIN_TEXT) };
  });
}

/** How many items the legend has (a board may split them between two panels). */
export function legendItems(ctx: RenderContext, view: MullPublicView): number {
  return items(ctx, view).length;
}

/** Height of items `from` to `to` (all by default); 0 for none. */
export function legendHeight(g: Ctx, ctx: RenderContext, view: MullPublicView, w: number, from = 0, to = Infinity): number {
  return Math.max(0, layout(g, ctx, view, w).slice(from, to).reduce((h, { lines }) => h + lines.length * LINE + 4, -4));
}

/** Draws the legend from (x, y), each line centred on its own row. */
export function drawLegend(g: Ctx, ctx: RenderContext, view: MullPublicView, x: number, y: number, w: number, from = 0, to = Infinity): void {
  let cy = y + LINE / 2;
  for (const { item, lines } of layout(g, ctx, view, w).slice(from, to)) {
    if ('track' in item) {
      const n = view.seats;
      wasteTrack(g, item.label, item.track, view.commonLength, COMMON_GREEN_PER_PLAYER * n, COMMON_YELLOW_PER_PLAYER * n, x, cy, w);
    } else if ('zones' in item) {
      // What each zone pays at an Alert.
      setFont(g, font(MIN_TEXT));
      let zx = x + Math.max(SYMBOL_W.depot, Math.ceil(textWidth(g, item.label)) + 10);
      drawText(g, item.label, x, cy, { size: MIN_TEXT, color: INK });
      (['green', 'yellow', 'red'] as const).forEach((zone, i) => {
        const label = item.zones[i]!;
        setFont(g, font(MIN_TEXT, true));
        const bw = Math.ceil(textWidth(g, label)) + 12;
        fillRoundRect(g, zx, cy - 11, bw, 22, 4, ZONE[zone]);
        drawText(g, label, zx + bw / 2, cy + 1, { size: MIN_TEXT, bold: true, color: zone === 'yellow' ? INK : '#ffffff', align: 'center' });
        zx += bw + 6;
      });
    } else {
      if (item.symbol === 'depot') depotBar(g, x, cy, SYMBOL_W.depot - 10);
      if (item.symbol === 'loan') loanChip(g, x, cy);
      if (item.symbol === 'euro') euroBadge(g, x + 14, cy);
      const indent = item.symbol ? SYMBOL_W[item.symbol] : 0;
      lines.forEach((line, i) => drawText(g, line, x + indent, cy + i * LINE, { size: MIN_TEXT, color: INK }));
    }
    cy += lines.length * LINE + 4;
  }
}

/** The depot bar as the panels draw it, without a marker: green, yellow and red in proportion. */
function depotBar(g: Ctx, x: number, cy: number, w: number): void {
  const at = (v: number) => x + (w * v) / DEPOT_MAX;
  fillRoundRect(g, x, cy - 8, at(GREEN_MAX + 0.5) - x, 16, 4, ZONE.green);
  g.fillStyle = ZONE.yellow;
  g.fillRect(at(GREEN_MAX + 0.5), cy - 8, at(YELLOW_MAX + 0.5) - at(GREEN_MAX + 0.5), 16);
  fillRoundRect(g, at(YELLOW_MAX + 0.5), cy - 8, x + w - at(YELLOW_MAX + 0.5), 16, 4, ZONE.red);
}
