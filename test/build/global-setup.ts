/**
 * Builds dist/ once, before any test file starts, when a source is newer than it: tests that run
 * the compiled bot (`npm start`, `npm run rest-proxy`, `npm run db:copy`) then share one build
 * instead of racing to make their own.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
}
