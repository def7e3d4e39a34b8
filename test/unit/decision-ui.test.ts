import { describe, expect, it } from 'vitest';
import { numberDecision, type Decision } from '../../src/engine/index.js';
import { answerToMove, decisionComponents, decisionNotes, formModal } from '../../src/discord/messages/decision-ui.js';
import { LIMITS, chunk, clip } from '../../src/discord/messages/limits.js';

const ctx = { gameId: 5, version: 9, language: 'en' as const, seatName: (s: number) => `P${s}` };
const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, label: { key: 'r-eco.card', args: { colour: { key: 'r-eco.colour.red' }, value: i } } }));

const choose = (n: number): Decision<string> & { kind: 'choose' } => ({ kind: 'choose', id: 'pick-one', prompt: { key: 'r-eco.prompt.play' }, choices: choices(n), toMove: (id: string) => (id.startsWith('c') ? `move:${id}` : null) });
const pick: Decision<string[]> = { kind: 'pick', id: 'dump', prompt: { key: 'r-eco.prompt.play' }, choices: choices(6), min: 2, max: 2, toMove: (ids) => ids };
const number: Decision<number> = numberDecision<number>({ id: 'bid', prompt: { key: 'r-eco.prompt.play' }, min: 0, max: 30, default: 4, toMove: (n) => n, shortcuts: [{ id: 'pass', label: { key: 'ui.refresh' }, move: -1 }] });
const form: Decision<string> = {
  kind: 'form',
  id: 'offer',
  prompt: { key: 'r-eco.prompt.play' },
  notes: [{ key: 'ui.status' }],
  fields: [
    { kind: 'number', id: 'red', label: { key: 'r-eco.colour.red' }, min: 0, max: 3 },
    { kind: 'number', id: 'blue', label: { key: 'r-eco.colour.blue' }, min: -2, max: 3, default: 1 },
    { kind: 'select', id: 'who', label: { key: 'ui.status' }, choices: choices(3), min: 1, max: 2, default: ['c1'] },
  ],
  toMove: (v) => JSON.stringify(v),
};

type Json = { type: number; components?: Json[]; custom_id?: string; options?: unknown[]; min_values?: number; max_values?: number; label?: string };
const json = (rows: { toJSON(): unknown }[]) => rows.map((r) => r.toJSON() as Json);

/** The limits a message must respect, checked the way Discord checks them. */
function expectWithinLimits(rows: Json[]) {
  expect(rows.length).toBeLessThanOrEqual(LIMITS.actionRows - 1);
  for (const row of rows) {
    const items = row.components!;
    if (items.some((c) => c.type === 3)) expect(items).toHaveLength(1);
    else expect(items.length).toBeLessThanOrEqual(LIMITS.buttonsPerRow);
    for (const c of items) {
      expect(c.custom_id!.length).toBeLessThanOrEqual(LIMITS.customId);
      if (c.options) expect(c.options.length).toBeLessThanOrEqual(LIMITS.selectOptions);
      if (c.label) expect(c.label.length).toBeLessThanOrEqual(LIMITS.buttonLabel);
    }
  }
}

describe('decisions as components', () => {
  it('draws a short choice as buttons carrying game, version, step and choice', () => {
    const rows = json(decisionComponents(choose(7), ctx));
    expectWithinLimits(rows);
    const ids = rows.flatMap((r) => r.components!.map((c) => c.custom_id));
    expect(ids).toEqual(Array.from({ length: 7 }, (_, i) => `mv:5:9:pick-one:c${i}`));
    expect(rows[0]!.components![0]!.label).toBe('red 0');
  });

  it('pages a long choice as one select per page with page buttons', () => {
    const rows = json(decisionComponents(choose(60), { ...ctx, page: 1 }));
    expectWithinLimits(rows);
    expect(rows[0]!.components![0]!.options).toHaveLength(25);
    expect((rows[0]!.components![0]!.options![0] as { value: string }).value).toBe('c25');
    expect(rows[1]!.components!.map((c) => c.custom_id)).toEqual(['page:5:9:pick-one:0', 'page:5:9:pick-one:2']);
    const last = json(decisionComponents(choose(60), { ...ctx, page: 99 }));
    expect((last[0]!.components![0]!.options![0] as { value: string }).value).toBe('c50');
  });

  it('shows 21 to 25 choices as one select with no page buttons', () => {
    const rows = json(decisionComponents(choose(23), ctx));
    expectWithinLimits(rows);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.components![0]!.options).toHaveLength(23);
  });

  it('draws a pick as a multi-select with the exact counts', () => {
    const rows = json(decisionComponents(pick, ctx));
    expectWithinLimits(rows);
    expect(rows[0]!.components![0]).toMatchObject({ custom_id: 'mv:5:9:dump', min_values: 2, max_values: 2 });
  });

  it('refuses a pick longer than one select can hold', () => {
    expect(() => decisionComponents({ ...pick, choices: choices(26) }, ctx)).toThrow(/max 25/);
  });

  it('asks for numbers through a modal, prefilled with the suggestion, with shortcuts beside it', () => {
    const rows = json(decisionComponents(number, ctx));
    expectWithinLimits(rows);
    expect(rows.flatMap((r) => r.components!.map((c) => c.custom_id))).toEqual(['sc:5:9:bid:pass', 'form:5:9:bid']);
    const modal = formModal(number as Decision<unknown> & { kind: 'form' }, ctx).toJSON() as { custom_id: string; components: (Json & { component?: Json & { value?: string } })[] };
    expect(modal.custom_id).toBe('mv:5:9:bid');
    const input = modal.components.find((c) => c.type === 18)!.component!;
    expect(input).toMatchObject({ custom_id: 'value', value: '4' });
  });

  it('draws a form as one modal: the prompt, then a labelled input or select per field', () => {
    const modal = formModal(form as Decision<unknown> & { kind: 'form' }, ctx).toJSON() as { components: (Json & { component?: Json & { options?: { default?: boolean }[] } })[] };
    expect(modal.components.map((c) => c.type)).toEqual([10, 18, 18, 18]);
    expect(modal.components.slice(1).map((c) => c.component!.custom_id)).toEqual(['red', 'blue', 'who']);
    const select = modal.components[3]!.component! as Json & { options: { default?: boolean }[] };
    expect(select).toMatchObject({ type: 3, min_values: 1, max_values: 2 });
    expect(select.options.map((o: { default?: boolean }) => o.default ?? false)).toEqual([false, true, false]);
  });

  it('lists what each button will do as text, since buttons carry no description', () => {
    const described: Decision<string> = { ...choose(2), choices: choices(2).map((c, i) => ({ ...c, detail: { key: 'ui.enterNumber', args: { min: i, max: 9 } } })) };
    expect(decisionNotes(described, ctx)).toEqual(['• **red 0**: Enter a number (0 to 9)', '• **red 1**: Enter a number (1 to 9)']);
  });

  it('keeps a row for shortcuts, so fewer choices fit as buttons', () => {
    const withShortcut = { ...choose(16), shortcuts: [{ id: 'pass', label: { key: 'ui.refresh' }, move: 'pass' }] };
    const rows = json(decisionComponents(withShortcut, ctx));
    expectWithinLimits(rows);
    expect(rows[0]!.components![0]!.type).toBe(3);
    expect(json(decisionComponents({ ...withShortcut, choices: choices(15) }, ctx)).length).toBe(4);
  });
});

