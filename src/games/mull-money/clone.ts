/** A field-by-field copy of the state: playouts copy once per move, so this must be quick. */
import type { MullState, Player } from './types.js';

function clonePlayer(p: Player): Player {
  return {
    growth: p.growth, staff: p.staff, personnel: p.personnel, raw: p.raw, waste: p.waste, depot: p.depot, silo: p.silo,
    cash: p.cash, loans: p.loans, hand: p.hand.slice(), kept: p.kept, done: p.done,
  };
}

export function cloneState(s: MullState): MullState {
  return {
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    seats: s.seats,
    experimental: s.experimental,
    menu: s.menu.slice(),
    inForce: s.inForce.slice(),
    common: s.common,
    phase: s.phase,
    mission: s.mission,
    first: s.first,
    current: s.current,
    turnDone: s.turnDone,
    players: s.players.map(clonePlayer),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    alertAside: s.alertAside,
    lots: s.lots.map((l) => (l ? l.slice() : null)),
    dealt: s.dealt,
    supply: s.supply,
    endTriggered: s.endTriggered,
    alert: s.alert ? { final: s.alert.final, answers: s.alert.answers.slice() } : null,
    auction: s.auction ? { ...s.auction, order: s.auction.order.slice() } : null,
    vote: s.vote ? { proposer: s.vote.proposer, proposal: s.vote.proposal, answers: s.vote.answers.map((a) => (a ? { ...a } : null)) } : null,
    unserved: s.unserved.slice(),
  };
}
