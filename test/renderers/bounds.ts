/**
 * The bounds rule for any game's images: nothing drawn (text, shape, copied image) crosses the
 * image edge, the panel the renderer declared around it (renderers/canvas.ts panel()), or the
 * cached layer it was drawn in. Together with the phone rule, as one call:
 *
 *   it('board fits', () => expectDrawnWell(() => renderBoard(view, ctx)));
 */
import { expect } from 'vitest';
import { outOfBounds, recordDrawing, type DrawnItem } from '../../renderers/canvas.js';
import type { RenderContext } from '../../renderers/types.js';
import { hasKey, t as translate, type Language } from '../../src/i18n/index.js';
import { pngDimensions, tooSmallTexts, type PhoneRuleOptions } from './phone-rule.js';

/** The longest names a test uses: long words, accents, and a name with no space to break on. */
export const LONG_NAMES = [
  'Bartholomew the Magnificent Recycler of Kitchen Scraps',
  'Ève-Marie Lefebvre-Dupont de la Tour',
  'Wolfeschlegelsteinhausenbergerdorff',
  'Dmitri Aleksandrovich Kuznetsov-Ivanov',
  'Chloé 🌱 Müller-Łukasiewicz',
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

/**
 * Renders once with recording on; fails on a text below the phone minimum, anything out of
 * bounds, or (given the names) a text other than a name cut short.
 */
export function expectDrawnWell(render: () => Buffer, options: PhoneRuleOptions & { names?: readonly string[] } = {}): { png: Buffer; items: DrawnItem[] } {
  const { result: png, texts, items } = recordDrawing(render);
  const { width, height } = pngDimensions(png);
  expect(width, 'image width').toBeGreaterThanOrEqual(options.minWidth ?? 800);
  expect(width, 'image width').toBeLessThanOrEqual(options.maxWidth ?? 1000);
  if (options.minAspect) expect(height, 'image height against its width').toBeGreaterThanOrEqual(Math.floor(width * options.minAspect));
  expect(texts.length, 'texts drawn').toBeGreaterThan(0);
  expect(tooSmallTexts(texts)).toEqual([]);
  expect(outOfBounds(items)).toEqual([]);
  if (options.names) expect(cutTexts(texts, options.names), 'texts cut short').toEqual([]);
  return { png, items };
}
