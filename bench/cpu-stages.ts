/**
 * Where the main process's CPU goes, by stage: a sampling profile of this process (node's own
 * inspector) while the benchmark runs, each sample given to the innermost frame of the stack
 * that belongs to a known stage (so JSON.parse under the store counts as store).
 */
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';

export const STAGES = ['store', 'rules', 'view', 'discord layer', 'REST', 'gateway', 'garbage collection', 'double and players', 'other'] as const;
export type Stage = (typeof STAGES)[number];

const RULES: [RegExp, Stage][] = [
  [/\/test\/(double|e2e)\/|\/bench\//, 'double and players'],
  [/\/src\/games\/[^/]+\/views?\.ts/, 'view'],
  [/\/src\/(games|engine)\//, 'rules'],
  [/\/src\/store\/|\/drizzle-orm\/|\/better-sqlite3\//, 'store'],
  [/\/node_modules\/(@discordjs\/rest|undici)\/|node:internal\/deps\/undici|node:internal\/(http|net|stream)/, 'REST'],
  [/\/node_modules\/(@discordjs\/ws|ws)\/|node:zlib/, 'gateway'],
  [/\/src\/|\/commands\/|\/node_modules\/(discord\.js|@discordjs\/builders|i18next|pino|zod)\//, 'discord layer'],
];

function stageOf(url: string): Stage | null {
  for (const [pattern, stage] of RULES) if (pattern.test(url)) return stage;
  return null;
}

export class StageProfiler {
  private readonly session = new Session();

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await this.session.post('Profiler.start');
  }

  /** Milliseconds of CPU per stage over the run. */
  async stop(): Promise<Record<Stage, number>> {
    const { profile } = await this.session.post('Profiler.stop');
    this.session.disconnect();
    // BENCH_CPU_PROFILE=file.cpuprofile keeps the profile for Chrome's DevTools.
    if (process.env.BENCH_CPU_PROFILE) writeFileSync(process.env.BENCH_CPU_PROFILE, JSON.stringify(profile));
    return attribute(profile);
  }
}

export function attribute(profile: Profiler.Profile): Record<Stage, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOfNode = new Map<number, Stage | 'idle'>();
  const resolve = (id: number): Stage | 'idle' => {
    const known = stageOfNode.get(id);
    if (known) return known;
    const node = nodes.get(id)!;
    const name = node.callFrame.functionName;
    let stage: Stage | 'idle' | null = null;
    if (name === '(idle)') stage = 'idle';
    else if (name === '(garbage collector)') stage = 'garbage collection';
    else stage = stageOf(node.callFrame.url);
    if (!stage) {
      const up = parent.get(id);
      stage = up === undefined ? 'other' : resolve(up);
    }
    stageOfNode.set(id, stage);
    return stage;
  };
  const ms = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const stage = resolve(samples[i]!);
    // A sample's time is the gap to the next one.
    const dt = (deltas[i + 1] ?? 0) / 1000;
    if (stage !== 'idle') ms[stage] += dt;
  }
  return ms;
}
