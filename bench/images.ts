/**
 * Images alone, for any game: render+encode time and PNG size of the board, a private view and
 * the final ranking, over positions from bot games with the most players (the largest board).
 */
import { playout, type Outcome } from '../src/engine/index.js';
import { gameById } from '../src/catalog.js';
import { t } from '../src/i18n/index.js';
import { renderers } from '../src/catalog.js';
import { median, percentile, releaseImages } from './stats.js';

interface Measure {
  p50Ms: number;
  p99Ms: number;
  maxKB: number;
}

function measure(render: () => Buffer, samples: number[], sizes: number[]): void {
  const t0 = performance.now();
  const png = render();
  samples.push(performance.now() - t0);
  sizes.push(png.length);
}

const summary = (ms: number[], sizes: number[]): Measure => ({ p50Ms: median(ms), p99Ms: percentile(ms, 99), maxKB: Math.max(...sizes) / 1024 });

export async function benchImages(gameId = 'r-eco', opts = { games: 6, language: 'fr' as const }): Promise<{ board: Measure; hand: Measure; final: Measure }> {
  const r = renderers[gameId]!;
  const game = gameById(gameId)!;
  const parsed = game.parseOptions({});
  if (!parsed.ok) throw new Error(parsed.error.key);
  const seats = game.players(parsed.options).max;
  const ctx = { names: ['Alice', 'Bartholomew', 'Chloé', 'Dmitri', 'Ève'], t: (key: string, args?: Record<string, string | number>) => t(opts.language, key, args) };
  const board = { ms: [] as number[], sizes: [] as number[] }, hand = { ms: [] as number[], sizes: [] as number[] }, final = { ms: [] as number[], sizes: [] as number[] };
  for (let g = 0; g < opts.games; g++) {
    const input = { seats, options: parsed.options, seed: `bench-images-${g}` };
    const { log } = playout<unknown>(game, input);
    let state = game.setup(input);
    // Long games are sampled, so every game costs about the same.
    const every = Math.max(1, Math.floor(log.length / 60));
    // The first game only warms the caches of card faces and static layers.
    const keep = g > 0;
    for (const [i, { seat, move }] of log.entries()) {
      const result = game.apply(state, seat, move);
      if (!result.ok) throw new Error(result.error.key);
      state = result.state;
      if (i % every !== 0) continue;
      const b = { ms: [] as number[], sizes: [] as number[] };
      measure(() => r.board(game.publicView(state), ctx), b.ms, b.sizes);
      const h = { ms: [] as number[], sizes: [] as number[] };
      const pending: number | undefined = game.pending(state)[0];
      if (pending !== undefined) measure(() => r.hand(game.seatView(state, pending), ctx), h.ms, h.sizes);
      await releaseImages();
      if (keep) {
        board.ms.push(...b.ms), board.sizes.push(...b.sizes);
        hand.ms.push(...h.ms), hand.sizes.push(...h.sizes);
      }
    }
    const outcome = game.outcome(state) as Outcome;
    const f = { ms: [] as number[], sizes: [] as number[] };
    measure(() => r.final(game.publicView(state), outcome, ctx), f.ms, f.sizes);
    if (keep) final.ms.push(...f.ms), final.sizes.push(...f.sizes);
  }
  return { board: summary(board.ms, board.sizes), hand: summary(hand.ms, hand.sizes), final: summary(final.ms, final.sizes) };
}
