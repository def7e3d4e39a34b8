/**
 * Palermo images: PNG signature, phone-friendly width, size budget, determinism, no leaks; cards
 * that say what they do; and nothing past a panel or the image edge in the fullest states.
 */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playout, rngFromSeed } from '../../src/engine/index.js';
import { palermo } from '../../src/games/palermo/index.js';
import type { PalermoState } from '../../src/games/palermo/types.js';
import { renderPalermoBoard } from '../../renderers/palermo/board.js';
import { renderPalermoFinal } from '../../renderers/palermo/final.js';
import { renderPalermoHand } from '../../renderers/palermo/hand.js';
import type { RenderContext } from '../../renderers/types.js';
import { outOfBounds, recordDrawing } from '../../renderers/canvas.js';
import { contractType, equipmentType } from '../../src/games/palermo/constants.js';
import { rooms } from '../../src/games/palermo/rooms.js';
import { cutTexts, expectDrawnWell, LONG_NAMES, lookAlikeNames, realCtx } from './bounds.js';
import { tooSmallTexts } from './phone-rule.js';
import { fullState } from './palermo-full.js';

const NAMES = ['Alice', 'Bartholomew the Magnificent Recycler', 'Chloé', 'Dmitri Aleksandrovich', 'Ève-Marie Lefebvre'];
const ctx = (lang: 'en' | 'fr' = 'en'): RenderContext => realCtx(lang, NAMES);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function width(png: Buffer): number {
  return png.readUInt32BE(16);
}
function height(png: Buffer): number {
  return png.readUInt32BE(20);
}

