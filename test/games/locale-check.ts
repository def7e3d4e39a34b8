/**
 * One check for every game's locale files: every message key the game emits exists in every
 * language with each placeholder supplied by the emitted arguments (plural forms included); every
 * file holds the same keys; and no key is left unused. Keys come from real output gathered by
 * each game's own test (bot games, decisions, views, scores, rule errors).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Decision, Msg, MsgArg } from '../../src/engine/index.js';
import { LANGUAGES, type Language } from '../../src/i18n/index.js';

export type Tree = { [key: string]: string | Tree };

export function loadLocales(gameId: string): Record<Language, Tree> {
  const load = (lang: string) => JSON.parse(readFileSync(new URL(`../../src/games/${gameId}/locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
  return Object.fromEntries(LANGUAGES.map((l) => [l, load(l)])) as Record<Language, Tree>;
}

function isMsg(arg: MsgArg): arg is Msg {
  return typeof arg === 'object' && !Array.isArray(arg) && 'key' in arg;
}

/** Adds a message and every message nested in its arguments. */
export function collect(msg: Msg, into: Msg[]): void {
  into.push(msg);
  const visit = (arg: MsgArg): void => {
    if (Array.isArray(arg)) arg.forEach(visit);
    else if (isMsg(arg)) collect(arg, into);
  };
  Object.values(msg.args ?? {}).forEach(visit);
}

/** Every text a decision shows: prompt, notes, labels and details of choices, fields and shortcuts. */
export function decisionMsgs(d: Decision<unknown>): Msg[] {
  const out: Msg[] = [d.prompt, ...(d.notes ?? [])];
  const choices = d.kind === 'form' ? d.fields.flatMap((f) => (f.kind === 'select' ? f.choices : [])) : d.choices;
  if (d.kind === 'form') out.push(...d.fields.map((f) => f.label));
  for (const c of [...choices, ...(d.shortcuts ?? [])]) out.push(c.label, ...(c.detail ? [c.detail] : []));
  return out;
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The strings i18next may pick for this message: the plural forms when it has a count. */
function variants(tree: Tree, path: string, msg: Msg): string[] | null {
  if (typeof msg.args?.count === 'number') {
    const one = lookup(tree, `${path}_one`), other = lookup(tree, `${path}_other`);
    if (one !== undefined && other !== undefined) {
      const zero = msg.args.count === 0 ? lookup(tree, `${path}_zero`) : undefined;
      return zero !== undefined ? [zero] : [one, other];
    }
  }
  const plain = lookup(tree, path);
  return plain === undefined ? null : [plain];
}

const flat = (tree: Tree, prefix = ''): string[] => Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : flat(v, `${prefix}${k}.`)));

/**
 * The shared locale tests of a game. `emitted` gathers the messages; keys under `unemitted`
 * prefixes (e.g. `render.`, read by images) need not be emitted as messages.
 */
export function localeSuite(opts: { gameId: string; title: string; emitted: () => Msg[]; unemitted?: string[]; rulesMax?: number }): Record<Language, Tree> {
  const locales = loadLocales(opts.gameId);
  const prefix = `${opts.gameId}.`;
  describe(opts.title, () => {
    const msgs = opts.emitted();

    it.each(LANGUAGES)('%s has every emitted key with its placeholders filled', (lang) => {
      const problems = new Set<string>();
      for (const msg of msgs) {
        if (!msg.key.startsWith(prefix)) {
          problems.add(`${msg.key} is outside the ${opts.gameId} namespace`);
          continue;
        }
        const texts = variants(locales[lang], msg.key.slice(prefix.length), msg);
        if (!texts) {
          problems.add(`missing ${msg.key}`);
          continue;
        }
        for (const text of texts) {
          for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) {
            if (!(name! in (msg.args ?? {}))) problems.add(`${msg.key} uses {{${name}}} without that argument`);
          }
        }
      }
      expect([...problems]).toEqual([]);
    });

    it('every language has the same keys as English, and every key is emitted by the code', () => {
      for (const lang of LANGUAGES) expect(flat(locales[lang]).sort(), lang).toEqual(flat(locales.en).sort());
      const used = new Set(msgs.map((m) => m.key.slice(prefix.length)));
      const skip = opts.unemitted ?? [];
      const unused = flat(locales.en).filter((k) => !skip.some((s) => k.startsWith(s)) && !used.has(k.replace(/_(zero|one|other)$/, '')));
      expect(unused).toEqual([]);
    });

    it('keeps the rules summary short enough for one Discord message', () => {
      for (const tree of Object.values(locales)) expect((tree.rules as string).length).toBeLessThan(opts.rulesMax ?? 1900);
    });
  });
  return locales;
}
