/**
 * Soft hyphens (U+00AD) in the locale files mark where an image may break a long compound
 * ("Lager\u00adgebühr"). The renderers break there; every other text leaves them out. No imports,
 * so the renderers can share it without loading i18next.
 */
export const SOFT_HYPHEN = '\u00ad';

export function withoutSoftHyphens(text: string): string {
  return text.includes(SOFT_HYPHEN) ? text.replaceAll(SOFT_HYPHEN, '') : text;
}
