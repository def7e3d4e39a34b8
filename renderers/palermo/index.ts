/** palermo's drawings, as the catalog (src/catalog.ts) lists them beside its rules. */
import type { GameRenderers } from '../types.js';
import { renderPalermoBoard } from './board.js';
import { renderPalermoFinal } from './final.js';
import { renderPalermoHand } from './hand.js';

export const palermoRenderers: GameRenderers = { board: renderPalermoBoard, hand: renderPalermoHand, final: renderPalermoFinal };
