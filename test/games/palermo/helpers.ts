/** Builds Palermo states by hand for rule tests: blank boards, chosen cards, a chosen phase. */
import type { LogEvent } from '../../../src/engine/index.js';
import { CONTRACT_CARDS, CONTRACT_TYPES, EQUIPMENT_CARDS, EQUIPMENT_TYPES } from '../../../src/games/palermo/constants.js';
import { enterBStep } from '../../../src/games/palermo/flow.js';
import { palermo } from '../../../src/games/palermo/index.js';
import { newBoard } from '../../../src/games/palermo/setup.js';
import type { Board, PalermoMove, PalermoState, Step } from '../../../src/games/palermo/types.js';

/** The k-th card id of an equipment type, e.g. eq('S2'). */
export function eq(type: string, k = 0): number {
  const t = EQUIPMENT_TYPES.findIndex((x) => x.id === type);
  const ids = EQUIPMENT_CARDS.flatMap((ti, id) => (ti === t ? [id] : []));
  if (ids[k] === undefined) throw new Error(`no ${type} #${k}`);
  return ids[k]!;
}
export function ct(type: string, k = 0): number {
  const t = CONTRACT_TYPES.findIndex((x) => x.id === type);
  const ids = CONTRACT_CARDS.flatMap((ti, id) => (ti === t ? [id] : []));
  if (ids[k] === undefined) throw new Error(`no ${type} #${k}`);
  return ids[k]!;
}

/** Colour vector from {BR: 2, ...}. */
export function vec(m: Partial<Record<'BR' | 'YE' | 'BL' | 'WH' | 'GR' | 'MV' | 'BK', number>> = {}): number[] {
  return [m.BR ?? 0, m.YE ?? 0, m.BL ?? 0, m.WH ?? 0, m.GR ?? 0, m.MV ?? 0, m.BK ?? 0];
}

export function owned(...types: string[]) {
  const count = new Map<string, number>();
  return types.map((t) => {
    const k = count.get(t) ?? 0;
    count.set(t, k + 1);
    return { card: eq(t, k), life: null, at: 0 };
  });
}

/** A game past set-up, in turn 1, with blank boards (cash 20) and seat 0 first. */
export function blank(seats = 4): PalermoState {
  let s = palermo.setup({ seats, options: { turns: '10', choice: false }, seed: 'helper' });
  for (let seat = 0; seat < seats; seat++) {
    const r = palermo.apply(s, seat, palermo.legalMoves(s, seat)[0]!);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
  }
  s.boards = s.boards.map(() => ({ ...newBoard(), ready: true, handCount: 3 }));
  s.firstPlayer = 0;
  s.current = 0;
  s.turn = 1;
  return s;
}

export function board(s: PalermoState, seat: number, patch: Partial<Board>): Board {
  Object.assign(s.boards[seat]!, patch);
  return s.boards[seat]!;
}

/** Puts seat `seat` at the start of phase B step `step`. */
export function atStep(s: PalermoState, step: Step, seat = 0): LogEvent[] {
  const events: LogEvent[] = [];
  s.phase = 'B';
  s.current = seat;
  enterBStep(s, step, events);
  return events;
}

export function play(s: PalermoState, seat: number, move: PalermoMove): PalermoState {
  const r = palermo.apply(s, seat, move);
  if (!r.ok) throw new Error(`${r.error.key} ${JSON.stringify(r.error.args ?? {})}`);
  return r.state;
}

export function refused(s: PalermoState, seat: number, move: PalermoMove): string {
  const r = palermo.apply(s, seat, move);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.key;
}