describe('answers to moves', () => {
  it('maps a choice and refuses unknown ones', () => {
    expect(answerToMove(choose(3), { choice: 'c2' })).toEqual({ ok: true, move: 'move:c2' });
    expect(answerToMove(choose(3), { values: ['c1'] })).toEqual({ ok: true, move: 'move:c1' });
    expect(answerToMove(choose(3), { choice: 'zzz' })).toMatchObject({ ok: false, error: { key: 'error.badSelection' } });
  });

  it('refuses the wrong number of picked items', () => {
    expect(answerToMove(pick, { values: ['c1', 'c2'] })).toEqual({ ok: true, move: ['c1', 'c2'] });
    expect(answerToMove(pick, { values: ['c1'] })).toMatchObject({ ok: false, error: { key: 'error.pickCount', args: { min: 2, max: 2, count: 1 } } });
    expect(answerToMove(pick, { values: ['c1', 'c2', 'c3'] })).toMatchObject({ ok: false, error: { key: 'error.pickCount' } });
    expect(answerToMove(pick, { choice: 'c1' })).toMatchObject({ ok: false, error: { key: 'error.badSelection' } });
  });

  it.each([
    ['12', { ok: true, move: 12 }],
    [' 0 ', { ok: true, move: 0 }],
    ['31', { ok: false }],
    ['-1', { ok: false }],
    ['1.5', { ok: false }],
    ['ten', { ok: false }],
    ['', { ok: false }],
    ['99999999999999', { ok: false }],
  ])('reads the number %j', (text, expected) => {
    expect(answerToMove(number, { fields: { value: text } })).toMatchObject(expected);
  });

  it('maps a shortcut to its move, and refuses an unknown one', () => {
    expect(answerToMove(number, { shortcut: 'pass' })).toEqual({ ok: true, move: -1 });
    expect(answerToMove(number, { shortcut: 'zzz' })).toMatchObject({ ok: false, error: { key: 'error.badSelection' } });
  });

  it('reads every field of a form, and names the field that is out of bounds', () => {
    expect(answerToMove(form, { fields: { red: '2', blue: '-2', who: ['c0', 'c2'] } })).toEqual({ ok: true, move: JSON.stringify({ red: 2, blue: -2, who: ['c0', 'c2'] }) });
    expect(answerToMove(form, { fields: { red: '4', blue: '0', who: ['c0'] } }, { language: 'en' })).toMatchObject({ ok: false, error: { key: 'error.badField', args: { field: 'red', min: 0, max: 3 } } });
    expect(answerToMove(form, { fields: { red: '1', blue: '0', who: [] } })).toMatchObject({ ok: false, error: { key: 'error.pickCount' } });
    expect(answerToMove(form, { fields: { red: '1', blue: '0', who: ['c9'] } })).toMatchObject({ ok: false, error: { key: 'error.badSelection' } });
    expect(answerToMove(form, { fields: { red: '1', blue: '0', who: ['c1', 'c1'] } })).toMatchObject({ ok: false, error: { key: 'error.badSelection' } });
  });
});

describe('limits helpers', () => {
  it('clips with an ellipsis and chunks evenly', () => {
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abc', 4)).toBe('abc');
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([[1, 2, 3, 4, 5], [6, 7]]);
  });
});
