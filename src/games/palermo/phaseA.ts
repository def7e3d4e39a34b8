/** Phase A, contract management (spec §3.5): no decisions, one log line per player. */
import type { LogEvent, Msg } from '../../engine/index.js';
import { contractType, NC } from './constants.js';
import { forcedPay, receive } from './money.js';
import { cubesMsg, moneyPart, pub } from './msgs.js';
import type { PalermoState } from './types.js';

export function phaseA(s: PalermoState, seat: number, events: LogEvent[]): void {
  const b = s.boards[seat]!;
  let income = 0, withheld = 0, paid = 0, borrowed = 0;
  // Each contract is its own receipt (G12); incomes first, then forced payments.
  for (const c of b.contracts) {
    if (c.price > 0) {
      income += c.price;
      withheld += receive(b, c.price).withheld;
    }
  }
  for (const c of b.contracts) {
    if (c.price < 0) {
      paid += -c.price;
      borrowed += forcedPay(b, -c.price).borrowed;
    }
  }
  const delivered = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < b.contracts.length; i++) {
    const c = b.contracts[i]!;
    const t = contractType(c.card);
    const zone = t.kind === 'bulk' ? b.bulk : b.sorted;
    for (let k = 0; k < NC; k++) {
      zone[k]! += t.delivery[k]!;
      delivered[k]! += t.delivery[k]!;
      s.issued[k]! += t.delivery[k]!;
    }
    // Held contracts are never changed in place, so a state copy may share them.
    b.contracts[i] = { card: c.card, price: c.price, life: c.life - 1 };
  }
  // Only the sums that happened are named: no "(the Mafia takes 0)".
  const money: Msg[] = [];
  if (income > 0) money.push(moneyPart('palermo.log.income', income, { withheld }));
  if (paid > 0) money.push(moneyPart('palermo.log.cost', paid, { borrowed }));
  const cubes = cubesMsg(delivered);
  events.push(money.length ? pub('palermo.log.phaseA', { seat: { seat }, money, cubes }) : pub('palermo.log.phaseAOnly', { seat: { seat }, cubes }));
}
