/**
 * P3 card plays (§4.4, §4.6; variant §4.10.1): which plays are legal for a hand, and what each
 * does. Plays: a card, a card with the Expert (doubled), the Expert alone (repay a loan), discard
 * (never Raw Materials), keep the last card. Negotiation (variant) starts a vote in vote.ts.
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import {
  CLEANUP_COST, CLEANUP_STEPS, DEPOT_MAX, DISPOSAL_STEPS, EXPERT_PRODUCTION_BONUS, GROWTH_MAX, INNOVATION_COST,
  LOAN, N2_BARRED_WASTE_MIN, RULE_IDS, RULINGS, SERVICES, STAFF_MAX, STAFF_MIN, VARIANT_DISPOSAL_STEPS, commonLength, commonZone,
} from './constants.js';
import { startAuction } from './auction.js';
import { pay } from './money.js';
import { cardMsg, expertTag, serviceMsg } from './msgs.js';
import { startVote } from './vote.js';
import type { Card, MullState, PlayMove, Proposal, Service } from './types.js';

/** Production's three conditions (§4.6), the common track in the variant, and rule N2. */
export function canProduce(s: MullState, seat: Seat): boolean {
  const p = s.players[seat]!;
  if (p.staff < p.personnel || p.silo < p.raw) return false;
  if (!s.experimental) return p.depot + p.waste <= DEPOT_MAX;
  if (s.common + p.waste > commonLength(s.seats)) return false;
  return !(s.inForce.includes('N2') && commonZone(s.common, s.seats) === 'red' && p.waste >= N2_BARRED_WASTE_MIN);
}

/** Innovation answers: one hole on one service, or (Expert) 2 holes on one / 1 on two (G23). */
export function innovationOptions(s: MullState, seat: Seat, expert: boolean): Service[][] {
  const p = s.players[seat]!;
  if (!expert) return SERVICES.filter((sv) => p[sv] >= 2).map((sv) => [sv]);
  const out: Service[][] = SERVICES.filter((sv) => p[sv] >= 3).map((sv) => [sv, sv]);
  for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) if (p[SERVICES[i]!] >= 2 && p[SERVICES[j]!] >= 2) out.push([SERVICES[i]!, SERVICES[j]!]);
  return out;
}

/** Negotiation answers (variant §4.10.2): clean-up (compulsory under N1) and one proposal. */
export function negotiationOptions(s: MullState): { cleanup: boolean; proposal: Proposal }[] {
  const cleanups = s.common === 0 ? [false] : s.inForce.includes('N1') ? [true] : [false, true];
  const proposals: Proposal[] = ['none'];
  for (const r of RULE_IDS) {
    if (s.inForce.includes(r)) proposals.push(`-${r}`);
    else if (s.menu.includes(r)) proposals.push(r);
  }
  const out: { cleanup: boolean; proposal: Proposal }[] = [];
  for (const cleanup of cleanups) for (const proposal of proposals) if (cleanup || proposal !== 'none') out.push({ cleanup, proposal });
  return out;
}

function canExpertWith(s: MullState, card: Card): boolean {
  if (card === 'expert' || card === 'corruption' || card === 'alert') return false;
  return !(s.experimental && (card === 'growth' || card === 'negotiation'));
}

/** Every legal play of the hand, each once (duplicate cards give the same plays). */
export function legalPlays(s: MullState, seat: Seat): PlayMove[] {
  const p = s.players[seat]!;
  const out: PlayMove[] = [];
  const hasExpert = p.hand.includes('expert');
  const seen = new Set<Card>();
  for (const card of p.hand) {
    if (seen.has(card)) continue;
    seen.add(card);
    for (const expert of hasExpert ? [false, true] : [false]) {
      if (expert && !canExpertWith(s, card)) continue;
      out.push(...cardPlays(s, seat, card, expert));
    }
    if (card === 'expert' && p.loans > 0 && p.cash >= RULINGS.repayNeedsCash) out.push({ type: 'repay' });
  }
  for (const card of seen) if (card !== 'raw') out.push({ type: 'discard', card });
  if (p.hand.length === 1) out.push({ type: 'keep' });
  return out;
}

