/**
 * Image renderers per game id. A renderer receives a view (never the raw state), so hidden
 * information cannot reach an image.
 */
import type { Outcome } from '../src/engine/types.js';
import { renderMarkBoard } from './mark/board.js';
import { renderMarkFinal } from './mark/final.js';
import { renderMarkHand } from './mark/hand.js';
import { renderMullBoard } from './mull-money/board.js';
import { renderMullFinal } from './mull-money/final.js';
import { renderMullHand } from './mull-money/hand.js';
import { renderPalermoBoard } from './palermo/board.js';
import { renderPalermoFinal } from './palermo/final.js';
import { renderPalermoHand } from './palermo/hand.js';
import { renderPhoneImpactBoard } from './phoneimpact/board.js';
import { renderPhoneImpactFinal } from './phoneimpact/final.js';
import { renderPhoneImpactHand } from './phoneimpact/hand.js';
import { renderREcoBoard } from './r-eco/board.js';
import { renderREcoFinal } from './r-eco/final.js';
import { renderREcoHand } from './r-eco/hand.js';
import type { RenderContext } from './types.js';

export type { RenderContext } from './types.js';

export interface GameRenderers {
  /** The public board, from the game's public view. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  board(view: any, ctx: RenderContext): Buffer;
  /** One seat's private holdings, from that seat's view. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  hand(view: any, ctx: RenderContext): Buffer;
  /** The final ranking, from the public view and the outcome. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  final(view: any, outcome: Outcome, ctx: RenderContext): Buffer;
}

export const renderers: Record<string, GameRenderers> = {
  'r-eco': { board: renderREcoBoard, hand: renderREcoHand, final: renderREcoFinal },
  mark: { board: renderMarkBoard, hand: renderMarkHand, final: renderMarkFinal },
  palermo: { board: renderPalermoBoard, hand: renderPalermoHand, final: renderPalermoFinal },
  phoneimpact: { board: renderPhoneImpactBoard, hand: renderPhoneImpactHand, final: renderPhoneImpactFinal },
  'mull-money': { board: renderMullBoard, hand: renderMullHand, final: renderMullFinal },
};

export { renderREcoBoard, renderREcoFinal, renderREcoHand };
