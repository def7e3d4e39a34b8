/**
 * Taking back a move never crosses a secret: over seeded bot games of every game of the catalog,
 * every move `revealsNothing` accepts is checked again with many more samples for the public view
 * and every seat, and replaying the log without it gives back exactly the state before it.
 *
 * What each game offers for undo (found by these games, and asserted below):
 * - M.A.R.K.: undoable: sealed bids, taking and naming colours, selling; not: dice rolls and
 *   anything that draws from the bag.
 * - Palermo: undoable: menu choices, passes, the sort/mafia/store counts; not: drawing contracts or
 *   equipment, the auctions' reveals.
 * - PhoneImpact: undoable: guesses, trade answers, depollution counts; not: drawing cards or events.
 * - Müll + Money: undoable: lots, sealed card plays and bids no purse could fall short of; not:
 *   draws, reveals, and (its own `undoRule`) any move that moved money or would have forced a loan
 *   from an empty purse: samples of hidden purses find that only by chance.
 * - R-Eco: nothing. Every play shows cards from a hand and refills it from the pile, and a dump
 *   is followed by that draw too, so every move reveals something to someone: the exact rule
 *   (rather than a list by hand) keeps them all.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/catalog.js';
import { playout, replay, revealsNothing, sameValue, type AnyGame, type LoggedMove } from '../../src/engine/index.js';
import { defaultOptions } from './seeded.js';

const GAMES_PER_TABLE = 2;
const MORE_SAMPLES = 64;
/** Moves of each game checked in depth (replaying is quadratic in the game's length). */
const DEEP_CHECKS = 40;

const NEVER_UNDOABLE = new Set(['r-eco']);

function seatCounts(game: AnyGame): number[] {
  const { min, max } = game.players(defaultOptions(game));
  return [...new Set([min, Math.min(max, 3), max])];
}

describe.each(CATALOG.map((e) => [e.game.id, e.game] as const))('undo: %s', (_id, game) => {
  it('offers only moves that reveal nothing, and taking one back restores the state before it', () => {
    const options = defaultOptions(game);
    let undoable = 0;
    let kept = 0;
    let deep = 0;
    for (const seats of seatCounts(game)) {
      for (let g = 0; g < GAMES_PER_TABLE; g++) {
        const input = { seats, options, seed: `undo-${game.id}-${seats}-${g}` };
        const { log } = playout<unknown>(game, input);
        let state: unknown = game.setup(input);
        log.forEach(({ seat, move }, i) => {
          const result = game.apply(state, seat, move);
          if (!result.ok) throw new Error(result.error.key);
          const after = result.state;
          if (!game.isOver(after) && revealsNothing(game, state, seat, move, after, { seats })) {
            undoable++;
            // Spread the costly checks over the whole game rather than its start.
            if (deep < DEEP_CHECKS && (i % 3 === 0 || undoable < 5)) {
              deep++;
              expect(revealsNothing(game, state, seat, move, after, { seats, samples: MORE_SAMPLES }), `${input.seed} move ${i + 1}`).toBe(true);
              expect(sameValue((state as { rng: unknown }).rng, (after as { rng: unknown }).rng)).toBe(true);
              const without: LoggedMove[] = log.slice(0, i);
              expect(replay(game, input, without)).toEqual(state);
              // Played again after the take-back, the game goes on as before.
              const again = game.apply(replay(game, input, without), seat, move);
              expect(again.ok && again.state).toEqual(after);
            }
          } else {
            kept++;
          }
          state = after;
        });
      }
    }
    expect(kept).toBeGreaterThan(0);
    if (NEVER_UNDOABLE.has(game.id)) expect(undoable).toBe(0);
    else {
      expect(undoable).toBeGreaterThan(0);
      expect(deep).toBeGreaterThan(0);
    }
  }, 120_000);
});

describe('revealsNothing', () => {
  const game = CATALOG.find((e) => e.game.id === 'r-eco')!.game;
  it('refuses a move that drew from the RNG, whatever the views say', () => {
    const input = { seats: 2, options: defaultOptions(game), seed: 'undo-rng' };
    const before = game.setup(input) as { rng: number[] };
    const seat = game.pending(before)[0]!;
    const move = game.legalMoves(before, seat)[0];
    const result = game.apply(before, seat, move);
    if (!result.ok) throw new Error(result.error.key);
    // The same state with the RNG moved on: the views are unchanged, the draw is not.
    const drawn = { ...(before as object), rng: [1, 2, 3, 4] };
    expect(revealsNothing(game, before, seat, move, { ...(result.state as object), rng: [1, 2, 3, 4] })).toBe(false);
    expect(revealsNothing(game, before, seat, move, drawn)).toBe(false);
  });
});
