/**
 * Crafted moments whose log lines carry (or must not carry) a Mafia part: income withheld for a
 * debt, a forced cost borrowed, and the same sums with no Mafia at all. Shared by the message
 * tests and the locale check (which needs every key emitted at least once).
 */
import type { LogEvent } from '../../../src/engine/index.js';
import { phaseA } from '../../../src/games/palermo/phaseA.js';
import { applyCounts, dispose, payUpkeep } from '../../../src/games/palermo/phaseB.js';
import { applyAnswer, applyOffer } from '../../../src/games/palermo/phaseC.js';
import { blank, board, ct, owned, vec } from './helpers.js';

export interface MoneyCase {
  name: string;
  events: LogEvent[];
}

function run(name: string, act: (events: LogEvent[]) => void): MoneyCase {
  const events: LogEvent[] = [];
  act(events);
  return { name, events };
}

export function moneyCases(): MoneyCase[] {
  const contracts = (...prices: number[]) => prices.map((price) => ({ card: ct(price === 0 ? 'C6' : 'C3'), price, life: 5 }));
  return [
    run('income, no debt', (e) => { const s = blank(); board(s, 0, { contracts: contracts(5) }); phaseA(s, 0, e); }),
    run('income withheld', (e) => { const s = blank(); board(s, 0, { debt: 4, contracts: contracts(6) }); phaseA(s, 0, e); }),
    run('cost paid in cash', (e) => { const s = blank(); board(s, 0, { cash: 20, contracts: contracts(-3) }); phaseA(s, 0, e); }),
    run('cost borrowed', (e) => { const s = blank(); board(s, 0, { cash: 1, contracts: contracts(-3) }); phaseA(s, 0, e); }),
    run('a contract at 0', (e) => { const s = blank(); board(s, 0, { contracts: contracts(0) }); phaseA(s, 0, e); }),
    run('sale, no debt', (e) => { const s = blank(); board(s, 0, { recycling: vec({ YE: 2 }) }); s.step = 'sell'; applyCounts(s, 0, { YE: 2 }, e); }),
    run('sale withheld', (e) => { const s = blank(); board(s, 0, { debt: 3, recycling: vec({ YE: 2 }) }); s.step = 'sell'; applyCounts(s, 0, { YE: 2 }, e); }),
    run('burn, no debt', (e) => { const s = blank(); board(s, 0, { storage: vec({ BR: 2 }) }); s.step = 'factory'; applyCounts(s, 0, { b2BR: 2 }, e); }),
    run('burn withheld', (e) => { const s = blank(); board(s, 0, { debt: 2, storage: vec({ BR: 2 }) }); s.step = 'factory'; applyCounts(s, 0, { b2BR: 2 }, e); }),
    run('free recycling', (e) => { const s = blank(); board(s, 0, { equipment: owned('R4'), storage: vec({ GR: 2 }) }); s.step = 'factory'; applyCounts(s, 0, { rGR: 2 }, e); }),
    run('paid recycling', (e) => { const s = blank(); board(s, 0, { equipment: owned('R1'), storage: vec({ YE: 2 }) }); s.step = 'factory'; applyCounts(s, 0, { rYE: 2 }, e); }),
    run('upkeep in cash', (e) => { const s = blank(); payUpkeep(s, 0, e); }),
    run('upkeep borrowed', (e) => { const s = blank(); board(s, 0, { cash: 2 }); payUpkeep(s, 0, e); }),
    run('Mafia in cash', (e) => { const s = blank(); board(s, 0, { toMafia: vec({ BR: 1 }) }); dispose(s, 0, e); }),
    run('Mafia borrowed', (e) => { const s = blank(); board(s, 0, { cash: 0, toMafia: vec({ BK: 1 }) }); dispose(s, 0, e); }),
    ...[0, 3].map((debt) => run(debt ? 'sale of a contract withheld' : 'sale of a contract', (e) => {
      const s = blank();
      s.phase = 'C';
      board(s, 0, { debt, contracts: contracts(5) });
      if (applyOffer(s, 0, 0, 1, 4, [])) throw new Error('offer refused');
      applyAnswer(s, true, e);
    })),
  ];
}
