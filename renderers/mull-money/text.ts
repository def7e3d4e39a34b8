/**
 * Lines of text on the Müll + Money images: wrapped to a width, so a long name or card name takes
 * a second line before it is ever shortened (two players whose names start alike stay apart).
 */
import { fillLines, fitText, font, setFont, textWidth, type Ctx } from '../canvas.js';

/** Pieces a line may end after: a space, a hyphen or a slash. */
function pieces(text: string): string[] {
  // Only a plain space breaks a line: a no-break space keeps "mot :" together.
  return text.match(/[^ /-]+[/-]?[ ]*|[ /-]+/g) ?? [];
}

/** `text` in lines at most `width` px wide; a word wider than a line breaks between letters. */
export function wrapLines(g: Ctx, text: string, width: number, size: number, bold = false): string[] {
  setFont(g, font(size, bold));
  return fillLines(g, pieces(text), width, (line) => line.replace(/ +$/, ''));
}

/**
 * One name in at most `max` lines, the first `first` px wide and the others `width`: wrapped
 * between words, else between letters (a long name stays whole), else shortened on one line, so
 * the cut text still starts as the name does.
 */
export function nameLines(g: Ctx, name: string, width: number, size: number, bold: boolean, first = width, max = 2): string[] {
  setFont(g, font(size, bold));
  const fill = (breakable: (piece: string) => string[]): string[] | null => {
    const lines: string[] = [];
    let line = '';
    for (const piece of breakable(name)) {
      const room = lines.length === 0 ? first : width;
      if (line && textWidth(g, (line + piece).replace(/ +$/, '')) > room) {
        lines.push(line.replace(/ +$/, ''));
        line = piece;
      } else line += piece;
      if (lines.length === max) return null;
    }
    if (line) lines.push(line.replace(/ +$/, ''));
    const fits = lines.every((l, i) => textWidth(g, l) <= (i === 0 ? first : width));
    return lines.length <= max && fits ? lines : null;
  };
  return fill((n) => n.match(/[^ -]+-?[ ]*|[ -]+/g) ?? []) ?? fill((n) => Array.from(n)) ?? [fitText(g, name, Math.min(first, width))];
}
