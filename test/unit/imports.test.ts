// The layers rule forbids import circles: this walks the relative imports of src/ and commands/.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file, type-only ones included (they still tie the modules together). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/g)].map((m) => m[1]!);
  return found.map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
}

function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((d) => files.includes(d))]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === 'open') found.push([...stack.slice(stack.indexOf(d)), d].map((p) => relative(ROOT, p)));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe('imports', () => {
  it('finds a circle when there is one', () => {
    const dir = join(ROOT, 'test/unit/fixtures/circle');
    expect(cycles(sources(dir))).toHaveLength(1);
  });

  // The games' own folders are left out here: each is one unit behind its index.
  it('has no circle in src/ (games aside) and commands/', () => {
    const files = [...sources(join(ROOT, 'src')).filter((f) => !f.includes('/src/games/')), ...sources(join(ROOT, 'commands'))];
    expect(files.length).toBeGreaterThan(40);
    expect(cycles(files)).toEqual([]);
  });
});
