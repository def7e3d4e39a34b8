import { it } from 'vitest';
import { palermo } from '../../src/games/palermo/index.js';
import { localise } from '../../src/i18n/index.js';
import { fullState } from '../renderers/palermo-full.js';
it('text', () => {
  const s = fullState(2);
  for (const lang of ['en', 'fr'] as const) {
    const out: string[] = [];
    for (const f of palermo.present.status(palermo.publicView(s))) { out.push('## ' + localise(lang, f.name)); for (const l of f.lines) out.push(localise(lang, l)); }
    for (const l of palermo.present.hand(palermo.seatView(s, 0))) out.push('> ' + localise(lang, l));
    process.stdout.write(out.join('\n') + '\n\n');
  }
});
