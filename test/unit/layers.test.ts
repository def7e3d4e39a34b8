/**
 * Imports run one way, down the layers of docs/architecture.md, not only without circles
 * (import-circles.test.ts): a layer imports only itself and the layers below it. In the store,
 * row helpers never import changes, and nothing imports the face (`game-store.ts`) but the layers
 * above. Type-only imports count too: they tie a file to another just the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** From the bottom up; a file belongs to the first entry its path starts with. */
const LAYERS: { name: string; paths: string[] }[] = [
  { name: 'tools', paths: ['src/logger.ts', 'src/config.ts', 'src/node-version.ts', 'src/ports.ts'] },
  { name: 'engine', paths: ['src/engine/'] },
  { name: 'games', paths: ['src/games/', 'src/i18n/'] },
  { name: 'renderers', paths: ['renderers/'] },
  { name: 'catalog', paths: ['src/catalog.ts'] },
  { name: 'store', paths: ['src/store/'] },
  { name: 'discord', paths: ['src/discord/'] },
  { name: 'ways in and out', paths: ['commands/', 'src/web/'] },
  { name: 'wiring', paths: ['src/'] },
];

function layerOf(file: string): number {
  const rel = relative(ROOT, file);
  const i = LAYERS.findIndex((l) => l.paths.some((p) => (p.endsWith('/') ? rel.startsWith(p) : rel === p)));
  if (i < 0) throw new Error(`no layer for ${rel}`);
  return i;
}

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Every local import of every source file, as [from, to] paths relative to the root. */
function imports(): [string, string][] {
  const files = ['src', 'commands', 'renderers'].flatMap(tsFiles);
  const known = new Set(files);
  const out: [string, string][] = [];
  for (const file of files) {
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(file), fileName).replace(/\.js$/, '');
      const hit = [`${base}.ts`, join(base, 'index.ts')].find((p) => known.has(p));
      if (hit) out.push([file, hit]);
    }
  }
  return out;
}

const rel = (p: string) => relative(ROOT, p);

function upward(pairs: [string, string][]): string[] {
  return pairs.filter(([a, b]) => layerOf(b) > layerOf(a)).map(([a, b]) => `${rel(a)} (${LAYERS[layerOf(a)]!.name}) → ${rel(b)} (${LAYERS[layerOf(b)]!.name})`);
}

describe('import directions', () => {
  const all = imports();

  it('finds the imports it checks', () => {
    expect(all.length).toBeGreaterThan(300);
    expect(all.some(([a, b]) => rel(a) === 'src/store/game-store.ts' && rel(b) === 'src/store/changes/move.ts')).toBe(true);
  });

  it('no layer imports one above it', () => {
    expect(upward(all)).toEqual([]);
  });

  it('in the store, row helpers never import changes, and nothing imports the face', () => {
    const inStore = all.filter(([a]) => rel(a).startsWith('src/store/'));
    expect(inStore.filter(([a, b]) => rel(a).startsWith('src/store/rows/') && rel(b).startsWith('src/store/changes/')).map(([a, b]) => `${rel(a)} → ${rel(b)}`)).toEqual([]);
    expect(inStore.filter(([a, b]) => rel(b) === 'src/store/game-store.ts' && rel(a) !== 'src/store/game-store.ts').map(([a]) => rel(a))).toEqual([]);
  });

  it('catches an import that runs up a layer', () => {
    // The check itself, on made-up pairs: the Discord layer reaching up into commands/, the store into the Discord layer.
    const at = (p: string) => join(ROOT, p);
    expect(upward([[at('src/discord/handlers/router.ts'), at('commands/index.ts')], [at('src/store/backend.ts'), at('src/discord/runtime/runner.ts')], [at('commands/game.ts'), at('src/store/game-store.ts')]])).toHaveLength(2);
  });
});
