/**
 * PhoneImpact images: the shape Discord shows well (at most 1.2 × as tall as wide at every player
 * count and state), the phone and bounds rules with long names, no hand leaks, and what the
 * learners asked for, read from the recorded texts: the suppliers' legend, whose turn it is in
 * words, "game over" in the header, the final breakdown in words, and labelled hand rows.
 */
import { describe, expect, it } from 'vitest';
import { recordTexts } from '../../renderers/canvas.js';
import { renderPhoneImpactBoard } from '../../renderers/phoneimpact/board.js';
import { renderPhoneImpactFinal } from '../../renderers/phoneimpact/final.js';
import { renderPhoneImpactHand } from '../../renderers/phoneimpact/hand.js';
import { MAX_ASPECT } from '../../renderers/phoneimpact/parts.js';
import { rngFromSeed } from '../../src/engine/index.js';
import { COMPONENTS, RECIPES, SUPPLIERS, SUPPLY } from '../../src/games/phoneimpact/constants.js';
import { phoneImpact } from '../../src/games/phoneimpact/index.js';
import type { PhoneImpactState } from '../../src/games/phoneimpact/types.js';
import { LONG_NAMES, expectDrawnWell, realCtx } from './bounds.js';
import { pngDimensions } from './phone-rule.js';

/** Names sharing a long beginning: they must never look alike on an image. */
const ALIKE = ['Alexandra Konstantinopoulou-Papadakis', 'Alexandra Konstantinopoulou-Papadopoulos', 'Alexandra Konstantinopoulou-Papadimitriou', 'Alexandra Konstantinopoulou-Papanikolaou', 'Alexandra Konstantinopoulou-Papageorgiou'];
const SHORT = ['Alice', 'Bob', 'Chloé', 'Dmitri', 'Ève'];

/** Every state of one bot game. */
function game(seats: number, ruleset: 'seed' | '2025', seed = `img-${seats}`): PhoneImpactState[] {
  let s = phoneImpact.setup({ seats, options: { ruleset, short: false, finishRound: false }, seed });
  const rng = rngFromSeed(seed);
  const out = [s];
  while (!phoneImpact.isOver(s)) {
    const seat = phoneImpact.pending(s)[0]!;
    const r = phoneImpact.apply(s, seat, phoneImpact.bot(phoneImpact.seatView(s, seat), rng));
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    out.push(s);
  }
  return out;
}

const textsOf = (render: () => Buffer) => recordTexts(render).texts.map((t) => t.text);
const fits = (png: Buffer) => {
  const { width, height } = pngDimensions(png);
  expect(width).toBe(900);
  expect(height, 'height against width').toBeLessThanOrEqual(Math.floor(width * MAX_ASPECT));
};

describe.each([3, 4, 5])('PhoneImpact images with %i seats', (seats) => {
  const ruleset = seats === 4 ? '2025' : 'seed';
  const all = game(seats, ruleset);
  const end = all.at(-1)!;
  // About ten states along the game, and its end.
  const sample = [...all.filter((_, i) => i % Math.ceil(all.length / 10) === 0), end];

  for (const names of [LONG_NAMES, ALIKE]) {
    it(`${names[0]!.slice(0, 9)}…: board, hand and final stay within 1.2 × their width, readable and inside their panels`, () => {
      for (const lang of ['en', 'fr'] as const) {
        const ctx = realCtx(lang, names);
        for (const [i, s] of sample.entries()) {
          fits(expectDrawnWell(() => renderPhoneImpactBoard(phoneImpact.publicView(s), ctx), { names }).png);
          fits(expectDrawnWell(() => renderPhoneImpactHand(phoneImpact.seatView(s, i % seats), ctx), { names }).png);
        }
        fits(expectDrawnWell(() => renderPhoneImpactFinal(phoneImpact.publicView(end), phoneImpact.outcome(end)!, ctx), { names }).png);
      }
    });
  }

  it('names with a long common beginning are drawn whole, never shortened', () => {
    const ctx = realCtx('en', ALIKE);
    const mid = all[Math.floor(all.length / 2)]!;
    for (const texts of [textsOf(() => renderPhoneImpactBoard(phoneImpact.publicView(mid), ctx)), textsOf(() => renderPhoneImpactFinal(phoneImpact.publicView(end), phoneImpact.outcome(end)!, ctx))]) {
      expect(texts.filter((t) => t.includes('…'))).toEqual([]);
      const joined = texts.join(' ');
      for (const name of ALIKE.slice(0, seats)) expect(joined).toContain(name.split('-').at(-1));
    }
  });

  it('the board is the same PNG with other secrets, and deterministic', () => {
    const ctx = realCtx('en', SHORT);
    const mid = all[Math.floor(all.length / 2)]!;
    const board = renderPhoneImpactBoard(phoneImpact.publicView(mid), ctx);
    expect(renderPhoneImpactBoard(phoneImpact.publicView(mid), ctx).equals(board)).toBe(true);
    const other = phoneImpact.withOtherSecrets(mid, rngFromSeed('x'));
    expect(renderPhoneImpactBoard(phoneImpact.publicView(other), ctx).equals(board)).toBe(true);
    expect(board.length).toBeLessThan(300 * 1024);
  });
});

