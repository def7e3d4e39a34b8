/** Draws one image job: in a render worker, or in the main process when there are none. */
import type { Outcome } from '../../engine/index.js';
import { imageText, type Language } from '../../i18n/index.js';
import { drawableName } from '../../../renderers/canvas.js';
import { renderers } from '../../catalog.js';

export interface ImageJob {
  gameType: string;
  kind: 'board' | 'hand' | 'final';
  view: unknown;
  outcome?: Outcome;
  names: string[];
  language: Language;
}

export function renderImage(job: ImageJob): Buffer {
  const game = renderers[job.gameType];
  if (!game) throw new Error(`no renderer for ${job.gameType}`);
  const ctx = { names: job.names.map(drawableName), t: (key: string, args?: Record<string, string | number>) => imageText(job.language, key, args) };
  switch (job.kind) {
    case 'board':
      return game.board(job.view, ctx);
    case 'hand':
      return game.hand(job.view, ctx);
    case 'final':
      return game.final(job.view, job.outcome!, ctx);
  }
}

