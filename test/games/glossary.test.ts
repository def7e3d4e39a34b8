/**
 * One word per game term in each language: every glossary (`locales/glossary.<lang>.json` beside
 * the core strings and each game's own) names the words its translation uses for an English term,
 * and every text whose English says that term says one of those words, so boards, buttons, log
 * lines and /rules never call one thing by two names.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog.js';
import type { Language } from '../../src/i18n/index.js';
import { withoutSoftHyphens } from '../../src/i18n/soft-hyphen.js';

type Tree = { [key: string]: string | Tree };
interface Glossary {
  terms: { en: string; forms: string[]; note?: string }[];
}

const GLOSSARY_LANGUAGES: Language[] = ['de', 'es', 'it'];
const DIRS = [{ name: 'core', dir: 'src/i18n/locales' }, ...Object.keys(GAMES).map((id) => ({ name: id, dir: `src/games/${id}/locales` }))];

const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as T;
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Placeholders, nested keys ($t(…)), Markdown code and emoji codes are not words of the text; soft hyphens are no letters. */
const words = (text: string) => withoutSoftHyphens(text).replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|`[^`]*`|:[a-z0-9_]+:/g, ' ');

describe.each(GLOSSARY_LANGUAGES)('the %s glossaries', (language) => {
  it.each(DIRS)('$name: one glossary, and every text says its words', ({ dir }) => {
    const path = `${dir}/glossary.${language}.json`;
    expect(existsSync(new URL(`../../${path}`, import.meta.url)), path).toBe(true);
    const glossary = read<Glossary>(path);
    expect(glossary.terms.length, path).toBeGreaterThanOrEqual(5);
    const en = new Map(flat(read<Tree>(`${dir}/en.json`)));
    const other = new Map(flat(read<Tree>(`${dir}/${language}.json`)));
    const faults: string[] = [];
    for (const term of glossary.terms) {
      expect(term.forms.length, `${path}: ${term.en}`).toBeGreaterThan(0);
      const english = new RegExp(`(?<![\\p{L}\\p{N}])${escape(term.en)}(?![\\p{L}\\p{N}])`, 'iu');
      const forms = new RegExp(term.forms.map(escape).join('|'), language === 'de' ? 'u' : 'iu');
      let used = 0;
      for (const [key, text] of en) {
        if (!english.test(words(text))) continue;
        used++;
        const translated = other.get(key);
        if (translated !== undefined && !forms.test(words(translated))) faults.push(`${key}: "${term.en}" is not ${term.forms.join(' / ')} in: ${translated.slice(0, 140)}`);
      }
      // A term no English text uses is no term of this file.
      if (used === 0) faults.push(`"${term.en}" is in no English text of ${dir}`);
    }
    expect(faults, path).toEqual([]);
  });
});
