/** How M.A.R.K. views read as text: the /status fields and a seat's private lines. */
import type { Msg, Presentation, Seat } from '../../engine/index.js';
import { COLOURS, MARKET_SQUARES } from './constants.js';
import { colourMsg, faceMsg } from './msgs.js';
import type { MarkPublicView, MarkSeatView, PlayerView, Square } from './types.js';

const EMPTY: Msg = Object.freeze({ key: 'mark.status.emptySquare' });

function squares(row: readonly Square[]): Msg[] {
  return row.map((sq) => (sq === null ? EMPTY : colourMsg(sq)));
}

function marketLines(view: MarkPublicView): Msg[] {
  return view.market.map((r): Msg => {
    const values = r.values.join(' · ');
    if (r.colour === null) return { key: 'mark.status.rowOpen', args: { row: r.letter, values } };
    if (r.filled >= MARKET_SQUARES) return { key: 'mark.status.rowFull', args: { row: r.letter, values, colour: colourMsg(r.colour) } };
    return { key: 'mark.status.row', args: { row: r.letter, values, colour: colourMsg(r.colour), filled: r.filled, size: MARKET_SQUARES, next: r.values[r.filled]! } };
  });
}

function companyLines(p: PlayerView, cash: number | null): Msg[] {
  const lines: Msg[] = [
    cash === null ? { key: 'mark.status.cashHidden' } : { key: 'mark.status.cash', args: { cash } },
    { key: 'mark.status.row1', args: { squares: squares(p.row1) } },
    { key: 'mark.status.row2', args: { squares: squares(p.row2) } },
  ];
  if (p.fee > 0) lines.push({ key: 'mark.status.fee', args: { fee: p.fee } });
  return lines;
}

/** Who the table waits for now: the bidders still to bid, the auction winner, or the roller. */
export function awaited(view: MarkPublicView): Seat[] {
  switch (view.phase) {
    case 'over':
      return [];
    case 'bid':
      return view.auction!.waiting.slice();
    case 'place':
      return [view.placer!];
    default:
      return [view.current];
  }
}

/**
 * What the table is doing now, in one line: the one place this is worded, read by /status and
 * drawn on the board image.
 */
export function statusLine(view: MarkPublicView): Msg {
  const seat = { seat: view.current };
  switch (view.phase) {
    case 'over':
      return { key: 'mark.status.over' };
    case 'bid': {
      const waiting = awaited(view);
      return { key: 'mark.status.bidding', args: { colour: colourMsg(view.auction!.colour), waiting: waiting.map((s) => ({ seat: s })), count: waiting.length } };
    }
    case 'place':
      return { key: 'mark.status.placing', args: { seat: { seat: view.placer! }, colour: colourMsg(view.colours[0]!) } };
    case 'return':
      return { key: 'mark.status.returning', args: { seat } };
    case 'name':
      return { key: 'mark.status.naming', args: { seat } };
    default:
      return { key: 'mark.status.acting', args: { seat } };
  }
}

function status(view: MarkPublicView): { name: Msg; lines: Msg[] }[] {
  const fields: { name: Msg; lines: Msg[] }[] = [{ name: { key: 'mark.status.market' }, lines: marketLines(view) }];
  for (const p of view.players) {
    const current = view.phase !== 'over' && p.seat === view.current;
    fields.push({ name: { key: current ? 'mark.status.playerCurrent' : 'mark.status.player', args: { seat: { seat: p.seat } } }, lines: companyLines(p, p.cash) });
  }
  const table: Msg[] = [
    { key: 'mark.status.bank', args: { stock: COLOURS.map((c) => ({ key: 'mark.status.stock', args: { colour: colourMsg(c), count: view.bank[c] } })) } },
    { key: 'mark.status.fullRows', args: { count: view.fullRows, end: view.rowsToEnd } },
  ];
  if (view.removed.length > 0) table.push({ key: 'mark.status.removed', args: { colours: view.removed.map(colourMsg) } });
  if (view.dice) table.push({ key: 'mark.status.dice', args: { seat: { seat: view.current }, a: faceMsg(view.dice[0]), b: faceMsg(view.dice[1]) } });
  table.push({ key: 'mark.status.turn', args: { turn: view.turn } });
  table.push(statusLine(view));
  if (view.privateMoney) table.push({ key: 'mark.status.privateMoney' });
  fields.push({ name: { key: 'mark.status.table' }, lines: table });
  return fields;
}

/**
 * What this seat does now, or whom it waits for (named, as on /status): the last line of its
 * private text and the line under its hand image.
 */
export function handLine(view: MarkSeatView): Msg {
  if (view.phase === 'over') return { key: 'mark.hand.over' };
  const waiting: Msg = { key: 'mark.hand.waiting', args: { seats: awaited(view).map((s) => ({ seat: s })) } };
  switch (view.phase) {
    case 'bid': {
      const colour = colourMsg(view.auction!.colour);
      if (view.myBid === null) return { key: 'mark.hand.bid', args: { colour, cash: view.myCash } };
      const others = awaited(view);
      return { key: 'mark.hand.bidSealed', args: { amount: view.myBid, colour, waiting: others.map((s) => ({ seat: s })), count: others.length } };
    }
    case 'place':
      return view.placer === view.seat ? { key: 'mark.hand.place', args: { colour: colourMsg(view.colours[0]!) } } : waiting;
    default:
      if (view.current !== view.seat) return waiting;
      if (view.phase === 'return') return { key: 'mark.hand.return' };
      if (view.phase === 'name') return { key: 'mark.hand.name' };
      if (view.phase === 'colour') return { key: 'mark.hand.colour', args: { a: faceMsg(view.dice![0]), b: faceMsg(view.dice![1]) } };
      return { key: 'mark.hand.act', args: { a: faceMsg(view.dice![0]), b: faceMsg(view.dice![1]), count: view.actionsLeft } };
  }
}

function hand(view: MarkSeatView): Msg[] {
  return [...companyLines(view.players[view.seat]!, view.myCash), handLine(view)];
}

export const presentation: Presentation<MarkPublicView, MarkSeatView> = { status, hand, rulesKey: 'mark.rules' };
