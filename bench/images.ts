/**
 * R-Eco images alone: render+encode time and PNG size of the board, a hand and the final
 * ranking, over positions from bot games with 5 players (the largest board).
 */
import { playout, type Outcome } from '../src/engine/index.js';
import { rEco, type REcoState } from '../src/games/r-eco/index.js';
import { t } from '../src/i18n/index.js';
import { renderers } from '../renderers/index.js';
import { median, percentile } from './stats.js';

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

export function benchImages(opts = { games: 10, language: 'fr' as const }): { board: Measure; hand: Measure; final: Measure } {
  const r = renderers['r-eco']!;
  const ctx = { names: ['Alice', 'Bartholomew', 'Chloé', 'Dmitri', 'Ève'], t: (key: string, args?: Record<string, string | number>) => t(opts.language, key, args) };
  const board = { ms: [] as number[], sizes: [] as number[] }, hand = { ms: [] as number[], sizes: [] as number[] }, final = { ms: [] as number[], sizes: [] as number[] };
  for (let g = 0; g < opts.games; g++) {
    const input = { seats: 5, options: { twoPlayer: false }, seed: `bench-images-${g}` };
    const { log } = playout<REcoState>(rEco, input);
    let state = rEco.setup(input);
    // The first game only warms the caches of card faces and static layers.
    const keep = g > 0;
    for (const { seat, move } of log) {
      const result = rEco.apply(state, seat, move as never);
      if (!result.ok) throw new Error(result.error.key);
      state = result.state;
      const b = { ms: [] as number[], sizes: [] as number[] };
      measure(() => r.board(rEco.publicView(state), ctx), b.ms, b.sizes);
      const h = { ms: [] as number[], sizes: [] as number[] };
      const pending = rEco.pending(state)[0];
      if (pending !== undefined) measure(() => r.hand(rEco.seatView(state, pending), ctx), h.ms, h.sizes);
      if (keep) {
        board.ms.push(...b.ms), board.sizes.push(...b.sizes);
        hand.ms.push(...h.ms), hand.sizes.push(...h.sizes);
      }
    }
    const outcome = rEco.outcome(state) as Outcome;
    const f = { ms: [] as number[], sizes: [] as number[] };
    measure(() => r.final(rEco.publicView(state), outcome, ctx), f.ms, f.sizes);
    if (keep) final.ms.push(...f.ms), final.sizes.push(...f.sizes);
  }
  return { board: summary(board.ms, board.sizes), hand: summary(hand.ms, hand.sizes), final: summary(final.ms, final.sizes) };
}
