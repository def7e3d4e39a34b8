/**
 * Image canvases are handed out again once encoded. A canvas used before must draw exactly the
 * bytes a new one draws: no pixels, transform, style or clip carried over from the last image.
 */
import { describe, expect, it } from 'vitest';
import { renderers } from '../../src/catalog.js';
import { createImageCanvas, encodePng } from '../../renderers/canvas.js';
import { playout } from '../../src/engine/index.js';
import { GAMES } from '../../src/catalog.js';
import { t } from '../../src/i18n/index.js';

const ctx = { names: ['Alice', 'Bob', 'Chloé'], t: (key: string, args?: Record<string, string | number>) => t('en', key, args) };

describe.each(Object.keys(GAMES))('%s images on a canvas used before', (id) => {
  it('are the bytes a new canvas draws', () => {
    const game = GAMES[id]!;
    const parsed = game.parseOptions({});
    if (!parsed.ok) throw new Error(parsed.error.key);
    const input = { seats: 3, options: parsed.options, seed: `spare-${id}` };
    const { log } = playout<unknown>(game, input);
    let state = game.setup(input);
    const early = state;
    for (const { seat, move } of log.slice(0, Math.ceil(log.length / 2))) {
      const r = game.apply(state, seat, move);
      if (!r.ok) throw new Error(r.error.key);
      state = r.state;
    }
    const r = renderers[id]!;
    const first = { board: r.board(game.publicView(early), ctx), hand: r.hand(game.seatView(early, 0), ctx) };
    // Other images of the same sizes, and one that leaves its state and a clip behind.
    const other = r.board(game.publicView(state), ctx);
    expect(other.equals(first.board)).toBe(false);
    r.hand(game.seatView(state, 1), ctx);
    for (const png of [first.board, first.hand]) {
      const { width, height } = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
      const { canvas, g } = createImageCanvas(width, height);
      g.fillStyle = '#ff00ff';
      g.fillRect(0, 0, width, height);
      g.translate(5, 3);
      g.textAlign = 'right';
      g.save();
      g.translate(37, 11);
      g.globalAlpha = 0.3;
      g.font = '40px serif';
      g.beginPath();
      g.rect(0, 0, 10, 10);
      g.clip();
      encodePng(canvas);
    }
    expect(r.board(game.publicView(early), ctx).equals(first.board)).toBe(true);
    expect(r.hand(game.seatView(early, 0), ctx).equals(first.hand)).toBe(true);
  });
});
