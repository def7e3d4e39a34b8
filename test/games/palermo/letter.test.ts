/**
 * Rules read to the letter: phase B forms show only fields some legal answer can use (G37, with
 * §3.2/G11 withholding and the §3.6.6 B5 order rule), and the equipment discard is reshuffled as
 * soon as the last deck card is drawn (§3.7). Each test quotes the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import { BR } from '../../../src/games/palermo/constants.js';
import { fieldsFor } from '../../../src/games/palermo/phaseB.js';
import { palermo } from '../../../src/games/palermo/index.js';
import type { PalermoState } from '../../../src/games/palermo/types.js';
import { atStep, blank, board, eq, owned, play, refused, vec } from './helpers.js';

const shown = (s: PalermoState): string[] => {
  const d = palermo.decision(s, s.current);
  return d && d.kind === 'form' ? d.fields.map((f) => f.id) : [];
};

describe('G37: "a field is shown only when some legal answer sets it to at least 1; a form with no field is skipped"', () => {
  it('B2: no recycle field when every burn receipt would be withheld by the Mafia (§3.2, G11)', () => {
    const s = blank();
    board(s, 0, { cash: 0, debt: 9, equipment: owned('R1'), storage: vec({ YE: 3 }) });
    atStep(s, 'factory');
    // Burning 2 yellow brings 4 Mβ, all taken at source against the debt: nothing pays for R1.
    expect(shown(s)).toEqual(['b2YE']);
    expect(refused(s, 0, { type: 'counts', step: 'factory', values: { b2YE: 2, rYE: 1 } })).toBe('palermo.error.outOfBounds');
    // With no burnable cube either, the form is skipped altogether.
    const t = blank();
    board(t, 0, { cash: 0, debt: 9, equipment: owned('R3'), storage: vec({ WH: 3 }) });
    t.step = 'factory';
    expect(fieldsFor('factory', t, 0)).toEqual([]);
  });

  it('B2: the recycle field counts the cash a receipt really leaves, and the cubes it burns', () => {
    // In debt, an I2 receipt of 1 is kept whole (⌊1/2⌋ = 0 withheld): two brown cubes pay for 2 yellow.
    const s = blank();
    board(s, 0, { cash: 0, debt: 9, equipment: owned('R1', 'I2'), storage: vec({ BR: 2, YE: 3 }) });
    s.step = 'factory';
    expect(fieldsFor('factory', s, 0).find((f) => f.id === 'rYE')?.max).toBe(2);
    // Out of debt, burning pays 2 a cube, but a yellow cube burnt is not there to recycle:
    // with 1 yellow and no cash, burning it leaves nothing to recycle.
    const t = blank();
    board(t, 0, { cash: 0, equipment: owned('R1'), storage: vec({ YE: 1 }) });
    t.step = 'factory';
    expect(fieldsFor('factory', t, 0).map((f) => f.id)).toEqual(['b2YE']);
    // One more yellow: burn one, recycle the other with its 2 Mβ.
    board(t, 0, { storage: vec({ YE: 2 }) });
    expect(fieldsFor('factory', t, 0).find((f) => f.id === 'rYE')?.max).toBe(1);
    expect(t.boards[0]!.storage[BR]).toBe(0);
  });

  it('B5 (§3.6.6): "each form is refused if the voluntary cubes chosen so far have no legal order", so a form that cannot be answered is skipped', () => {
    let s = blank();
    // Six fields: common colours in B5a, mauve (S7 storage) in B5b. 5 Mβ pays the five commons
    // at 1 each, and nothing after them: a mauve cube first would push a common into bracket 2.
    board(s, 0, { cash: 5, equipment: owned('S7'), storage: vec({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1, MV: 2 }) });
    atStep(s, 'mafia');
    expect(shown(s)).toEqual(['BR', 'YE', 'BL', 'WH', 'GR']);
    s = play(s, 0, { type: 'counts', step: 'mafia', values: { BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 } });
    // No mauve form: the cubes are disposed of and the player's phase B is over.
    expect(s.step).not.toBe('mafia');
    expect(s.boards[0]!.cash).toBe(0);
    expect(s.boards[0]!.storage).toEqual(vec({ MV: 2 }));
    expect(s.mafia).toEqual(vec({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 }));
  });

  it('B5b keeps a field, bounded by what the cubes chosen so far leave', () => {
    let s = blank();
    board(s, 0, { cash: 9, equipment: owned('S7'), storage: vec({ BR: 1, YE: 1, BL: 1, WH: 1, GR: 1, MV: 2 }) });
    atStep(s, 'mafia');
    s = play(s, 0, { type: 'counts', step: 'mafia', values: { BR: 1, YE: 1, BL: 1, WH: 1, GR: 1 } });
    // Mauve first (3), then the five commons (1 each): 8 ≤ 9; a second mauve (3) would not fit.
    const d = palermo.decision(s, 0)!;
    expect(d.kind === 'form' && d.fields.map((f) => [f.id, f.max])).toEqual([['MV', 1]]);
    s = play(s, 0, { type: 'counts', step: 'mafia', values: { MV: 1 } });
    expect(s.boards[0]!.cash).toBe(1);
  });
});

describe('§3.7: "When the last deck card is drawn, shuffle the discard pile into a new deck."', () => {
  const atRefill = (): PalermoState => {
    let s = blank(2);
    s.phase = 'C';
    s.step = 'menu';
    s.hands[0] = [];
    board(s, 0, { handCount: 0, equipment: owned('S3') });
    // One card left in the deck; the rest of it sits in the discard pile.
    s.equipmentDiscard.push(...s.equipmentDeck.splice(0, s.equipmentDeck.length - 1));
    s.equipmentDiscardCount = s.equipmentDiscard.length;
    s.equipmentDeckCount = 1;
    s = play(s, 0, { type: 'menu', item: 'refill' });
    return s;
  };

  it('drawing the last deck card rebuilds the deck at once, before anything else is discarded', () => {
    const s = atRefill();
    const discard = [...s.equipmentDiscard];
    const last = s.equipmentDeck[0]!;
    const t = play(s, 0, { type: 'refill', card: null });
    expect(t.hands[0]).toEqual([last]);
    expect([...t.equipmentDeck].sort((a, b) => a - b)).toEqual(discard.sort((a, b) => a - b));
    expect(t.equipmentDiscard).toEqual([]);
    expect([t.equipmentDeckCount, t.equipmentDiscardCount]).toEqual([discard.length, 0]);
  });

  it('a face-up card replaced by the last deck card does the same', () => {
    const s = atRefill();
    const size = s.equipmentDiscard.length;
    const t = play(s, 0, { type: 'refill', card: s.equipmentRow[0]! });
    expect(t.equipmentRow).toHaveLength(3);
    expect([t.equipmentDeckCount, t.equipmentDiscardCount]).toEqual([size, 0]);
  });

  it('a card destroyed after that goes to the new discard pile, not into the deck', () => {
    let s = blank(2);
    s.phase = 'C';
    s.step = 'menu';
    // Seat 0 lacks one card; seat 1 owns an empty S3 it may destroy.
    s.hands[0] = s.equipmentDeck.splice(0, 2);
    board(s, 0, { handCount: 2 });
    board(s, 1, { equipment: owned('S3') });
    s.equipmentDiscard.push(...s.equipmentDeck.splice(0, s.equipmentDeck.length - 1));
    s.equipmentDiscardCount = s.equipmentDiscard.length;
    s.equipmentDeckCount = 1;
    const size = s.equipmentDiscard.length;
    s = play(s, 0, { type: 'menu', item: 'refill' });
    s = play(s, 0, { type: 'refill', card: null });
    expect(palermo.pending(s)).toEqual([1]);
    s = play(s, 1, { type: 'menu', item: 'destroy' });
    s = play(s, 1, { type: 'destroy', index: 0 });
    expect(s.equipmentDiscard).toEqual([eq('S3')]);
    expect([s.equipmentDeckCount, s.equipmentDiscardCount]).toEqual([size, 1]);
  });
});
