/**
 * Every message key the M.A.R.K. code emits exists in English and French with its placeholders
 * supplied; both files hold the same keys and no unused ones. Keys come from real output: bot
 * games (log lines, decisions, views, scores) and rule errors.
 */
import { describe, expect, it } from 'vitest';
import { playout, type LogEvent, type Msg } from '../../../src/engine/index.js';
import { collect, localeSuite, type Tree } from '../locale-check.js';
import { mark } from '../../../src/games/mark/index.js';
import type { MarkMove, MarkState } from '../../../src/games/mark/types.js';
import { build, rolled } from './helpers.js';

function emitted(): Msg[] {
  const msgs: Msg[] = [];
  const add = (m: Msg) => collect(m, msgs);
  const addState = (state: MarkState, events: LogEvent[] = []) => {
    events.forEach(add);
    mark.present.status(mark.publicView(state)).forEach((f) => [f.name, ...f.lines].forEach(add));
    for (let seat = 0; seat < state.seats; seat++) {
      mark.present.hand(mark.seatView(state, seat)).forEach(add);
      const d = mark.decision(state, seat);
      if (!d) continue;
      add(d.prompt);
      d.notes?.forEach(add);
      d.shortcuts?.forEach((c) => add(c.label));
      const choices = d.kind === 'form' ? d.fields.flatMap((f) => [{ id: f.id, label: f.label }, ...(f.kind === 'select' ? f.choices : [])]) : d.choices;
      for (const c of choices) {
        add(c.label);
        if ('detail' in c && c.detail) add(c.detail);
      }
    }
    mark.outcome(state)?.standings.forEach((s) => s.breakdown.forEach(add));
    // The class debrief: numbers, lines, and every flaggable card's label and text.
    for (const final of [false, true]) {
      const d = mark.debrief(state, final);
      d.seats.forEach((s) => s.numbers.forEach((n) => add(n.label)));
      d.lines.forEach(add);
    }
    for (let seat = 0; seat < state.seats; seat++) {
      for (const f of mark.flaggable(mark.seatView(state, seat))) {
        const text = mark.flagText(f.id)!;
        [f.label, text.label, text.text].forEach(add);
      }
    }
  };
  const error = (state: MarkState, seat: number, move: unknown) => {
    const result = mark.apply(state, seat, move as MarkMove);
    if (result.ok) throw new Error('expected a rule error');
    add(result.error);
  };

  add({ key: mark.nameKey });
  add({ key: mark.present.rulesKey });
  mark.options.forEach((o) => add({ key: `mark.options.${o.name}` }));
  for (const seats of [2, 3, 4]) {
    for (let g = 0; g < 12; g++) {
      const input = { seats, options: { short: g % 2 === 0, privateMoney: g % 3 === 0 }, seed: `keys-${seats}-${g}` };
      const { log } = playout<MarkState>(mark, input);
      let state = mark.setup(input);
      addState(state);
      for (const { seat, move } of log) {
        const result = mark.apply(state, seat, move as MarkMove);
        if (!result.ok) throw new Error(result.error.key);
        state = result.state;
        addState(state, result.events);
      }
    }
  }
  // Rare situations the bots may not reach.
  const ret = build({ cash: [4, 30], companies: [['WWWW', 'BBB-']] });
  ret.phase = 'return';
  addState(ret);
  error(ret, 0, { type: 'return', row1: [], row2: [] });
  error(ret, 0, { type: 'take', colour: 'red', to: 0 });
  error(ret, 1, { type: 'bid', amount: 1 });
  error(ret, 0, null);
  error(ret, 0, { type: 'jump' });
  const act = build({ companies: [['W---', 'B---']] });
  rolled(act, 'white', 'blue');
  error(act, 0, { type: 'take', colour: 'red', to: 3 });
  error(act, 0, { type: 'bid', amount: 0 });
  const star = build({ companies: [['----', 'B---']] });
  rolled(star, 'white', 'star');
  addState(star);
  error(star, 0, { type: 'bid', amount: 0 });
  const named = build();
  named.phase = 'name';
  named.dice = ['hammer', 'star'];
  addState(named);
  error(named, 0, { type: 'name', colour: 'pink' });
  error(named, 0, { type: 'place', to: 0 });
  const bid = build({ seats: 2, cash: [0, 5], privateMoney: true });
  bid.phase = 'bid';
  bid.auction = { colour: 'red', bids: [null, 2] };
  addState(bid);
  error(bid, 0, { type: 'bid', amount: 3 });
  error(bid, 0, { type: 'bid', amount: -3 });
  error(bid, 1, { type: 'bid', amount: 1 });
  error(bid, 0, { type: 'return', row1: [], row2: [] });
  const place = build({ seats: 2 });
  place.phase = 'place';
  place.placer = 1;
  place.colours = ['red'];
  addState(place);
  error(place, 1, { type: 'place', to: 9 });
  error(place, 1, { type: 'name', colour: 'red' });
  const over = build();
  over.phase = 'over';
  error(over, 0, { type: 'bid', amount: 0 });
  const noRoom = build({ companies: [['----', '----'], ['WWWW', '----']] });
  noRoom.phase = 'bid';
  noRoom.dice = ['hammer', 'red'];
  noRoom.auction = { colour: 'red', bids: [0, null] };
  const r = mark.apply(noRoom, 1, { type: 'bid', amount: 1 });
  if (r.ok) r.events.forEach(add);
  return [...new Map(msgs.map((m) => [JSON.stringify(m), m])).values()];
}

