/**
 * The catalog is the one list of games: every game folder is in it, with its drawings beside it
 * and its texts loaded under its id, and nothing else lists games.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, GAMES, gameById, renderers } from '../../src/catalog.js';
import { hasKey } from '../../src/i18n/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const folders = (dir: string) => readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

describe('the catalog', () => {
  it('holds every game folder once, with its drawings and its texts', () => {
    const ids = CATALOG.map((e) => e.game.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(folders('src/games').sort());
    expect(folders('renderers').filter((f) => f !== 'fonts' && f !== 'locales').sort()).toEqual([...ids].sort());
    for (const { game, renderers: r } of CATALOG) {
      expect(gameById(game.id)).toBe(game);
      expect(GAMES[game.id]).toBe(game);
      expect(renderers[game.id]).toBe(r);
      for (const language of ['en', 'fr'] as const) expect(hasKey(language, game.nameKey), `${game.id} name in ${language}`).toBe(true);
    }
    expect(gameById('no-such-game')).toBeUndefined();
    expect(gameById('constructor')).toBeUndefined();
  });

  it('is the only list: no other source file names every game', () => {
    const sources = ['src', 'commands', 'renderers'].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts'))
        .map((e) => join(e.parentPath, e.name)),
    );
    const listing = sources.filter((file) => {
      if (file.endsWith('src/catalog.ts')) return false;
      const text = readFileSync(file, 'utf8');
      return CATALOG.every(({ game }) => new RegExp(`/${game.id}/(index|board)\\.js|${game.id}/locales`).test(text));
    });
    expect(listing).toEqual([]);
  });
});
