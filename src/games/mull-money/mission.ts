/**
 * P4 wages, the end check and P5 rotation (§4.4, G8, G24, G34): everyone pays their staff value;
 * if a pawn reached growth 20 this mission (or the mission cap is reached) a final Alert follows
 * and the game ends; otherwise the Euro passes left, a drawn Alert returns to the deck, and the
 * next mission is dealt.
 */
import type { LogEvent } from '../../engine/index.js';
import { MAX_MISSIONS } from './constants.js';
import { returnAlert } from './deck.js';
import { startAlert } from './alert.js';
import { pay } from './money.js';
import type { MullState } from './types.js';

export function payWages(s: MullState, events: LogEvent[]): void {
  for (let i = 0; i < s.seats; i++) {
    const seat = (s.first + i) % s.seats;
    const staff = s.players[seat]!.staff;
    pay(s, seat, staff, events);
    events.push({ key: 'mull-money.log.wages', args: { seat: { seat }, paid: staff }, visibleTo: 'all' });
  }
}

/** After the card turns: wages, then either the final Alert or the next mission. */
export function endMission(s: MullState, events: LogEvent[]): void {
  payWages(s, events);
  if (s.endTriggered || s.mission >= MAX_MISSIONS) {
    if (!s.endTriggered) events.push({ key: 'mull-money.log.missionCap', args: { missions: s.mission }, visibleTo: 'all' });
    startAlert(s, true, events);
    s.phase = 'over';
    events.push({ key: 'mull-money.log.gameOver', visibleTo: 'all' });
    return;
  }
  s.first = (s.first + 1) % s.seats;
  returnAlert(s);
  startMission(s, events);
}

export function startMission(s: MullState, events: LogEvent[]): void {
  s.mission++;
  s.lots = Array.from({ length: s.seats + 1 }, () => []);
  s.dealt = 0;
  s.turnDone = false;
  s.phase = 'deal';
  events.push({ key: 'mull-money.log.mission', args: { mission: s.mission, seat: { seat: s.first } }, visibleTo: 'all' });
}
