/**
 * What a pending seat is asked, and every legal move. Forced steps never reach here: `run`
 * settles them. Every action for the roll is one click; a bid is one number with a "bid 0" click.
 */
import { numberDecision, type Choice, type Decision, type Msg, type Seat } from '../../engine/index.js';
import { COLOURS, ROW_SQUARES } from './constants.js';
import { actionColour, legalActions, salePrice } from './actions.js';
import { emptySquares, mustReturn, storageFee } from './company.js';
import { auctionCandidates } from './dice.js';
import { colourMsg, faceMsg, rowName, squareName } from './msgs.js';
import { currentActions, pending, usableColours } from './turn.js';
import type { Action, Colour, Company, MarkMove, MarkState, Square } from './types.js';

export { pending };

/** Choice id of an action: `t<colour><square>`, `p<from><to>`, `s<from><row>`. */
export function actionId(a: Action): string {
  if (a.type === 'take') return `t${COLOURS.indexOf(a.colour)}${a.to}`;
  if (a.type === 'process') return `p${a.from}${a.to}`;
  return `s${a.from}${a.row}`;
}

/** The button label and the line saying what an action does. */
export function describeAction(s: Pick<MarkState, 'market'>, company: Company, a: Action): { label: Msg; detail: Msg } {
  const colour = colourMsg(actionColour(company, a));
  if (a.type === 'take') {
    const args = { colour, square: squareName(a.to) };
    return { label: { key: 'mark.choice.take', args }, detail: { key: 'mark.detail.take', args } };
  }
  if (a.type === 'process') {
    const args = { colour, from: squareName(a.from), to: squareName(a.to) };
    return { label: { key: 'mark.choice.process', args }, detail: { key: 'mark.detail.process', args } };
  }
  const args = { colour, from: squareName(a.from), row: rowName(a.row), value: salePrice(s.market, a.row) };
  const opens = s.market[a.row]!.colour === null;
  return { label: { key: 'mark.choice.sell', args }, detail: { key: opens ? 'mark.detail.sellOpens' : 'mark.detail.sell', args } };
}

const ORDER: Record<Action['type'], number> = { sell: 0, process: 1, take: 2 };
const TONE: Record<Action['type'], Choice['tone']> = { take: 'primary', process: 'secondary', sell: 'success' };

function squareChoices(row: readonly Square[]): Choice[] {
  const out: Choice[] = [];
  row.forEach((sq, i) => {
    if (sq !== null) out.push({ id: String(i), label: { key: 'mark.choice.square', args: { square: squareName(i), colour: colourMsg(sq) } } });
  });
  return out;
}

function toSquares(ids: unknown, row: readonly Square[]): number[] | null {
  if (!Array.isArray(ids)) return null;
  const out: number[] = [];
  for (const id of ids) {
    const n = Number(id);
    if (typeof id !== 'string' || !/^[0-3]$/.test(id) || row[n] === null) return null;
    out.push(n);
  }
  return out;
}

function returnDecision(s: MarkState, seat: Seat): Decision<MarkMove> {
  const c = s.companies[seat]!;
  const need1 = mustReturn(c.row1), need2 = mustReturn(c.row2);
  const fields = [];
  if (need1 > 0) fields.push({ kind: 'select' as const, id: 'row1', label: { key: 'mark.field.returnRow1', args: { count: need1 } }, choices: squareChoices(c.row1), min: need1, max: need1 });
  if (need2 > 0) fields.push({ kind: 'select' as const, id: 'row2', label: { key: 'mark.field.returnRow2', args: { count: need2 } }, choices: squareChoices(c.row2), min: need2, max: need2 });
  return {
    kind: 'form',
    id: 'return',
    prompt: { key: 'mark.prompt.return', args: { fee: storageFee(c), cash: s.cash[seat]! } },
    fields,
    toMove: (values) => {
      const row1 = need1 > 0 ? toSquares(values.row1, c.row1) : [];
      const row2 = need2 > 0 ? toSquares(values.row2, c.row2) : [];
      return row1 && row2 ? { type: 'return', row1, row2 } : null;
    },
  };
}

function actDecision(s: MarkState): Decision<MarkMove> {
  const company = s.companies[s.current]!;
  // Sales first: they are what earns money, and the list reads best to worst.
  const actions = currentActions(s).sort((x, y) => ORDER[x.type] - ORDER[y.type]);
  const byId = new Map<string, Action>();
  const choices: Choice[] = actions.map((a) => {
    const id = actionId(a);
    byId.set(id, a);
    return { id, ...describeAction(s, company, a), tone: TONE[a.type] };
  });
  const [a, b] = s.dice!;
  const double = a === b;
  return {
    kind: 'choose',
    id: double && s.actionsLeft === 1 ? 'act2' : 'act',
    prompt: { key: double ? (s.actionsLeft === 2 ? 'mark.prompt.double1' : 'mark.prompt.double2') : 'mark.prompt.act', args: { a: faceMsg(a), b: faceMsg(b) } },
    notes: [{ key: 'mark.note.fee' }],
    choices,
    toMove: (id) => byId.get(id) ?? null,
  };
}