function cardPlays(s: MullState, seat: Seat, card: Card, expert: boolean): PlayMove[] {
  const p = s.players[seat]!;
  const e = expert ? { expert: true } : {};
  switch (card) {
    case 'production':
      return canProduce(s, seat) ? [{ type: 'play', card, ...e }] : [];
    case 'raw':
    case 'disposal':
    case 'transport':
      return [{ type: 'play', card, ...e }];
    case 'growth':
      return p.growth < GROWTH_MAX ? [{ type: 'play', card, ...e }] : [];
    case 'hiring': {
      const out: PlayMove[] = [];
      if (p.staff < STAFF_MAX) out.push({ type: 'play', card, ...e, up: true });
      if (p.staff > STAFF_MIN) out.push({ type: 'play', card, ...e, up: false });
      return out;
    }
    case 'innovation':
      return innovationOptions(s, seat, expert).map((services) => ({ type: 'play', card, ...e, services }));
    case 'negotiation':
      return negotiationOptions(s).map((o) => ({ type: 'negotiate', ...o }));
    default:
      return [];
  }
}

function sameServices(a: readonly Service[] | undefined, b: readonly Service[] | undefined): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** Whether `move` is one of the legal plays (shapes of untrusted moves are checked first). */
export function isLegalPlay(s: MullState, seat: Seat, move: PlayMove): boolean {
  return legalPlays(s, seat).some((m) => {
    if (m.type !== move.type) return false;
    if (m.type === 'discard') return move.type === 'discard' && m.card === move.card;
    if (m.type === 'negotiate') return move.type === 'negotiate' && m.cleanup === move.cleanup && m.proposal === move.proposal;
    if (m.type === 'play' && move.type === 'play') {
      return m.card === move.card && (m.expert ?? false) === (move.expert ?? false) && (m.up ?? null) === (move.up ?? null) && sameServices(m.services, move.services);
    }
    return true;
  });
}

function removeCard(s: MullState, seat: Seat, card: Card): void {
  const hand = s.players[seat]!.hand;
  hand.splice(hand.indexOf(card), 1);
  s.discard.push(card);
}

/** Carries out a legal play. The turn advances in turn.ts once any auction or vote is over. */
export function performPlay(s: MullState, seat: Seat, move: PlayMove, events: LogEvent[]): void {
  const p = s.players[seat]!;
  const who = { seat };
  s.turnDone = true;
  switch (move.type) {
    case 'keep':
      p.kept = p.hand[0]!;
      p.hand = [];
      events.push({ key: 'mull-money.log.keep', args: { seat: who, card: cardMsg(p.kept) }, visibleTo: 'all' });
      break;
    case 'discard':
      removeCard(s, seat, move.card);
      events.push({ key: 'mull-money.log.discard', args: { seat: who, card: cardMsg(move.card) }, visibleTo: 'all' });
      break;
    case 'repay':
      removeCard(s, seat, 'expert');
      pay(s, seat, LOAN, events);
      p.loans--;
      events.push({ key: 'mull-money.log.repay', args: { seat: who, paid: LOAN, loans: p.loans }, visibleTo: 'all' });
      break;
    case 'negotiate':
      removeCard(s, seat, 'negotiation');
      events.push({ key: 'mull-money.log.negotiate', args: { seat: who }, visibleTo: 'all' });
      if (move.cleanup) {
        pay(s, seat, CLEANUP_COST, events);
        const from = s.common;
        s.common = Math.max(0, s.common - CLEANUP_STEPS);
        events.push({ key: 'mull-money.log.cleanup', args: { seat: who, paid: CLEANUP_COST, from, to: s.common }, visibleTo: 'all' });
      }
      if (move.proposal !== 'none') startVote(s, seat, move.proposal, events);
      break;
    case 'play':
      removeCard(s, seat, move.card);
      if (move.expert) removeCard(s, seat, 'expert');
      playEffect(s, seat, move, events);
      break;
  }
  if (p.hand.length === 0) p.done = true;
}

