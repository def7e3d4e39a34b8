/** The free-choice variant of phase D (spec §3.9, G15): picks instead of auctions, value ladder. */
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../src/engine/index.js';
import { VARIANT_LADDER } from '../../../src/games/palermo/constants.js';
import { startChoice } from '../../../src/games/palermo/freeChoice.js';
import { palermo } from '../../../src/games/palermo/index.js';
import type { PalermoState } from '../../../src/games/palermo/types.js';
import { blank, board, ct, owned, play, refused } from './helpers.js';

/** Phase D of the variant, seat 0 first, with `row` on offer at the given ladder steps. */
function choosing(row: number[], ladder: number[], seats = 4): PalermoState {
  const s = blank(seats);
  s.contractRow = row;
  s.ladder = ladder;
  startChoice(s);
  return s;
}

describe('free-choice variant (§3.9)', () => {
  it('is a lobby option, off by default, with a French description', () => {
    const parsed = palermo.parseOptions({});
    expect(parsed.ok && parsed.options.choice).toBe(false);
    const on = palermo.parseOptions({ 'palermo-free-choice': true });
    expect(on.ok && on.options.choice).toBe(true);
    expect(palermo.parseOptions({ 'palermo-free-choice': 'yes' }).ok).toBe(false);
    const s = palermo.setup({ seats: 3, options: { turns: '5', choice: true }, seed: 'variant' });
    expect(s.ladder).toEqual([]);
    expect(palermo.setup({ seats: 3, options: { turns: '5', choice: false }, seed: 'variant' }).ladder).toBeNull();
  });

  it('deals the first row at the printed prices and goes to picks instead of auctions', () => {
    let s = palermo.setup({ seats: 3, options: { turns: '5', choice: true }, seed: 'variant' });
    for (const seat of [0, 1, 2]) s = play(s, seat, palermo.legalMoves(s, seat)[0]!);
    expect(s.ladder).toEqual([0, 0, 0]);
    const rng = rngFromSeed('variant-bots');
    while (s.phase !== 'D') {
      const seat = palermo.pending(s)[0]!;
      s = play(s, seat, palermo.bot(palermo.seatView(s, seat), rng));
    }
    expect(s.step).toBe('pick');
    expect(s.auction).toBeNull();
    expect(palermo.pending(s)).toEqual([s.firstPlayer]);
  });

  it('each player, clockwise from the first, takes one contract at printed price + ladder, or passes', () => {
    const [c5, c6, c3, c9] = [ct('C5'), ct('C6'), ct('C3'), ct('C9')];
    let s = choosing([c5, c6, c3, c9], [0, 2, 1, 3]);
    const d = palermo.decision(s, 0)!;
    expect(d.kind).toBe('choose');
    expect(d.kind === 'choose' && d.choices.map((c) => [c.id, (c.detail?.args?.terms as { args?: { price?: number } } | undefined)?.args?.price])).toEqual([[String(c5), 15], [String(c6), 10], [String(c3), 10], [String(c9), 65]]);
    expect(d.shortcuts?.map((x) => x.id)).toEqual(['pass']);
    expect(refused(s, 1, { type: 'pick', card: c5 })).toBe('palermo.error.notYourTurn');
    expect(refused(s, 0, { type: 'pick', card: ct('C7') })).toBe('palermo.error.notOffered');
    expect(refused(s, 0, { type: 'bid', amount: 3 })).toBe('palermo.error.badMove');
    s = play(s, 0, { type: 'pick', card: c6 });
    expect(s.boards[0]!.contracts).toEqual([{ card: c6, price: 10, life: 10 }]);
    expect(palermo.pending(s)).toEqual([1]);
    s = play(s, 1, { type: 'pass' });
    s = play(s, 2, { type: 'pick', card: c9 });
    expect(s.boards[2]!.contracts).toEqual([{ card: c9, price: 65, life: 10 }]);
    // The last picker closes phase D; the clean-up runs and turn 2 begins.
    const end = palermo.apply(s, 3, { type: 'pass' });
    expect(end.ok).toBe(true);
    const after = (end as { state: PalermoState }).state;
    expect(after.turn).toBe(2);
    // C5 (step 0) and C3 (step 1) stay, one step up; two new cards at step 0 fill the row to 4.
    expect(after.contractRow.slice(0, 2)).toEqual([c5, c3]);
    expect(after.ladder).toEqual([1, 2, 0, 0]);
    expect(after.contractRow).toHaveLength(4);
  });

  it('discards a card left unpicked on the last step of the ladder', () => {
    const [c1, c6] = [ct('C1'), ct('C6')];
    let s = choosing([c1, c6], [VARIANT_LADDER.length - 1, 0], 2);
    s = play(s, 0, { type: 'pass' });
    const r = palermo.apply(s, 1, { type: 'pass' });
    expect(r.ok).toBe(true);
    const after = (r as { state: PalermoState }).state;
    expect(after.contractRow).not.toContain(c1);
    expect(after.contractDiscard).toContain(c1);
    expect(after.contractRow[0]).toBe(c6);
    expect(after.ladder![0]).toBe(1);
    expect(r.ok && r.events.some((e) => e.key === 'palermo.log.expired')).toBe(true);
  });

  it('the bot takes the contract worth most to it at its current value, and passes when none pays', () => {
    const [c5, c6] = [ct('C5'), ct('C6')];
    const s = choosing([c6, c5], [0, 0]);
    board(s, 0, { equipment: owned('R2', 'R2') });
    expect(palermo.bot(palermo.seatView(s, 0), rngFromSeed('b'))).toEqual({ type: 'pick', card: c5 });
    // White glass without a recycler at 0 Mβ a turn only costs: pass.
    const lone = choosing([c6], [0]);
    expect(palermo.bot(palermo.seatView(lone, 0), rngFromSeed('b'))).toEqual({ type: 'pass' });
    // Three turns unpicked, C6 pays 15 a turn: now worth taking.
    const ripe = choosing([c6], [3]);
    expect(palermo.bot(palermo.seatView(ripe, 0), rngFromSeed('b'))).toEqual({ type: 'pick', card: c6 });
  });

  it('the /status text and the board give each card its current value', () => {
    const s = choosing([ct('C6')], [2]);
    const fields = palermo.present.status(palermo.publicView(s));
    const table = JSON.stringify(fields[0]);
    expect(table).toContain('palermo.status.offered');
    expect(table).toContain('"price":10');
    expect(table).toContain('palermo.status.picking');
  });
});
