/** Views and texts: secrets stay out of public views, /status and public log lines. */
import { describe, expect, it } from 'vitest';
import { playout, rngFromSeed } from '../../../src/engine/index.js';
import { palermo } from '../../../src/games/palermo/index.js';
import type { PalermoMove, PalermoState } from '../../../src/games/palermo/types.js';

function walk(seats: number, seed: string): { state: PalermoState; events: { key: string; visibleTo: unknown; args?: unknown }[] }[] {
  const input = { seats, options: { turns: '5', choice: false }, seed };
  const { log } = playout<PalermoState>(palermo, input);
  let s = palermo.setup(input);
  const out = [{ state: s, events: [] as never[] }];
  for (const { seat, move } of log) {
    const r = palermo.apply(s, seat, move as PalermoMove);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    out.push({ state: s, events: r.events as never[] });
  }
  return out;
}

describe('Palermo views', () => {
  const steps = walk(4, 'views');

  it('withOtherSecrets keeps every public fact, /status text and the kept seat’s own view', () => {
    const rng = rngFromSeed('other');
    for (const [i, { state }] of steps.entries()) {
      if (i % 5 !== 0) continue;
      const keep = i % 4;
      const other = palermo.withOtherSecrets(state, rng, keep);
      expect(palermo.publicView(other)).toEqual(palermo.publicView(state));
      expect(palermo.present.status(palermo.publicView(other))).toEqual(palermo.present.status(palermo.publicView(state)));
      expect(palermo.seatView(other, keep)).toEqual(palermo.seatView(state, keep));
      expect(palermo.present.hand(palermo.seatView(other, keep))).toEqual(palermo.present.hand(palermo.seatView(state, keep)));
      expect(palermo.pending(other)).toEqual(palermo.pending(state));
    }
  });

  it('the public view holds no hand, draw or deck order', () => {
    for (const { state } of steps.slice(0, 40)) {
      const view = palermo.publicView(state) as unknown as Record<string, unknown>;
      for (const key of ['hands', 'draws', 'picks', 'contractDeck', 'equipmentDeck', 'equipmentDiscard', 'rng']) expect(view).not.toHaveProperty(key);
    }
  });

  it('public log lines never name a card drawn blind; the drawer alone is told', () => {
    let blind = 0;
    for (const { events } of steps) {
      for (const e of events) {
        if (e.key === 'palermo.log.youDrew') {
          expect(e.visibleTo).not.toBe('all');
          blind++;
        }
        if (e.key === 'palermo.log.drewDeck') expect(JSON.stringify(e.args)).not.toContain('card');
      }
    }
    expect(blind).toBeGreaterThan(0);
  });

  it('the private text shows the hand and what to do now', () => {
    const { state } = steps.find(({ state }) => state.phase === 'C' && state.step === 'menu')!;
    const lines = palermo.present.hand(palermo.seatView(state, state.current));
    expect(lines[0]!.key).toMatch(/palermo\.hand\.(cards|empty)/);
    expect(lines[1]!.key).toBe('palermo.hand.yourMove');
  });
});
