/**
 * Drawing from the decks. Equipment: when the last deck card is drawn, the discard pile is
 * shuffled into a new deck at once (§3.7), so cards discarded later wait for the next time.
 * Contracts: the discard is reshuffled when a draw finds the deck empty (§3.8). Either deck
 * found empty with a discard pile is rebuilt first (G38).
 */
import { Rng } from '../../engine/index.js';
import type { PalermoState } from './types.js';

function rebuildEquipment(s: PalermoState): void {
  if (s.equipmentDeck.length > 0 || s.equipmentDiscard.length === 0) return;
  s.equipmentDeck = new Rng(s.rng).shuffle(s.equipmentDiscard);
  s.equipmentDiscard = [];
}

export function drawEquipment(s: PalermoState): number | null {
  rebuildEquipment(s);
  const card = s.equipmentDeck.pop() ?? null;
  if (card !== null) rebuildEquipment(s);
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
