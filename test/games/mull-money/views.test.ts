/**
 * Hidden information (§4.9): cash is seen by its owner only until the scoring; the deck order and
 * unrevealed votes never reach a view; `withOtherSecrets` changes other seats' cash and the deck
 * order but no public fact, view or public text.
 */
import { describe, expect, it } from 'vitest';
import { playout, rngFromSeed } from '../../../src/engine/index.js';
import { mullMoney } from '../../../src/games/mull-money/index.js';
import type { MullState } from '../../../src/games/mull-money/types.js';
import { localise } from '../../../src/i18n/index.js';
import { playing } from './helpers.js';

function states(seats: number, experimental: boolean): MullState[] {
  const input = { seats, options: { experimental, rules: 'N1N2N3' }, seed: `views-${seats}-${experimental}` };
  const { log } = playout<MullState>(mullMoney, input);
  const out: MullState[] = [];
  let s = mullMoney.setup(input);
  for (const { seat, move } of log) {
    const r = mullMoney.apply(s, seat, move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    out.push(s);
  }
  return out;
}

describe('Müll + Money views and secrets', () => {
  it('keeps cash out of the public view and /status until the end; a seat sees its own', () => {
    for (const s of states(3, true)) {
      const pv = mullMoney.publicView(s);
      const over = s.phase === 'over';
      expect(pv.players.every((p) => (over ? p.cash === s.players[p.seat]!.cash : p.cash === null))).toBe(true);
      expect(JSON.stringify(pv)).not.toMatch(/answers|"deck"/);
      const sv = mullMoney.seatView(s, 1);
      expect(sv.myCash).toBe(s.players[1]!.cash);
      const hand = mullMoney.present.hand(sv).map((m) => localise('en', m));
      expect(hand[0]).toContain(`${s.players[1]!.cash} M`);
    }
  });

  it('withOtherSecrets changes other cash and the deck order, never the public view or texts', () => {
    const rng = rngFromSeed('views-secrets');
    let changed = 0;
    for (const s of states(4, false).filter((_, i) => i % 7 === 0)) {
      const other = mullMoney.withOtherSecrets(s, rng, 0);
      expect(other.players[0]!.cash).toBe(s.players[0]!.cash);
      if (s.phase !== 'over' && other.players.some((p, i) => p.cash !== s.players[i]!.cash)) changed++;
      expect(mullMoney.publicView(other)).toEqual(mullMoney.publicView(s));
      const text = (x: MullState) => mullMoney.present.status(mullMoney.publicView(x)).flatMap((f) => [f.name, ...f.lines]).map((m) => localise('fr', m));
      expect(text(other)).toEqual(text(s));
      expect(mullMoney.pending(other)).toEqual(mullMoney.pending(s));
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('public log lines never carry a cash balance', () => {
    const s = playing({ hand: ['raw', 'growth'], players: [{}, { cash: 4 }] });
    let st = s;
    const lines: string[] = [];
    for (const [seat, move] of [[0, { type: 'play', card: 'raw' }], [1, { type: 'bid', amount: 6 }], [2, { type: 'pass' }], [0, { type: 'pass' }]] as const) {
      const r = mullMoney.apply(st, seat, move as never);
      if (!r.ok) throw new Error(r.error.key);
      lines.push(...r.events.filter((e) => e.visibleTo === 'all').map((e) => localise('en', e, (n) => `P${n}`)));
      st = r.state;
    }
    expect(lines).toContain('P1 takes 1 loan.');
    expect(lines.join('\n')).not.toMatch(/cash|14/i);
  });
});
