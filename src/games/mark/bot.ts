/**
 * A sensible bot that reads only its own seat's view. It sells first and at the best price,
 * processes before taking, keeps rows at two materials when it can (the storage fee), and bids
 * for an auctioned material what selling it later would roughly earn, keeping cash for fees.
 */
import type { Rng } from '../../engine/index.js';
import { HALF_ROW, ROW_SQUARES } from './constants.js';
import { actionColour, legalActions, salePrice } from './actions.js';
import { countRow, emptySquares, mustReturn, storageFee } from './company.js';
import { bestPrice, liveColours } from './market.js';
import type { Action, Colour, Company, MarkMove, MarkSeatView, Square } from './types.js';

/** Empty row-2 squares a row-1 square can feed. */
function outlets(c: Company, square: number): number {
  let n = 0;
  for (let j = Math.max(0, square - 1); j <= Math.min(ROW_SQUARES - 1, square + 1); j++) if (c.row2[j] === null) n++;
  return n;
}

function after(c: Company, a: Action): Company {
  const row1 = c.row1.slice(), row2 = c.row2.slice();
  if (a.type === 'take') row1[a.to] = a.colour;
  else if (a.type === 'process') {
    row2[a.to] = row1[a.from]!;
    row1[a.from] = null;
  } else row2[a.from] = null;
  return { row1, row2 };
}

function score(view: MarkSeatView, c: Company, a: Action): number {
  const colour = actionColour(c, a);
  const next = after(c, a);
  // Each row pushed over half full costs a fee every turn until it empties again.
  const feePenalty = (storageFee(next) - storageFee(c)) * (view.myCash < storageFee(next) + 5 ? 6 : 3);
  if (a.type === 'sell') {
    // Frees a row-2 square; better if a row-1 material is waiting for it.
    let unblocks = 0;
    for (let i = Math.max(0, a.from - 1); i <= Math.min(ROW_SQUARES - 1, a.from + 1); i++) if (c.row1[i] !== null && outlets(c, i) === 0) unblocks = 1;
    return 100 + 2 * salePrice(view.market, a.row) + unblocks - feePenalty;
  }
  if (a.type === 'process') return 50 + bestPrice(view.market, colour) - feePenalty;
  return 30 + bestPrice(view.market, colour) + outlets(next, a.to) - feePenalty;
}

function bestAction(view: MarkSeatView): Action {
  const c = view.players[view.seat]!;
  const actions = legalActions(view, c, view.colours);
  let best = actions[0]!, bestScore = -Infinity;
  for (const a of actions) {
    const s = score(view, c, a);
    if (s > bestScore) {
      best = a;
      bestScore = s;
    }
  }
  return best;
}

/** Gives back the materials worth least: lowest price they could sell at. */
function cheapest(view: MarkSeatView, row: readonly Square[]): number[] {
  const squares = [...Array(ROW_SQUARES).keys()].filter((i) => row[i] !== null);
  squares.sort((i, j) => bestPrice(view.market, row[i]!) - bestPrice(view.market, row[j]!) || i - j);
  return squares.slice(0, mustReturn(row)).sort((a, b) => a - b);
}

function bid(view: MarkSeatView, rng: Rng): number {
  const c = view.players[view.seat]!;
  const colour = view.auction!.colour;
  const room = emptySquares(c.row1).length;
  if (room === 0) return 0;
  let worth = bestPrice(view.market, colour) * 0.5;
  if (countRow(c.row1) >= HALF_ROW) worth -= 3;
  const reserve = storageFee(c) + 5;
  const amount = Math.round(worth + rng.next() * 2 - 1);
  return Math.max(0, Math.min(amount, view.myCash - reserve));
}

function bestSquare(c: Company): number {
  let best = -1, most = -1;
  for (const i of emptySquares(c.row1)) {
    const n = outlets(c, i);
    if (n > most) {
      best = i;
      most = n;
    }
  }
  return best;
}

export function bot(view: MarkSeatView, rng: Rng): MarkMove {
  const c = view.players[view.seat]!;
  switch (view.phase) {
    case 'return':
      return { type: 'return', row1: cheapest(view, c.row1), row2: cheapest(view, c.row2) };
    case 'act':
      return bestAction(view);
    case 'colour':
      // The colour of the best action over all colours the star allows.
      return { type: 'colour', colour: actionColour(c, bestAction(view)) };
    case 'name': {
      let best: Colour | null = null;
      for (const colour of liveColours(view.market)) {
        if (view.bank[colour] > 0 && (best === null || bestPrice(view.market, colour) > bestPrice(view.market, best))) best = colour;
      }
      return { type: 'name', colour: best! };
    }
    case 'bid':
      return { type: 'bid', amount: bid(view, rng) };
    case 'place':
      return { type: 'place', to: bestSquare(c) };
    default:
      throw new Error(`the bot has nothing to decide in step ${view.phase}`);
  }
}
