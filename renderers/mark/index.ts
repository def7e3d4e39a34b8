/** mark's drawings, as the catalog (src/catalog.ts) lists them beside its rules. */
import type { GameRenderers } from '../types.js';
import { renderMarkBoard } from './board.js';
import { renderMarkFinal } from './final.js';
import { renderMarkHand } from './hand.js';

export const markRenderers: GameRenderers = { board: renderMarkBoard, hand: renderMarkHand, final: renderMarkFinal };
