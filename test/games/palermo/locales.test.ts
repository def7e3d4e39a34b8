/**
 * Every message key the Palermo code emits exists in English and French, with every placeholder
 * it uses supplied by the emitted arguments. Keys are gathered from real output: bot games (log
 * events, decisions, views, scores), rule errors and the rare end-of-cards situations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { playout, type LogEvent, type Msg } from '../../../src/engine/index.js';
import { collect, localeSuite } from '../locale-check.js';
import { palermo } from '../../../src/games/palermo/index.js';
import type { PalermoMove, PalermoState } from '../../../src/games/palermo/types.js';
import { startAuctions } from '../../../src/games/palermo/phaseD.js';
import { atStep, blank, board, ct, eq, owned, vec } from './helpers.js';
import { moneyCases } from './money-lines.js';

function emitted(): Msg[] {
  const msgs: Msg[] = [];
  const add = (m: Msg) => collect(m, msgs);
  const addState = (state: PalermoState, events: LogEvent[] = []) => {
    events.forEach(add);
    palermo.present.status(palermo.publicView(state)).forEach((f) => [f.name, ...f.lines].forEach(add));
    for (let seat = 0; seat < state.seats; seat++) {
      palermo.present.hand(palermo.seatView(state, seat)).forEach(add);
      const d = palermo.decision(state, seat);
      if (d) {
        add(d.prompt);
        d.notes?.forEach(add);
        d.shortcuts?.forEach((c) => add(c.label));
        const choices = d.kind === 'form' ? d.fields.flatMap((f) => (f.kind === 'select' ? f.choices : [])) : d.choices;
        if (d.kind === 'form') d.fields.forEach((f) => add(f.label));
        choices.forEach((c) => {
          add(c.label);
          if (c.detail) add(c.detail);
        });
      }
    }
    palermo.outcome(state)?.standings.forEach((s) => s.breakdown.forEach(add));
    // The class debrief: numbers, lines, and every flaggable card's label and text.
    const d = palermo.debrief(state, false);
    d.seats.forEach((s) => s.numbers.forEach((n) => add(n.label)));
    d.lines.forEach(add);
    for (let seat = 0; seat < state.seats; seat++) {
      for (const f of palermo.flaggable(palermo.seatView(state, seat))) {
        const text = palermo.flagText(f.id)!;
        [f.label, text.label, text.text].forEach(add);
      }
    }
  };
  const error = (state: PalermoState, seat: number, move: unknown) => {
    const result = palermo.apply(state, seat, move as PalermoMove);
    if (result.ok) throw new Error(`expected a rule error for ${JSON.stringify(move)}`);
    add(result.error);
  };

  add({ key: palermo.nameKey });
  add({ key: palermo.present.rulesKey });
  // The /game new command describes each option with the key `<game>.options.<name>`.
  palermo.options.forEach((o) => add({ key: `palermo.options.${o.name}` }));
  let pickRefused = false;
  for (const seats of [2, 3, 4, 5]) {
    for (let g = 0; g < 6; g++) {
      // Every other game in the free-choice variant (§3.9).
      const input = { seats, options: { turns: '5', choice: g % 2 === 1 }, seed: `keys-${seats}-${g}` };
      const { log } = playout<PalermoState>(palermo, input);
      let state = palermo.setup(input);
      addState(state);
      for (const { seat, move } of log) {
        const result = palermo.apply(state, seat, move as PalermoMove);
        if (!result.ok) throw new Error(result.error.key);
        state = result.state;
        addState(state, result.events);
        if (state.step === 'pick' && !pickRefused) {
          error(state, palermo.pending(state)[0]!, { type: 'pick', card: 999 });
          pickRefused = true;
        }
      }
    }
  }

  // Lines with and without a Mafia part (debt withheld, cost borrowed).
  moneyCases().forEach((c) => c.events.forEach(add));
  // Rule errors and the rarer steps: every C menu item, an offer and its answer, a destroy.
  const s = blank();
  error(s, 1, { type: 'pass' });
  error(s, 0, null);
  s.phase = 'C';
  s.step = 'menu';
  board(s, 0, { contracts: [{ card: ct('C3'), price: 5, life: 6 }], equipment: owned('S2') });
  s.hands[0] = [eq('S1'), eq('R1')];
  addState(s);
  // A card with a lifetime: none has one with today's constants (G2), the text is ready for it.
  const aged = structuredClone(s);
  aged.boards[0]!.equipment[0]!.life = 3;
  addState(aged);
  for (const item of ['buy', 'offer', 'destroy', 'refill'] as const) {
    const r = palermo.apply(s, 0, { type: 'menu', item });
    if (!r.ok) throw new Error(r.error.key);
    addState(r.state, r.events);
    if (item === 'buy') error(r.state, 0, { type: 'buy', buy: [eq('S1'), eq('R1')], discard: [] });
    if (item === 'buy') error(r.state, 0, { type: 'buy', buy: [999], discard: [] });
    if (item === 'offer') {
      error(r.state, 0, { type: 'offer', contract: 0, buyer: 1, amount: 99 });
      error(r.state, 0, { type: 'offer', contract: 0, buyer: 1, amount: -99 });
      error(r.state, 0, { type: 'offer', contract: 5, buyer: 1, amount: 0 });
      error(r.state, 0, { type: 'offer', contract: 0, buyer: 0, amount: 0 });
      for (const accept of [true, false]) {
        const o = palermo.apply(r.state, 0, { type: 'offer', contract: 0, buyer: 1, amount: 2 });
        if (!o.ok) throw new Error(o.error.key);
        addState(o.state, o.events);
        const a = palermo.apply(o.state, 1, { type: 'answer', accept });
        if (!a.ok) throw new Error(a.error.key);
        addState(a.state, a.events);
      }
    }
    if (item === 'destroy') {
      error(r.state, 0, { type: 'destroy', index: 7 });
      const d = palermo.apply(r.state, 0, { type: 'destroy', index: 0 });
      if (!d.ok) throw new Error(d.error.key);
      addState(d.state, d.events);
    }
    if (item === 'refill') error(r.state, 0, { type: 'refill', card: 999 });
  }
  // Phase B refusals.
  const f = blank();
  board(f, 0, { cash: 1, equipment: owned('R2', 'S8'), storage: vec({ BL: 2, BK: 1 }), sorted: vec({ BR: 30 }), bulk: vec({ YE: 3 }) });
  atStep(f, 'factory');
  addState(f);
  error(f, 0, { type: 'counts', step: 'factory', values: { rBL: 9 } });
  error(f, 0, { type: 'counts', step: 'store', values: {} });
  f.step = 'factory';
  atStep(f, 'store');
  addState(f);
  atStep(f, 'sort');
  addState(f);
  atStep(f, 'mafia');
  addState(f);
  // Steps where nothing is done, and cubes handed to the Mafia by choice.
  const idle = blank();
  board(idle, 0, { cash: 20, equipment: owned('S2', 'S7', 'D1'), storage: vec({ BR: 1, MV: 2 }), sorted: vec({ GR: 1 }), bulk: vec({ YE: 1 }) });
  atStep(idle, 'factory');
  let step: PalermoState = idle;
  for (const values of [{}, {}, {}, { BR: 1 }] as Record<string, number>[]) {
    const r = palermo.apply(step, 0, { type: 'counts', step: step.step as 'factory', values });
    if (!r.ok) throw new Error(r.error.key);
    addState(r.state, r.events);
    step = r.state;
  }
  const decon = palermo.apply(idle, 0, { type: 'counts', step: 'factory', values: { dMV: 2 } });
  if (!decon.ok) throw new Error(decon.error.key);
  decon.events.forEach(add);
  // Set-up and auction refusals.
  const u = palermo.setup({ seats: 3, options: { turns: '10', choice: false }, seed: 'errors' });
  addState(u);
  error(u, 0, { type: 'setup', contract: 999, equipment: [] });
  error(u, 0, { type: 'setup', contract: u.draws[0]!.contracts[0]!, equipment: [u.draws[0]!.equipment[0]!] });
  const q = palermo.apply(u, 0, palermo.legalMoves(u, 0)[0]!);
  if (q.ok) error(q.state, 0, palermo.legalMoves(u, 0)[0]!);
  const d = blank();
  d.contractRow = [ct('C1'), ct('C2'), ct('C9'), ct('C8')];
  startAuctions(d);
  addState(d);
  error(d, 0, { type: 'name', card: ct('C3') });
  const n = palermo.apply(d, 0, { type: 'name', card: ct('C1') });
  if (!n.ok) throw new Error(n.error.key);
  addState(n.state, n.events);
  error(n.state, 0, { type: 'bid', amount: 99 });
  // Decontamination and a forced pass.
  const m = blank();
  board(m, 0, { equipment: owned('D1'), storage: vec({ MV: 2 }) });
  atStep(m, 'factory');
  addState(m);
  const p = blank();
  p.contractRow = [ct('C1'), ct('C2'), ct('C9'), ct('C8')];
  board(p, 1, { cash: 0 });
  startAuctions(p);
  let ps = palermo.apply(p, 0, { type: 'name', card: ct('C1') });
  if (ps.ok) ps = palermo.apply(ps.state, 0, { type: 'bid', amount: -1 });
  if (!ps.ok) throw new Error(ps.error.key);
  ps.events.forEach(add);
  // Rule errors some answers can only reach through direct calls (the form bounds stop them first).
  for (const file of readdirSync(new URL('../../../src/games/palermo/', import.meta.url))) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(new URL(`../../../src/games/palermo/${file}`, import.meta.url), 'utf8');
    for (const [key] of text.matchAll(/palermo\.error\.\w+/g)) add({ key: key!, args: { cost: 0, cash: 0, count: 0, min: 0, max: 0 } });
  }
  const over = blank();
  over.phase = 'over';
  addState(over);
  error(over, 0, { type: 'pass' });
  // The same line recurs thousands of times; checking each distinct one once is enough.
  return [...new Map(msgs.map((m) => [JSON.stringify(m), m])).values()];
}

// /rules shows the summary as an embed description, which holds 4,096 characters.
localeSuite({ gameId: 'palermo', title: 'Palermo locale files', emitted, unemitted: ['render.'], rulesMax: 3600 });
