/** Phase E, clean-up (spec §3.10), and the first-player token. */
import type { LogEvent } from '../../engine/index.js';
import { MAFIA_CLEANUP_ORDER, NC, RECYCLABLE } from './constants.js';
import { wealth } from './money.js';
import { pub } from './msgs.js';
import type { PalermoState, Table } from './types.js';

export function phaseE(s: PalermoState, events: LogEvent[]): void {
  // Market: remove half of each colour, rounded up.
  for (const c of RECYCLABLE) {
    const n = Math.ceil(s.market[c]! / 2);
    s.market[c]! -= n;
    s.issued[c]! -= n;
  }
  // Mafia: remove half of all cubes, rounded down, colour by colour in a fixed order (G42).
  let out = Math.floor(s.mafia.reduce((a, n) => a + n, 0) / 2);
  for (const c of MAFIA_CLEANUP_ORDER) {
    const n = Math.min(out, s.mafia[c]!);
    s.mafia[c]! -= n;
    s.issued[c]! -= n;
    out -= n;
  }
  for (const b of s.boards) {
    for (let c = 0; c < NC; c++) {
      s.issued[c]! -= b.incin2[c]! + b.incin1[c]! + b.decon[c]!;
      b.incin2[c] = 0;
      b.incin1[c] = 0;
      b.decon[c] = 0;
    }
    const kept = [];
    for (const c of b.contracts) {
      if (c.life <= 0) s.contractDiscard.push(c.card);
      else kept.push(c);
    }
    b.contracts = kept;
    // Factories never expire with the default lifetimes (G2), so no equipment leaves here.
  }
  const first = nextFirstPlayer(s);
  if (first !== s.firstPlayer) events.push(pub('palermo.log.firstPlayer', { seat: { seat: first } }));
  s.firstPlayer = first;
}

/**
 * The least wealthy player (cash − 2 × debt, G21). On a tie, the first tied player found going to
 * the right (counter-clockwise) of the current first player, who is checked last.
 */
export function nextFirstPlayer(t: Table): number {
  const n = t.seats;
  let least = Infinity;
  for (const b of t.boards) least = Math.min(least, wealth(b));
  for (let i = 1; i <= n; i++) {
    const seat = (t.firstPlayer - i + n * 2) % n;
    if (wealth(t.boards[seat]!) === least) return seat;
  }
  return t.firstPlayer;
}
