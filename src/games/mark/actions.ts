/**
 * The three actions (spec §3.3 ACTIONS): TAKE from the bank, PROCESS to row 2, SELL to the
 * market; and row completion, which removes a colour. Works on plain parts shared by the state
 * and the views, so the bot and the decisions list exactly what apply accepts.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { MARKET_SQUARES, MARKET_VALUES, ROW_SQUARES } from './constants.js';
import { adjacent } from './company.js';
import { openRows, rowOf } from './market.js';
import { colourMsg, rowName, squareName } from './msgs.js';
import type { Action, Colour, Company, MarketRow, MarkState } from './types.js';

/** What the action rules read: the market and the bank. */
export interface Table {
  market: readonly MarketRow[];
  bank: Readonly<Record<Colour, number>>;
}

/**
 * Every legal action for the allowed colours (already live and distinct). One entry per square
 * and per market row, since each leads to a different position (G16, G14).
 */
export function legalActions(table: Table, company: Company, colours: readonly Colour[]): Action[] {
  const out: Action[] = [];
  const { row1, row2 } = company;
  for (const colour of colours) {
    if (table.bank[colour] > 0) {
      for (let to = 0; to < ROW_SQUARES; to++) if (row1[to] === null) out.push({ type: 'take', colour, to });
    }
    for (let from = 0; from < ROW_SQUARES; from++) {
      if (row1[from] !== colour) continue;
      for (let to = Math.max(0, from - 1); to <= Math.min(ROW_SQUARES - 1, from + 1); to++) {
        if (row2[to] === null) out.push({ type: 'process', from, to });
      }
    }
    let rows: number[] | null = null;
    for (let from = 0; from < ROW_SQUARES; from++) {
      if (row2[from] !== colour) continue;
      if (rows === null) {
        const own = rowOf(table.market, colour);
        // A live colour's own row is never full, so it always takes one more.
        rows = own >= 0 ? [own] : openRows(table.market);
      }
      for (const row of rows) out.push({ type: 'sell', from, row });
    }
  }
  return out;
}

export function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'take') return b.type === 'take' && a.colour === b.colour && a.to === b.to;
  if (a.type === 'process') return b.type === 'process' && a.from === b.from && a.to === b.to;
  return b.type === 'sell' && a.from === b.from && a.row === b.row;
}

/** The colour an action moves. */
export function actionColour(company: Company, action: Action): Colour {
  if (action.type === 'take') return action.colour;
  if (action.type === 'process') return company.row1[action.from]!;
  return company.row2[action.from]!;
}

/** Money a sale pays: the printed value of the row's next square. */
export function salePrice(market: readonly MarketRow[], row: number): number {
  return MARKET_VALUES[row]![market[row]!.filled]!;
}

/** Performs a legal action on a copied state and logs it. */
export function performAction(s: MarkState, seat: Seat, action: Action, events: LogEvent[]): void {
  const company = s.companies[seat]!;
  if (action.type === 'take') {
    s.bank[action.colour]--;
    company.row1[action.to] = action.colour;
    events.push({
      key: 'mark.log.took',
      args: { seat: { seat }, colour: colourMsg(action.colour), square: squareName(action.to) },
      visibleTo: 'all',
    });
    return;
  }
  if (action.type === 'process') {
    const colour = company.row1[action.from]!;
    if (!adjacent(action.from, action.to)) throw new Error('process to a square that is not adjacent');
    company.row1[action.from] = null;
    company.row2[action.to] = colour;
    events.push({
      key: 'mark.log.processed',
      args: { seat: { seat }, colour: colourMsg(colour), from: squareName(action.from), to: squareName(action.to) },
      visibleTo: 'all',
    });
    return;
  }
  const colour = company.row2[action.from]!;
  const row = s.market[action.row]!;
  const opens = row.colour === null;
  const value = salePrice(s.market, action.row);
  row.colour = colour;
  row.filled++;
  company.row2[action.from] = null;
  s.cash[seat]! += value;
  events.push({
    key: opens ? 'mark.log.opened' : 'mark.log.sold',
    args: { seat: { seat }, colour: colourMsg(colour), row: rowName(action.row), value, square: row.filled },
    visibleTo: 'all',
  });
  if (row.filled >= MARKET_SQUARES) removeColour(s, action.row, colour, events);
}

/** A full row removes its colour: every material of it left in a company or the bank leaves the game. */
function removeColour(s: MarkState, row: number, colour: Colour, events: LogEvent[]): void {
  let count = s.bank[colour];
  s.bank[colour] = 0;
  for (const company of s.companies) {
    for (let i = 0; i < ROW_SQUARES; i++) {
      if (company.row1[i] === colour) {
        company.row1[i] = null;
        count++;
      }
      if (company.row2[i] === colour) {
        company.row2[i] = null;
        count++;
      }
    }
  }
  s.out[colour] += count;
  events.push({ key: 'mark.log.rowFull', args: { row: rowName(row), colour: colourMsg(colour), count }, visibleTo: 'all' });
}
