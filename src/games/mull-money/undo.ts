/**
 * Müll + Money's own rule on taking a move back (asked before the engine's sampled test). Purses
 * are hidden, and whether one held enough shows only when it runs short (a forced loan), which
 * samples of 0..59 rarely draw: a move that moved money stands, and so does one that would have
 * looked different had every purse been empty.
 */
import { sameValue, type Seat } from '../../engine/index.js';
import { cloneState } from './clone.js';
import { apply } from './turn.js';
import type { MullMove, MullState } from './types.js';
import { publicView } from './views.js';

export function undoRule(before: MullState, seat: Seat, move: MullMove, after: MullState): boolean {
  if (!before.players.every((p, i) => p.cash === after.players[i]?.cash && p.loans === after.players[i]?.loans)) return false;
  const broke = cloneState(before);
  for (const p of broke.players) p.cash = 0;
  const result = apply(broke, seat, move);
  return result.ok && sameValue(publicView(result.state), publicView(after));
}
