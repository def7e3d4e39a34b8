/**
 * The round (spec §9.2): turns clockwise from Player 1, end of turn (refill, "5 identical"), an
 * event after every full round, and the end triggers (§9.4, S13). The flow calls the steps
 * (actions, events) and moves on after them; the steps never call the flow back.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { COMPONENTS } from './constants.js';
import { menu, pass } from './actions.js';
import { continueEvent, openEvent } from './events.js';
import { endGame, refillRows } from './table.js';
import type { PhoneImpactState } from './types.js';

/** A phone or the last malus (events end the game themselves). */
function turnTrigger(s: PhoneImpactState): 'phone' | 'malus' | null {
  if (s.players.some((p) => COMPONENTS.every((c) => p.built[c]))) return 'phone';
  if (s.malusDeck.length === 0) return 'malus';
  return null;
}

/** Starts a seat's turn; a turn with nothing but Pass is passed at once (S17, S31). */
export function startTurn(s: PhoneImpactState, seat: Seat, events: LogEvent[]): void {
  s.phase = 'turn';
  s.current = seat;
  s.tradeUsed = false;
  s.supplier = null;
  s.component = null;
  s.trade = null;
  settleMenu(s, events);
}

/**
 * S31: the menu is asked whenever it holds an action other than Pass, even a single one (whether
 * a player could build depends on the hidden hand, so a turn played at once would tell). Only a
 * lone Pass is played by the engine, and logged.
 */
export function settleMenu(s: PhoneImpactState, events: LogEvent[]): void {
  const entries = menu(s);
  if (entries.length === 1 && entries[0] === 'pass' && pass(s, events) === 'done') afterAction(s, events);
}

/** After an action: the end triggers, then the end of the turn. */
export function afterAction(s: PhoneImpactState, events: LogEvent[]): void {
  const trigger = turnTrigger(s);
  if (trigger) {
    if (!s.finishRound) return endGame(s, trigger, events); // S13, S30: no refill
    if (!s.lastRound) {
      s.lastRound = true;
      s.endReason = trigger;
      events.push({ key: `phoneimpact.log.lastRound.${trigger}`, visibleTo: 'all' });
    }
  }
  endTurn(s, events);
}

function endTurn(s: PhoneImpactState, events: LogEvent[]): void {
  refillRows(s, events);
  if (s.phase === 'over') return;
  if (s.malusDeck.length === 0 && !s.lastRound) {
    // The "5 identical" rule emptied the malus deck (S29).
    if (!s.finishRound) return endGame(s, 'malus', events);
    s.lastRound = true;
    s.endReason = 'malus';
    events.push({ key: 'phoneimpact.log.lastRound.malus', visibleTo: 'all' });
  }
  const next = (s.current + 1) % s.seats;
  if (next !== s.first) return startTurn(s, next, events);
  if (s.lastRound) return endGame(s, s.endReason ?? 'malus', events); // 2025 G15: no event
  revealEvent(s, events);
}

/** The end of a round: the next event card is revealed and resolved as far as it can be. */
export function revealEvent(s: PhoneImpactState, events: LogEvent[]): void {
  s.phase = 'event';
  openEvent(s, events);
  settleEvent(s, events);
}

/** Settles the event's forced steps; once nobody is left to answer, the round after it starts. */
export function settleEvent(s: PhoneImpactState, events: LogEvent[]): void {
  if (s.phase !== 'over' && continueEvent(s, events)) finishEvent(s, events);
}

/** The event is over: refill the rows (and "5 identical"), then the end checks, then a new round. */
function finishEvent(s: PhoneImpactState, events: LogEvent[]): void {
  s.event = null;
  if (s.phase === 'over') return;
  refillRows(s, events);
  // S37, G9: an event that empties the malus deck ends the game after it, in every mode.
  if (s.malusDeck.length === 0) return endGame(s, 'malus', events);
  s.round++;
  startTurn(s, s.first, events);
}
