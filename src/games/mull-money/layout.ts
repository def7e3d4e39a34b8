/**
 * P1 layout (§4.4): N + 1 lots of 3 different cards, dealt row by row. A duplicate in its column
 * is discarded and replaced; the Alert is set aside and resolved at once, then dealing goes on.
 */
import type { LogEvent } from '../../engine/index.js';
import { draw } from './deck.js';
import { startAlert } from './alert.js';
import type { MullState } from './types.js';

export const LOT_SIZE = 3;

export function lotCount(s: MullState): number {
  return s.seats + 1;
}

/** Deals until the lots are complete (then the lot choice opens) or an Alert needs answers. */
export function deal(s: MullState, events: LogEvent[]): void {
  const cols = lotCount(s);
  while (s.dealt < LOT_SIZE * cols) {
    const lot = s.lots[s.dealt % cols]!;
    const card = draw(s);
    if (card === 'alert') {
      s.alertAside = true;
      startAlert(s, false, events);
      if (s.phase === 'alert') return;
      continue;
    }
    if (lot.includes(card)) {
      s.discard.push(card);
      continue;
    }
    lot.push(card);
    s.dealt++;
  }
  s.current = s.first;
  if (s.inForce.includes('N3')) {
    s.unserved = [...Array(s.seats).keys()];
    s.phase = 'name';
  } else {
    s.phase = 'choose';
  }
  events.push({ key: 'mull-money.log.lotsDealt', args: { mission: s.mission }, visibleTo: 'all' });
}
