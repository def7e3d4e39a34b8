/**
 * `apply`: checks who may move and the move's shape (moves come from users and stored logs),
 * then hands it to the rule it belongs to. Never mutates the input state.
 */
import { ruleError, type ApplyResult, type LogEvent, type Seat } from '../../engine/index.js';
import { COMPONENTS, QUIZ_GUESS_MAX_KG, SUPPLIERS, type Component, type Supplier } from './constants.js';
import { build, depollute, menu, pass, supply, type Outcome } from './actions.js';
import { applyKeep, closeQuiz, discardCards, duelOptions, e11Draw, e11Pairs, e4Pairs, e9Fields, faceUpGroups, nonRecycl, removeGroups, resolveDuel, stealRandom, takeFaceUp } from './events.js';
import { groupKey, parseGroup } from './cards.js';
import { pending } from './decisions.js';
import { afterAction, settleEvent, settleMenu } from './flow.js';
import { cloneState } from './table.js';
import { answerOffer, checkAsk, checkGive, holds, openOffer } from './trade.js';
import type { GroupKey, PhoneImpactMove, PhoneImpactState } from './types.js';

const isSupplier = (x: unknown): x is Supplier => (SUPPLIERS as readonly unknown[]).includes(x);
const isComponent = (x: unknown): x is Component => (COMPONENTS as readonly unknown[]).includes(x);

export function apply(state: PhoneImpactState, seat: Seat, move: PhoneImpactMove): ApplyResult<PhoneImpactState> {
  if (state.phase === 'over') return ruleError('phoneimpact.error.gameOver');
  if (typeof move !== 'object' || move === null || typeof (move as { type?: unknown }).type !== 'string') return ruleError('phoneimpact.error.badMove');
  if (!Number.isInteger(seat) || !pending(state).includes(seat)) return ruleError('phoneimpact.error.notYourTurn');
  const s = cloneState(state);
  const events: LogEvent[] = [];
  const error = dispatch(s, seat, move, events);
  if (error) return ruleError(error);
  // One secret quiz guess publishes nothing until the last one (the reveal line).
  const publish = state.phase === 'event' && state.event?.step === 'quiz' && s.phase === 'event' && s.event?.step === 'quiz' ? 'quiet' : 'board';
  return { ok: true, state: s, events, publish };
}

/** After a turn's step: a refusal, a sub-step now asked, or the action is over and the turn ends. */
function then(s: PhoneImpactState, outcome: Outcome, events: LogEvent[]): string | null {
  if (typeof outcome === 'object') return outcome.error;
  if (outcome === 'done') afterAction(s, events);
  return null;
}

function dispatch(s: PhoneImpactState, seat: Seat, m: PhoneImpactMove, events: LogEvent[]): string | null {
  switch (s.phase) {
    case 'turn':
      return turnMove(s, seat, m, events);
    case 'supply':
      if (m.type === 'back') return back(s);
      if (m.type !== 'supply' || m.supplier !== s.supplier) return 'phoneimpact.error.wrongStep';
      if (!Array.isArray(m.faceUp) || typeof m.deck !== 'number') return 'phoneimpact.error.badPick';
      return then(s, supply(s, m.supplier, m.faceUp, m.deck, events), events);
    case 'build':
      if (m.type === 'back') return back(s);
      if (m.type !== 'build' || m.component !== s.component || typeof m.mix !== 'object' || m.mix === null) return 'phoneimpact.error.wrongStep';
      return then(s, build(s, m.component, m.mix, events), events);
    case 'tradeGive':
      if (m.type === 'back') return back(s);
      if (m.type === 'offer') return offer(s, seat, m, events);
      if (m.type !== 'tradeGive') return 'phoneimpact.error.wrongStep';
      {
        const err = checkGive(s, seat, m.target, m.give, m.malus);
        if (err) return err;
        s.trade = { from: seat, to: m.target, give: [...m.give], malus: m.malus, ask: [] };
        s.phase = 'tradeAsk';
        return null;
      }
    case 'tradeAsk':
      if (m.type === 'back') return back(s);
      if (m.type !== 'offer') return 'phoneimpact.error.wrongStep';
      return offer(s, seat, m, events);
    case 'tradeAnswer':
      if (m.type !== 'tradeAnswer' || typeof m.accept !== 'boolean') return 'phoneimpact.error.wrongStep';
      {
        const err = answerOffer(s, m.accept, events);
        if (err) return err;
        settleMenu(s, events);
        return null;
      }
    case 'event':
      return eventMove(s, seat, m, events);
    default:
      return 'phoneimpact.error.wrongStep';
  }
}

function back(s: PhoneImpactState): null {
  s.phase = 'turn';
  s.supplier = null;
  s.component = null;
  s.trade = null;
  return null;
}

function offer(s: PhoneImpactState, seat: Seat, m: PhoneImpactMove & { type: 'offer' }, events: LogEvent[]): string | null {
  const err = checkGive(s, seat, m.target, m.give, m.malus) ?? checkAsk(s, m.target, m.ask);
  if (err) return err;
  openOffer(s, { from: seat, to: m.target, give: [...m.give], malus: m.malus, ask: [...m.ask] }, events);
  return null;
}

