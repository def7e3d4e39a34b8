/** PhoneImpact images: PNG signature, phone-rule width, size, determinism, and no hand leaks. */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderPhoneImpactBoard } from '../../renderers/phoneimpact/board.js';
import { renderPhoneImpactFinal } from '../../renderers/phoneimpact/final.js';
import { renderPhoneImpactHand } from '../../renderers/phoneimpact/hand.js';
import type { RenderContext } from '../../renderers/types.js';
import { rngFromSeed } from '../../src/engine/index.js';
import { phoneImpact } from '../../src/games/phoneimpact/index.js';
import type { PhoneImpactState } from '../../src/games/phoneimpact/types.js';

type Dict = { [key: string]: string | Dict };
const dicts = { en: JSON.parse(readFileSync(new URL('../../src/games/phoneimpact/locales/en.json', import.meta.url), 'utf8')) as Dict, fr: JSON.parse(readFileSync(new URL('../../src/games/phoneimpact/locales/fr.json', import.meta.url), 'utf8')) as Dict };

function makeCtx(lang: 'en' | 'fr', seats: number): RenderContext {
  const t: RenderContext['t'] = (key, args) => {
    let node: string | Dict | undefined = dicts[lang];
    for (const part of key.replace(/^phoneimpact\./, '').split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{-?\s*(\w+)\s*\}\}/g, (_m, name: string) => String(args?.[name] ?? ''));
  };
  return { names: ['Alice', 'Bartholomew the Magnificent Recycler', 'Chloé', 'Dmitri', 'Ève-Marie'].slice(0, seats), t };
}

const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const size = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

function midAndEnd(seats: number, ruleset: 'seed' | '2025'): { mid: PhoneImpactState; end: PhoneImpactState } {
  let s = phoneImpact.setup({ seats, options: { ruleset, short: false, finishRound: false }, seed: `img-${seats}` });
  const rng = rngFromSeed('img');
  let mid = s;
  let n = 0;
  while (!phoneImpact.isOver(s)) {
    const seat = phoneImpact.pending(s)[0]!;
    const r = phoneImpact.apply(s, seat, phoneImpact.bot(phoneImpact.seatView(s, seat), rng));
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (++n === 30) mid = s;
  }
  return { mid, end: s };
}

describe.each([3, 5])('PhoneImpact images with %i seats', (seats) => {
  const { mid, end } = midAndEnd(seats, seats === 3 ? 'seed' : '2025');
  for (const lang of ['en', 'fr'] as const) {
    const ctx = makeCtx(lang, seats);
    it(`${lang}: board, hand and final are portrait-ish PNGs under 300 KB, deterministic`, () => {
      const board = renderPhoneImpactBoard(phoneImpact.publicView(mid), ctx);
      const hand = renderPhoneImpactHand(phoneImpact.seatView(mid, 0), ctx);
      const final = renderPhoneImpactFinal(phoneImpact.publicView(end), phoneImpact.outcome(end)!, ctx);
      for (const png of [board, hand, final]) {
        expect(png.subarray(0, 8).equals(SIG)).toBe(true);
        expect(size(png).width).toBe(900);
        expect(png.length).toBeLessThan(300 * 1024);
      }
      expect(size(board).height).toBeGreaterThanOrEqual(900);
      expect(renderPhoneImpactBoard(phoneImpact.publicView(mid), ctx).equals(board)).toBe(true);
      if (process.env.PI_PNG) {
        writeFileSync(`/tmp/pi-board-${seats}-${lang}.png`, board);
        writeFileSync(`/tmp/pi-hand-${seats}-${lang}.png`, hand);
        writeFileSync(`/tmp/pi-final-${seats}-${lang}.png`, final);
      }
    });
  }

  it('the board is the same PNG with other secrets', () => {
    const ctx = makeCtx('en', seats);
    const other = phoneImpact.withOtherSecrets(mid, rngFromSeed('x'));
    expect(renderPhoneImpactBoard(phoneImpact.publicView(other), ctx).equals(renderPhoneImpactBoard(phoneImpact.publicView(mid), ctx))).toBe(true);
  });
});
