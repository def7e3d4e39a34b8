/**
 * French as a French reader expects it: elided "de", the space before two-part punctuation,
 * singular and plural forms instead of "carte(s)", and the words Discord users know.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rEco } from '../../../src/games/r-eco/index.js';
import { hasKey, localise, t } from '../../../src/i18n/index.js';
import { buildState } from './helpers.js';

type Tree = { [key: string]: string | Tree };
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Tree;
const FILES = {
  game: '../../../src/games/r-eco/locales/fr.json',
  render: '../../../renderers/locales/fr.json',
  core: '../../../src/i18n/locales/fr.json',
};
const values = (tree: Tree): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : values(v).map(([kk, vv]) => [`${k}.${kk}`, vv] as [string, string])));

describe('R-Eco in French', () => {
  it('names its option in French where the lobby and /game new look for it', () => {
    for (const o of rEco.options) {
      const key = `r-eco.options.${o.name}`;
      expect(hasKey('fr', key)).toBe(true);
      expect(t('fr', key)).not.toBe(t('en', key));
    }
  });

  it('elides "de" before a plain name starting with a vowel sound, and words board lines to need none', () => {
    const state = buildState({ seats: 3 });
    const waiting = rEco.present.hand(rEco.seatView(state, 1)).find((m) => m.key === 'r-eco.hand.waiting')!;
    expect(localise('fr', waiting, () => 'alice')).toBe('En attente d’alice.');
    expect(localise('fr', waiting, () => '**Émile**')).toBe('En attente d’**Émile**.');
    expect(localise('fr', waiting, () => 'Hélène')).toBe('En attente d’Hélène.');
    expect(localise('fr', waiting, () => 'Bob')).toBe('En attente de Bob.');
    expect(localise('fr', waiting, () => '<@123>')).toBe('En attente de <@123>.');
    // The board names seats by mention, whose nickname the bot does not know: no elision needed.
    expect(t('fr', 'board.turn', { player: '<@123>' })).toBe('🎲 À <@123> de jouer.');
    expect(t('fr', 'board.waitingFor', { players: 'Bob, Ana' })).toBe('⏳ En attente\u00a0: Bob, Ana.');
  });

  it('puts a space before : ; ? ! in every French string', () => {
    for (const file of Object.values(FILES)) {
      for (const [key, text] of values(read(file))) {
        // Placeholders, Markdown, Discord's <t:…:R> timestamps and times (+5:30) are not prose; "https://" has no space either.
        const prose = text.replace(/\{\{[^}]*\}\}/g, 'X').replace(/<t:[^>]*>/g, 'X').replace(/\d:\d/g, 'X').replace(/https?:\/\/\S+/g, '');
        expect(prose, `${file} ${key}`).not.toMatch(/[^\s\u00a0\u202f][:;?!]/);
      }
    }
  });

  it('uses singular and plural forms, never "(s)", and "chacune" only for several cards', () => {
    for (const file of Object.values(FILES)) {
      for (const [key, text] of values(read(file))) expect(text, `${file} ${key}`).not.toMatch(/\(s\)/);
    }
    const prompt = (count: number) => localise('fr', { key: 'r-eco.prompt.dump', args: { count } });
    expect(prompt(1)).not.toContain('chacune');
    expect(prompt(1)).toContain('1 carte ');
    expect(prompt(2)).toContain('2 cartes');
    expect(prompt(2)).toContain('chacune');
    expect(t('fr', 'render.mustDump', { count: 1 })).toBe('1 carte à rejeter');
    expect(t('fr', 'render.mustDump', { count: 3 })).toBe('3 cartes à rejeter');
  });

  it('calls the lobby a waiting room, not a channel', () => {
    const text = t('fr', 'status.lobby', { count: 2 });
    expect(text).toContain('salle d’attente');
    expect(text).not.toContain('salon');
  });

  it('prints negative scores with a real minus sign, as the images do', () => {
    expect(t('fr', 'final.points', { count: -7 })).toBe('−7 points');
    expect(t('en', 'final.points', { count: -1 })).toBe('−1 point');
    expect(localise('en', { key: 'r-eco.status.rewards', args: { colour: { key: 'r-eco.colour.red' }, values: [3, -2] } })).toBe('red: 3, −2');
  });
});
