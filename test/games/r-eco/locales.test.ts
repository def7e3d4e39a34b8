/**
 * Every message key the R-Eco code emits exists in English and French, with every placeholder
 * it uses supplied by the emitted arguments. Keys are gathered from real output: bot games (log
 * events, decisions, views, scores), rule errors and the rare end-of-cards situations.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playout, type LogEvent, type Msg, type MsgArg } from '../../../src/engine/index.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import type { REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { buildState } from './helpers.js';

type Tree = { [key: string]: string | Tree };
const load = (lang: string) => JSON.parse(readFileSync(new URL(`../../../src/games/r-eco/locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
const locales = { en: load('en'), fr: load('fr') };

function isMsg(arg: MsgArg): arg is Msg {
  return typeof arg === 'object' && !Array.isArray(arg) && 'key' in arg;
}

/** Adds a message and every message nested in its arguments. */
function collect(msg: Msg, into: Msg[]): void {
  into.push(msg);
  const visit = (arg: MsgArg): void => {
    if (Array.isArray(arg)) arg.forEach(visit);
    else if (isMsg(arg)) collect(arg, into);
  };
  Object.values(msg.args ?? {}).forEach(visit);
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The strings i18next may pick for this message: the plural forms when it has a count. */
function variants(tree: Tree, msg: Msg): string[] | null {
  const path = msg.key.slice('r-eco.'.length);
  const plain = lookup(tree, path);
  if (typeof msg.args?.count === 'number') {
    const one = lookup(tree, `${path}_one`), other = lookup(tree, `${path}_other`);
    if (one !== undefined && other !== undefined) {
      const zero = msg.args.count === 0 ? lookup(tree, `${path}_zero`) : undefined;
      return zero !== undefined ? [zero] : [one, other];
    }
  }
  return plain === undefined ? null : [plain];
}

function emitted(): Msg[] {
  const msgs: Msg[] = [];
  const add = (m: Msg) => collect(m, msgs);
  const addState = (state: REcoState, events: LogEvent[] = []) => {
    events.forEach(add);
    rEco.present.status(rEco.publicView(state)).forEach((f) => [f.name, ...f.lines].forEach(add));
    for (let seat = 0; seat < state.seats; seat++) {
      rEco.present.hand(rEco.seatView(state, seat)).forEach(add);
      const d = rEco.decision(state, seat);
      if (d) {
        add(d.prompt);
        if (d.kind !== 'form') d.choices.forEach((c) => [c.label, c.detail].forEach((m) => m && add(m)));
      }
    }
    rEco.outcome(state)?.standings.forEach((s) => s.breakdown.forEach(add));
  };
  const error = (state: REcoState, seat: number, move: unknown) => {
    const result = rEco.apply(state, seat, move as REcoMove);
    if (result.ok) throw new Error('expected a rule error');
    add(result.error);
  };

  add({ key: rEco.nameKey });
  add({ key: rEco.present.rulesKey });
  // The /game new command describes each option with the key `<game>.options.<name>`.
  rEco.options.forEach((o) => add({ key: `r-eco.options.${o.name}` }));
  for (const seats of [2, 3, 4, 5]) {
    for (let g = 0; g < 25; g++) {
      const input = { seats, options: { twoPlayer: seats === 2 }, seed: `keys-${seats}-${g}` };
      const { log } = playout<REcoState>(rEco, input);
      let state = rEco.setup(input);
      addState(state);
      for (const { seat, move } of log) {
        const result = rEco.apply(state, seat, move as REcoMove);
        if (!result.ok) throw new Error(result.error.key);
        state = result.state;
        addState(state, result.events);
      }
    }
  }

  // Rule errors.
  const play = buildState({ players: [{ hand: ['R1', 'B1'] }] });
  const [r1, b1] = play.players[0]!.hand as [number, number];
  error(play, 1, { type: 'play', cards: [r1] });
  error(play, 0, null);
  error(play, 0, { type: 'dump', cards: [r1] });
  error(play, 0, { type: 'play', cards: [] });
  error(play, 0, { type: 'play', cards: [r1, r1] });
  error(play, 0, { type: 'play', cards: [999] });
  error(play, 0, { type: 'play', cards: [r1, b1] });
  const dump = buildState({ phase: 'dump', playedColour: 'red', players: [{ hand: ['R1', 'R1', 'B1', 'B1', 'Y1', 'G1', 'G2'] }] });
  error(dump, 0, { type: 'dump', cards: [] });
  error(dump, 0, { type: 'play', cards: [dump.players[0]!.hand[0]] });
  error(buildState({ phase: 'over' }), 0, { type: 'play', cards: [] });

  // A lone card is played for its holder.
  const lone = buildState({ seats: 3, players: [{ hand: ['R1', 'B1'] }, { hand: ['Y1'] }, { hand: ['G1', 'G2'] }] });
  const forced = rEco.apply(lone, 0, { type: 'play', cards: [lone.players[0]!.hand[0]!] });
  if (forced.ok) addState(forced.state, forced.events);

  // Running out of cards: empty dumps and refills, skipped players, the end for lack of cards.
  const dry = buildState({ seats: 3, players: [{ hand: ['R1'] }, { hand: [] }, { hand: [] }], rest: 'none' });
  dry.centres.red.dump = [];
  const end = rEco.apply(dry, 0, { type: 'play', cards: dry.players[0]!.hand });
  if (!end.ok) throw new Error(end.error.key);
  addState(end.state, end.events);
  // The same line recurs thousands of times; checking each distinct one once is enough.
  return [...new Map(msgs.map((m) => [JSON.stringify(m), m])).values()];
}

describe('R-Eco locale files', () => {
  const msgs = emitted();

  it.each(Object.keys(locales) as (keyof typeof locales)[])('%s has every emitted key with its placeholders filled', (lang) => {
    const problems = new Set<string>();
    for (const msg of msgs) {
      if (!msg.key.startsWith('r-eco.')) {
        problems.add(`${msg.key} is outside the r-eco namespace`);
        continue;
      }
      const texts = variants(locales[lang], msg);
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

  it('both files have the same keys, and every key is emitted by the code', () => {
    const flat = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : flat(v, `${prefix}${k}.`)));
    expect(flat(locales.fr).sort()).toEqual(flat(locales.en).sort());
    const used = new Set(msgs.map((m) => m.key.slice('r-eco.'.length)));
    const unused = flat(locales.en).filter((k) => !used.has(k.replace(/_(zero|one|other)$/, '')));
    expect(unused).toEqual([]);
  });

  it('keeps the rules summary short enough for one Discord message', () => {
    for (const tree of Object.values(locales)) expect((tree.rules as string).length).toBeLessThan(1500);
  });
});
