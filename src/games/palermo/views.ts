/**
 * Views: the public table (shared by reference with the state, never mutated: apply always
 * copies) and a seat's own secrets: its equipment hand and its set-up draws.
 */
import type { Seat } from '../../engine/index.js';
import type { PalermoPublicView, PalermoSeatView, PalermoState } from './types.js';

export function publicView(s: PalermoState): PalermoPublicView {
  return {
    game: 'palermo',
    seats: s.seats, turns: s.turns, turn: s.turn, phase: s.phase, step: s.step, groups: s.groups, part: s.part,
    heldVoluntary: s.heldVoluntary, current: s.current, firstPlayer: s.firstPlayer, boards: s.boards,
    market: s.market, mafia: s.mafia, contractRow: s.contractRow, ladder: s.ladder, equipmentRow: s.equipmentRow,
    contractDeckCount: s.contractDeckCount, equipmentDeckCount: s.equipmentDeckCount, contractDiscard: s.contractDiscard,
    equipmentDiscardCount: s.equipmentDiscardCount, offer: s.offer, auction: s.auction,
  };
}

export function seatView(s: PalermoState, seat: Seat): PalermoSeatView {
  // Spelt out rather than spread: bots read a seat view on every move.
  return {
    game: 'palermo',
    seats: s.seats, turns: s.turns, turn: s.turn, phase: s.phase, step: s.step, groups: s.groups, part: s.part,
    heldVoluntary: s.heldVoluntary, current: s.current, firstPlayer: s.firstPlayer, boards: s.boards,
    market: s.market, mafia: s.mafia, contractRow: s.contractRow, ladder: s.ladder, equipmentRow: s.equipmentRow,
    contractDeckCount: s.contractDeckCount, equipmentDeckCount: s.equipmentDeckCount, contractDiscard: s.contractDiscard,
    equipmentDiscardCount: s.equipmentDiscardCount, offer: s.offer, auction: s.auction,
    seat, hand: s.hands[seat] ?? [], draws: s.phase === 'setup' ? (s.draws[seat] ?? null) : null,
  };
}
