/**
 * legalMoves: complete for small choices, a sample with the bounds for count vectors and bids.
 * Count-vector samples are filtered through apply, which stays the only judge.
 */
import type { Seat } from '../../engine/index.js';
import { SETUP_EQUIPMENT_KEEP } from './constants.js';
import { suggest, visibleFields } from './phaseB.js';
import { destroyable, menuItems, offerTargets, refillOptions } from './phaseC.js';
import { bidBounds } from './phaseD.js';
import { apply, pending } from './turn.js';
import type { PalermoMove, PalermoState } from './types.js';

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

export function legalMoves(s: PalermoState, seat: Seat): PalermoMove[] {
  if (!pending(s).includes(seat)) return [];
  const moves: PalermoMove[] = [];
  switch (s.phase) {
    case 'setup': {
      const d = s.draws[seat]!;
      for (const contract of d.contracts) for (const equipment of subsets(d.equipment, SETUP_EQUIPMENT_KEEP)) moves.push({ type: 'setup', contract, equipment });
      return moves;
    }
    case 'B': {
      const fields = visibleFields(s, seat);
      const zero = Object.fromEntries(fields.map((f) => [f.id, 0]));
      moves.push({ type: 'counts', step: s.step, values: zero });
      moves.push({ type: 'counts', step: s.step, values: suggest(s, seat, fields) });
      moves.push({ type: 'counts', step: s.step, values: Object.fromEntries(fields.map((f) => [f.id, f.max])) });
      for (const f of fields) moves.push({ type: 'counts', step: s.step, values: { ...zero, [f.id]: f.max } });
      return moves.filter((m) => apply(s, seat, m).ok);
    }
    case 'C':
      switch (s.step) {
        case 'answer':
          return [{ type: 'answer', accept: true }, { type: 'answer', accept: false }];
        case 'menu':
          return menuItems(s, seat).map((item) => ({ type: 'menu', item }));
        case 'buy': {
          moves.push({ type: 'back' }, { type: 'buy', buy: [], discard: [] });
          const b = s.boards[seat]!;
          for (const c of s.hands[seat]!) {
            moves.push({ type: 'buy', buy: [], discard: [c] });
            moves.push({ type: 'buy', buy: [c], discard: [] });
          }
          return moves.filter((m) => m.type !== 'buy' || m.buy.length === 0 || apply(s, seat, m).ok || b.cash < 0);
        }
        case 'offer': {
          moves.push({ type: 'back' });
          const b = s.boards[seat]!;
          for (const buyer of offerTargets(s, seat)) {
            for (let contract = 0; contract < b.contracts.length; contract++) {
              for (const amount of new Set([0, -b.cash, s.boards[buyer]!.cash])) moves.push({ type: 'offer', contract, buyer, amount });
            }
          }
          return moves;
        }
        case 'destroy':
          return [{ type: 'back' }, ...destroyable(s, seat).map((index): PalermoMove => ({ type: 'destroy', index }))];
        case 'refill':
          return refillOptions(s).map((card) => ({ type: 'refill', card }));
        default:
          return [];
      }
    case 'D': {
      if (s.step === 'pick') return [{ type: 'pass' }, ...s.contractRow.map((card): PalermoMove => ({ type: 'pick', card }))];
      const a = s.auction!;
      if (s.step === 'name') return a.unoffered.map((card) => ({ type: 'name', card }));
      const bounds = bidBounds(s, seat);
      moves.push({ type: 'pass' });
      if (bounds) for (const amount of new Set([bounds.min, bounds.max])) moves.push({ type: 'bid', amount });
      return moves;
    }
    default:
      return [];
  }
}
