/** Shared drawing for PhoneImpact images: colours, cards, panels, wrapping. Text ≥ 23 px on 900 px (phone rule). */
import type { Ctx } from '../canvas.js';
import { breakAtSoftHyphens, drawText, fillRoundRect, fitText, font, closePanel, openPanel, strokeRoundRect, setFont, textWidth } from '../canvas.js';
import type { RenderContext } from '../types.js';

export const W = 900;
export const PAD = 24;
export const BG = '#eef3f0';
export const INK = '#1d2a24';
export const MUTED = '#52625a';
export const PANEL = '#ffffff';
export const MALUS_INK = '#8a2d2a';
export const BUILT_INK = '#2f6f4f';
export const HEADER_BG = '#23493a';
export const HEADER_INK = '#d8eadf';
export const TEXT = 26;
export const SMALL = 24;
/** The smallest size used, still above the phone minimum (22.5 px on 900 px). */
export const MIN = 23;
/** Line step of SMALL text. */
export const LINE = 28;
/** Every image stays at most this many times as tall as it is wide (Discord's inline box). */
export const MAX_ASPECT = 1.2;

export const SUPPLIER_COLOUR: Record<string, { fill: string; ink: string }> = {
  PP: { fill: '#d9534f', ink: '#ffffff' },
  PM: { fill: '#f0a23b', ink: '#2a1d00' },
  RC: { fill: '#3f9b5a', ink: '#ffffff' },
};

/** The resource type's name as the cards print it (the 2025 edition renames "rare metal"). */
export function typeLabel(ctx: RenderContext, ruleset: string, t: string): string {
  return ctx.t(`phoneimpact.type.${t === 'MR' && ruleset === '2025' ? 'AMet' : t}`);
}

/** Splits a word wider than `width` after its hyphens, then between characters. */
function splitWord(g: Ctx, word: string, width: number): string[] {
  if (textWidth(g, word) <= width) return [word];
  const parts = word.split(/(?<=-)/);
  if (parts.length > 1) return parts.flatMap((p) => splitWord(g, p, width));
  const hyphenated = breakAtSoftHyphens(word, (piece) => textWidth(g, piece) <= width);
  if (hyphenated) return hyphenated;
  const out: string[] = [];
  let piece = '';
  for (const ch of Array.from(word)) {
    if (piece && textWidth(g, piece + ch) > width) {
      out.push(piece);
      piece = ch;
    } else piece += ch;
  }
  if (piece) out.push(piece);
  return out;
}

/**
 * Wraps `text` into lines of at most `width` px (the first line `first` px, when something sits
 * before it), never cutting it: long words break after a hyphen, else between letters.
 */
export function wrapLines(g: Ctx, text: string, width: number, size: number, bold = false, first = width): string[] {
  setFont(g, font(size, bold));
  const out: string[] = [];
  let line = '';
  const room = () => (out.length === 0 ? first : width);
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(g, next) <= room()) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    const pieces = splitWord(g, word, room());
    // Pieces of a broken word join without spaces: the first ones fill whole lines.
    out.push(...pieces.slice(0, -1));
    line = pieces.at(-1)!;
  }
  if (line) out.push(line);
  return out;
}

/**
 * A player's name in two lines (26 px bold, else 23 px bold, else 23 px regular, which is
 * narrower), else three, before it is ever shortened: two names with a long common beginning
 * still differ on the image.
 */
export function nameLines(g: Ctx, name: string, width: number, first = width): { lines: string[]; size: number; bold: boolean } {
  const tries = [[TEXT, true, 2], [MIN, true, 2], [MIN, false, 2], [MIN, false, 3]] as const;
  for (const [size, bold, max] of tries) {
    const lines = wrapLines(g, name, width, size, bold, first);
    if (lines.length <= max) return { lines, size, bold };
  }
  const lines = wrapLines(g, name, width, MIN, false, first);
  setFont(g, font(MIN));
  return { lines: [...lines.slice(0, 2), fitText(g, lines.slice(2).join(''), width)], size: MIN, bold: false };
}

/** Draws lines from `y` (the middle of the first) `step` px apart; returns the y after the last. */
export function drawLines(g: Ctx, lines: readonly string[], x: number, y: number, step: number, style: { size: number; bold?: boolean; color: string; align?: 'left' | 'center' | 'right' }): number {
  lines.forEach((line, i) => drawText(g, line, x, y + i * step, style));
  return y + lines.length * step;
}

/** A face-up card: its type on one line, or two when the card is narrow. */
export function card(g: Ctx, x: number, y: number, w: number, h: number, supplier: string, label: string): void {
  const c = SUPPLIER_COLOUR[supplier]!;
  fillRoundRect(g, x, y, w, h, 10, c.fill);
  const all = wrapLines(g, label, w - 12, MIN, true);
  // Two lines fit a card: a longer label ends in "…" on the second, never silently dropped.
  const lines = all.length <= 2 ? all : [all[0]!, fitText(g, `${all.slice(1).join(' ')}…`, w - 12)];
  const step = 25;
  lines.forEach((line, i) => drawText(g, line, x + w / 2, y + h / 2 + (i - (lines.length - 1) / 2) * step, { size: MIN, bold: true, color: c.ink, align: 'center' }));
}

/** A small supplier-coloured chip with a count in it (a player's hand, by supplier). */
export function chip(g: Ctx, x: number, y: number, supplier: string, count: number): number {
  const c = SUPPLIER_COLOUR[supplier]!;
  const w = 44;
  fillRoundRect(g, x, y - 16, w, 32, 8, c.fill);
  drawText(g, String(count), x + w / 2, y, { size: MIN, bold: true, color: c.ink, align: 'center' });
  return w;
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

/**
 * The header band: the title with the credit beside it, a subtitle, then `lines` (whose turn it
 * is, or that the game is over) in bold. Returns its height; `headerHeight` measures it first.
 */
export function header(g: Ctx, title: string, credit: string, sub: string, lines: readonly string[], subRight = ''): number {
  const h = headerHeight(lines.length);
  g.fillStyle = HEADER_BG;
  g.fillRect(0, 0, W, h);
  drawText(g, title, PAD, 28, { size: 30, bold: true, color: '#ffffff' });
  setFont(g, font(30, true));
  drawText(g, credit, W - PAD, 28, { size: MIN, color: HEADER_INK, align: 'right', maxWidth: W - 2 * PAD - textWidth(g, title) - 16 });
  drawText(g, sub, PAD, 60, { size: SMALL, color: HEADER_INK, maxWidth: W - 2 * PAD });
  if (subRight) drawText(g, subRight, W - PAD, 60, { size: MIN, color: HEADER_INK, align: 'right' });
  drawLines(g, lines, PAD, 93, 30, { size: TEXT, bold: true, color: '#ffffff' });
  return h;
}

/** Whether `right` fits on the subtitle's row beside `sub`. */
export function fitsBeside(g: Ctx, sub: string, right: string): boolean {
  setFont(g, font(SMALL));
  const left = textWidth(g, sub);
  setFont(g, font(MIN));
  return left + 24 + textWidth(g, right) <= W - 2 * PAD;
}

export function headerHeight(lines: number): number {
  return 78 + lines * 30 + (lines > 0 ? 4 : 0);
}

/** The credit the licence asks for, short enough to sit beside the title. */
export function credit(ctx: RenderContext): string {
  return ctx.t('phoneimpact.render.credit');
}
