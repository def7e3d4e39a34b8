/**
 * A sensible bot, deciding from its seat's view alone (its own cash and public facts). It takes
 * lots that fit its tracks, produces whenever it can, innovates while cash allows, keeps its depot
 * out of the red, bids for raw materials only when short and within its cash, and never takes a
 * loan it does not need.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { DEPOT_MAX, GREEN_MAX, INNOVATION_COST, LOAN, MAX_BID, YELLOW_MAX, commonLength, commonZone, servicePoints } from './constants.js';
import { canProduce, legalPlays } from './effects.js';
import type { Card, MullMove, MullSeatView, MullState, Player, PlayMove } from './types.js';

/** A state-shaped copy of the view (others' cash unknown: 0; deck unknown: empty). */
function asState(v: MullSeatView): MullState {
  return {
    rng: [0, 0, 0, 0], seats: v.seats, experimental: v.experimental, menu: v.menu, inForce: v.inForce, common: v.common,
    phase: v.phase, mission: v.mission, first: v.first, current: v.current, turnDone: false,
    players: v.players.map((p): Player => ({ ...p, cash: p.seat === v.seat ? v.myCash : 0, hand: p.hand, kept: p.kept })),
    deck: [], discard: v.discard, alertAside: v.alertAside, lots: v.lots, dealt: 0, supply: v.supply, endTriggered: v.endTriggered,
    alert: null, auction: v.auction, vote: null, unserved: v.unserved,
  };
}

function myDepot(v: MullSeatView, seat: Seat): number {
  return v.experimental ? v.common : v.players[seat]!.depot;
}

function danger(v: MullSeatView, seat: Seat): number {
  if (v.experimental) {
    const z = commonZone(v.common, v.seats);
    return z === 'red' ? 2 : z === 'yellow' ? 1 : 0;
  }
  const d = v.players[seat]!.depot;
  return d > YELLOW_MAX ? 2 : d > GREEN_MAX ? 1 : 0;
}

/** How much a card is worth to this seat now (lot choice and keeping). */
function cardValue(v: MullSeatView, s: MullState, card: Card): number {
  const me = v.players[v.seat]!;
  switch (card) {
    case 'production':
      return me.staff >= me.personnel && me.silo >= me.raw ? 9 : 5;
    case 'raw':
      return me.silo < me.raw ? 5 : 2;
    case 'growth':
      return me.growth < 20 ? 6 : 0;
    case 'innovation':
      return Math.max(me.personnel, me.raw, me.waste) > 2 ? 5 : 1;
    case 'disposal':
      return myDepot(v, v.seat) > (v.experimental ? v.commonLength / 3 : 5) ? 6 : 2;
    case 'expert':
      return me.loans > 0 ? 6 : 4;
    case 'hiring':
      return me.staff < me.personnel || me.staff > me.personnel + 1 ? 5 : 1;
    case 'transport':
      return 3;
    case 'negotiation':
      return 1;
    case 'corruption':
      return 2 + 2 * danger(v, v.seat);
    default:
      return 0;
  }
  void s;
}

