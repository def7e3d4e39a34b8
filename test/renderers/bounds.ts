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

/** Renders once with recording on; fails on a text below the phone minimum or anything out of bounds. */
export function expectDrawnWell(render: () => Buffer, options: PhoneRuleOptions = {}): { png: Buffer; items: DrawnItem[] } {
  const { result: png, texts, items } = recordDrawing(render);
  const { width, height } = pngDimensions(png);
  expect(width, 'image width').toBeGreaterThanOrEqual(options.minWidth ?? 800);
  expect(width, 'image width').toBeLessThanOrEqual(options.maxWidth ?? 1000);
  if (options.minAspect) expect(height, 'image height against its width').toBeGreaterThanOrEqual(Math.floor(width * options.minAspect));
  expect(texts.length, 'texts drawn').toBeGreaterThan(0);
  expect(tooSmallTexts(texts)).toEqual([]);
  expect(outOfBounds(items)).toEqual([]);
  return { png, items };
}