/** States along a 5-player bot game: set-up, phase B, C, D (with bids), and the end. */
function states(): PalermoState[] {
  const input = { seats: 5, options: { turns: '5', choice: false }, seed: 'render' };
  const { log } = playout<PalermoState>(palermo, input);
  let s = palermo.setup(input);
  const out: PalermoState[] = [s];
  const want = new Set(['B', 'C', 'D']);
  for (const [i, { seat, move }] of log.entries()) {
    const r = palermo.apply(s, seat, move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    const key = s.phase + (s.auction?.high !== null && s.auction ? 'bid' : '');
    if ((want.has(s.phase) || key === 'Dbid') && s.turn >= 3 && !out.some((o) => o.phase + (o.auction?.high !== null && o.auction ? 'bid' : '') === key)) out.push(s);
    void i;
  }
  out.push(s);
  return out;
}

describe('Palermo renderers', () => {
  const all = states();

  // The richest board of the five games: cards in words and every player's places take room.
  it('draws every phase as a PNG 1000 px wide, at most 1.2 × as tall, under 600 KB, deterministically', () => {
    for (const [i, s] of all.entries()) {
      const view = palermo.publicView(s);
      const png = renderPalermoBoard(view, ctx());
      expect(png.subarray(0, 8)).toEqual(PNG);
      expect(width(png)).toBe(1000);
      expect(height(png)).toBeLessThanOrEqual(1200);
      expect(png.length).toBeLessThan(600_000);
      // Buffer.equals: a deep toEqual over half a megabyte takes seconds.
      expect(renderPalermoBoard(view, ctx()).equals(png)).toBe(true);
      if (process.env.PALERMO_PNG) writeFileSync(`/tmp/palermo-board-${i}.png`, png);
    }
    const fr = renderPalermoBoard(palermo.publicView(all[2]!), ctx('fr'));
    if (process.env.PALERMO_PNG) writeFileSync('/tmp/palermo-board-fr.png', fr);
  });

  it('draws the hand (set-up draws and equipment) and the final ranking', () => {
    const setupHand = renderPalermoHand(palermo.seatView(all[0]!, 0), ctx());
    const hand = renderPalermoHand(palermo.seatView(all[2]!, 1), ctx('fr'));
    const last = all[all.length - 1]!;
    const final = renderPalermoFinal(palermo.publicView(last), palermo.outcome(last)!, ctx());
    for (const png of [setupHand, hand, final]) {
      expect(png.subarray(0, 8)).toEqual(PNG);
      expect(width(png)).toBe(1000);
      expect(height(png)).toBeLessThanOrEqual(1200);
      expect(png.length).toBeLessThan(300_000);
    }
    if (process.env.PALERMO_PNG) {
      writeFileSync('/tmp/palermo-hand-setup.png', setupHand);
      writeFileSync('/tmp/palermo-hand.png', hand);
      writeFileSync('/tmp/palermo-final.png', final);
    }
  });

  it('shows no secret: other hands and deck orders leave the board image unchanged', () => {
    for (const s of all) {
      const other = palermo.withOtherSecrets(s, rngFromSeed('leak'));
      expect(palermo.publicView(other)).toEqual(palermo.publicView(s));
      expect(renderPalermoBoard(palermo.publicView(other), ctx()).equals(renderPalermoBoard(palermo.publicView(s), ctx()))).toBe(true);
    }
  });

  it('says what each card on offer takes, costs and does, and how much room each place has left', () => {
    const s = fullState(3);
    const view = palermo.publicView(s);
    for (const lang of ['en', 'fr'] as const) {
      const c = realCtx(lang);
      const t = (k: string, a?: Record<string, string | number>) => c.t(`palermo.render.${k}`, a);
      const texts = recordDrawing(() => renderPalermoBoard(view, c)).texts.map((x) => x.text);
      const has = (s: string) => expect(texts, s).toContain(s);
      const sign = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0');
      for (const card of view.equipmentRow) {
        const e = equipmentType(card);
        has(String(e.capacity));
        has(t('mb', { amount: e.price }));
        has(e.operating === 0 ? t('free0') : t(e.kind === 'storage' ? 'perTurnShort' : 'perCubeShort', { amount: sign(e.operating) }));
      }
      for (const card of view.contractRow) has(contractType(card).id);
      for (const b of view.boards) {
        for (const r of rooms(b)) if (r.id === null) has(r.used === r.capacity ? t('full') : `${r.capacity - r.used}/${r.capacity}`);
        for (const h of b.contracts) expect(texts.some((x) => x === t('turnsLeft', { count: h.life }) || x === t('left', { count: h.life }))).toBe(true);
      }
      // No bare codes such as "I2 BR 30" any more.
      expect(texts.filter((x) => /^[SDIR]\d [A-Z]{2}/.test(x))).toEqual([]);
    }
  });

  // The fullest state (eleven contracts and every card for each player) is past any real game: it
  // is held to the bounds and phone rules, not to the shape, which seeded games are held to.
  describe.each([2, 3, 4, 5])('at %i players, in the fullest state, with the longest names', (seats) => {
    const s = fullState(seats);
    it.each(['en', 'fr'] as const)('%s: board, hands and final stay inside their panels and read on a phone', (lang) => {
      const c = realCtx(lang, LONG_NAMES.slice(0, seats));
      const { result: png, texts, items } = recordDrawing(() => renderPalermoBoard(palermo.publicView(s), c));
      expect(tooSmallTexts(texts)).toEqual([]);
      expect(outOfBounds(items)).toEqual([]);
      expect(cutTexts(texts, c.names)).toEqual([]);
      expect(lookAlikeNames(texts, c.names)).toEqual([]);
      expect(png.length).toBeLessThan(1_500_000);
      for (let seat = 0; seat < seats; seat++) expectDrawnWell(() => renderPalermoHand(palermo.seatView(s, seat), c), { names: c.names });
      // Set-up: three contracts and six equipment cards drawn.
      const setup = palermo.setup({ seats, options: { turns: '10', choice: false }, seed: `draws-${seats}` });
      expectDrawnWell(() => renderPalermoHand(palermo.seatView(setup, 0), c), { names: c.names });
      expectDrawnWell(() => renderPalermoBoard(palermo.publicView(setup), c), { names: c.names });
      const standings = Array.from({ length: seats }, (_, seat) => ({ seat, score: -99999 + seat, rank: seat + 1, breakdown: [] }));
      expectDrawnWell(() => renderPalermoFinal(palermo.publicView(s), { standings }, c), { names: c.names });
    });
  });
});
