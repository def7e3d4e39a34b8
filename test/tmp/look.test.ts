import { writeFileSync } from 'node:fs';
import { createCanvas, Image } from 'canvas';
function crop(png: Buffer, y: number, h: number, out: string) { const img = new Image(); img.src = png; const c = createCanvas(img.width, Math.min(h, img.height - y)); c.getContext('2d').drawImage(img, 0, -y); writeFileSync(out, c.toBuffer('image/png')); }
import { it } from 'vitest';
import { renderers } from '../../renderers/index.js';
import { outOfBounds, recordDrawing } from '../../renderers/canvas.js';
import { palermo } from '../../src/games/palermo/index.js';
import { fullState } from '../renderers/palermo-full.js';
import { realCtx } from '../renderers/bounds.js';
import { playout } from '../../src/engine/index.js';
import type { PalermoState } from '../../src/games/palermo/types.js';

it('look', () => {
  for (const seats of [2, 5]) for (const lang of ['en', 'fr'] as const) {
    const s = fullState(seats);
    const ctx = realCtx(lang);
    const r = recordDrawing(() => renderers.palermo!.board(palermo.publicView(s), ctx));
    console.log(seats, lang, outOfBounds(r.items).slice(0, 10));
    writeFileSync(`/tmp/p-full-${seats}-${lang}.png`, r.result);
    crop(r.result, 0, 1400, `/tmp/p-full-${seats}-${lang}-top.png`);
    crop(r.result, 1400, 1400, `/tmp/p-full-${seats}-${lang}-mid.png`);
    writeFileSync(`/tmp/p-hand-${seats}-${lang}.png`, renderers.palermo!.hand(palermo.seatView(s, 0), ctx));
  }
  const input = { seats: 2, options: { turns: '5', choice: false }, seed: 'look' };
  let s = palermo.setup(input);
  const ctx = realCtx('en', ['Alice', 'Bob']);
  writeFileSync('/tmp/p-setup-hand.png', renderers.palermo!.hand(palermo.seatView(s, 0), ctx));
  const { log } = playout<PalermoState>(palermo, input);
  for (const [i, { seat, move }] of log.entries()) {
    s = (palermo.apply(s, seat, move as never) as { state: PalermoState }).state;
    if (i === 40) { writeFileSync('/tmp/p-mid-2.png', renderers.palermo!.board(palermo.publicView(s), ctx)); writeFileSync('/tmp/p-mid-hand.png', renderers.palermo!.hand(palermo.seatView(s, 0), ctx)); }
  }
  writeFileSync('/tmp/p-final.png', renderers.palermo!.final(palermo.publicView(s), palermo.outcome(s)!, realCtx('fr')));
});
