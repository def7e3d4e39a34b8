/**
 * Texts on the M.A.R.K. images: game messages read the way /status reads them, and lines
 * wrapped to a width, so a long name takes a second line before it is ever shortened.
 */
import type { Msg, MsgArg } from '../../src/engine/index.js';
import { fillLines, fitText, font, setFont, type Ctx } from '../canvas.js';
import type { RenderContext } from '../types.js';

export function seatName(ctx: RenderContext, seat: number): string {
  const name = ctx.names[seat];
  return name !== undefined && name.trim() !== '' ? name : ctx.t('mark.render.seat', { number: seat + 1 });
}

/**
 * A game message as text: seats by their names (through `name`, which may shorten them), nested
 * messages localised, lists joined as /status joins them.
 */
export function say(ctx: RenderContext, msg: Msg, name: (seat: number) => string = (s) => seatName(ctx, s)): string {
  const arg = (a: MsgArg): string | number => {
    if (typeof a === 'string' || typeof a === 'number') return a;
    if (Array.isArray(a)) return a.map(arg).join(', ');
    if ('seat' in a) return name(a.seat);
    return say(ctx, a, name);
  };
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(msg.args ?? {})) args[k] = k === 'count' && typeof v === 'number' ? v : arg(v);
  return ctx.t(msg.key, args);
}

// A shortened name is wrapped in these marks while lines are laid out, so it is never split.
const KEEP = '\u0001', END = '\u0002';

/** Pieces a line may end after: a space, a hyphen, or a whole shortened name. */
function pieces(text: string): string[] {
  return text.match(/\u0001[^\u0002]*\u0002[^\s\u0001]*\s*|[^\s\u0001-]+-?\s*|[\s-]+/g) ?? [];
}

/** `text` in lines at most `width` px wide; a word wider than a line breaks between letters. */
export function wrapLines(g: Ctx, text: string, width: number, size: number, bold = false): string[] {
  setFont(g, font(size, bold));
  return fillLines(g, pieces(text), width, (line) => line.replace(/[\u0001\u0002]/g, '').trimEnd());
}

/**
 * A text naming players in at most `maxLines` lines: names in full if they fit, else all
 * shortened alike (each kept on one line) until they do.
 */
export function fitLines(g: Ctx, build: (name: (full: string) => string) => string, width: number, size: number, bold: boolean, maxLines: number): string[] {
  const full = wrapLines(g, build((n) => n), width, size, bold);
  if (full.length <= maxLines) return full;
  const longest = Math.max(1, ...fullNames(build).map((n) => Array.from(n).length));
  for (let k = longest - 1; k >= 1; k--) {
    const lines = wrapLines(g, build((n) => `${KEEP}${shorten(n, k)}${END}`), width, size, bold);
    if (lines.length <= maxLines) return lines;
  }
  const lines = wrapLines(g, build(() => '…'), width, size, bold).slice(0, maxLines);
  setFont(g, font(size, bold));
  lines[maxLines - 1] = fitText(g, lines[maxLines - 1]!, width);
  return lines;
}

function shorten(name: string, k: number): string {
  const chars = Array.from(name);
  return chars.length > k ? `${chars.slice(0, k).join('').trimEnd()}…` : name;
}

function fullNames(build: (name: (full: string) => string) => string): string[] {
  const names: string[] = [];
  build((n) => (names.push(n), n));
  return names;
}
