import { playout } from '../src/engine/index.js';
import { gameById } from '../src/games/index.js';
import { renderImage } from '../src/discord/images.js';
const game = gameById('r-eco')!;
const views: unknown[] = [];
for (let g = 0; g < 5; g++) {
  const { log } = playout(game, { seats: 4, options: {}, seed: `p${g}` });
  let state = game.setup({ seats: 4, options: {}, seed: `p${g}` });
  for (const e of log) { state = (game.apply(state, e.seat, e.move) as any).state; views.push(game.publicView(state)); }
}
const times: number[] = []; const draw: number[] = [];
for (const view of views) {
  const t0 = performance.now();
  renderImage({ gameType: 'r-eco', kind: 'board', view, names: ['A', 'B', 'C', 'D'], language: 'en' });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(views.length, 'p50', times[times.length >> 1], 'p99', times[Math.floor(times.length * 0.99)]);
