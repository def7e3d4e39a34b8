/**
 * One turn (spec §3.3): FEE → ROLL → actions, or AUCTION → ROLL again → NEXT. `apply` checks a
 * move, performs it on a copy, then `run` settles every step that needs nobody's answer (fees
 * that can be paid, rolls, forced actions, turns with no legal action) until someone must decide.
 */
import { ruleError, type ApplyResult, type LogEvent, type Seat } from '../../engine/index.js';
import { COLOURS, MAX_FLAT_ACTIONS, isColour, rowsToEnd } from './constants.js';
import { legalActions, performAction, sameAction } from './actions.js';
import { place, resolveAuction, openAuction, waitingBidders } from './auction.js';
import { emptySquares } from './company.js';
import { auctionCandidates, isDouble, roll } from './dice.js';
import { chargeFee, returnError, returnMaterials } from './fee.js';
import { fullRows } from './market.js';
import type { Action, Colour, MarkMove, MarkState } from './types.js';

/** A field-by-field copy: much faster than a generic deep clone, and playouts copy once per move. */
export function cloneState(s: MarkState): MarkState {
  const cs = s.companies;
  const companies = new Array(cs.length);
  for (let i = 0; i < cs.length; i++) companies[i] = { row1: cs[i]!.row1.slice(), row2: cs[i]!.row2.slice() };
  const m = s.market;
  return {
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    seats: s.seats,
    short: s.short,
    privateMoney: s.privateMoney,
    phase: s.phase,
    current: s.current,
    turn: s.turn,
    dice: s.dice ? [s.dice[0], s.dice[1]] : null,
    colours: s.colours.slice(),
    actionsLeft: s.actionsLeft,
    market: [
      { colour: m[0]!.colour, filled: m[0]!.filled },
      { colour: m[1]!.colour, filled: m[1]!.filled },
      { colour: m[2]!.colour, filled: m[2]!.filled },
      { colour: m[3]!.colour, filled: m[3]!.filled },
      { colour: m[4]!.colour, filled: m[4]!.filled },
    ],
    companies,
    cash: s.cash.slice(),
    bank: { ...s.bank },
    out: { ...s.out },
    auction: s.auction ? { colour: s.auction.colour, bids: s.auction.bids.slice() } : null,
    placer: s.placer,
  };
}

/** Seats that must answer now: everyone still to bid in an auction, else one seat. */
export function pending(s: MarkState): Seat[] {
  switch (s.phase) {
    case 'bid':
      return waitingBidders(s);
    case 'place':
      return [s.placer!];
    case 'return':
    case 'colour':
    case 'act':
    case 'name':
      return [s.current];
    default:
      return [];
  }
}

/** The legal actions of the current player for the roll being resolved. */
export function currentActions(s: MarkState): Action[] {
  return legalActions(s, s.companies[s.current]!, s.colours);
}

/** Runs the steps that need no answer, until a seat must decide or the game is over. */
export function run(s: MarkState, events: LogEvent[]): void {
  for (;;) {
    switch (s.phase) {
      case 'turn':
        s.turn++;
        s.dice = null;
        s.phase = chargeFee(s, events) ? 'roll' : 'return';
        break;
      case 'roll':
        roll(s, events);
        break;
      case 'actions':
        settleActions(s, events);
        break;
      case 'next':
        s.current = (s.current + 1) % s.seats;
        s.colours = [];
        s.actionsLeft = 0;
        s.phase = 'turn';
        break;
      default:
        return;
    }
  }
}

/** Colours of the roll that allow at least one action. */
export function usableColours(s: MarkState): Colour[] {
  const company = s.companies[s.current]!;
  return s.colours.filter((c) => legalActions(s, company, [c]).length > 0);
}

/** Performs forced actions (a single legal one), ends the roll when none is left, or asks. */
function settleActions(s: MarkState, events: LogEvent[]): void {
  if (s.actionsLeft === 0) {
    s.phase = 'next';
    return;
  }
  const actions = currentActions(s);
  if (actions.length === 0) {
    const first = s.actionsLeft === (isDouble(s.dice) ? 2 : 1);
    events.push({ key: first ? 'mark.log.noAction' : 'mark.log.noSecondAction', args: { seat: { seat: s.current } }, visibleTo: 'all' });
    s.phase = 'next';
    return;
  }
  if (actions.length > MAX_FLAT_ACTIONS && s.colours.length > 1) {
    const usable = usableColours(s);
    if (usable.length > 1) {
      s.phase = 'colour';
      return;
    }
    s.colours = usable;
    return;
  }
  if (actions.length > 1) {
    s.phase = 'act';
    return;
  }
  act(s, actions[0]!, events);
}

