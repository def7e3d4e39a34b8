/** A contract in its last turn says so, rather than "0 turns left". */
import { describe, expect, it } from 'vitest';
import { t } from '../../../src/i18n/index.js';

describe('a contract in its last turn', () => {
  it('reads "last turn" in both languages, and counts otherwise', () => {
    expect(t('en', 'palermo.render.turnsLeft', { count: 0 })).toBe('last turn');
    expect(t('fr', 'palermo.render.turnsLeft', { count: 0 })).toBe('dernier tour');
    expect(t('fr', 'palermo.render.left', { count: 0 })).toBe('dernier');
    expect(t('en', 'palermo.render.turnsLeft', { count: 1 })).toBe('1 turn left');
    expect(t('fr', 'palermo.render.turnsLeft', { count: 2 })).toBe('encore 2 tours');
  });
});
