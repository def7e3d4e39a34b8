/**
 * Every message key the Müll + Money code emits exists in English and French with its
 * placeholders supplied; both files hold the same keys and no unused ones. Keys come from real
 * output: bot games (log lines, decisions, views, scores) and rule errors.
 */
import { describe, expect, it } from 'vitest';
import { playout, type LogEvent, type Msg } from '../../../src/engine/index.js';
import { mullMoney } from '../../../src/games/mull-money/index.js';
import type { MullMove, MullState } from '../../../src/games/mull-money/types.js';
import { hasKey, localise, t } from '../../../src/i18n/index.js';
import { collect, decisionMsgs, localeSuite, type Tree } from '../locale-check.js';
import { fresh, playing } from './helpers.js';

function emitted(): Msg[] {
  const msgs: Msg[] = [];
  const add = (m: Msg) => collect(m, msgs);
  const addState = (state: MullState, events: LogEvent[] = []) => {
    events.forEach(add);
    mullMoney.present.status(mullMoney.publicView(state)).forEach((f) => [f.name, ...f.lines].forEach(add));
    for (let seat = 0; seat < state.seats; seat++) {
      mullMoney.present.hand(mullMoney.seatView(state, seat)).forEach(add);
      const d = mullMoney.decision(state, seat);
      if (d) decisionMsgs(d).forEach(add);
    }
    mullMoney.outcome(state)?.standings.forEach((s) => s.breakdown.forEach(add));
    // The class debrief: numbers, lines, and every flaggable card's label and text.
    for (const final of [false, true]) {
      const d = mullMoney.debrief(state, final);
      d.seats.forEach((s) => s.numbers.forEach((n) => add(n.label)));
      d.lines.forEach(add);
    }
    for (let seat = 0; seat < state.seats; seat++) {
      for (const f of mullMoney.flaggable(mullMoney.seatView(state, seat))) {
        const text = mullMoney.flagText(f.id)!;
        [f.label, text.label, text.text].forEach(add);
      }
    }
  };
  const error = (state: MullState, seat: number, move: unknown) => {
    const result = mullMoney.apply(state, seat, move as MullMove);
    if (result.ok) throw new Error('expected a rule error');
    add(result.error);
  };
  add({ key: mullMoney.nameKey });
  add({ key: mullMoney.present.rulesKey });
  mullMoney.options.forEach((o) => add({ key: `mull-money.options.${o.name}` }));
  for (const seats of [2, 3, 4]) {
    for (let g = 0; g < 6; g++) {
      const input = { seats, options: { experimental: g % 2 === 1, rules: 'N1N2N3' }, seed: `keys-${seats}-${g}` };
      const { log } = playout<MullState>(mullMoney, input);
      let state = mullMoney.setup(input);
      addState(state);
      for (const { seat, move } of log) {
        const result = mullMoney.apply(state, seat, move as MullMove);
        if (!result.ok) throw new Error(result.error.key);
        state = result.state;
        addState(state, result.events);
      }
      error(state, 0, { type: 'pass' });
    }
  }
  // Rare situations the bots may not reach.
  const s = playing({ hand: ['raw', 'transport', 'expert', 'hiring'], players: [{ loans: 1, cash: 30, staff: 3 }] });
  addState(s);
  error(s, 1, { type: 'keep' });
  error(s, 0, null);
  error(s, 0, { type: 'bid', amount: 3 });
  error(s, 0, { type: 'discard', card: 'raw' });
  error(s, 0, { type: 'fly' });
  const t99 = mullMoney.apply(s, 0, { type: 'play', card: 'raw' });
  if (!t99.ok) throw new Error('raw');
  addState(t99.state, t99.events);
  error(t99.state, 1, { type: 'bid', amount: 0 });
  const r = mullMoney.apply(t99.state, 1, { type: 'bid', amount: 99 });
  if (r.ok) r.events.forEach(add);
  const lot = fresh();
  error(lot, lot.current, { type: 'lot', lot: 9 });
  const v = playing({ experimental: true, hand: ['negotiation', 'growth'], others: [[], ['corruption']] });
  v.common = 5;
  addState(v);
  const n = mullMoney.apply(v, 0, { type: 'negotiate', cleanup: true, proposal: 'N1' });
  if (!n.ok) throw new Error('negotiate');
  addState(n.state, n.events);
  error(n.state, 0, { type: 'vote', vote: 'no', corruption: false, loans: 0 });
  let w = n.state;
  for (const [seat, vote] of [[0, 'yes'], [1, 'abstain'], [2, 'no']] as const) {
    const x = mullMoney.apply(w, seat, { type: 'vote', vote, corruption: seat === 1, loans: seat === 2 ? 2 : 0 });
    if (!x.ok) throw new Error(x.error.key);
    w = x.state;
    addState(w, x.events);
  }
  const nv = playing({ experimental: true, hand: ['negotiation', 'growth'], others: [[], ['growth'], ['growth']] });
  const y = mullMoney.apply(nv, 0, { type: 'negotiate', cleanup: false, proposal: 'N2' });
  if (!y.ok) throw new Error('N2');
  let z = y.state;
  for (const seat of [0, 1, 2]) {
    const x = mullMoney.apply(z, seat, { type: 'vote', vote: 'yes', corruption: false, loans: 0 });
    if (!x.ok) throw new Error(x.error.key);
    z = x.state;
    addState(z, x.events);
  }
  return [...new Map(msgs.map((m) => [JSON.stringify(m), m])).values()];
}

// /rules is an embed description (4096 characters at most), with room for the first turn and the jargon.
const locales = localeSuite({ gameId: 'mull-money', title: 'Müll + Money locale files', emitted, unemitted: ['render.'], rulesMax: 3900 });

describe('Müll + Money labels and French', () => {
  it('stay within Discord limits', () => {
    for (const tree of Object.values(locales)) {
      for (const text of Object.values(tree.choice as Tree)) expect((text as string).replace(/\{\{\w+\}\}/g, 'x'.repeat(20)).length).toBeLessThanOrEqual(80);
      for (const text of Object.values(tree.field as Tree)) expect((text as string).length).toBeLessThanOrEqual(45);
    }
  });

  it('names its options in French where /game new looks for them', () => {
    for (const o of mullMoney.options) {
      expect(hasKey('fr', `optionNames.${o.name}`)).toBe(true);
      expect(t('fr', `mull-money.options.${o.name}`)).not.toBe(t('en', `mull-money.options.${o.name}`));
    }
  });

  it('reads as French', () => {
    const m: Msg = { key: 'mull-money.log.loan', args: { seat: { seat: 0 }, count: 2 } };
    expect(localise('fr', m, () => 'Ana')).toBe('Ana prend 2 emprunts.');
    expect(localise('fr', { key: 'mull-money.detail.innovation', args: { steps: [{ key: 'mull-money.step', args: { service: { key: 'mull-money.service.raw' }, from: 3, to: 2 } }], paid: 5, loans: { key: 'mull-money.takesLoans', args: { count: 1 } } } })).toBe('matières premières 3 → 2, payer 5 M, prend 1 emprunt');
  });
});
