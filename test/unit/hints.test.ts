/**
 * A hint names its move in the decision's own words. For compound forms (a count per colour, a
 * card and an amount, cards to keep and to drop) that is each field's label with the number or
 * the choices picked, in the reader's language, never the move's raw fields.
 */
import { describe, expect, it } from 'vitest';
import { rngFromSeed, type AnyGame, type Decision, type Seat } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { describeMove, formValuesOf } from '../../src/discord/handlers/hints.js';
import { localise, t } from '../../src/i18n/index.js';

const GAMES: { id: string; options: Record<string, string | boolean> }[] = [
  { id: 'r-eco', options: {} },
  { id: 'mark', options: { 'mark-private-money': true } },
  { id: 'mull-money', options: { 'mull-experimental': true } },
  { id: 'phoneimpact', options: {} },
  { id: 'palermo', options: { 'palermo-turns': '5' } },
];

const names = (s: Seat) => `Player ${s + 1}`;

/**
 * The compound forms (several fields, or a select) met along a few seeded bot games, each with
 * the legal answers a strong bot may suggest there (its candidates), shortcuts aside.
 */
function compoundForms(game: AnyGame, options: Record<string, string | boolean>): { decision: Decision<unknown>; move: unknown }[] {
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.key);
  const out: { decision: Decision<unknown>; move: unknown }[] = [];
  for (const seed of ['a', 'b', 'c']) {
    let state = game.setup({ seats: 3, options: parsed.options, seed: `hint-${seed}` });
    const rng = rngFromSeed(`hint-${seed}`);
    while (!game.isOver(state)) {
      const seat: Seat = game.pending(state)[0]!;
      const move = game.bot(game.seatView(state, seat), rng);
      const decision = game.decision(state, seat);
      if (decision?.kind === 'form' && (decision.fields.length > 1 || decision.fields[0]?.kind === 'select')) {
        const shortcut = (m: unknown) => decision.shortcuts?.some((s) => JSON.stringify(s.move) === JSON.stringify(m));
        for (const legal of game.legalMoves(state, seat).slice(0, 6)) if (!shortcut(legal)) out.push({ decision, move: legal });
      }
      const r = game.apply(state, seat, move);
      if (!r.ok) throw new Error(r.error.key);
      state = r.state;
    }
  }
  return out;
}

describe('hints for compound forms', () => {
  const all = GAMES.map(({ id, options }) => ({ id, forms: compoundForms(gameById(id)!, options) }));

  it('the games ask compound forms the hints must word', () => {
    expect(all.filter((g) => g.forms.length > 0).map((g) => g.id)).toEqual(expect.arrayContaining(['mull-money', 'palermo']));
  });

  it.each(all.filter((g) => g.forms.length > 0))('$id: each field by its label, with the number or the choices named', ({ forms }) => {
    for (const { decision, move } of forms) {
      if (decision.kind !== 'form') continue;
      const values = formValuesOf(decision.fields, decision.toMove, move);
      expect(values).not.toBeNull();
      expect(decision.toMove(values!)).toEqual(move);
      for (const language of ['en', 'fr'] as const) {
        const text = describeMove(decision, move, language, names);
        expect(text.startsWith(t(language, 'hint.formMove', { values: '' }))).toBe(true);
        for (const field of decision.fields) {
          const value = values![field.id]!;
          const label = localise(language, field.label, names).replace(/\s*[?:]$/, '');
          const shown =
            field.kind === 'number'
              ? (value as number)
              : (value as string[]).length === 0
                ? t(language, 'hint.none')
                : (value as string[]).map((id) => localise(language, field.choices.find((c) => c.id === id)!.label, names)).join(', ');
          const said = t(language, 'hint.field', { label, value: shown });
          expect(text).toContain(said);
        }
        // No raw move field names ("counts [1,0]", "row1 …") and no missing text.
        expect(text).not.toMatch(/[[{]|hint\./);
      }
    }
  });

  it('a count per colour: the counts read by colour, in either language', () => {
    const decision: Decision<{ type: 'sell'; counts: number[] }> = {
      kind: 'form',
      id: 'sell',
      prompt: { key: 'hint.title', args: { move: '' } },
      fields: ['red', 'blue', 'green'].map((c, i) => ({ kind: 'number', id: c, label: { key: 'hint.none' }, min: 0, max: 5 + i })),
      toMove: (v) => ({ type: 'sell', counts: [v.red as number, v.blue as number, v.green as number] }),
    };
    expect(formValuesOf(decision.fields, decision.toMove, { type: 'sell', counts: [2, 0, 7] })).toEqual({ red: 2, blue: 0, green: 7 });
    expect(formValuesOf(decision.fields, decision.toMove, { type: 'sell', counts: [9, 0, 0] })).toBeNull();
  });
});