// /rules shows the summary as an embed description (4,096 characters at most).
const locales = localeSuite({ gameId: 'mark', title: 'M.A.R.K. locale files', emitted, unemitted: ['render.'], rulesMax: 2600 });

describe('M.A.R.K. labels', () => {
  it('stay within Discord limits', () => {
    for (const tree of Object.values(locales)) {
      // Choice labels with long arguments (a 5-letter colour, 2-digit values) stay under 80.
      for (const text of Object.values(tree.choice as Tree)) expect((text as string).replace(/\{\{\w+\}\}/g, 'xxxxxx').length).toBeLessThanOrEqual(80);
      for (const text of Object.values(tree.field as Tree)) expect((text as string).replace(/\{\{\w+\}\}/g, 'xx').length).toBeLessThanOrEqual(45);
    }
  });
});

/** The /rules summary as a newcomer reads it, per language. */
const RULES_READING = {
  en: { firstTurn: '**Your first turn**', money: 'Money is counted in **$**', jargon: ['star', 'hammer', 'take', 'bank', 'double', 'process', 'storage fee'] },
  fr: { firstTurn: '**Votre premier tour**', money: 'L’argent se compte en **$**', jargon: ['étoile', 'marteau', 'prendre', 'banque', 'double', 'transformer', 'frais de stockage'] },
} as const;

describe('M.A.R.K. /rules', () => {
  for (const lang of ['en', 'fr'] as const) {
    const rules = locales[lang].rules as string;
    const paragraphs = rules.split('\n\n');
    const want = RULES_READING[lang];

    it(`${lang}: opens with the first turn, in about five lines`, () => {
      // The one-line pitch, then the first turn before anything else.
      expect(paragraphs[1]!.startsWith(want.firstTurn)).toBe(true);
      expect(paragraphs[1]!.split('\n').length).toBeLessThanOrEqual(6);
      expect(rules.indexOf('**', paragraphs[0]!.length)).toBe(rules.indexOf(want.firstTurn));
    });

    it(`${lang}: says what money is counted in before any amount`, () => {
      const firstAmount = rules.search(/\$[\u00a0 ]?\d|\d[\u00a0 ]\$/);
      expect(firstAmount).toBeGreaterThan(0);
      expect(rules.indexOf(want.money)).toBeGreaterThanOrEqual(0);
      expect(rules.indexOf(want.money)).toBeLessThan(firstAmount);
    });

    it(`${lang}: explains each game word where it first appears (in bold, with its meaning)`, () => {
      for (const word of want.jargon) {
        const first = rules.toLowerCase().indexOf(word);
        expect(first, word).toBeGreaterThan(0);
        expect(rules.slice(first - 2, first), word).toBe('**');
        // The meaning follows at once: in brackets, after a colon or after a comma.
        expect(rules.slice(first + word.length + 2, first + word.length + 5), word).toMatch(/^[\u00a0 ]?[(:,]|^[\u00a0 ][(:]/);
      }
    });

    it(`${lang}: keeps the credit to the original game for the end`, () => {
      const last = paragraphs.at(-1)!;
      expect(last).toContain('Ronald M. Corn');
      expect(last).toContain('Franjos');
      for (const p of paragraphs.slice(0, -1)) expect(p).not.toContain('Corn');
    });
  }

  it('has the same sections in both languages', () => {
    const heads = (lang: 'en' | 'fr') => (locales[lang].rules as string).split('\n\n').map((p) => p.startsWith('**') || p.startsWith('*'));
    expect(heads('fr')).toEqual(heads('en'));
  });
});
