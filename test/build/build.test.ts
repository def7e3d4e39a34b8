/**
 * The compiled bot in dist/ has every file the code reads at run time. The sources find their
 * files with `new URL('<path>', import.meta.url)`; the same path, taken from the compiled file,
 * must name the same thing in dist/ (a folder with the same files). The tests run the TypeScript
 * sources, so a file the build forgot (the PostgreSQL migrations once) only showed in `npm start`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');
/** The folders the build compiles (tsconfig.build.json). */
const SOURCES = ['src', 'commands', 'renderers'];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Every file below `dir`, relative to it; TypeScript named as what it compiles to (a source folder read at run time, such as src/games/). */
function listing(dir: string): string[] {
  return [...files(dir)].map((f) => relative(dir, f).replace(/\.ts$/, '.js')).sort();
}

interface Reference {
  source: string;
  /** The string literals of the first argument (each branch of a `cond ? 'a' : 'b'`). */
  paths: string[];
}

/** `new URL(<first argument>, import.meta.url)` in a source file, with the literal paths in it. */
export function runTimeReferences(source: string, text: string): Reference[] {
  const found: Reference[] = [];
  for (const match of text.matchAll(/new URL\(([^()]*?),\s*import\.meta\.url\s*\)/g)) {
    // A template literal counts up to its first substitution: the folder it reads from.
    const paths = [...match[1]!.matchAll(/'([^']*)'|"([^"]*)"|`([^`$]*)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
    if (paths.length > 0) found.push({ source, paths });
  }
  return found;
}

const compiledOf = (source: string) => join(DIST, relative(ROOT, source)).replace(/\.ts$/, '.js');

function sameThing(sourceTarget: string, distTarget: string): boolean {
  if (!existsSync(distTarget)) return false;
  if (!statSync(sourceTarget).isDirectory()) return true;
  return statSync(distTarget).isDirectory() && JSON.stringify(listing(distTarget)) === JSON.stringify(listing(sourceTarget));
}

describe('the build', () => {
  const references = SOURCES.flatMap((top) =>
    [...files(join(ROOT, top))].filter((f) => /\.(ts|mjs)$/.test(f)).flatMap((f) => runTimeReferences(f, readFileSync(f, 'utf8'))),
  );

  it('finds the run-time files the code names', () => {
    const named = references.flatMap((r) => r.paths);
    // The scan itself works: these are read at run time.
    for (const path of ['../../migrations', '../../migrations-pg', './assets/page.js', './locales/', './think-worker.mjs']) expect(named).toContain(path);
  });

  it('puts every file the code reads at run time in dist/, where the compiled code looks', () => {
    const missing: string[] = [];
    for (const { source, paths } of references) {
      const compiled = compiledOf(source);
      expect(existsSync(compiled), `${relative(ROOT, compiled)} was not built`).toBe(true);
      // Of `compiled ? './x.js' : './x.ts'`, the compiled branch is the one dist/ must have.
      const ok = paths.some((path) => {
        const fromSource = resolve(dirname(source), path.replace(/\.js$/, '.ts'));
        const fromSourceAsIs = resolve(dirname(source), path);
        const target = existsSync(fromSourceAsIs) ? fromSourceAsIs : fromSource;
        return existsSync(target) && sameThing(target, resolve(dirname(compiled), path));
      });
      if (!ok) missing.push(`${relative(ROOT, source)}: ${paths.join(' or ')}`);
    }
    expect(missing).toEqual([]);
  });

  it('has the entry points package.json starts', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const entries = Object.values(scripts).flatMap((line) => [...line.matchAll(/\bnode\b[^&|;]*?\s(dist\/\S+\.js)/g)].map((m) => m[1]!));
    for (const name of ['start', 'rest-proxy', 'db:copy', 'deploy-commands']) expect(scripts[name], name).toMatch(/dist\/src\/[\w-]+\.js/);
    for (const entry of entries) expect(existsSync(join(ROOT, entry)), entry).toBe(true);
  });
});
