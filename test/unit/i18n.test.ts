import { describe, expect, it } from 'vitest';
import { commandsJson } from '../../commands/index.js';
import { DISCORD_LOCALES, LANGUAGES, LANGUAGE_NAMES, imageText, languageOf, loadResources, localise, t } from '../../src/i18n/index.js';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

/** Plural forms differ per language; compare the base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const OTHER_LANGUAGES = LANGUAGES.filter((l) => l !== 'en');

describe('locale files', () => {
  const en = new Set(keys(loadResources('en')).map(base));

  it.each(OTHER_LANGUAGES)('have the same keys in English and %s', (language) => {
    const other = new Set(keys(loadResources(language)).map(base));
    expect([...en].filter((k) => !other.has(k)), `missing in ${language}`).toEqual([]);
    expect([...other].filter((k) => !en.has(k)), 'missing in English').toEqual([]);
  });

  it.each(OTHER_LANGUAGES)('give every counted text of %s the plural forms its language needs', (language) => {
    // English "_one"/"_other" pairs: each other language writes both forms too.
    const tree = loadResources(language);
    const all = new Set(keys(tree));
    const plural = keys(loadResources('en')).filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));
    expect(plural.filter((k) => !all.has(`${k}_one`) || !all.has(`${k}_other`)), language).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const language of LANGUAGES) {
      const tree = loadResources(language);
      const empty = keys(tree).filter((k) => k.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) === '');
      expect(empty, language).toEqual([]);
    }
  });

  it('keeps soft hyphens for images only: Discord and the web get whole words', () => {
    expect(imageText('de', 'mark.render.fee')).toBe('Lager\u00adgebühr');
    expect(t('de', 'mark.render.fee')).toBe('Lagergebühr');
  });

  it('maps Discord locales to a language', () => {
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('de')).toBe('de');
    expect(languageOf('es-ES')).toBe('es');
    expect(languageOf('es-419')).toBe('es');
    expect(languageOf('it')).toBe('it');
    expect(languageOf('pt-BR')).toBe('en');
    expect(languageOf('ja')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('localises nested messages, seat references and plurals', () => {
    const msg = { key: 'board.turn', args: { player: { seat: 1 } } };
    expect(localise('en', msg, (s) => `P${s}`)).toBe("🎲 It is P1's turn.");
    expect(localise('fr', msg, (s) => `P${s}`)).toBe('🎲 À P1 de jouer.');
    for (const language of OTHER_LANGUAGES) expect(localise(language, msg, (s) => `P${s}`)).toContain('P1');
    expect(localise('en', { key: 'final.points', args: { count: 1 } })).toBe('1 point');
    expect(localise('en', { key: 'final.points', args: { count: 3 } })).toBe('3 points');
    expect(localise('de', { key: 'final.points', args: { count: 1 } })).toBe('1 Punkt');
    expect(localise('de', { key: 'final.points', args: { count: 3 } })).toBe('3 Punkte');
    expect(localise('es', { key: 'final.points', args: { count: 1 } })).toBe('1 punto');
    expect(localise('es', { key: 'final.points', args: { count: 3 } })).toBe('3 puntos');
    expect(localise('it', { key: 'final.points', args: { count: 1 } })).toBe('1 punto');
    expect(localise('it', { key: 'final.points', args: { count: 3 } })).toBe('3 punti');
    expect(localise('en', { key: 'error.optionNotForGame', args: { option: 'x', game: { key: 'r-eco.name' } } })).toContain('R-Eco');
    expect(localise('de', { key: 'r-eco.name' })).toBe('R-Öko');
  });
});

describe('slash commands', () => {
  const all = commandsJson();
  type Option = { name: string; description: string; name_localizations?: Record<string, string>; description_localizations?: Record<string, string>; choices?: { name: string; name_localizations?: Record<string, string> }[]; options?: Option[] };
  const walk = (options: Option[]): Option[] => options.flatMap((o) => [o, ...walk(o.options ?? [])]);
  const everything = walk(all as unknown as Option[]);
  const locales = Object.values(DISCORD_LOCALES).flat();
  /** Language choices are each language's own name, the same for every reader. */
  const endonym = (name: string) => Object.values(LANGUAGE_NAMES).includes(name);

  it('carry a name and a description in every Discord locale the bot speaks, on every command, option and choice', () => {
    expect(locales.sort()).toEqual(['de', 'es-419', 'es-ES', 'fr', 'it']);
    for (const o of everything) {
      for (const locale of locales) {
        expect(o.name_localizations?.[locale], `${o.name} ${locale}`).toBeTruthy();
        expect(o.description_localizations?.[locale], `${o.name} ${locale}`).toBeTruthy();
        for (const c of o.choices ?? []) if (!endonym(c.name)) expect(c.name_localizations?.[locale], `${o.name}: ${c.name} ${locale}`).toBeTruthy();
      }
      // The translated name is a word of that language, not the key it was looked up by.
      for (const n of Object.values(o.name_localizations ?? {})) expect(n).not.toMatch(/commandNames|optionNames/);
    }
  });

  it('respect Discord limits on names and descriptions', () => {
    for (const o of everything) {
      expect(o.name).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u);
      expect(o.description.length, o.name).toBeLessThanOrEqual(100);
      for (const d of Object.values(o.description_localizations ?? {})) expect(d.length, `${o.name}: ${d}`).toBeLessThanOrEqual(100);
      // Discord refuses upper case in names, and two options of one command named alike.
      for (const n of Object.values(o.name_localizations ?? {})) expect(n).toMatch(/^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u);
      for (const c of o.choices ?? []) for (const n of [c.name, ...Object.values(c.name_localizations ?? {})]) expect(n.length, n).toBeLessThanOrEqual(100);
    }
    const siblings = (list: Option[]) => {
      for (const locale of locales) {
        const names = list.map((o) => o.name_localizations?.[locale] ?? o.name);
        expect(names.filter((n, i) => names.indexOf(n) !== i), `${locale}: ${names.join(', ')}`).toEqual([]);
      }
      for (const o of list) if (o.options) siblings(o.options);
    };
    siblings(all as unknown as Option[]);
  });

  it('offers /game, /hand, /status, /rules, /help and the async-play commands', () => {
    expect(all.map((c) => c.name).sort()).toEqual(['away', 'game', 'hand', 'help', 'history', 'leaderboard', 'notify', 'profile', 'rules', 'session', 'status']);
    const game = all.find((c) => c.name === 'game') as unknown as Option;
    expect(game.options!.map((o) => o.name)).toEqual(['new', 'join', 'leave', 'add-bot', 'start', 'cancel', 'settings', 'kick', 'take-seat', 'log', 'undo', 'link']);
  });

  it('lets /game new and /session new choose any of the five languages', () => {
    const game = all.find((c) => c.name === 'game') as unknown as Option;
    const session = all.find((c) => c.name === 'session') as unknown as Option;
    for (const sub of [game.options!.find((o) => o.name === 'new')!, session.options!.find((o) => o.name === 'new')!]) {
      const language = sub.options!.find((o) => o.name === 'language')!;
      expect(language.choices!.map((c) => c.name)).toEqual(['English', 'Français', 'Deutsch', 'Español', 'Italiano']);
    }
  });
});

describe('texts made once', () => {
  it('follow their arguments: each language, count, name and kind of value gets its own text', () => {
    expect(t('en', 'status.lobby', { count: 1 })).toBe('Waiting in the lobby with 1 player.');
    expect(t('en', 'status.lobby', { count: 3 })).toMatch(/3 players/);
    expect(t('en', 'status.lobby', { count: 1 })).toBe('Waiting in the lobby with 1 player.');
    expect(t('fr', 'status.lobby', { count: 1 })).not.toBe(t('en', 'status.lobby', { count: 1 }));
    expect(t('en', 'final.points', { count: -2 })).toBe('\u22122 points');
    expect(t('en', 'final.title', { game: 'R-Eco', id: 7 })).toBe('R-Eco — final scores of game #7');
    expect(t('en', 'final.title', { game: 'Palermo', id: 7 })).toBe('Palermo — final scores of game #7');
    // The same arguments under other names are another text.
    expect(t('en', 'final.title', { game: '7', id: 'R-Eco' })).toBe('7 — final scores of game #R-Eco');
  });
});
