/** Leak tests (withOtherSecrets keeps the public view and public lines) and private views. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rngFromSeed, type Msg, type MsgArg } from '../../../src/engine/index.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import type { PhoneImpactState } from '../../../src/games/phoneimpact/types.js';
import { fresh, giveHand } from './helpers.js';

function statesOf(seed: string, ruleset: 'seed' | '2025'): PhoneImpactState[] {
  let s = phoneImpact.setup({ seats: 4, options: { ruleset, short: false, finishRound: false }, seed });
  const rng = rngFromSeed(seed);
  const out = [s];
  while (!phoneImpact.isOver(s)) {
    const seat = phoneImpact.pending(s)[0]!;
    const r = phoneImpact.apply(s, seat, phoneImpact.bot(phoneImpact.seatView(s, seat), rng));
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    out.push(s);
  }
  return out;
}

describe('secrets', () => {
  it('withOtherSecrets keeps the public view and status texts', () => {
    for (const ruleset of ['seed', '2025'] as const) {
      const states = statesOf(`leak-${ruleset}`, ruleset);
      const rng = rngFromSeed('other');
      for (const s of states.filter((_, i) => i % 3 === 0)) {
        const other = phoneImpact.withOtherSecrets(s, rng);
        expect(phoneImpact.publicView(other)).toEqual(phoneImpact.publicView(s));
        expect(phoneImpact.present.status(phoneImpact.publicView(other))).toEqual(phoneImpact.present.status(phoneImpact.publicView(s)));
        const kept = phoneImpact.withOtherSecrets(s, rng, 0);
        expect(phoneImpact.seatView(kept, 0).hand).toEqual(phoneImpact.seatView(s, 0).hand);
      }
    }
  });

  it('public log lines never name a hidden card type', () => {
    const s = fresh(4);
    for (const ruleset of ['seed', '2025'] as const) {
      let st = phoneImpact.setup({ seats: 4, options: { ruleset, short: false, finishRound: false }, seed: `lines-${ruleset}` });
      const rng = rngFromSeed('l');
      while (!phoneImpact.isOver(st)) {
        const seat = phoneImpact.pending(st)[0]!;
        const r = phoneImpact.apply(st, seat, phoneImpact.bot(phoneImpact.seatView(st, seat), rng));
        if (!r.ok) throw new Error(r.error.key);
        for (const e of r.events) {
          if (e.visibleTo !== 'all') continue;
          // Only cards that lie face up (taken from a row, built, refilled) may be named in public.
          if (['phoneimpact.log.youDrew', 'phoneimpact.log.youDiscarded', 'phoneimpact.log.youGot', 'phoneimpact.log.yourMalus'].includes(e.key)) throw new Error(`${e.key} is public`);
        }
        st = r.state;
      }
    }
    expect(s).toBeTruthy();
  });

  it("the seat view shows its own hand grouped, and the private text lists what each component needs", () => {
    const s = fresh(3);
    giveHand(s, 0, ['PP-MC', 'RC-MC', 'PM-AMat']);
    const v = phoneImpact.seatView(s, 0);
    expect(v.hand.map((c) => `${c.supplier}-${c.type}`)).toEqual(['PP-MC', 'PM-AMat', 'RC-MC']);
    const lines = phoneImpact.present.hand(v);
    expect(lines.filter((l) => l.key === 'phoneimpact.hand.supplierLine').length).toBe(3);
    expect(lines.filter((l) => l.key === 'phoneimpact.hand.needs').length).toBe(4);
    expect(phoneImpact.publicView(s).players[0]!.handBySupplier).toEqual({ PP: 1, PM: 1, RC: 1 });
    expect(JSON.stringify(phoneImpact.publicView(s))).not.toContain('"hand"');
  });
});

type Tree = { [key: string]: string | Tree };
const load = (lang: string) => JSON.parse(readFileSync(new URL(`../../../src/games/phoneimpact/locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
const locales = { en: load('en'), fr: load('fr') };
function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`)));
}
const isMsg = (a: MsgArg): a is Msg => typeof a === 'object' && !Array.isArray(a) && 'key' in a;
function collect(m: Msg, into: Msg[]): void {
  into.push(m);
  const visit = (a: MsgArg): void => (Array.isArray(a) ? a.forEach(visit) : isMsg(a) ? collect(a, into) : undefined);
  Object.values(m.args ?? {}).forEach(visit);
}

describe('locales', () => {
  it('en and fr have the same keys', () => {
    expect(keysOf(locales.fr).sort()).toEqual(keysOf(locales.en).sort());
  });

  it('every key emitted in bot games exists in both languages', () => {
    const msgs: Msg[] = [{ key: phoneImpact.nameKey }, { key: phoneImpact.present.rulesKey }];
    phoneImpact.options.forEach((o) => msgs.push({ key: `phoneimpact.options.${o.name}` }));
    for (const ruleset of ['seed', '2025'] as const) {
      for (let g = 0; g < 6; g++) {
        let s = phoneImpact.setup({ seats: 3 + (g % 3), options: { ruleset, short: g % 2 === 1, finishRound: false }, seed: `keys-${g}` });
        const rng = rngFromSeed(`k${g}`);
        while (!phoneImpact.isOver(s)) {
          for (let seat = 0; seat < s.seats; seat++) {
            phoneImpact.present.hand(phoneImpact.seatView(s, seat)).forEach((m) => collect(m, msgs));
            const d = phoneImpact.decision(s, seat);
            if (!d) continue;
            collect(d.prompt, msgs);
            (d.notes ?? []).forEach((m) => collect(m, msgs));
            (d.shortcuts ?? []).forEach((c) => collect(c.label, msgs));
            if (d.kind !== 'form') d.choices.forEach((c) => { collect(c.label, msgs); if (c.detail) collect(c.detail, msgs); });
            else d.fields.forEach((f) => { collect(f.label, msgs); if (f.kind === 'select') f.choices.forEach((c) => collect(c.label, msgs)); });
          }
          phoneImpact.present.status(phoneImpact.publicView(s)).forEach((f) => [f.name, ...f.lines].forEach((m) => collect(m, msgs)));
          const seat = phoneImpact.pending(s)[0]!;
          const r = phoneImpact.apply(s, seat, phoneImpact.bot(phoneImpact.seatView(s, seat), rng));
          if (!r.ok) throw new Error(r.error.key);
          r.events.forEach((e) => collect(e, msgs));
          s = r.state;
        }
        phoneImpact.outcome(s)!.standings.forEach((x) => x.breakdown.forEach((m) => collect(m, msgs)));
      }
    }
    const missing = new Set<string>();
    for (const m of msgs) {
      const path = m.key.slice('phoneimpact.'.length);
      for (const tree of [locales.en, locales.fr]) {
        const found = lookup(tree, path) ?? lookup(tree, `${path}_one`);
        if (found === undefined) missing.add(m.key);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('the rules summary credits the Inria Learning Lab and the licence in both languages', () => {
    for (const tree of [locales.en, locales.fr]) {
      expect(tree.rules).toContain('Inria Learning Lab');
      expect(tree.rules).toContain('CC BY-NC-SA');
      expect(tree.rules).toContain('2025');
    }
  });
});
