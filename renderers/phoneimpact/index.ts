/** phoneimpact's drawings, as the catalog (src/catalog.ts) lists them beside its rules. */
import type { GameRenderers } from '../types.js';
import { renderPhoneImpactBoard } from './board.js';
import { renderPhoneImpactFinal } from './final.js';
import { renderPhoneImpactHand } from './hand.js';

export const phoneImpactRenderers: GameRenderers = { board: renderPhoneImpactBoard, hand: renderPhoneImpactHand, final: renderPhoneImpactFinal };
