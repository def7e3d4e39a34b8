/**
 * Money (§4.3): every payment takes the smallest number of loans that covers it, by itself.
 * Voluntary loans are not offered (G20), except inside a vote answer of the variant.
 * Every line that moves cash names the seat and the amount (`paid`, `got`, `count` loans), so the
 * property tests can check money moves only as the log says. Cash itself never appears in a line.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { LOAN } from './constants.js';
import type { MullState } from './types.js';

/** Loans a payment of `amount` forces on someone holding `cash` (k = ceil((y − cash) / 10)). */
export function loansFor(cash: number, amount: number): number {
  return amount > cash ? Math.ceil((amount - cash) / LOAN) : 0;
}

export function takeLoans(s: MullState, seat: Seat, count: number, events: LogEvent[]): void {
  if (count <= 0) return;
  const p = s.players[seat]!;
  p.cash += LOAN * count;
  p.loans += count;
  events.push({ key: 'mull-money.log.loan', args: { seat: { seat }, count }, visibleTo: 'all' });
}

/** Pays the bank (or, with `to`, another seat): forced loans first. The caller logs the payment. */
export function pay(s: MullState, seat: Seat, amount: number, events: LogEvent[], to?: Seat): void {
  const p = s.players[seat]!;
  takeLoans(s, seat, loansFor(p.cash, amount), events);
  p.cash -= amount;
  if (to !== undefined) s.players[to]!.cash += amount;
}

export function receive(s: MullState, seat: Seat, amount: number): void {
  s.players[seat]!.cash += amount;
}