function playValue(v: MullSeatView, s: MullState, m: PlayMove): number {
  const me = v.players[v.seat]!;
  const cash = v.myCash;
  switch (m.type) {
    case 'keep':
      return Math.min(4, cardValue(v, s, me.hand[0]!) - 2);
    case 'discard':
      return m.card === 'corruption' ? -1 : -2 - cardValue(v, s, m.card) / 10;
    case 'repay':
      return cash >= LOAN + 5 ? 7 : 1;
    case 'negotiate':
      return m.proposal === 'N2' && me.waste <= 3 ? 3 : m.cleanup && commonZone(v.common, v.seats) !== 'green' && cash > 5 ? 2 : -1;
    case 'play':
      break;
  }
  const x = m.expert ? 2 : 1;
  switch (m.card) {
    case 'production': {
      const after = myDepot(v, v.seat) + me.waste;
      const limit = v.experimental ? v.commonLength : DEPOT_MAX;
      const zonePenalty = v.experimental ? (commonZone(after, v.seats) === 'red' ? 2 : 0) : after > YELLOW_MAX ? 3 : after > GREEN_MAX ? 1 : 0;
      return 10 + (m.expert ? 2 : 0) - zonePenalty - (after > limit ? 20 : 0);
    }
    case 'raw':
      return me.silo < me.raw ? 6 + x : 1 + x;
    case 'growth':
      return me.growth >= 19 && m.expert ? 4 : 5 * x;
    case 'hiring': {
      const target = m.up ? me.staff + x : me.staff - x;
      if (m.up) return me.staff < me.personnel ? (target <= me.personnel ? 5 * x : 5) : -1;
      return me.staff > me.personnel ? 2 * Math.min(x, me.staff - me.personnel) : -3;
    }
    case 'innovation': {
      const cost = INNOVATION_COST * m.services!.length;
      let gain = 0;
      const vals = { personnel: me.personnel, raw: me.raw, waste: me.waste };
      for (const sv of m.services!) {
        gain += servicePoints(vals[sv] - 1) - servicePoints(vals[sv]);
        vals[sv]--;
      }
      if (m.services!.includes('personnel') && me.staff < me.personnel) gain += 3;
      const loans = cost > cash ? Math.ceil((cost - cash) / LOAN) : 0;
      return gain - cost / 2 - loans * 6 + (v.mission < 4 ? 2 : 0);
    }
    case 'disposal': {
      const d = myDepot(v, v.seat);
      const bar = v.experimental ? v.commonLength / 4 : 4;
      return d > bar ? 4 * x + danger(v, v.seat) * 2 : 0.5;
    }
    case 'transport':
      return 1.5 * x + (me.depot > 0 ? 1 : 0);
    default:
      return -5;
  }
}

function lotValue(v: MullSeatView, s: MullState, lot: Card[]): number {
  let total = 0;
  for (const c of lot) total += cardValue(v, s, c);
  return total;
}

/** The most a lot of raw materials is worth to this seat, in millions. */
function rawWorth(v: MullSeatView, count: number): number {
  const me = v.players[v.seat]!;
  const short = me.silo < me.raw;
  const perUnit = short ? 3 : me.silo < 2 * me.raw ? 1.5 : 0.5;
  return Math.floor(perUnit * count);
}

export function bot(v: MullSeatView, rng: Rng): MullMove {
  const s = asState(v);
  const me = v.players[v.seat]!;
  switch (v.phase) {
    case 'alert':
      // Keep the card for a red alert later only when this one is a mild yellow.
      return { type: 'corruption', use: danger(v, v.seat) === 2 || me.growth > 14 || rng.int(2) === 0 };
    case 'choose':
    case 'name': {
      const open = v.lots.flatMap((l, i) => (l ? [i] : []));
      let best = open[0]!, bestValue = -Infinity;
      for (const i of open) {
        const value = lotValue(v, s, v.lots[i]!) + rng.next() * 0.1;
        if (value > bestValue) (best = i), (bestValue = value);
      }
      return { type: 'lot', lot: best };
    }
    case 'bid': {
      const a = v.auction!;
      const min = a.high + 1;
      const worth = a.kind === 'raw' ? rawWorth(v, a.count) : Math.floor(lotValue(v, s, v.lots[a.lot]!) / 3);
      // The seller collects the price when someone else wins: no need to outbid a fair price.
      const limit = Math.min(worth, v.myCash, MAX_BID);
      return min <= limit ? { type: 'bid', amount: min } : { type: 'pass' };
    }
    case 'vote': {
      const vote = v.vote!;
      if (vote.proposer === v.seat) return { type: 'vote', vote: 'yes', corruption: false, loans: 0 };
      const p = vote.proposal;
      const likes = p === 'N2' ? me.waste <= 3 : p === '-N2' ? me.waste >= 4 : p === 'N1' ? commonZone(v.common, v.seats) !== 'green' : null;
      return { type: 'vote', vote: likes === null ? 'abstain' : likes ? 'yes' : 'no', corruption: false, loans: 0 };
    }
    case 'play': {
      const plays = legalPlays(s, v.seat);
      let best = plays[0]!, bestValue = -Infinity;
      for (const m of plays) {
        const value = playValue(v, s, m) + rng.next() * 0.01;
        if (value > bestValue) (best = m), (bestValue = value);
      }
      return best;
    }
    default:
      throw new Error(`no decision for seat ${v.seat} in phase ${v.phase}`);
  }
}

export { canProduce, commonLength };
