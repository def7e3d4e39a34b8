/** The bot refuses, in one sentence, a Node.js too old for its native modules and job queue. */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../src/node-version.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A Node older than 22 on this machine's PATH outside the project (the system one), if any. */
function oldSystemNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const v = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (Number(v.split('.')[0]) < 22) return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
}

describe('Node.js version check', () => {
  it('accepts 22.18 and later, refuses older ones in one sentence', () => {
    expect(nodeVersionProblem('v24.21.0')).toBeUndefined();
    expect(nodeVersionProblem('v22.18.0')).toBeUndefined();
    expect(nodeVersionProblem('v23.0.1')).toBeUndefined();
    expect(nodeVersionProblem('v22.17.1')).toMatch(/needs Node\.js 22\.18 or later, and this is v22\.17\.1/);
    const sentence = nodeVersionProblem('v20.20.2')!;
    expect(sentence).toMatch(/install\.sh/);
    expect(sentence.split('\n')).toHaveLength(1);
  });

  const old = oldSystemNode();
  it.runIf(old)('starting the bot by hand on an old Node exits 1 with that sentence, before loading anything native', () => {
    const r = spawnSync(old!, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DISCORD_TOKEN: 'x' },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Recyclerie needs Node\.js 22\.18 or later, and this is v\d+\.\d+\.\d+: run \.\/scripts\/install\.sh/);
  });
});