export function decision(s: MarkState, seat: Seat): Decision<MarkMove> | null {
  if (!pending(s).includes(seat)) return null;
  switch (s.phase) {
    case 'return':
      return returnDecision(s, seat);
    case 'act':
      return actDecision(s);
    case 'colour': {
      const company = s.companies[seat]!;
      const choices: Choice[] = usableColours(s).map((c) => ({
        id: c,
        label: colourMsg(c),
        detail: { key: 'mark.detail.colour', args: { colour: colourMsg(c), count: legalActions(s, company, [c]).length } },
      }));
      return { kind: 'choose', id: 'colour', prompt: { key: 'mark.prompt.colour', args: { a: faceMsg(s.dice![0]), b: faceMsg(s.dice![1]) } }, choices, toMove: (id) => (choices.some((c) => c.id === id) ? { type: 'colour', colour: id as Colour } : null) };
    }
    case 'name': {
      const choices: Choice[] = auctionCandidates(s).map((c) => ({
        id: c,
        label: colourMsg(c),
        detail: { key: 'mark.detail.name', args: { colour: colourMsg(c), count: s.bank[c] } },
      }));
      return { kind: 'choose', id: 'name', prompt: { key: 'mark.prompt.name' }, choices, toMove: (id) => (choices.some((c) => c.id === id) ? { type: 'name', colour: id as Colour } : null) };
    }
    case 'bid': {
      const cash = s.cash[seat]!;
      const colour = colourMsg(s.auction!.colour);
      const room = emptySquares(s.companies[seat]!.row1).length;
      return {
        ...numberDecision<MarkMove>({
          id: 'bid',
          prompt: { key: 'mark.prompt.bid', args: { colour, cash } },
          label: { key: 'mark.field.bid', args: { cash } },
          min: 0,
          max: cash,
          default: 0,
          toMove: (value) => (Number.isInteger(value) ? { type: 'bid', amount: value } : null),
        }),
        notes: [{ key: room === 0 ? 'mark.note.bidNoRoom' : 'mark.note.bid', args: { count: room } }],
        shortcuts: [{ id: 'bid0', label: { key: 'mark.choice.bid0' }, move: { type: 'bid', amount: 0 } }],
        // With private money a seat with nothing to bid is still asked, so nobody learns it is broke.
        ...(cash === 0 ? { concealing: true } : {}),
      };
    }
    case 'place': {
      const squares = emptySquares(s.companies[seat]!.row1);
      const colour = colourMsg(s.colours[0]!);
      const choices: Choice[] = squares.map((i) => ({ id: String(i), label: { key: 'mark.choice.place', args: { square: squareName(i) } }, detail: { key: 'mark.detail.place', args: { colour, square: squareName(i) } } }));
      return {
        kind: 'choose',
        id: 'place',
        prompt: { key: 'mark.prompt.place', args: { colour } },
        choices,
        toMove: (id) => (/^[0-3]$/.test(id) && squares.includes(Number(id)) ? { type: 'place', to: Number(id) } : null),
      };
    }
    default:
      return null;
  }
}

function subsets(items: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  items.forEach((x, i) => {
    for (const rest of subsets(items.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

/** Complete lists, except bids: 0, 1, half and all of one's cash. */
export function legalMoves(s: MarkState, seat: Seat): MarkMove[] {
  if (!pending(s).includes(seat)) return [];
  switch (s.phase) {
    case 'return': {
      const c = s.companies[seat]!;
      const occupied = (row: readonly Square[]) => [...Array(ROW_SQUARES).keys()].filter((i) => row[i] !== null);
      const moves: MarkMove[] = [];
      for (const row1 of subsets(occupied(c.row1), mustReturn(c.row1))) {
        for (const row2 of subsets(occupied(c.row2), mustReturn(c.row2))) moves.push({ type: 'return', row1, row2 });
      }
      return moves;
    }
    case 'act':
      return currentActions(s);
    case 'colour':
      return usableColours(s).map((colour) => ({ type: 'colour', colour }));
    case 'name':
      return auctionCandidates(s).map((colour) => ({ type: 'name', colour }));
    case 'bid': {
      const cash = s.cash[seat]!;
      return [...new Set([0, Math.min(1, cash), Math.floor(cash / 2), cash])].map((amount) => ({ type: 'bid', amount }));
    }
    case 'place':
      return emptySquares(s.companies[seat]!.row1).map((to) => ({ type: 'place', to }));
    default:
      return [];
  }
}
