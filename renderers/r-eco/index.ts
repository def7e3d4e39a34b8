/** r-eco's drawings, as the catalog (src/catalog.ts) lists them beside its rules. */
import type { GameRenderers } from '../types.js';
import { renderREcoBoard } from './board.js';
import { renderREcoFinal } from './final.js';
import { renderREcoHand } from './hand.js';

export const rEcoRenderers: GameRenderers = { board: renderREcoBoard, hand: renderREcoHand, final: renderREcoFinal };
