import type { Outcome } from '../src/engine/types.js';

/** What every renderer gets besides the view: display names and the reader's language. */
export interface RenderContext {
  /** `names[seat]` is that seat's display name. */
  names: string[];
  /** Localises a `render.*` key (i18next `{{arg}}` interpolation). */
  t: (key: string, args?: Record<string, string | number>) => string;
}

/** One game's three drawings. Each receives a view (never the raw state), so hidden information cannot reach an image. */
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
