/** Shared drawing for PhoneImpact images: colours, cards, panels. Text ≥ 24 px on 900 px (phone rule). */
import type { Ctx } from '../canvas.js';
import { drawText, fillRoundRect, fitText, font, closePanel, openPanel, strokeRoundRect, setFont, textWidth } from '../canvas.js';
import type { RenderContext } from '../types.js';

export const W = 900;
export const PAD = 24;
export const BG = '#eef3f0';
export const INK = '#1d2a24';
export const MUTED = '#52625a';
export const PANEL = '#ffffff';
export const TEXT = 26;
export const SMALL = 24;

export const SUPPLIER_COLOUR: Record<string, { fill: string; ink: string }> = {
  PP: { fill: '#d9534f', ink: '#ffffff' },
  PM: { fill: '#f0a23b', ink: '#2a1d00' },
  RC: { fill: '#3f9b5a', ink: '#ffffff' },
};

/** Short type labels, the same in both languages (chemistry-like codes), drawn on cards. */
export function typeLabel(ctx: RenderContext, ruleset: string, t: string): string {
  return ctx.t(`phoneimpact.type.${t === 'MR' && ruleset === '2025' ? 'AMet' : t}`);
}

export function card(g: Ctx, x: number, y: number, w: number, h: number, supplier: string, label: string): void {
  const c = SUPPLIER_COLOUR[supplier]!;
  fillRoundRect(g, x, y, w, h, 10, c.fill);
  g.font = font(SMALL, true);
  drawText(g, fitText(g, label, w - 12), x + w / 2, y + h / 2, { size: SMALL, bold: true, color: c.ink, align: 'center' });
}

export function emptySlot(g: Ctx, x: number, y: number, w: number, h: number): void {
  strokeRoundRect(g, x + 1, y + 1, w - 2, h - 2, 10, '#a9b4ae', 2);
}

export function panel(g: Ctx, x: number, y: number, w: number, h: number, highlight = false): void {
  closePanel();
  fillRoundRect(g, x, y, w, h, 14, PANEL);
  if (highlight) strokeRoundRect(g, x + 1.5, y + 1.5, w - 3, h - 3, 14, '#2b7de9', 3);
  // What follows is the panel's content, until the next panel (checked by the bounds test).
  openPanel(g, `panel at y ${Math.round(y)}`, x, y, w, h);
}

export function header(g: Ctx, title: string, sub: string): number {
  g.fillStyle = '#23493a';
  g.fillRect(0, 0, W, 96);
  drawText(g, title, PAD, 32, { size: 32, bold: true, color: '#ffffff', maxWidth: W - 2 * PAD });
  drawText(g, sub, PAD, 72, { size: SMALL, color: '#d8eadf', maxWidth: W - 2 * PAD });
  return 96;
}

/** Wraps text into at most `lines` lines of `width` px. */
export function wrap(g: Ctx, text: string, width: number, size: number, lines: number): string[] {
  setFont(g, font(size));
  const words = text.split(' ');
  const out: string[] = [];
  let line = '';
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (textWidth(g, next) > width && line) {
      out.push(line);
      line = w;
    } else line = next;
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = fitText(g, `${kept[lines - 1]} ${out.slice(lines).join(' ')}`, width);
    return kept;
  }
  return out;
}
