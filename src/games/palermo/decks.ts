/** Drawing from the decks: an empty deck is rebuilt from its shuffled discard pile first (G38). */
import { Rng } from '../../engine/index.js';
import type { PalermoState } from './types.js';

export function drawEquipment(s: PalermoState): number | null {
  if (s.equipmentDeck.length === 0 && s.equipmentDiscard.length > 0) {
    s.equipmentDeck = new Rng(s.rng).shuffle(s.equipmentDiscard);
    s.equipmentDiscard = [];
  }
  const card = s.equipmentDeck.pop() ?? null;
  syncCounts(s);
  return card;
}

export function drawContract(s: PalermoState): number | null {
  if (s.contractDeck.length === 0 && s.contractDiscard.length > 0) {
    s.contractDeck = new Rng(s.rng).shuffle(s.contractDiscard);
    s.contractDiscard = [];
  }
  const card = s.contractDeck.pop() ?? null;
  syncCounts(s);
  return card;
}

/** The public counts mirror the hidden piles. */
export function syncCounts(s: PalermoState): void {
  s.contractDeckCount = s.contractDeck.length;
  s.equipmentDeckCount = s.equipmentDeck.length;
  s.equipmentDiscardCount = s.equipmentDiscard.length;
  for (let i = 0; i < s.boards.length; i++) s.boards[i]!.handCount = s.hands[i]!.length;
}