function turnMove(s: PhoneImpactState, seat: Seat, m: PhoneImpactMove, events: LogEvent[]): string | null {
  const entries = menu(s);
  switch (m.type) {
    case 'supply':
      if (!isSupplier(m.supplier)) return 'phoneimpact.error.badMove';
      if (!entries.includes(`s${m.supplier}`)) return 'phoneimpact.error.supplierClosed';
      if ((m.faceUp === undefined) !== (m.deck === undefined)) return 'phoneimpact.error.badPick';
      return then(s, supply(s, m.supplier, m.faceUp, m.deck, events), events);
    case 'build':
      if (!isComponent(m.component)) return 'phoneimpact.error.badMove';
      if (m.mix !== undefined && (typeof m.mix !== 'object' || m.mix === null)) return 'phoneimpact.error.badMix';
      return then(s, build(s, m.component, m.mix, events), events);
    case 'depollute':
      return then(s, depollute(s, m.count, events), events);
    case 'pass':
      return then(s, pass(s, events), events);
    case 'trade':
      if (!entries.includes('trade')) return 'phoneimpact.error.noTrade';
      s.phase = 'tradeGive';
      return null;
    case 'offer':
      return offer(s, seat, m, events);
    default:
      return 'phoneimpact.error.wrongStep';
  }
}

function eventMove(s: PhoneImpactState, seat: Seat, m: PhoneImpactMove, events: LogEvent[]): string | null {
  const e = s.event!;
  switch (e.step) {
    case 'quiz': {
      if (m.type !== 'guess') return 'phoneimpact.error.wrongStep';
      if (!Number.isInteger(m.kg) || m.kg < 0 || m.kg > QUIZ_GUESS_MAX_KG) return 'phoneimpact.error.badGuess';
      e.guesses![seat] = m.kg;
      events.push({ key: 'phoneimpact.log.guessed', args: { seat: { seat } }, visibleTo: 'all' });
      events.push({ key: 'phoneimpact.log.yourGuess', args: { kg: m.kg }, visibleTo: [seat] });
      if (e.guesses!.every((g) => g !== null)) {
        closeQuiz(s, events);
        settleEvent(s, events);
      }
      return null;
    }
    case 'take': {
      if (m.type !== 'takeUp' || typeof m.group !== 'string' || !faceUpGroups(s).has(m.group)) return 'phoneimpact.error.badTake';
      takeFaceUp(s, seat, m.group, events);
      break;
    }
    case 'e4': {
      const pairs = e4Pairs(s, seat);
      if (pairs.length === 1 && m.type === 'ok') {
        discardCards(s, seat, removeGroups(s, seat, pairs[0]!.map((t) => groupKey('PP', t))), events);
      } else {
        if (m.type !== 'discardPP' || !Array.isArray(m.types) || m.types.length !== 2) return 'phoneimpact.error.badDiscard';
        const [a, b] = [...m.types].sort();
        const pair = pairs.find((p) => [...p].sort().join() === [a, b].join());
        if (!pair) return 'phoneimpact.error.badDiscard';
        discardCards(s, seat, removeGroups(s, seat, pair.map((t) => groupKey('PP', t))), events);
      }
      e.queue = e.queue.filter((q) => q !== seat);
      if (e.queue.length === 0) settleEvent(s, events);
      return null;
    }
    case 'e9': {
      const fields = e9Fields(s, seat);
      if (fields.length === 0) {
        if (m.type !== 'ok') return 'phoneimpact.error.wrongStep';
        applyKeep(s, seat, {}, events);
      } else {
        if (m.type !== 'keep' || typeof m.pp !== 'object' || m.pp === null) return 'phoneimpact.error.badKeep';
        for (const f of fields) {
          const v = m.pp[f.type];
          if (!Number.isInteger(v) || v! < f.min || v! > f.max) return 'phoneimpact.error.badKeep';
        }
        applyKeep(s, seat, m.pp, events);
      }
      e.queue = e.queue.filter((q) => q !== seat);
      if (e.queue.length === 0) settleEvent(s, events);
      return null;
    }
    case 'e7': {
      if (m.type !== 'steal' || (m.supplier !== 'PP' && m.supplier !== 'PM')) return 'phoneimpact.error.badSteal';
      stealRandom(s, (seat + 1) % s.seats, seat, m.supplier, events);
      break;
    }
    case 'e10': {
      if (m.type !== 'e10' || !duelOptions(s, seat, e.target!).includes(m.option)) return 'phoneimpact.error.badChoice';
      resolveDuel(s, seat, e.target!, m.option, events);
      break;
    }
    case 'e11': {
      if (m.type === 'e11' && m.draw === true) {
        if (s.malusDeck.length === 0) return 'phoneimpact.error.noMalusLeft';
        e11Draw(s, seat, events);
      } else if (m.type === 'ok') {
        const pairs = e11Pairs(s, seat);
        if (pairs.length !== 1 || s.malusDeck.length > 0) return 'phoneimpact.error.wrongStep';
        discardCards(s, seat, removeGroups(s, seat, pairs[0]!), events);
      } else {
        if (m.type !== 'e11' || !Array.isArray(m.discard) || m.discard.length !== 2) return 'phoneimpact.error.badDiscard';
        const groups = m.discard as GroupKey[];
        if (groups.some((g) => { const p = parseGroup(g); return !p || p.supplier === 'RC'; })) return 'phoneimpact.error.badDiscard';
        if (nonRecycl(s, seat) < 2 || !holds(s, seat, groups)) return 'phoneimpact.error.notInHand';
        discardCards(s, seat, removeGroups(s, seat, groups), events);
      }
      break;
    }
  }
  e.queue.shift();
  settleEvent(s, events);
  return null;
}

