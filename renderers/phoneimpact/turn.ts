/** Whose turn it is, or that the game is over, in words: the header lines of every image. */
import type { Ctx } from '../canvas.js';
import type { PhoneImpactPublicView, PhoneImpactSeatView } from '../../src/games/phoneimpact/types.js';
import type { RenderContext } from '../types.js';
import { TEXT, W, PAD, wrapLines } from './parts.js';

/** The marker of a player being waited for, on the panels and at the start of the turn line. */
export const MARK = '▶';
const MAX_LINES = 2;

export const nameOf = (ctx: RenderContext, seat: number): string => ctx.names[seat] ?? `#${seat + 1}`;

function andList(ctx: RenderContext, names: string[]): string {
  if (names.length === 1) return names[0]!;
  return ctx.t('phoneimpact.render.listAnd', { a: names.slice(0, -1).join(', '), b: names.at(-1)! });
}

/** "Game over: a phone is complete", or null while the game goes on. */
export function overText(view: PhoneImpactPublicView, ctx: RenderContext): string | null {
  return view.phase === 'over' ? ctx.t(`phoneimpact.render.over.${view.endReason ?? 'events'}`) : null;
}

/** The sentence for the seats being waited for, as everyone sees it. */
function othersText(view: PhoneImpactPublicView, ctx: RenderContext, g: Ctx, width: number): string[] {
  const seats = view.pending;
  if (seats.length === 0) return [];
  const n = view.event?.id ?? '';
  const fit = (text: string) => {
    const lines = wrapLines(g, `${MARK} ${text}`, width, TEXT, true);
    return lines.length <= MAX_LINES ? lines : null;
  };
  if (seats.length === 1) {
    const name = nameOf(ctx, seats[0]!);
    const key = view.phase === 'event' ? 'toAnswer' : view.phase === 'tradeAnswer' ? 'toAnswerTrade' : 'toPlay';
    const text = ctx.t(`phoneimpact.render.${key}`, { name, n });
    return fit(text) ?? wrapLines(g, `${MARK} ${text}`, width, TEXT, true).slice(0, MAX_LINES);
  }
  // Several at once (a quiz, a discard): their names if they fit, else how many, marked below.
  return fit(ctx.t('phoneimpact.render.allToAnswer', { names: andList(ctx, seats.map((s) => nameOf(ctx, s))), n }))
    ?? wrapLines(g, `${MARK} ${ctx.t('phoneimpact.render.countToAnswer', { count: seats.length, n })}`, width, TEXT, true);
}

/** The board's turn lines. */
export function boardTurnLines(view: PhoneImpactPublicView, ctx: RenderContext, g: Ctx): string[] {
  const width = W - 2 * PAD;
  const over = overText(view, ctx);
  if (over) return wrapLines(g, over, width, TEXT, true);
  return othersText(view, ctx, g, width);
}

/** The private view's turn lines: "your turn" when this seat is asked, else as on the board. */
export function handTurnLines(view: PhoneImpactSeatView, ctx: RenderContext, g: Ctx): string[] {
  const width = W - 2 * PAD;
  const over = overText(view, ctx);
  if (over) return wrapLines(g, over, width, TEXT, true);
  if (view.pending.includes(view.seat)) {
    const key = view.phase === 'event' ? 'youAnswer' : view.phase === 'tradeAnswer' ? 'youAnswerTrade' : 'youPlay';
    return wrapLines(g, `${MARK} ${ctx.t(`phoneimpact.render.${key}`, { n: view.event?.id ?? '' })}`, width, TEXT, true);
  }
  return othersText(view, ctx, g, width);
}