function act(s: MarkState, action: Action, events: LogEvent[]): void {
  performAction(s, s.current, action, events);
  s.actionsLeft--;
  s.phase = 'actions';
  // G8: the game ends the moment the last required row fills, even in the middle of a double.
  if (fullRows(s.market) >= rowsToEnd(s.short)) {
    s.phase = 'over';
    s.colours = [];
    s.actionsLeft = 0;
    events.push({ key: 'mark.log.gameOver', args: { count: fullRows(s.market) }, visibleTo: 'all' });
  }
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Moves come from buttons, forms and stored logs: their shape is checked, never trusted. */
function parseAction(move: MarkMove): Action | null {
  const m = move as unknown as Record<string, unknown>;
  if (m.type === 'take' && isColour(m.colour) && isInt(m.to)) return { type: 'take', colour: m.colour, to: m.to };
  if (m.type === 'process' && isInt(m.from) && isInt(m.to)) return { type: 'process', from: m.from, to: m.to };
  if (m.type === 'sell' && isInt(m.from) && isInt(m.row)) return { type: 'sell', from: m.from, row: m.row };
  return null;
}

export function apply(state: MarkState, seat: Seat, move: MarkMove): ApplyResult<MarkState> {
  if (state.phase === 'over') return ruleError('mark.error.gameOver');
  if (typeof move !== 'object' || move === null || typeof (move as { type?: unknown }).type !== 'string') return ruleError('mark.error.badMove');
  if (!pending(state).includes(seat)) {
    return state.phase === 'bid' && state.auction?.bids[seat] !== null && state.auction?.bids[seat] !== undefined
      ? ruleError('mark.error.alreadyBid')
      : ruleError('mark.error.notYourTurn', { seat: { seat: pending(state)[0] ?? state.current } });
  }
  const wrongStep = ruleError('mark.error.wrongStep', { step: { key: `mark.step.${state.phase}` } });
  const events: LogEvent[] = [];
  let next: MarkState;
  let publish: 'quiet' | undefined;

  switch (move.type) {
    case 'return': {
      if (state.phase !== 'return') return wrongStep;
      const problem = returnError(state, seat, move.row1, move.row2);
      if (problem) return { ok: false, error: problem };
      next = cloneState(state);
      returnMaterials(next, seat, move.row1, move.row2, events);
      next.phase = 'roll';
      break;
    }
    case 'take':
    case 'process':
    case 'sell': {
      if (state.phase !== 'act') return wrongStep;
      const action = parseAction(move);
      if (!action || !currentActions(state).some((a) => sameAction(a, action))) return ruleError('mark.error.illegalAction');
      next = cloneState(state);
      act(next, action, events);
      break;
    }
    case 'colour': {
      if (state.phase !== 'colour') return wrongStep;
      const colour: unknown = move.colour;
      if (!isColour(colour) || !usableColours(state).includes(colour)) return ruleError('mark.error.badColour');
      next = cloneState(state);
      next.colours = [colour];
      next.phase = 'actions';
      break;
    }
    case 'name': {
      if (state.phase !== 'name') return wrongStep;
      const colour: unknown = move.colour;
      if (!isColour(colour) || !auctionCandidates(state).includes(colour)) return ruleError('mark.error.badColour');
      next = cloneState(state);
      events.push({ key: 'mark.log.named', args: { seat: { seat }, colour: { key: `mark.colour.${colour}` } }, visibleTo: 'all' });
      openAuction(next, colour, events);
      break;
    }
    case 'bid': {
      if (state.phase !== 'bid') return wrongStep;
      const amount: unknown = move.amount;
      if (!isInt(amount) || amount < 0) return ruleError('mark.error.badBid');
      if (amount > state.cash[seat]!) return ruleError('mark.error.bidTooHigh', { amount, cash: state.cash[seat]! });
      next = cloneState(state);
      next.auction!.bids[seat] = amount;
      events.push({ key: 'mark.log.youBid', args: { amount, colour: { key: `mark.colour.${next.auction!.colour}` } }, visibleTo: [seat] });
      if (waitingBidders(next).length > 0) publish = 'quiet';
      else resolveAuction(next, events);
      break;
    }
    case 'place': {
      if (state.phase !== 'place') return wrongStep;
      const to: unknown = move.to;
      if (!isInt(to) || !emptySquares(state.companies[seat]!.row1).includes(to)) return ruleError('mark.error.badSquare');
      next = cloneState(state);
      place(next, seat, next.colours[0]!, to, events);
      break;
    }
    default:
      return ruleError('mark.error.badMove');
  }
  run(next, events);
  return publish ? { ok: true, state: next, events, publish } : { ok: true, state: next, events };
}

/** For views and the bot: live colours in board order. */
export function orderColours(colours: readonly Colour[]): Colour[] {
  return COLOURS.filter((c) => colours.includes(c));
}
