/**
 * No import circles in the engine, the games, the renderers, the store and the Discord layer:
 * each file reads top to bottom with its dependencies below it. Imports are read with the TypeScript scanner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Local imports of every file, as absolute paths of files in the set. */
function graph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const out = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(file), fileName).replace(/\.js$/, '');
      const hit = [`${base}.ts`, join(base, 'index.ts')].find((p) => known.has(p));
      if (hit) deps.push(hit);
    }
    out.set(file, deps);
  }
  return out;
}

/** Every circle, as the files on it (strongly connected components of more than one file). */
function circles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); on.add(v);
    for (const w of g.get(v)!) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do { w = stack.pop()!; on.delete(w); part.push(relative(ROOT, w)); } while (w !== v);
    if (part.length > 1 || g.get(v)!.includes(v)) found.push(part.sort());
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import circles', () => {
  it('finds a circle when there is one', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(circles(g).map((c) => c.length)).toEqual([3]);
  });

  it.each(['src/engine', 'src/games', 'renderers', 'src/store', 'src/discord', 'src/web', 'commands'])('%s has none', (dir) => {
    const files = tsFiles(join(ROOT, dir));
    const g = graph(files);
    expect(files.length).toBeGreaterThan(3);
    expect([...g.values()].some((deps) => deps.length > 0)).toBe(true);
    expect(circles(g)).toEqual([]);
  });
});