function playEffect(s: MullState, seat: Seat, move: Extract<PlayMove, { type: 'play' }>, events: LogEvent[]): void {
  const p = s.players[seat]!;
  const x = move.expert ? 2 : 1;
  const base = { seat: { seat }, expert: expertTag(move.expert) };
  switch (move.card) {
    case 'production': {
      const got = p.growth + (move.expert ? EXPERT_PRODUCTION_BONUS : 0);
      p.silo -= p.raw;
      s.supply += p.raw;
      p.cash += got;
      if (s.experimental) s.common += p.waste;
      else p.depot += p.waste;
      events.push({ key: 'mull-money.log.production', args: { ...base, got, raw: p.raw, waste: p.waste, depot: s.experimental ? s.common : p.depot }, visibleTo: 'all' });
      break;
    }
    case 'raw': {
      const count = Math.min(p.raw * x, s.supply);
      events.push({ key: 'mull-money.log.rawSale', args: { ...base, count }, visibleTo: 'all' });
      if (count === 0) break;
      s.supply -= count;
      const order: Seat[] = [];
      for (let i = 1; i <= s.seats; i++) order.push((seat + i) % s.seats);
      startAuction(s, 'raw', seat, count, -1, order, events);
      break;
    }
    case 'growth': {
      const from = p.growth;
      p.growth = Math.min(GROWTH_MAX, p.growth + x);
      events.push({ key: 'mull-money.log.growth', args: { ...base, from, to: p.growth }, visibleTo: 'all' });
      if (p.growth === GROWTH_MAX && !s.endTriggered) {
        s.endTriggered = true;
        events.push({ key: 'mull-money.log.endTriggered', args: { seat: { seat } }, visibleTo: 'all' });
      }
      break;
    }
    case 'hiring': {
      const from = p.staff;
      p.staff = Math.max(STAFF_MIN, Math.min(STAFF_MAX, p.staff + (move.up ? x : -x)));
      events.push({ key: move.up ? 'mull-money.log.hire' : 'mull-money.log.fire', args: { ...base, from, to: p.staff }, visibleTo: 'all' });
      break;
    }
    case 'innovation': {
      const cost = INNOVATION_COST * move.services!.length;
      pay(s, seat, cost, events);
      const steps = move.services!.map((sv) => {
        const from = p[sv];
        p[sv]--;
        return { key: 'mull-money.step', args: { service: serviceMsg(sv), from, to: p[sv] } };
      });
      events.push({ key: 'mull-money.log.innovation', args: { ...base, paid: cost, steps }, visibleTo: 'all' });
      break;
    }
    case 'disposal': {
      if (s.experimental) {
        const from = s.common;
        s.common = Math.max(0, s.common - VARIANT_DISPOSAL_STEPS * x);
        events.push({ key: 'mull-money.log.disposalCommon', args: { ...base, from, to: s.common }, visibleTo: 'all' });
      } else {
        const from = p.depot;
        p.depot = Math.max(0, p.depot - DISPOSAL_STEPS * x);
        events.push({ key: 'mull-money.log.disposal', args: { ...base, from, to: p.depot }, visibleTo: 'all' });
      }
      break;
    }
    case 'transport': {
      s.players.forEach((o, i) => {
        o.depot = i === seat ? Math.max(0, o.depot - x) : Math.min(DEPOT_MAX, o.depot + x);
      });
      events.push({ key: 'mull-money.log.transport', args: { ...base, steps: x }, visibleTo: 'all' });
      break;
    }
    default:
      break;
  }
}
