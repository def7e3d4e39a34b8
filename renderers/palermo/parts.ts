/**
 * Shared drawing pieces of the Palermo images: cube swatches, type icons, equipment and contract
 * cards that say in words what they do (the private view), and a flow layout. The board's
 * compact pills are in compact.ts, its legend in legend.ts.
 */
import { contractType, equipmentType, NC, type EquipmentKind } from '../../src/games/palermo/constants.js';
import { blit, cachedLayer, setFont, textWidth as measuredWidth, drawText, fillRoundRect, font, panel, strokeRoundRect, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';

export const W = 1000;
export const PAD = 16;
/** The smallest text: 10 px when the image is shown 400 px wide. */
export const TEXT = 25;
export const BIG = 28;
export const BG = '#f3efe6';
export const PANEL = '#ffffff';
export const INK = '#23201c';
export const MUTED = '#6b645a';
export const ACCENT = '#c0392b';
export const GOOD = '#1d6b35';
export const EDGE = '#b9b0a2';
export const LINE = 40;
export const HEADER = '#2d3a2e';

export const CUBE_FILL = ['#8a5a2b', '#f2c230', '#2f6fd6', '#fafafa', '#3a9a4a', '#9b59b6', '#1e1e1e'];
export const CUBE_INK = ['#ffffff', '#2a2000', '#ffffff', '#23201c', '#ffffff', '#ffffff', '#ffffff'];

/** Card header colours by equipment type, and by contract kind. */
export const KIND_FILL: Record<EquipmentKind, string> = { storage: '#55687a', incin2: '#b9532a', incin1: '#b9532a', recycling: '#2e7d4f', decon: '#7d3c98' };
export const CONTRACT_FILL = { bulk: '#6d5a3a', sorted: '#35606e' } as const;

export type T = (key: string, args?: Record<string, string | number>) => string;
export const tOf = (ctx: RenderContext): T => (k, a) => ctx.t(`palermo.render.${k}`, a);

export function seatName(ctx: RenderContext, seat: number): string {
  return ctx.names[seat] ?? ctx.t('render.seat', { number: seat + 1 });
}

export function textWidth(g: Ctx, s: string, size = TEXT, bold = false): number {
  setFont(g, font(size, bold));
  return Math.ceil(measuredWidth(g, s));
}

/** A line of text; returns the width used plus a gap of 10. */
export function text(g: Ctx, s: string, x: number, cy: number, opts: { bold?: boolean; color?: string; size?: number; max?: number; align?: 'left' | 'right' | 'center' } = {}): number {
  const size = opts.size ?? TEXT;
  drawText(g, s, x, cy, { size, bold: opts.bold ?? false, color: opts.color ?? INK, align: opts.align ?? 'left', ...(opts.max !== undefined ? { maxWidth: opts.max } : {}) });
  return Math.min(textWidth(g, s, size, opts.bold ?? false), opts.max ?? Infinity) + 10;
}

export const money = (n: number): string => (n < 0 ? `\u2212${-n}` : String(n));
export const signed = (n: number): string => (n > 0 ? `+${n}` : money(n));

// ---------------------------------------------------------------------------------------------
// Cubes.

export const cubeWidth = (count: number): number => (count >= 100 ? 58 : count >= 10 ? 40 : 28);
const CUBE_H = 28;

/** A cube swatch with its count; returns the width used. */
export function cube(g: Ctx, colour: number, count: number, x: number, cy: number): number {
  // Swatches repeat a lot: each colour and count is drawn once and copied (text is the costly part).
  const w = cubeWidth(count);
  const layer = cachedLayer(`palermo:cube:${colour}:${count}`, w, CUBE_H, (c) => {
    fillRoundRect(c, 0, 0, w, CUBE_H, 5, CUBE_FILL[colour]!);
    if (colour === 3) strokeRoundRect(c, 0.75, 0.75, w - 1.5, CUBE_H - 1.5, 5, '#9a9a9a', 1.5);
    drawText(c, String(count), w / 2, CUBE_H / 2, { size: TEXT, bold: true, color: CUBE_INK[colour]!, align: 'center' });
  });
  blit(g, layer, Math.round(x), Math.round(cy - CUBE_H / 2));
  return w + 4;
}


/** Swatches for every non-zero colour; an em dash when empty. Returns the width used. */
export function cubes(g: Ctx, x: number, cy: number, v: readonly number[]): number {
  let dx = 0;
  for (let c = 0; c < NC; c++) if (v[c]! > 0) dx += cube(g, c, v[c]!, x + dx, cy);
  if (dx === 0) {
    drawText(g, '—', x, cy, { size: TEXT, color: MUTED });
    dx = textWidth(g, '—') + 6;
  }
  return dx;
}

/** A plain colour chip (a colour a card takes, not a count); returns the width used. */
function chip(g: Ctx, colour: number, x: number, cy: number): number {
  fillRoundRect(g, x, cy - 11, 22, 22, 5, CUBE_FILL[colour]!);
  if (colour === 3) strokeRoundRect(g, x + 0.75, cy - 10.25, 20.5, 20.5, 5, '#9a9a9a', 1.5);
  return 25;
}

// ---------------------------------------------------------------------------------------------
// Icons, one per equipment type, drawn in a box about 2r across.

export function kindIcon(g: Ctx, kind: EquipmentKind, cx: number, cy: number, r: number, color: string): void {
  g.fillStyle = color;
  g.strokeStyle = color;
  g.lineWidth = Math.max(2, r / 5);
  g.lineJoin = 'round';
  switch (kind) {
    case 'storage': {
      // A crate: a box with a lid.
      g.beginPath();
      g.rect(cx - r * 0.8, cy - r * 0.35, r * 1.6, r * 1.1);
      g.stroke();
      g.beginPath();
      g.rect(cx - r * 0.95, cy - r * 0.8, r * 1.9, r * 0.45);
      g.fill();
      break;
    }
    case 'incin2':
    case 'incin1': {
      // A flame.
      g.beginPath();
      g.moveTo(cx, cy - r);
      g.bezierCurveTo(cx + r * 0.9, cy - r * 0.2, cx + r * 0.8, cy + r * 0.9, cx, cy + r * 0.9);
      g.bezierCurveTo(cx - r * 0.8, cy + r * 0.9, cx - r * 0.9, cy - r * 0.1, cx - r * 0.2, cy - r * 0.45);
      g.bezierCurveTo(cx - r * 0.15, cy - r * 0.1, cx, cy - r * 0.3, cx, cy - r);
      g.closePath();
      g.fill();
      break;
    }
    case 'recycling': {
      // Two arrows chasing each other round a circle.
      const rr = r * 0.7;
      for (const start of [0.15 * Math.PI, 1.15 * Math.PI]) {
        g.beginPath();
        g.arc(cx, cy, rr, start, start + 0.75 * Math.PI);
        g.stroke();
        const end = start + 0.75 * Math.PI;
        const ex = cx + rr * Math.cos(end), ey = cy + rr * Math.sin(end);
        const tx = -Math.sin(end), ty = Math.cos(end);
        const s = r * 0.35;
        g.beginPath();
        g.moveTo(ex + tx * s, ey + ty * s);
        g.lineTo(ex - ty * s * 0.9, ey + tx * s * 0.9);
        g.lineTo(ex + ty * s * 0.9, ey - tx * s * 0.9);
        g.closePath();
        g.fill();
      }
      break;
    }
    case 'decon': {
      // A flask.
      g.beginPath();
      g.moveTo(cx - r * 0.25, cy - r * 0.9);
      g.lineTo(cx - r * 0.25, cy - r * 0.2);
      g.lineTo(cx - r * 0.8, cy + r * 0.8);
      g.lineTo(cx + r * 0.8, cy + r * 0.8);
      g.lineTo(cx + r * 0.25, cy - r * 0.2);
      g.lineTo(cx + r * 0.25, cy - r * 0.9);
      g.closePath();
      g.stroke();
      g.beginPath();
      g.moveTo(cx - r * 0.5, cy + r * 0.3);
      g.lineTo(cx + r * 0.5, cy + r * 0.3);
      g.lineTo(cx + r * 0.8, cy + r * 0.8);
      g.lineTo(cx - r * 0.8, cy + r * 0.8);
      g.closePath();
      g.fill();
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Cards: a coloured header with an icon, the type in words and the id, then lines in words.

export const CARD_H = 36 + 3 * 34 + 10;
export const CARD_GAP = 10;
/** Width of a card when `perRow` share `width`. */
export const cardWidth = (width: number, perRow: number): number => Math.floor((width - (perRow - 1) * CARD_GAP) / perRow);

function cardFrame(g: Ctx, x: number, y: number, w: number, fill: string, highlight: boolean): void {
  fillRoundRect(g, x, y, w, CARD_H, 10, '#fbf8f2');
  fillRoundRect(g, x, y, w, 36, 10, fill);
  g.fillStyle = fill;
  g.fillRect(x, y + 26, w, 10);
  strokeRoundRect(g, x + 1, y + 1, w - 2, CARD_H - 2, 10, highlight ? ACCENT : fill, highlight ? 2 : 1.5);
}

/** An equipment card: type, colours and room, price, and what it costs or earns. */
export function equipmentCard(g: Ctx, t: T, card: number, x: number, y: number, w: number): void {
  const e = equipmentType(card);
  panel(g, `card ${e.id}`, x, y, w, CARD_H, () => {
    const fill = KIND_FILL[e.kind];
    cardFrame(g, x, y, w, fill, false);
    kindIcon(g, e.kind, x + 20, y + 18, 11, '#ffffff');
    // The type in bold when it fits, else regular ("Decontamination" is long); the id goes lower.
    const type = t(`type.${e.kind}`);
    const bold = textWidth(g, type, TEXT, true) <= w - 46;
    text(g, type, x + 36, y + 18, { bold, color: '#ffffff', max: w - 46 });
    let cy = y + 36 + 17 + 4;
    let cx = x + 10;
    for (const c of e.colours) cx += chip(g, c, cx, cy);
    text(g, t('cubes', { count: e.capacity }), cx + 4, cy, { bold: true, max: x + w - 10 - cx - 4 });
    cy += 34;
    const idW = textWidth(g, e.id, TEXT, true) + 10;
    text(g, t('price', { price: e.price }), x + 10, cy, { max: w - 20 - idW });
    text(g, e.id, x + w - 10, cy, { bold: true, color: MUTED, align: 'right' });
    cy += 34;
    const per = e.kind === 'storage' ? 'perTurn' : 'perCube';
    const amount = e.operating === 0 ? t('free0') : t(per, { amount: signed(e.operating) });
    text(g, amount, x + 10, cy, { bold: true, color: e.operating > 0 ? GOOD : e.operating < 0 ? ACCENT : INK, max: w - 20 });
  });
}

/** A contract card: its kind, the cubes it delivers every turn, its price and validity. */
export function contractCard(g: Ctx, t: T, card: number, x: number, y: number, w: number, opts: { price?: number; highlight?: boolean } = {}): void {
  const c = contractType(card);
  panel(g, `card ${c.id}`, x, y, w, CARD_H, () => {
    const fill = CONTRACT_FILL[c.kind];
    cardFrame(g, x, y, w, fill, opts.highlight ?? false);
    const idW = textWidth(g, c.id, TEXT, true) + 12;
    text(g, t(`contractKind.${c.kind}`), x + 10, y + 18, { bold: true, color: '#ffffff', max: w - 10 - idW });
    text(g, c.id, x + w - 10, y + 18, { bold: true, color: '#ffffff', align: 'right' });
    let cy = y + 36 + 17 + 4;
    let cx = x + 10;
    for (let k = 0; k < NC; k++) if (c.delivery[k]! > 0) cx += cube(g, k, c.delivery[k]!, cx, cy);
    text(g, t('eachTurn'), cx + 2, cy, { color: MUTED, max: x + w - 10 - cx - 2 });
    cy += 34;
    const p = opts.price ?? c.price;
    text(g, t('perTurn', { amount: signed(p) }), x + 10, cy, { bold: true, color: p < 0 ? ACCENT : p > 0 ? GOOD : INK, max: w - 20 });
    cy += 34;
    text(g, t('forTurns', { count: c.validity }), x + 10, cy, { max: w - 20 });
  });
}

// ---------------------------------------------------------------------------------------------
// Flow layout: items of known width placed left to right, wrapping onto new lines.

export interface Item {
  w: number;
  draw: (g: Ctx, x: number, cy: number) => void;
}

export const PILL_H = 38;
export const FLOW_LINE = PILL_H + 8;

/** Splits items into lines of at most `width` (the first line may start `first` px in). */
export function flowLines(items: readonly Item[], width: number, first = 0): Item[][] {
  const lines: Item[][] = [[]];
  let used = first;
  for (const it of items) {
    const line = lines[lines.length - 1]!;
    if (line.length > 0 && used + it.w > width) {
      lines.push([it]);
      used = it.w + 8;
    } else {
      line.push(it);
      used += it.w + 8;
    }
  }
  return lines;
}

/** A text as a flow item. */
export function textItem(m: Ctx, s: string, opts: { bold?: boolean; color?: string } = {}): Item {
  const w = textWidth(m, s, TEXT, opts.bold ?? false);
  return { w, draw: (g, x, cy) => void text(g, s, x, cy, opts) };
}

/** A sentence as one flow item per word, so it wraps like text. */
export function wordItems(m: Ctx, s: string, opts: { bold?: boolean; color?: string } = {}): Item[] {
  return s.split(' ').filter((w) => w.length > 0).map((w) => textItem(m, w, opts));
}


/** Draws flow lines from (x, cy), one line every FLOW_LINE px; returns the y after the last line. */
export function drawLines(g: Ctx, lines: readonly Item[][], x: number, cy: number, first = 0): number {
  lines.forEach((line, i) => {
    let lx = x + (i === 0 ? first : 0);
    for (const it of line) {
      it.draw(g, lx, cy);
      lx += it.w + 8;
    }
    cy += FLOW_LINE;
  });
  return cy;
}

