/**
 * The strong bot's search: it reads the seat's view only (the same choice whatever the other
 * seats' secrets, for a fixed sample seed), it is reproducible with a rollout count, its moves
 * are legal, and it finds what the standard bot misses.
 */
import { describe, expect, it } from 'vitest';
import { ismctsMove, rngFromSeed, searchMove, type AnyGame, type Seat } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { cubeMarket } from '../games/fixtures/cube-market.js';

const GAMES: { id: string; seats: number; options: Record<string, string | boolean> }[] = [
  { id: 'r-eco', seats: 3, options: {} },
  { id: 'mark', seats: 3, options: { 'mark-private-money': true } },
  { id: 'mull-money', seats: 3, options: { 'mull-experimental': true } },
  { id: 'phoneimpact', seats: 3, options: {} },
  { id: 'palermo', seats: 3, options: { 'palermo-turns': '5' } },
];

/** States along a seeded bot game, every `step` moves. */
function statesOf(game: AnyGame, seats: number, options: Record<string, string | boolean>, step: number, seed: string): unknown[] {
  const parsed = game.parseOptions(options);
  if (!parsed.ok) throw new Error(parsed.error.key);
  let state = game.setup({ seats, options: parsed.options, seed });
  const rng = rngFromSeed(`states:${seed}`);
  const out: unknown[] = [];
  for (let n = 0; !game.isOver(state); n++) {
    if (n % step === 0) out.push(state);
    const seat: Seat = game.pending(state)[0]!;
    const r = game.apply(state, seat, game.bot(game.seatView(state, seat), rng));
    if (!r.ok) throw new Error(r.error.key);
    state = r.state;
  }
  return out;
}

const SEARCHES = [
  { name: 'flat rollouts', searchMove },
  { name: 'information-set MCTS', searchMove: ismctsMove },
];

describe.each(SEARCHES)('strong bot search: $name', ({ searchMove }) => {
  it.each(GAMES)('$id: the choice depends on the seat view only, is repeatable, and is legal', ({ id, seats, options }) => {
    const game = gameById(id)!;
    const states = statesOf(game, seats, options, id === 'palermo' ? 23 : 7, `search-${id}`).slice(0, 4);
    let searched = 0;
    for (const [i, state] of states.entries()) {
      for (const seat of game.pending(state) as Seat[]) {
        const budget = { iterations: 16 };
        const a = searchMove(game, seat, game.seatView(state, seat), rngFromSeed(`fixed-${i}`), budget);
        const again = searchMove(game, seat, game.seatView(state, seat), rngFromSeed(`fixed-${i}`), budget);
        // Every other seat's hand, cash, sealed answer and the deck order dealt again.
        const other = game.withOtherSecrets(state, rngFromSeed(`other-${i}`), seat);
        const b = searchMove(game, seat, game.seatView(other, seat), rngFromSeed(`fixed-${i}`), budget);
        expect(again.move).toEqual(a.move);
        expect(b.move).toEqual(a.move);
        expect(b.winChance).toEqual(a.winChance);
        expect(game.apply(state, seat, a.move).ok).toBe(true);
        if (a.rollouts > 0) searched++;
      }
    }
    expect(searched).toBeGreaterThan(0);
  }, 120_000);

  it('finds a move the standard bot misses: selling every cube on the last turn', () => {
    // The fixture's standard bot sells green cubes only; cash is the score and unsold cubes are worth nothing.
    let state = cubeMarket.setup({ seats: 2, options: {}, seed: 'last-turn' });
    const rng = rngFromSeed('cube');
    while (state.turn < 6) state = (cubeMarket.apply(state, state.current, cubeMarket.bot(cubeMarket.seatView(state, state.current), rng)) as { ok: true; state: typeof state }).state;
    const seat = state.current;
    const view = cubeMarket.seatView(state, seat);
    expect(view.cubes[seat]!.slice(0, 2).some((n) => n > 0)).toBe(true);
    const result = searchMove<{ sell: number[] }>(cubeMarket as AnyGame, seat, view, rngFromSeed('s'), { iterations: 200 });
    expect(result.standard.sell).not.toEqual(view.cubes[seat]);
    expect(result.move.sell).toEqual(view.cubes[seat]);
    expect(result.winChance).toBeGreaterThanOrEqual(result.standardChance!);
  });

  it('answers at once with the standard move when a time budget is already spent', () => {
    const game = gameById('r-eco')!;
    const state = game.setup({ seats: 3, options: { twoPlayer: false }, seed: 'spent' });
    const seat = game.pending(state)[0]!;
    const view = game.seatView(state, seat);
    const result = searchMove(game, seat, view, rngFromSeed('x'), { now: () => 10, until: 5 });
    expect(result.rollouts).toBe(0);
    expect(result.move).toEqual(game.bot(view, rngFromSeed('x')));
  });
});
