import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/engine/index.js';
import { answerToMove, decisionComponents, numberModal } from '../../src/discord/decision-ui.js';
import { LIMITS, chunk, clip } from '../../src/discord/limits.js';

const ctx = { gameId: 5, version: 9, language: 'en' as const, seatName: (s: number) => `P${s}` };
const choices = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, label: { key: 'r-eco.card', args: { colour: { key: 'r-eco.colour.red' }, value: i } } }));

const choose = (n: number): Decision<string> => ({ kind: 'choose', id: 'pick-one', prompt: { key: 'r-eco.prompt.play' }, choices: choices(n), toMove: (id) => (id.startsWith('c') ? `move:${id}` : null) });
const pick: Decision<string[]> = { kind: 'pick', id: 'dump', prompt: { key: 'r-eco.prompt.play' }, choices: choices(6), min: 2, max: 2, toMove: (ids) => ids };
const number: Decision<number> = { kind: 'number', id: 'bid', prompt: { key: 'r-eco.prompt.play' }, min: 0, max: 30, toMove: (n) => n };

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

  it('draws a pick as a multi-select with the exact counts', () => {
    const rows = json(decisionComponents(pick, ctx));
    expectWithinLimits(rows);
    expect(rows[0]!.components![0]).toMatchObject({ custom_id: 'mv:5:9:dump', min_values: 2, max_values: 2 });
  });

  it('refuses a pick longer than one select can hold', () => {
    expect(() => decisionComponents({ ...pick, choices: choices(26) }, ctx)).toThrow(/max 25/);
  });

  it('asks for numbers through a modal', () => {
    const rows = json(decisionComponents(number, ctx));
    expect(rows[0]!.components![0]!.custom_id).toBe('num:5:9:bid');
    const modal = numberModal(number as Decision<unknown> & { kind: 'number' }, ctx).toJSON() as { custom_id: string; components: Json[] };
    expect(modal.custom_id).toBe('mv:5:9:bid');
    expect(modal.components[0]!.components![0]!.custom_id).toBe('value');
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
    expect(answerToMove(number, { text })).toMatchObject(expected);
  });
});

describe('limits helpers', () => {
  it('clips with an ellipsis and chunks evenly', () => {
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('abc', 4)).toBe('abc');
    expect(chunk([1, 2, 3, 4, 5, 6, 7], 5)).toEqual([[1, 2, 3, 4, 5], [6, 7]]);
  });
});
