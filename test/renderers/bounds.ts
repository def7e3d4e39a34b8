/**
 * The bounds rule for any game's images: nothing drawn (text, shape, copied image) crosses the
 * image edge, the panel the renderer declared around it (renderers/canvas.ts panel()), or the
 * cached layer it was drawn in. Together with the phone rule, as one call:
 *
 *   it('board fits', () => expectDrawnWell(() => renderBoard(view, ctx)));
 */
import { expect } from 'vitest';
import { outOfBounds, recordDrawing, type DrawnItem } from '../../renderers/canvas.js';
import { INLINE_MAX_ASPECT } from '../../renderers/inline.js';
import type { RenderContext } from '../../renderers/types.js';
import { LANGUAGES, hasKey, imageText as translate, loadResources, type Language } from '../../src/i18n/index.js';
import { pngDimensions, tooSmallTexts, type PhoneRuleOptions } from './phone-rule.js';

/**
 * The longest names a test uses: long words, accents, a name with no space to break on, and two
 * that share a long beginning. Seats take them in order, so every table of four or more seats
 * has the look-alike pair (every game seats four) and a five-seat table the emoji.
 */
export const LONG_NAMES = [
  'Bartholomew the Magnificent Recycler of Kitchen Scraps',
  'Wolfeschlegelsteinhausenbergerdorff',
  'Alexandra Konstantinopoulou-Papadakis',
  'Alexandra Konstantinopoulou-Papadopoulos',
  'Chloé 🌱 Müller-Łukasiewicz',
  'Ève-Marie Lefebvre-Dupont de la Tour',
  'Dmitri Aleksandrovich Kuznetsov-Ivanov',
];

/** The bot's own localisation, failing on a key that neither language file has. */
export function realCtx(lang: Language, names: readonly string[] = LONG_NAMES): RenderContext {
  return {
    names: [...names],
    t: (key, args) => {
      if (!hasKey(lang, key) && !(args && 'count' in args && (hasKey(lang, `${key}_one`) || hasKey(lang, `${key}_other`)))) throw new Error(`missing ${key} in ${lang}`);
      return translate(lang, key, args);
    },
  };
}

/**
 * Texts shortened with an ellipsis where the cut is not inside one of `names`: a player's name
 * may be shortened to fit, a label or a rule may not.
 */
export function cutTexts(texts: readonly { text: string }[], names: readonly string[]): string[] {
  return texts
    .map((t) => t.text)
    .filter((text) => text.endsWith('…'))
    .filter((text) => {
      const kept = Array.from(text.slice(0, -1));
      return !names.some((name) => {
        const chars = Array.from(name);
        for (let k = chars.length - 1; k >= 1; k--) if (kept.join('').endsWith(chars.slice(0, k).join('').trimEnd())) return true;
        return false;
      });
    });
}

/** Every word of the locale files, in any language: the words a label may be made of. */
let vocabulary: Set<string> | null = null;
function localeWords(): Set<string> {
  if (vocabulary) return vocabulary;
  vocabulary = new Set();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') for (const w of node.match(WORD) ?? []) vocabulary!.add(w.toLowerCase());
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  for (const language of LANGUAGES) visit(loadResources(language));
  return vocabulary;
}
const WORD = /[\p{L}’']+/gu;

/**
 * Labels drawn with a word broken between two letters ("gewöhnlic" / "hes Metall"): a piece
 * that is no word of the locale files. Names may break anywhere (they have no hyphenation), so a
 * piece of a name is fine, as is one shortened with "…" (cutTexts reports those).
 */
export function brokenWords(texts: readonly { text: string }[], names: readonly string[]): string[] {
  const words = localeWords();
  const inNames = names.join(' ').toLowerCase();
  const out = new Set<string>();
  for (const { text } of texts) {
    for (const w of text.replace(/[^\s]*…/g, ' ').match(WORD) ?? []) {
      const word = w.toLowerCase().replace(/^[’']+|[’']+$/g, '');
      if (word && !words.has(word) && !inNames.includes(word)) out.add(`"${w}" in "${text}"`);
    }
  }
  return [...out];
}

/**
 * Names shortened with "…" whose visible beginning starts more than one of the table's names:
 * two players who would look alike on the image.
 */
export function lookAlikeNames(texts: readonly { text: string }[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (const { text } of texts) {
    if (!text.endsWith('…')) continue;
    const kept = text.slice(0, -1).trimEnd();
    // The shown beginning: the longest start of a table name that the text ends with, or that
    // this text ends as the last line of a name wrapped over several.
    let shown = '';
    for (const name of names) {
      const chars = Array.from(name);
      for (let k = chars.length - 1; k > Array.from(shown).length; k--) {
        const start = chars.slice(0, k).join('').trimEnd();
        const wrapped = kept.length > 0 && chars.some((_, j) => j > 0 && j < k && chars.slice(j, k).join('').trim() === kept);
        if (start && (kept.endsWith(start) || wrapped)) {
          shown = start;
          break;
        }
      }
    }
    if (!shown) continue;
    const alike = names.filter((n) => n.startsWith(shown));
    if (alike.length > 1) out.push(`"${text}" could be any of: ${alike.join(' / ')}`);
  }
  return [...new Set(out)];
}

/**
 * Renders once with recording on; fails on a text below the phone minimum, anything out of
 * bounds, an image taller than INLINE_MAX_ASPECT × its width, or (given the table's names) a
 * text other than a name cut short or broken between letters, or a name cut so short that two
 * players look alike.
 */
export function expectDrawnWell(render: () => Buffer, options: PhoneRuleOptions & { names?: readonly string[] } = {}): { png: Buffer; items: DrawnItem[] } {
  const { result: png, texts, items } = recordDrawing(render);
  const { width, height } = pngDimensions(png);
  expect(width, 'image width').toBeGreaterThanOrEqual(options.minWidth ?? 800);
  expect(width, 'image width').toBeLessThanOrEqual(options.maxWidth ?? 1000);
  if (options.minAspect) expect(height, 'image height against its width').toBeGreaterThanOrEqual(Math.floor(width * options.minAspect));
  expect(height, `a ${width} × ${height} px image is taller than ${INLINE_MAX_ASPECT} × its width (at most ${Math.floor(width * INLINE_MAX_ASPECT)} px high)`).toBeLessThanOrEqual(Math.floor(width * INLINE_MAX_ASPECT));
  expect(texts.length, 'texts drawn').toBeGreaterThan(0);
  expect(tooSmallTexts(texts)).toEqual([]);
  expect(outOfBounds(items)).toEqual([]);
  if (options.names) {
    expect(cutTexts(texts, options.names), 'texts cut short').toEqual([]);
    expect(brokenWords(texts, options.names), 'words broken between letters').toEqual([]);
    expect(lookAlikeNames(texts, options.names), 'shortened names that two players share').toEqual([]);
  }
  return { png, items };
}
