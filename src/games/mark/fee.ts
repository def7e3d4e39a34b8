/**
 * The storage fee at the start of a turn (spec §3.3 STORAGE_FEE, G7, G11, G21): paid by the
 * engine when the player can; otherwise the player returns materials to the bank instead.
 */
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { ROW_SQUARES } from './constants.js';
import { mustReturn, storageFee } from './company.js';
import { colourMsg } from './msgs.js';
import type { MarkState, Square } from './types.js';

/** Charges the fee of the player whose turn starts; returns false when they must return materials. */
export function chargeFee(s: MarkState, events: LogEvent[]): boolean {
  const seat = s.current;
  const fee = storageFee(s.companies[seat]!);
  if (fee === 0) return true;
  if (s.cash[seat]! >= fee) {
    s.cash[seat]! -= fee;
    events.push({ key: 'mark.log.feePaid', args: { seat: { seat }, fee }, visibleTo: 'all' });
    return true;
  }
  events.push({ key: 'mark.log.feeUnpaid', args: { seat: { seat }, fee }, visibleTo: 'all' });
  return false;
}

/** Checks the squares named for one row: distinct, occupied, exactly as many as the row must give back. */
function validReturn(row: readonly Square[], squares: unknown): squares is number[] {
  if (!Array.isArray(squares) || squares.length !== mustReturn(row)) return false;
  for (let i = 0; i < squares.length; i++) {
    const sq: unknown = squares[i];
    if (typeof sq !== 'number' || !Number.isInteger(sq) || sq < 0 || sq >= ROW_SQUARES || row[sq] === null) return false;
    if (squares.indexOf(sq) !== i) return false;
  }
  return true;
}

export function returnError(s: MarkState, seat: Seat, row1: unknown, row2: unknown): Msg | null {
  const c = s.companies[seat]!;
  if (!validReturn(c.row1, row1) || !validReturn(c.row2, row2)) {
    return { key: 'mark.error.badReturn', args: { row1: mustReturn(c.row1), row2: mustReturn(c.row2) } };
  }
  return null;
}

/** Moves the named materials back to the bank. */
export function returnMaterials(s: MarkState, seat: Seat, row1: readonly number[], row2: readonly number[], events: LogEvent[]): void {
  const c = s.companies[seat]!;
  const returned: Msg[] = [];
  for (const [row, squares] of [[c.row1, row1], [c.row2, row2]] as const) {
    for (const sq of squares) {
      const colour = row[sq]!;
      row[sq] = null;
      s.bank[colour]++;
      returned.push(colourMsg(colour));
    }
  }
  events.push({ key: 'mark.log.returned', args: { seat: { seat }, count: returned.length, materials: returned }, visibleTo: 'all' });
}
