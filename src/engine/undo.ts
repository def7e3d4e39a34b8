/**
 * Whether a move may be taken back: it drew no randomness and revealed nothing to anyone. Never
 * listed by hand per game: a seat learns nothing from a move when, whatever the secrets it could
 * not see before, the same move gives it the same view after. Pure; the store asks it per move.
 */
import { rngFromSeed } from './rng.js';
import type { AnyGame, Seat } from './types.js';

/** Samples of the other secrets tried per reader: secrets few values tell apart (the top card of a
 * deck of mostly one kind, a purse near empty) need many; the property test tries more. */
export const UNDO_SAMPLES = 24;

/**
 * True only when `after` (the result of `seat` playing `move` on `before`) kept `state.rng`, and
 * for the public view and for every seat (the mover too), the same move applied to states whose
 * secrets that reader could not see were dealt again gives that reader the same view as `after`.
 * A sample that refuses the move counts as revealing: the move showed what made it legal.
 */
export function revealsNothing(
  game: AnyGame,
  before: unknown,
  seat: Seat,
  move: unknown,
  after: unknown,
  opts: { seats?: number; samples?: number } = {},
): boolean {
  if (!sameValue((before as { rng?: unknown }).rng, (after as { rng?: unknown }).rng)) return false;
  if (game.undoRule && !game.undoRule(before, seat, move, after)) return false;
  const seats = opts.seats ?? (before as { seats?: number }).seats;
  if (typeof seats !== 'number') throw new Error(`${game.id}: revealsNothing needs the number of seats`);
  const samples = opts.samples ?? UNDO_SAMPLES;
  const seed = `undo:${game.id}:${seat}:${JSON.stringify(move)}`;
  const readers: (Seat | null)[] = [null, ...Array.from({ length: seats }, (_, s) => s)];
  for (const reader of readers) {
    const view = (state: unknown) => (reader === null ? game.publicView(state) : game.seatView(state, reader));
    const expected = view(after);
    for (let i = 0; i < samples; i++) {
      const rng = rngFromSeed(`${seed}:${reader ?? 'public'}:${i}`);
      const sample = reader === null ? game.withOtherSecrets(before, rng) : game.withOtherSecrets(before, rng, reader);
      const result = game.apply(sample, seat, move);
      if (!result.ok || !sameValue(view(result.state), expected)) return false;
    }
  }
  return true;
}

/** Deep equality of plain JSON values, whatever the order of object keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameValue(x, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao).filter((k) => ao[k] !== undefined);
  if (keys.length !== Object.keys(bo).filter((k) => bo[k] !== undefined).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && sameValue(ao[k], bo[k]));
}
