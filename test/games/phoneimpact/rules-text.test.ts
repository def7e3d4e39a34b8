/**
 * `/rules game:PhoneImpact`: the summary explains both rulesets and the 20-minute game in English
 * and French, with the credit and licence the spec requires, and its figures match constants.ts.
 */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.js';
import { RULESETS, SUPPLIERS, TYPES } from '../../../src/games/phoneimpact/constants.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';

const deckSize = (id: 'seed' | '2025') => SUPPLIERS.reduce((n, s) => n + TYPES.reduce((m, ty) => m + RULESETS[id].deck[s][ty], 0), 0);
/** "1, 1 bis, 2 and 13" in English, "1, 1 bis, 2 et 13" in French. */
const eventList = (ids: readonly string[], and: string) => {
  const shown = ids.map((e) => e.replace('bis', ' bis'));
  return `${shown.slice(0, -1).join(', ')} ${and} ${shown.at(-1)}`;
};

describe.each([
  { lang: 'en' as const, y2024: '2024 edition', y2025: '2025 edition', short: '20-minute game', and: 'and', cards: 'resource cards' },
  { lang: 'fr' as const, y2024: 'Édition 2024', y2025: 'Édition 2025', short: 'Partie de 20 minutes', and: 'et', cards: 'cartes ressources' },
])('PhoneImpact rules summary ($lang)', ({ lang, y2024, y2025, short, and, cards }) => {
  const text = t(lang, phoneImpact.present.rulesKey);

  it('credits the Inria Learning Lab and names the CC BY-NC-SA 4.0 licence', () => {
    expect(text).toContain('Inria Learning Lab');
    expect(text).toContain('CC BY-NC-SA 4.0');
    expect(text).toContain('phoneimpact.inria.fr');
  });

  it('explains both rulesets and the 20-minute game with the figures the rules use', () => {
    for (const part of [y2024, y2025, short]) expect(text).toContain(part);
    expect(text).toContain(`${deckSize('seed')} ${cards}`);
    expect(text).toContain(`${deckSize('2025')} ${cards}`);
    expect(text).toContain(eventList(RULESETS.seed.shortEvents, and));
    expect(text).toContain(eventList(RULESETS['2025'].shortEvents, and));
  });

  it('fits one Discord embed description', () => {
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).not.toBe(phoneImpact.present.rulesKey);
    expect(text).not.toContain('{{');
  });
});
