/**
 * /rules for Müll + Money, read as a class of 14-year-olds reads it: it opens with the first turn
 * in a few lines, defines the units before it uses them, explains the jargon where it first
 * appears (lot, depot, silo, bilan, Euro, Expert, loan), names the cards as the buttons do, and
 * keeps the credit note for the end. In English and French.
 */
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/games/mull-money/constants.js';
import { mullMoney } from '../../../src/games/mull-money/index.js';
import { t } from '../../../src/i18n/index.js';

const RULES = { en: t('en', mullMoney.present.rulesKey), fr: t('fr', mullMoney.present.rulesKey) };
const WORDS = {
  en: { first: 'Your first turn', unit: '**M** means a million euros', points: '**Points**', lot: 'lots: columns of 3 cards', depot: 'depot (the waste you store)', silo: '**Silo**: your stock of raw materials', bilan: 'bilan** (the shared grid)', euro: '**Euro** (the first player)', expert: '**Expert** (its effect doubled)', loan: '**Loan**: 10 M the bank lends you' },
  fr: { first: 'Votre premier tour', unit: '**M** veut dire un million d’euros', points: '**points**', lot: 'lots\u00a0: des colonnes de 3 cartes', depot: 'dépôt (les déchets que vous stockez)', silo: '**Silo**\u00a0: votre stock de matières premières', bilan: 'bilan** (la grille commune)', euro: '**Euro** (le premier joueur)', expert: '**Expert** (son effet doublé)', loan: '**Emprunt**\u00a0: 10 M que la banque vous prête' },
} as const;

describe.each(['en', 'fr'] as const)('Müll + Money /rules (%s)', (lang) => {
  const rules = RULES[lang];
  const w = WORDS[lang];

  it('opens with the first turn, in about five lines', () => {
    const lines = rules.split('\n');
    expect(lines[0]).toBe(`**${w.first}**`);
    const section = lines.slice(1, lines.findIndex((l, i) => i > 0 && l.trim() === ''));
    expect(section.length).toBeGreaterThanOrEqual(3);
    expect(section.length).toBeLessThanOrEqual(6);
  });

  it('defines M and points before using them', () => {
    const unit = rules.indexOf(w.unit);
    expect(unit).toBeGreaterThan(0);
    // The first amount in millions comes after the definition.
    expect(rules.search(/\d M\b/)).toBeGreaterThan(unit);
    expect(rules.indexOf(w.points)).toBeGreaterThan(0);
    expect(rules.search(/\d+ points?\b/)).toBeGreaterThan(rules.indexOf(w.points));
  });

  it('explains each piece of jargon where it first appears', () => {
    for (const key of ['lot', 'depot', 'silo', 'bilan', 'euro', 'expert', 'loan'] as const) {
      const plain = rules.replace(/\*\*/g, '');
      const explained = w[key].replace(/\*\*/g, '');
      const word = explained.split(/[ :\u00a0(]/)[0]!;
      expect(rules.indexOf(w[key]), `${key} explained`).toBeGreaterThan(0);
      // Nothing uses the word (or its plural) before its explanation; a verb like "empruntez" is another word.
      // The Euro marker is capitalised: "million euros" is the currency.
      const first = plain.search(new RegExp(`(?<!\\p{L})${word}s?(?!\\p{L})`, key === 'euro' ? 'u' : 'iu'));
      expect(first, `${word} first met where it is explained`).toBe(plain.indexOf(explained));
    }
  });

  it('names every card as the buttons do', () => {
    for (const c of CARDS) expect(rules, c).toContain(t(lang, `mull-money.card.${c}`));
  });

  it('keeps the credit note at the end and fits a Discord embed', () => {
    const paragraphs = rules.trim().split('\n\n');
    expect(paragraphs.at(-1)).toMatch(/Jürgen Strohm.*Hans im Glück/);
    expect(paragraphs.slice(0, -1).join('\n')).not.toContain('Strohm');
    expect(rules.length).toBeLessThanOrEqual(4096);
  });
});
