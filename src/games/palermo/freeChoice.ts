/**
 * Phase D in the free-choice variant (spec §3.9, G15; lobby option, off by default): no auction.
 * Clockwise from the first player, each player takes one contract on offer at its current value
 * (printed price + the ladder step its token stands on) or passes. Then every unpicked card's
 * token moves up one step; a card already on the last step is discarded instead. The row is
 * refilled to one card per player.
 */
import type { LogEvent } from '../../engine/index.js';
import { contractType, VARIANT_LADDER } from './constants.js';
import { drawContract } from './decks.js';
import { contractMsg, pub } from './msgs.js';
import type { PalermoState, Table } from './types.js';

export function startChoice(s: PalermoState): void {
  s.phase = 'D';
  s.step = 'pick';
  s.current = s.firstPlayer;
  s.auction = null;
}

/** What the contract at `index` of the row pays a turn if taken now. */
export function pickValue(t: Table, index: number): number {
  return contractType(t.contractRow[index]!).price + VARIANT_LADDER[t.ladder![index]!]!;
}

export function applyPick(s: PalermoState, seat: number, card: number, events: LogEvent[]): { key: string } | null {
  const i = s.contractRow.indexOf(card);
  if (i < 0) return { key: 'palermo.error.notOffered' };
  const price = pickValue(s, i);
  s.boards[seat]!.contracts.push({ card, price, life: contractType(card).validity });
  s.boards[seat]!.won = true;
  s.contractRow.splice(i, 1);
  s.ladder!.splice(i, 1);
  events.push(pub('palermo.log.picked', { seat: { seat }, contract: contractMsg(card), price }));
  nextPicker(s);
  return null;
}

export function passPick(s: PalermoState, seat: number, events: LogEvent[]): void {
  events.push(pub('palermo.log.passed', { seat: { seat } }));
  nextPicker(s);
}

function nextPicker(s: PalermoState): void {
  const next = (s.current + 1) % s.seats;
  if (next === s.firstPlayer) s.step = 'picked';
  else s.current = next;
}

/** Settles the end of the picks (everyone had a turn, or the row is empty). True when phase D is over. */
export function settleChoice(s: PalermoState, events: LogEvent[]): boolean {
  if (s.step === 'pick' && s.contractRow.length > 0) return false;
  const row: number[] = [], ladder: number[] = [];
  s.contractRow.forEach((card, i) => {
    const step = s.ladder![i]! + 1;
    if (step >= VARIANT_LADDER.length) {
      s.contractDiscard.push(card);
      events.push(pub('palermo.log.expired', { contract: contractMsg(card) }));
    } else {
      row.push(card);
      ladder.push(step);
    }
  });
  const fresh: number[] = [];
  while (row.length < s.seats) {
    const card = drawContract(s);
    if (card === null) break;
    row.push(card);
    ladder.push(0);
    fresh.push(card);
  }
  s.contractRow = row;
  s.ladder = ladder;
  if (fresh.length > 0) events.push(pub('palermo.log.newContracts', { contracts: fresh.map(contractMsg) }));
  return true;
}
