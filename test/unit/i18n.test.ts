import { describe, expect, it } from 'vitest';
import { commandsJson } from '../../commands/index.js';
import { languageOf, loadResources, localise, t } from '../../src/i18n/index.js';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

/** Plural forms differ per language; compare the base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('locale files', () => {
  const en = new Set(keys(loadResources('en')).map(base));
  const fr = new Set(keys(loadResources('fr')).map(base));

  it('have the same keys in English and French', () => {
    expect([...en].filter((k) => !fr.has(k)), 'missing in French').toEqual([]);
    expect([...fr].filter((k) => !en.has(k)), 'missing in English').toEqual([]);
  });

  it('have no empty strings', () => {
    for (const language of ['en', 'fr'] as const) {
      const tree = loadResources(language);
      const empty = keys(tree).filter((k) => k.split('.').reduce<Tree | string>((node, part) => (node as Tree)[part]!, tree) === '');
      expect(empty, language).toEqual([]);
    }
  });

  it('maps Discord locales to a language', () => {
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf('en-US')).toBe('en');
    expect(languageOf('de')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });

  it('localises nested messages, seat references and plurals', () => {
    const msg = { key: 'board.turn', args: { player: { seat: 1 } } };
    expect(localise('en', msg, (s) => `P${s}`)).toBe("🎲 It is P1's turn.");
    expect(localise('fr', msg, (s) => `P${s}`)).toBe('🎲 À P1 de jouer.');
    expect(localise('en', { key: 'final.points', args: { count: 1 } })).toBe('1 point');
    expect(localise('en', { key: 'final.points', args: { count: 3 } })).toBe('3 points');
    expect(localise('en', { key: 'error.optionNotForGame', args: { option: 'x', game: { key: 'r-eco.name' } } })).toContain('R-Eco');
  });
});

describe('slash commands', () => {
  const all = commandsJson();
  type Option = { name: string; description: string; name_localizations?: Record<string, string>; description_localizations?: Record<string, string>; options?: Option[] };
  const walk = (options: Option[]): Option[] => options.flatMap((o) => [o, ...walk(o.options ?? [])]);
  const everything = walk(all as unknown as Option[]);

  it('carry French names and descriptions on every command and subcommand', () => {
    for (const c of all) {
      expect(c.name_localizations?.fr, c.name).toBeTruthy();
      expect(c.description_localizations?.fr, c.name).toBeTruthy();
    }
    for (const o of everything) expect(o.description_localizations?.fr, o.name).toBeTruthy();
  });

  it('respect Discord limits on names and descriptions', () => {
    for (const o of everything) {
      expect(o.name).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u);
      expect(o.description.length, o.name).toBeLessThanOrEqual(100);
      for (const d of Object.values(o.description_localizations ?? {})) expect(d.length, o.name).toBeLessThanOrEqual(100);
      for (const n of Object.values(o.name_localizations ?? {})) expect(n).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u);
    }
  });

  it('offers /game, /hand, /status, /rules, /help and the async-play commands', () => {
    expect(all.map((c) => c.name).sort()).toEqual(['away', 'game', 'hand', 'help', 'history', 'leaderboard', 'notify', 'profile', 'rules', 'session', 'status']);
    const game = all.find((c) => c.name === 'game') as unknown as Option;
    expect(game.options!.map((o) => o.name)).toEqual(['new', 'join', 'leave', 'add-bot', 'start', 'cancel', 'settings', 'kick', 'take-seat', 'log', 'undo', 'link']);
  });

  it('names every /game new option and choice in French too', () => {
    type Opt = { name: string; name_localizations?: Record<string, string>; description_localizations?: Record<string, string>; choices?: { name: string; name_localizations?: Record<string, string> }[]; options?: Opt[] };
    const game = all.find((c) => c.name === 'game') as unknown as Opt;
    const created = game.options!.find((o) => o.name === 'new')!;
    for (const option of created.options!) {
      expect(option.name_localizations?.fr, option.name).toBeTruthy();
      expect(option.description_localizations?.fr, option.name).toBeTruthy();
      for (const choice of option.choices ?? []) expect(choice.name_localizations?.fr ?? (choice.name === 'English' || choice.name === 'Français' ? 'ok' : undefined), `${option.name}: ${choice.name}`).toBeTruthy();
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