describe('what the board tells a class', () => {
  const all = game(4, 'seed');
  const turn = all.find((s) => s.phase === 'turn' && s.round > 1)!;
  const quiz = all.find((s) => s.event?.step === 'quiz')!;
  const end = all.at(-1)!;

  for (const lang of ['en', 'fr'] as const) {
    const ctx = realCtx(lang, SHORT);
    const t = (key: string, args?: Record<string, string | number>) => ctx.t(`phoneimpact.render.${key}`, args);

    it(`${lang}: a legend says what each supplier gives and at what cost, and which types Recycl' lacks`, () => {
      const texts = textsOf(() => renderPhoneImpactBoard(phoneImpact.publicView(turn), ctx));
      for (const s of SUPPLIERS) {
        expect(texts).toContain(ctx.t(`phoneimpact.supplier.${s}`));
        const { cards, malus } = SUPPLY[s];
        expect(texts).toContain(malus === 0 ? t('termsNoMalus', { count: cards }) : t('terms', { count: cards, malus }));
      }
      // Recycl' never has rare metal or rare earth: its row says so.
      expect(texts.join(' ')).toContain(t('lacksTwo', { a: ctx.t('phoneimpact.type.MR'), b: ctx.t('phoneimpact.type.TR') }));
      // After event 8 the legend shows the doubled cost.
      const doubled = { ...phoneImpact.publicView(turn), flags: { ...turn.flags, double: true } };
      expect(textsOf(() => renderPhoneImpactBoard(doubled, ctx))).toContain(t('terms', { count: 3, malus: 4 }));
    });

    it(`${lang}: whose turn it is is written in words, on the board and in the hand`, () => {
      const seat = turn.current;
      const board = textsOf(() => renderPhoneImpactBoard(phoneImpact.publicView(turn), ctx));
      expect(board).toContain(`▶ ${t('toPlay', { name: SHORT[seat]! })}`);
      expect(textsOf(() => renderPhoneImpactHand(phoneImpact.seatView(turn, seat), ctx))).toContain(`▶ ${t('youPlay')}`);
      expect(textsOf(() => renderPhoneImpactHand(phoneImpact.seatView(turn, (seat + 1) % 4), ctx))).toContain(`▶ ${t('toPlay', { name: SHORT[seat]! })}`);
      // A quiz waits for everyone at once: their names, in words.
      const names = phoneImpact.pending(quiz).map((s) => SHORT[s]!);
      expect(names.length).toBeGreaterThan(1);
      const list = ctx.t('phoneimpact.render.listAnd', { a: names.slice(0, -1).join(', '), b: names.at(-1)! });
      expect(textsOf(() => renderPhoneImpactBoard(phoneImpact.publicView(quiz), ctx)).join(' ')).toContain(`▶ ${t('allToAnswer', { names: list, n: '1' })}`);
    });

    it(`${lang}: a finished game's board and hand say the game is over`, () => {
      const over = t(`over.${end.endReason}`);
      expect(over).toMatch(lang === 'en' ? /^Game over/ : /^Partie terminée/);
      const board = textsOf(() => renderPhoneImpactBoard(phoneImpact.publicView(end), ctx));
      expect(board).toContain(over);
      expect(board.some((x) => x.startsWith('▶'))).toBe(false);
      expect(textsOf(() => renderPhoneImpactHand(phoneImpact.seatView(end, 0), ctx))).toContain(over);
      expect(textsOf(() => renderPhoneImpactFinal(phoneImpact.publicView(end), phoneImpact.outcome(end)!, ctx))).toContain(over);
    });

    it(`${lang}: the final ranking says what each figure counts, with no bare "1/4"`, () => {
      const view = phoneImpact.publicView(end);
      const texts = textsOf(() => renderPhoneImpactFinal(view, phoneImpact.outcome(end)!, ctx));
      expect(texts.filter((x) => /\d\/4/.test(x))).toEqual([]);
      const joined = texts.join('\n');
      for (const p of view.players) {
        const built = COMPONENTS.filter((c) => p.built[c]);
        const points = built.reduce((a, c) => a + RECIPES[c].points, 0);
        expect(joined, `seat ${p.seat}`).toContain(t('fComponents', { points, count: built.length, total: 4 }));
      }
    });

    it(`${lang}: every supplier row of the hand is labelled, even an empty one`, () => {
      const texts = textsOf(() => renderPhoneImpactHand(phoneImpact.seatView(turn, 0), ctx));
      for (const sup of SUPPLIERS) expect(texts).toContain(ctx.t(`phoneimpact.supplier.${sup}`));
      const empty = structuredClone(turn);
      empty.players[0]!.hand = [];
      const none = textsOf(() => renderPhoneImpactHand(phoneImpact.seatView(empty, 0), ctx));
      for (const sup of SUPPLIERS) expect(none).toContain(ctx.t(`phoneimpact.supplier.${sup}`));
      expect(none).toContain(t('yourHand', { count: 0 }));
    });
  }
});
