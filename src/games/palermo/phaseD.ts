/**
 * Phase D, new public contracts (spec §3.8): a reverse auction per face-up contract. The opener
 * names a card and opens (at most its printed price) or passes; then bidders go clockwise, each
 * bidding strictly lower or passing. Nobody bids: that one card is discarded (G18).
 */
import type { LogEvent } from '../../engine/index.js';
import { contractType } from './constants.js';
import { drawContract } from './decks.js';
import { contractMsg, pub } from './msgs.js';
import type { Auction, PalermoState, Table } from './types.js';

/** The first player if eligible, else the first eligible player to his right (counter-clockwise). */
export function openerFor(t: Table, eligible: boolean[]): number | null {
  const n = t.seats;
  for (let i = 0; i < n; i++) {
    const seat = (t.firstPlayer - i + n) % n;
    if (eligible[seat]) return seat;
  }
  return null;
}

export function startAuctions(s: PalermoState): void {
  const eligible = s.boards.map(() => true);
  s.auction = { eligible, unoffered: [...s.contractRow], card: null, opener: openerFor(s, eligible)!, active: [], high: null, highBidder: null, turn: 0 };
  s.phase = 'D';
  s.step = 'name';
}

/** Bounds of a bid by `seat` now: [min, max], or null when it has no legal bid (G36). */
export function bidBounds(t: Table, seat: number): { min: number; max: number; lone: boolean } | null {
  const a = t.auction!;
  const min = -t.boards[seat]!.cash;
  const printed = contractType(a.card!).price;
  const others = a.active.some((on, p) => on && p !== seat);
  if (a.high === null) {
    // Alone and nobody has bid: only "take at the printed price" or pass (G35).
    if (!others) return { min: printed, max: printed, lone: true };
    return { min, max: printed, lone: false };
  }
  if (a.high - 1 < min) return null;
  return { min, max: a.high - 1, lone: false };
}

export function nameCard(s: PalermoState, card: number, events: LogEvent[]): { key: string } | null {
  const a = s.auction!;
  const i = a.unoffered.indexOf(card);
  if (i < 0) return { key: 'palermo.error.notOnOffer' };
  a.unoffered.splice(i, 1);
  a.card = card;
  a.active = [...a.eligible];
  a.high = null;
  a.highBidder = null;
  a.turn = a.opener;
  s.step = 'bid';
  events.push(pub('palermo.log.named', { seat: { seat: a.opener }, contract: contractMsg(card) }));
  return null;
}

function nextActive(a: Auction, from: number): number {
  const n = a.active.length;
  for (let i = 1; i <= n; i++) {
    const seat = (from + i) % n;
    if (a.active[seat]) return seat;
  }
  return from;
}

export function bid(s: PalermoState, seat: number, amount: number, events: LogEvent[]): { key: string; args?: Record<string, number> } | null {
  const bounds = bidBounds(s, seat);
  if (!bounds) return { key: 'palermo.error.noBid' };
  if (amount < bounds.min || amount > bounds.max) return { key: 'palermo.error.bidRange', args: { min: bounds.min, max: bounds.max } };
  const a = s.auction!;
  a.high = amount;
  a.highBidder = seat;
  a.turn = nextActive(a, seat);
  events.push(pub('palermo.log.bid', { seat: { seat }, amount, id: contractType(a.card!).id }));
  return null;
}

export function pass(s: PalermoState, seat: number, events: LogEvent[], forced = false): void {
  const a = s.auction!;
  a.active[seat] = false;
  a.turn = nextActive(a, seat);
  events.push(pub(forced ? 'palermo.log.passForced' : 'palermo.log.passedOn', { seat: { seat }, id: contractType(a.card!).id }));
}

/**
 * Settles what needs no answer: the end of one card's auction, the next card, automatic passes
 * and the last card's naming. Returns true when phase D is over.
 */
export function settleAuction(s: PalermoState, events: LogEvent[]): boolean {
  const a = s.auction!;
  for (;;) {
    if (s.step === 'name') {
      if (a.unoffered.length === 0) {
        finishAuctions(s, events);
        return true;
      }
      if (a.unoffered.length === 1) {
        nameCard(s, a.unoffered[0]!, events);
        continue;
      }
      return false;
    }
    const card = a.card!;
    const anyActive = a.active.some(Boolean);
    if (!anyActive) {
      events.push(pub('palermo.log.noBids', { contract: contractMsg(card) }));
      s.contractRow.splice(s.contractRow.indexOf(card), 1);
      s.contractDiscard.push(card);
      nextCard(s);
      continue;
    }
    if (a.highBidder !== null && a.active.every((on, p) => on === (p === a.highBidder))) {
      const winner = a.highBidder;
      s.boards[winner]!.contracts.push({ card, price: a.high!, life: contractType(card).validity });
      s.boards[winner]!.won = true;
      a.eligible[winner] = false;
      s.contractRow.splice(s.contractRow.indexOf(card), 1);
      events.push(pub('palermo.log.won', { seat: { seat: winner }, contract: contractMsg(card), price: a.high! }));
      nextCard(s);
      continue;
    }
    if (!bidBounds(s, a.turn)) {
      pass(s, a.turn, events, true);
      continue;
    }
    return false;
  }
}

function nextCard(s: PalermoState): void {
  const a = s.auction!;
  a.card = null;
  a.high = null;
  a.highBidder = null;
  a.active = [];
  const opener = openerFor(s, a.eligible);
  if (opener === null) {
    // Everyone has won a card: the rest cannot be offered (cannot happen with n cards, n players).
    for (const c of a.unoffered) {
      s.contractRow.splice(s.contractRow.indexOf(c), 1);
      s.contractDiscard.push(c);
    }
    a.unoffered = [];
  } else a.opener = opener;
  s.step = 'name';
}

function finishAuctions(s: PalermoState, events: LogEvent[]): void {
  s.auction = null;
  // Every card of the row was offered, so the row is empty: reveal n new contracts.
  for (let i = 0; i < s.seats; i++) {
    const card = drawContract(s);
    if (card === null) break;
    s.contractRow.push(card);
  }
  events.push(pub('palermo.log.newContracts', { contracts: s.contractRow.map(contractMsg) }));
}
