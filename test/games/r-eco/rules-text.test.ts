/**
 * The /rules text of R-Eco as a class of 14-year-olds meets it: it opens with the first turn in
 * about five lines, defines its units before using them, explains each piece of jargon where it
 * first appears, and keeps the credit note for the end. In English and French.
 */
import { describe, expect, it } from 'vitest';
import { rEco } from '../../../src/games/r-eco/index.js';
import { t } from '../../../src/i18n/index.js';

const CASES = {
  en: {
    first: '**Your first turn**',
    // Each unit with the bold word that defines it, and a pattern for any later use.
    units: [
      { defined: '**Waste unit**', used: /\bunits?\b/gi },
      { defined: '**Point**', used: /\bpoints?\b/gi },
    ],
    // Each term is in bold where it first appears, with its meaning right after.
    jargon: ['factory', 'dump', 'reward cards', 'hand limit', 'illegal dumping', 'clean bonus'],
  },
  fr: {
    first: '**Votre premier tour**',
    units: [
      { defined: '**Déchet**', used: /\bdéchets?\b/gi },
      { defined: '**Point**', used: /\bpoints?\b/gi },
    ],
    jargon: ['usine', 'décharge', 'cartes récompense', 'limite de main', 'rejet illégal', 'bonus propreté'],
  },
} as const;

describe.each(['en', 'fr'] as const)('R-Eco /rules (%s)', (lang) => {
  const text = t(lang, rEco.present.rulesKey);
  const c = CASES[lang];
  const sections = text.split('\n\n');

  it('opens with the first turn in about five lines', () => {
    const first = sections[0]!.split('\n');
    expect(first[0]).toBe(c.first);
    expect(first.length - 1).toBeGreaterThanOrEqual(4);
    expect(first.length - 1).toBeLessThanOrEqual(6);
  });

  it('defines every unit before it is used', () => {
    for (const unit of c.units) {
      const at = text.indexOf(unit.defined);
      expect(at, unit.defined).toBeGreaterThan(0);
      const uses = [...text.matchAll(unit.used)].map((m) => m.index);
      // The first use is the definition itself (inside the bold marks).
      expect(Math.min(...uses), unit.defined).toBeGreaterThanOrEqual(at);
    }
  });

  it('explains each term where it first appears, in bold', () => {
    // A pointer ahead, "(see *Hand limit*)", is not where a term is met.
    const read = text.replace(/\((?:see|voir) \*[^*]+\*\)/g, '');
    for (const term of c.jargon) {
      const first = read.toLowerCase().indexOf(term);
      expect(first, term).toBeGreaterThan(0);
      expect(read.slice(first - 2, first), term).toBe('**');
    }
  });

  it('keeps the credit note at the end', () => {
    const last = sections.at(-1)!;
    expect(last).toContain('Susumu Kawasaki');
    expect(sections.slice(0, -1).join('\n')).not.toContain('Kawasaki');
  });
});
