/** Builders for Müll + Money test states: a fresh table, then the facts a test needs. */
import { mullMoney } from '../../../src/games/mull-money/index.js';
import type { Card, MullMove, MullState, Player } from '../../../src/games/mull-money/types.js';

export function fresh(seats = 3, experimental = false, seed = 'helper'): MullState {
  return mullMoney.setup({ seats, options: { experimental, rules: 'N1N2N3' }, seed });
}

/** A table in P3 with `seat` to play `hand`; other players' hands empty and done unless given. */
export function playing(opts: { seats?: number; seat?: number; hand: Card[]; experimental?: boolean; players?: Partial<Player>[]; others?: Card[][] }): MullState {
  const s = fresh(opts.seats ?? 3, opts.experimental ?? false);
  s.lots = s.lots.map(() => null);
  s.phase = 'play';
  s.alert = null;
  s.current = opts.seat ?? 0;
  s.first = opts.seat ?? 0;
  s.turnDone = false;
  s.players.forEach((p, i) => {
    p.hand = i === s.current ? opts.hand.slice() : (opts.others?.[i]?.slice() ?? []);
    p.kept = null;
    p.done = p.hand.length === 0;
    Object.assign(p, opts.players?.[i] ?? {});
  });
  return s;
}

export function act(s: MullState, seat: number, move: MullMove) {
  const r = mullMoney.apply(s, seat, move);
  if (!r.ok) throw new Error(`refused: ${r.error.key}`);
  return r;
}

export function refused(s: MullState, seat: number, move: unknown): string {
  const r = mullMoney.apply(s, seat, move as MullMove);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.key;
}

/** Every card of the game, wherever it is (deck, discard, lots, hands, kept, the Alert aside). */
export function cardCount(s: MullState): number {
  let n = s.deck.length + s.discard.length + (s.alertAside ? 1 : 0);
  for (const l of s.lots) n += l?.length ?? 0;
  for (const p of s.players) n += p.hand.length + (p.kept ? 1 : 0);
  return n;
}

export function rawCount(s: MullState): number {
  return s.supply + s.players.reduce((a, p) => a + p.silo, 0) + (s.auction?.kind === 'raw' ? s.auction.count : 0);
}
