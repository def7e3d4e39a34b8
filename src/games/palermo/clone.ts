/** A hand-written copy of the state: every apply copies it once, and bot playouts apply a lot. */
import type { Auction, Board, PalermoState } from './types.js';

function cloneBoard(b: Board): Board {
  return {
    cash: b.cash, debt: b.debt,
    // Held contracts and owned cards are replaced, never changed in place: the arrays are copied, not them.
    contracts: b.contracts.slice(),
    equipment: b.equipment.slice(),
    bulk: b.bulk.slice(), sorted: b.sorted.slice(), storage: b.storage.slice(), recycling: b.recycling.slice(),
    incin2: b.incin2.slice(), incin1: b.incin1.slice(), decon: b.decon.slice(), toMafia: b.toMafia.slice(),
    handCount: b.handCount, ready: b.ready, boughtDone: b.boughtDone, saleDone: b.saleDone, destroyDone: b.destroyDone,
    offeredTo: b.offeredTo.slice(), won: b.won,
    ...(b.mafiaCubes === undefined ? {} : { mafiaCubes: b.mafiaCubes }),
  };
}

function cloneAuction(a: Auction | null): Auction | null {
  if (!a) return null;
  return { eligible: a.eligible.slice(), unoffered: a.unoffered.slice(), card: a.card, opener: a.opener, active: a.active.slice(), high: a.high, highBidder: a.highBidder, turn: a.turn };
}

export function cloneState(s: PalermoState): PalermoState {
  return {
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    seats: s.seats, turns: s.turns, turn: s.turn, phase: s.phase, step: s.step,
    groups: s.groups.map((g) => g.slice()), part: s.part, heldVoluntary: s.heldVoluntary.slice(),
    current: s.current, firstPlayer: s.firstPlayer,
    boards: s.boards.map(cloneBoard),
    market: s.market.slice(), mafia: s.mafia.slice(),
    contractRow: s.contractRow.slice(), ladder: s.ladder ? s.ladder.slice() : null, equipmentRow: s.equipmentRow.slice(),
    contractDeckCount: s.contractDeckCount, equipmentDeckCount: s.equipmentDeckCount,
    contractDiscard: s.contractDiscard.slice(), equipmentDiscardCount: s.equipmentDiscardCount,
    offer: s.offer ? { ...s.offer } : null,
    auction: cloneAuction(s.auction),
    hands: s.hands.map((h) => h.slice()),
    // Set-up draws are replaced whole, never changed in place; picks likewise.
    draws: s.draws.length === 0 ? s.draws : s.draws.slice(),
    picks: s.picks.length === 0 ? s.picks : s.picks.slice(),
    contractDeck: s.contractDeck.slice(), equipmentDeck: s.equipmentDeck.slice(), equipmentDiscard: s.equipmentDiscard.slice(),
    issued: s.issued.slice(),
  };
}
