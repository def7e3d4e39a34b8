#!/usr/bin/env node
/**
 * `npm run build`: compiles the bot to JavaScript in dist/ (tsc), with the files it reads at run
 * time beside the code (locales, fonts, migrations), so `npm start` needs no compiler in memory.
 * With --if-stale (npm start runs it first) it only builds when a source is newer than dist/.
 * It builds into a temporary folder and swaps it in, so a running bot never sees half a build.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.built');
/** Compiled from, and copied from when not TypeScript. */
const SOURCES = ['src', 'commands', 'renderers'];
/** Read at run time relative to the code: copied whole (test/unit/build.test.ts checks none is missed). */
const ASSETS = ['migrations', 'migrations-pg'];
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function newestSource() {
  let newest = 0;
  for (const top of [...SOURCES, ...ASSETS]) for (const f of files(join(ROOT, top))) newest = Math.max(newest, statSync(f).mtimeMs);
  for (const f of CONFIGS) newest = Math.max(newest, statSync(join(ROOT, f)).mtimeMs);
  return newest;
}

if (process.argv.includes('--if-stale') && existsSync(STAMP) && statSync(STAMP).mtimeMs >= newestSource()) process.exit(0);

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  console.error('dist/ is missing or older than the sources, and TypeScript is not installed to build it: run ./scripts/install.sh.');
  process.exit(1);
}

const started = Date.now();
const temp = join(ROOT, `dist.building-${process.pid}`);
rmSync(temp, { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', temp], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) {
  rmSync(temp, { recursive: true, force: true });
  console.error('The build failed (see the errors above).');
  process.exit(1);
}
for (const top of SOURCES) {
  for (const f of files(join(ROOT, top))) {
    if (!f.endsWith('.ts')) cpSync(f, join(temp, relative(ROOT, f)));
  }
}
for (const dir of ASSETS) cpSync(join(ROOT, dir), join(temp, dir), { recursive: true });
// Dated from the start: a source saved during the build makes the next start build again.
writeFileSync(join(temp, '.built'), `${new Date(started).toISOString()}\n`);
utimesSync(join(temp, '.built'), new Date(started), new Date(started));

const old = join(ROOT, `dist.old-${process.pid}`);
if (existsSync(DIST)) renameSync(DIST, old);
renameSync(temp, DIST);
rmSync(old, { recursive: true, force: true });
console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
