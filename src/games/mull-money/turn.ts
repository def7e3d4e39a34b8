/**
 * The flow of a mission (§4.4). `apply` checks a move, performs it on a copy, then `run` settles
 * every step that needs nobody's answer (dealing, an Alert nobody can soften, a turn with one legal
 * play, wages, rotation) until someone must decide.
 */
import { ruleError, type ApplyResult, type LogEvent, type Publish, type Seat } from '../../engine/index.js';
import { alertWaiting, resolveAlert } from './alert.js';
import { bidder, minBid, passBid, placeBid } from './auction.js';
import { cloneState } from './clone.js';
import { MAX_BID, VOTE_MAX_LOANS, isCard, isService } from './constants.js';
import { isLegalPlay, legalPlays, performPlay } from './effects.js';
import { deal } from './layout.js';
import { chooseLot, closeLotAuction, nameLot } from './lots.js';
import { endMission } from './mission.js';
import { resolveVote, validAnswer, voteWaiting } from './vote.js';
import type { MullMove, MullState, PlayMove, Proposal, VoteAnswer } from './types.js';

export function pending(s: MullState): Seat[] {
  switch (s.phase) {
    case 'alert':
      return alertWaiting(s);
    case 'vote':
      return voteWaiting(s);
    case 'bid': {
      const b = bidder(s.auction!);
      return b === null ? [] : [b];
    }
    case 'choose':
    case 'name':
    case 'play':
      return [s.current];
    default:
      return [];
  }
}

/** Next card turn: clockwise, skipping players who are done; none left → wages. */
function advance(s: MullState): void {
  s.turnDone = false;
  for (let i = 1; i <= s.seats; i++) {
    const seat = (s.current + i) % s.seats;
    if (!s.players[seat]!.done) {
      s.current = seat;
      return;
    }
  }
  s.phase = 'wages';
}

export function run(s: MullState, events: LogEvent[]): void {
  for (;;) {
    switch (s.phase) {
      case 'deal':
        deal(s, events);
        break;
      case 'alert':
        if (alertWaiting(s).length > 0) return;
        resolveAlert(s, events);
        s.phase = 'deal';
        break;
      case 'vote':
        if (voteWaiting(s).length > 0) return;
        resolveVote(s, events);
        break;
      case 'play': {
        if (s.turnDone || s.players[s.current]!.done) {
          advance(s);
          break;
        }
        const plays = legalPlays(s, s.current);
        if (plays.length !== 1) return;
        performPlay(s, s.current, plays[0]!, events);
        break;
      }
      case 'wages':
        endMission(s, events);
        break;
      default:
        return;
    }
  }
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Moves come from buttons, forms and stored logs: their shape is checked, never trusted. */
function parsePlay(m: Record<string, unknown>): PlayMove | null {
  switch (m.type) {
    case 'keep':
    case 'repay':
      return { type: m.type };
    case 'discard':
      return isCard(m.card) ? { type: 'discard', card: m.card } : null;
    case 'negotiate':
      return typeof m.cleanup === 'boolean' && typeof m.proposal === 'string' ? { type: 'negotiate', cleanup: m.cleanup, proposal: m.proposal as Proposal } : null;
    case 'play': {
      if (!isCard(m.card)) return null;
      if (m.expert !== undefined && typeof m.expert !== 'boolean') return null;
      if (m.up !== undefined && typeof m.up !== 'boolean') return null;
      if (m.services !== undefined && !(Array.isArray(m.services) && m.services.length <= 2 && m.services.every(isService))) return null;
      const out: PlayMove = { type: 'play', card: m.card };
      if (m.expert) out.expert = true;
      if (m.up !== undefined) out.up = m.up as boolean;
      if (m.services !== undefined) out.services = (m.services as string[]).slice() as never;
      return out;
    }
    default:
      return null;
  }
}

function parseVote(m: Record<string, unknown>): VoteAnswer | null {
  if (m.vote !== 'yes' && m.vote !== 'no' && m.vote !== 'abstain') return null;
  if (typeof m.corruption !== 'boolean' || !isInt(m.loans) || m.loans < 0 || m.loans > VOTE_MAX_LOANS) return null;
  return { vote: m.vote, corruption: m.corruption, loans: m.loans };
}

export function apply(state: MullState, seat: Seat, move: MullMove): ApplyResult<MullState> {
  if (state.phase === 'over') return ruleError('mull-money.error.gameOver');
  if (typeof move !== 'object' || move === null || typeof (move as { type?: unknown }).type !== 'string') return ruleError('mull-money.error.badMove');
  const waiting = pending(state);
  if (!waiting.includes(seat)) return ruleError('mull-money.error.notYourTurn', { seat: { seat: waiting[0] ?? state.current } });
  const m = move as unknown as Record<string, unknown>;
  const wrongStep = ruleError('mull-money.error.wrongStep');
  const events: LogEvent[] = [];
  let next: MullState;
  let publish: Publish = 'board';

  switch (m.type) {
    case 'corruption': {
      if (state.phase !== 'alert') return wrongStep;
      if (typeof m.use !== 'boolean') return ruleError('mull-money.error.badMove');
      next = cloneState(state);
      next.alert!.answers[seat] = m.use ? 'use' : 'pay';
      if (alertWaiting(next).length > 0) publish = 'quiet';
      break;
    }
    case 'lot': {
      if (state.phase !== 'choose' && state.phase !== 'name') return wrongStep;
      const lot = m.lot;
      if (!isInt(lot) || lot < 0 || lot >= state.lots.length || state.lots[lot] === null) return ruleError('mull-money.error.badLot');
      next = cloneState(state);
      if (state.phase === 'choose') chooseLot(next, seat, lot, events);
      else nameLot(next, seat, lot, events);
      break;
    }
    case 'bid': {
      if (state.phase !== 'bid') return wrongStep;
      const amount = m.amount;
      if (!isInt(amount) || amount < minBid(state.auction!) || amount > MAX_BID) return ruleError('mull-money.error.badBid', { min: minBid(state.auction!), max: MAX_BID });
      next = cloneState(state);
      closeLotAuction(next, placeBid(next, seat, amount, events), events);
      if (next.phase === 'bid') publish = 'log';
      break;
    }
    case 'pass': {
      if (state.phase !== 'bid') return wrongStep;
      next = cloneState(state);
      closeLotAuction(next, passBid(next, seat, events), events);
      if (next.phase === 'bid') publish = 'log';
      break;
    }
    case 'vote': {
      if (state.phase !== 'vote') return wrongStep;
      const answer = parseVote(m);
      if (!answer || !validAnswer(state, seat, answer)) return ruleError('mull-money.error.badVote');
      next = cloneState(state);
      next.vote!.answers[seat] = answer;
      if (voteWaiting(next).length > 0) publish = 'quiet';
      break;
    }
    default: {
      if (state.phase !== 'play') return wrongStep;
      const play = parsePlay(m);
      if (!play) return ruleError('mull-money.error.badMove');
      if (!isLegalPlay(state, seat, play)) return ruleError('mull-money.error.illegalPlay');
      next = cloneState(state);
      performPlay(next, seat, play, events);
    }
  }
  run(next, events);
  return publish === 'board' ? { ok: true, state: next, events } : { ok: true, state: next, events, publish };
}
