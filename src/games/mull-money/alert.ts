/**
 * Alert (§4.5): each player whose depot (the common track in the variant, G26) is yellow or red
 * pays the fine and moves the pawn left, unless they use a held Corruption card: 1 million, no
 * move. Holders are asked all at once (G9: the order changes nothing); the final alert uses a
 * held Corruption by itself (G31).
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { ALERT_FINES, ALERT_STEPS, CORRUPTION_FEE, FINAL_ALERT_FINES, GROWTH_MIN, RULINGS, commonZone, depotZone, type Zone } from './constants.js';
import { pay } from './money.js';
import type { MullState, Player } from './types.js';

export function zoneOf(s: MullState, seat: Seat): Zone {
  return s.experimental ? commonZone(s.common, s.seats) : depotZone(s.players[seat]!.depot);
}

export function holdsCorruption(p: Player): boolean {
  return p.kept === 'corruption' || p.hand.includes('corruption');
}

/** Removes one Corruption card from a player (the kept one first) onto the discard pile. */
export function spendCorruption(s: MullState, p: Player): void {
  if (p.kept === 'corruption') p.kept = null;
  else p.hand.splice(p.hand.indexOf('corruption'), 1);
  s.discard.push('corruption');
}

/** Opens an Alert: asks holders in danger, or resolves at once when nobody has a choice. */
export function startAlert(s: MullState, final: boolean, events: LogEvent[]): void {
  events.push({ key: final ? 'mull-money.log.finalAlert' : 'mull-money.log.alert', visibleTo: 'all' });
  const answers = s.players.map((p, seat) => {
    if (zoneOf(s, seat) === 'green' || !holdsCorruption(p)) return null;
    return final && RULINGS.finalAlertAutoCorruption ? ('use' as const) : ('ask' as const);
  });
  s.alert = { final, answers };
  if (answers.includes('ask')) s.phase = 'alert';
  else resolveAlert(s, events);
}

export function alertWaiting(s: MullState): Seat[] {
  const out: Seat[] = [];
  s.alert?.answers.forEach((a, seat) => {
    if (a === 'ask') out.push(seat);
  });
  return out;
}

/** Applies the Alert to everyone, clockwise from the first player. */
export function resolveAlert(s: MullState, events: LogEvent[]): void {
  const alert = s.alert!;
  const fines = alert.final ? FINAL_ALERT_FINES : ALERT_FINES;
  for (let i = 0; i < s.seats; i++) {
    const seat = (s.first + i) % s.seats;
    const p = s.players[seat]!;
    const zone = zoneOf(s, seat);
    if (zone === 'green') {
      events.push({ key: 'mull-money.log.alertGreen', args: { seat: { seat } }, visibleTo: 'all' });
      continue;
    }
    if (alert.answers[seat] === 'use') {
      spendCorruption(s, p);
      pay(s, seat, CORRUPTION_FEE, events);
      events.push({ key: 'mull-money.log.alertCorruption', args: { seat: { seat }, paid: CORRUPTION_FEE, zone: { key: `mull-money.zone.${zone}` } }, visibleTo: 'all' });
      continue;
    }
    const fine = fines[zone];
    pay(s, seat, fine, events);
    const from = p.growth;
    p.growth = Math.max(GROWTH_MIN, p.growth - ALERT_STEPS[zone]);
    events.push({ key: 'mull-money.log.alertFine', args: { seat: { seat }, paid: fine, zone: { key: `mull-money.zone.${zone}` }, from, to: p.growth }, visibleTo: 'all' });
  }
  s.alert = null;
}
