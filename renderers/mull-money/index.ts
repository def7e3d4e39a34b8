/** mull-money's drawings, as the catalog (src/catalog.ts) lists them beside its rules. */
import type { GameRenderers } from '../types.js';
import { renderMullBoard } from './board.js';
import { renderMullFinal } from './final.js';
import { renderMullHand } from './hand.js';

export const mullMoneyRenderers: GameRenderers = { board: renderMullBoard, hand: renderMullHand, final: renderMullFinal };
