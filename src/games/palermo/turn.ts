/** `apply`: checks who may move and what, runs the move, then settles every automatic step. */
import { ruleError, type ApplyResult, type LogEvent, type Publish, type Seat } from '../../engine/index.js';
import { SETUP_EQUIPMENT_KEEP } from './constants.js';
import { cloneState } from './clone.js';
import { advance, finishSetup, nextBPart } from './flow.js';
import { applyCounts, readCounts, visibleFields } from './phaseB.js';
import { applyAnswer, applyBuy, applyDestroy, applyOffer, applyRefill, menuItems, refillOptions } from './phaseC.js';
import { applyPick, passPick } from './freeChoice.js';
import { bid, bidBounds, nameCard, pass } from './phaseD.js';
import type { PalermoMove, PalermoState } from './types.js';

export function pending(s: PalermoState): Seat[] {
  switch (s.phase) {
    case 'setup':
      return s.boards.flatMap((b, seat) => (b.ready ? [] : [seat]));
    case 'B':
      return [s.current];
    case 'C':
      return [s.step === 'answer' ? s.offer!.buyer : s.current];
    case 'D':
      if (s.step === 'pick') return [s.current];
      return [s.step === 'name' ? s.auction!.opener : s.auction!.turn];
    default:
      return [];
  }
}

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);
const isIntList = (x: unknown): x is number[] => Array.isArray(x) && x.every(isInt);

type Err = { key: string; args?: Record<string, number> } | null;

export function apply(state: PalermoState, seat: Seat, move: PalermoMove): ApplyResult<PalermoState> {
  if (!isInt(seat) || !pending(state).includes(seat)) return ruleError('palermo.error.notYourTurn');
  if (typeof move !== 'object' || move === null || typeof (move as { type?: unknown }).type !== 'string') return ruleError('palermo.error.badMove');
  const s = cloneState(state);
  const events: LogEvent[] = [];
  let publish: Publish = 'board';
  const err = run(s, seat, move, events);
  if (err === 'bad') return ruleError('palermo.error.badMove');
  if (err) return ruleError(err.key, err.args);
  if (s.phase === 'setup') {
    publish = 'quiet';
  } else if (state.phase === 'setup') {
    finishSetup(s, events);
  }
  advance(s, events);
  if (state.phase === 'D' && s.phase === 'D') publish = 'log';
  return { ok: true, state: s, events, publish };
}

function run(s: PalermoState, seat: Seat, m: PalermoMove, events: LogEvent[]): Err | 'bad' {
  switch (s.phase) {
    case 'setup': {
      if (m.type !== 'setup' || !isInt(m.contract) || !isIntList(m.equipment)) return 'bad';
      const draw = s.draws[seat]!;
      if (!draw.contracts.includes(m.contract)) return { key: 'palermo.error.notDrawn' };
      if (m.equipment.length !== SETUP_EQUIPMENT_KEEP || new Set(m.equipment).size !== SETUP_EQUIPMENT_KEEP || m.equipment.some((c) => !draw.equipment.includes(c))) {
        return { key: 'palermo.error.keepThree', args: { count: SETUP_EQUIPMENT_KEEP } };
      }
      s.picks[seat] = { contract: m.contract, equipment: [...m.equipment] };
      s.boards[seat]!.ready = true;
      s.boards[seat]!.handCount = SETUP_EQUIPMENT_KEEP;
      if (s.boards.every((b) => b.ready)) s.phase = 'B'; // finishSetup runs in apply
      return null;
    }
    case 'B': {
      if (m.type !== 'counts' || m.step !== s.step) return 'bad';
      const fields = visibleFields(s, seat);
      const values = readCounts(fields, m.values);
      if (!values) return { key: 'palermo.error.outOfBounds' };
      const err = applyCounts(s, seat, values, events);
      if (err) return err;
      nextBPart(s, events);
      return null;
    }
    case 'C':
      return runC(s, seat, m, events);
    case 'D': {
      if (s.step === 'pick') {
        if (m.type === 'pass') {
          passPick(s, seat, events);
          return null;
        }
        if (m.type !== 'pick' || !isInt(m.card)) return 'bad';
        return applyPick(s, seat, m.card, events);
      }
      const a = s.auction!;
      if (s.step === 'name') {
        if (m.type !== 'name' || !isInt(m.card)) return 'bad';
        return nameCard(s, m.card, events);
      }
      if (m.type === 'pass') {
        pass(s, seat, events);
        return null;
      }
      if (m.type !== 'bid' || !isInt(m.amount)) return 'bad';
      void a;
      return bid(s, seat, m.amount, events);
    }
    default:
      return { key: 'palermo.error.notNow' };
  }
}

function runC(s: PalermoState, seat: Seat, m: PalermoMove, events: LogEvent[]): Err | 'bad' {
  switch (s.step) {
    case 'answer':
      if (m.type !== 'answer' || typeof m.accept !== 'boolean') return 'bad';
      applyAnswer(s, m.accept, events);
      return null;
    case 'menu':
      if (m.type !== 'menu' || !menuItems(s, seat).includes(m.item)) return 'bad';
      s.step = m.item;
      return null;
    case 'buy':
      if (m.type === 'back') break;
      if (m.type !== 'buy' || !isIntList(m.buy) || !isIntList(m.discard)) return 'bad';
      {
        const err = applyBuy(s, seat, m.buy, m.discard, events);
        if (err) return err;
      }
      break;
    case 'offer':
      if (m.type === 'back') break;
      if (m.type !== 'offer' || !isInt(m.contract) || !isInt(m.buyer) || !isInt(m.amount)) return 'bad';
      return applyOffer(s, seat, m.contract, m.buyer, m.amount, events);
    case 'destroy':
      if (m.type === 'back') break;
      if (m.type !== 'destroy' || !isInt(m.index)) return 'bad';
      {
        const err = applyDestroy(s, seat, m.index, events);
        if (err) return err;
      }
      break;
    case 'refill':
      if (m.type !== 'refill' || !(m.card === null || isInt(m.card))) return 'bad';
      if (!refillOptions(s).includes(m.card)) return { key: 'palermo.error.notInRow' };
      return applyRefill(s, seat, m.card, events);
    default:
      return 'bad';
  }
  s.step = 'menu';
  return null;
}

export { bidBounds };
