/**
 * The turn's state machine (spec §3.4): A for everyone, B and C player by player from the first
 * player clockwise, then D (auction) and E (clean-up). `advance` settles every step that needs
 * no answer and stops where a seat must decide.
 */
import { Rng, type LogEvent } from '../../engine/index.js';
import { contractType, EQUIPMENT_ROW_SIZE } from './constants.js';
import { drawContract, drawEquipment, syncCounts } from './decks.js';
import { contractMsg, pub } from './msgs.js';
import { phaseA } from './phaseA.js';
import { B_STEPS, endStep, groupsFor, payUpkeep, visibleFields } from './phaseB.js';
import { applyRefill, handFull, menuItems, refillOptions } from './phaseC.js';
import { settleChoice, startChoice } from './freeChoice.js';
import { settleAuction, startAuctions } from './phaseD.js';
import { phaseE } from './phaseE.js';
import type { PalermoState, Step } from './types.js';

/** All set-up choices are in: reveal them, build the decks and rows, start turn 1 (§3.3). */
export function finishSetup(s: PalermoState, events: LogEvent[]): void {
  const rng = new Rng(s.rng);
  const contractBack: number[] = [], equipmentBack: number[] = [];
  for (let seat = 0; seat < s.seats; seat++) {
    const pick = s.picks[seat]!, draw = s.draws[seat]!;
    const t = contractType(pick.contract);
    s.boards[seat]!.contracts.push({ card: pick.contract, price: t.price, life: t.validity });
    s.hands[seat] = [...pick.equipment];
    contractBack.push(...draw.contracts.filter((c) => c !== pick.contract));
    equipmentBack.push(...draw.equipment.filter((c) => !pick.equipment.includes(c)));
    events.push(pub('palermo.log.kept', { seat: { seat }, contract: contractMsg(pick.contract) }));
  }
  s.contractDeck = rng.shuffle([...s.contractDeck, ...contractBack]);
  s.equipmentDeck = rng.shuffle([...s.equipmentDeck, ...equipmentBack]);
  s.draws = [];
  s.picks = [];
  for (let i = 0; i < s.seats; i++) s.contractRow.push(drawContract(s)!);
  if (s.ladder) s.ladder = s.contractRow.map(() => 0);
  for (let i = 0; i < EQUIPMENT_ROW_SIZE; i++) s.equipmentRow.push(drawEquipment(s)!);
  syncCounts(s);
  startTurn(s, events);
}

function startTurn(s: PalermoState, events: LogEvent[]): void {
  s.turn++;
  events.push(pub('palermo.log.turn', { turn: s.turn, turns: s.turns }));
  for (const b of s.boards) {
    b.boughtDone = false; b.saleDone = false; b.destroyDone = false; b.offeredTo = []; b.won = false;
  }
  for (let i = 0; i < s.seats; i++) phaseA(s, (s.firstPlayer + i) % s.seats, events);
  s.phase = 'B';
  s.current = s.firstPlayer;
  enterBStep(s, 'sell', events);
}

export function enterBStep(s: PalermoState, step: Step, events: LogEvent[]): void {
  s.step = step;
  s.part = 0;
  if (step === 'store') payUpkeep(s, s.current, events);
  s.groups = groupsFor(step, s, s.current);
}

/** Moves on after the current form of a phase B step was answered (or had nothing to ask). */
export function nextBPart(s: PalermoState, events: LogEvent[]): void {
  if (s.part + 1 < s.groups.length) {
    s.part++;
    return;
  }
  endStep(s, s.current, events);
  const i = B_STEPS.indexOf(s.step);
  if (i + 1 < B_STEPS.length) {
    enterBStep(s, B_STEPS[i + 1]!, events);
    return;
  }
  const next = (s.current + 1) % s.seats;
  if (next !== s.firstPlayer) {
    s.current = next;
    enterBStep(s, 'sell', events);
    return;
  }
  s.phase = 'C';
  s.current = s.firstPlayer;
  s.step = 'menu';
  s.groups = [];
}

function nextCPlayer(s: PalermoState, events: LogEvent[]): void {
  const next = (s.current + 1) % s.seats;
  if (next !== s.firstPlayer) {
    s.current = next;
    s.step = 'menu';
    return;
  }
  if (s.ladder) startChoice(s);
  else startAuctions(s);
  void events;
}

/** Settles every step with nothing to decide. */
export function advance(s: PalermoState, events: LogEvent[]): void {
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.phase === 'B') {
      if (visibleFields(s, s.current).length > 0) return;
      nextBPart(s, events);
      continue;
    }
    if (s.phase === 'C') {
      if (s.step === 'menu') {
        if (menuItems(s, s.current).length > 1) return;
        s.step = 'refill';
      }
      if (s.step === 'refill') {
        const options = refillOptions(s);
        if (handFull(s, s.current) || options.length === 0) {
          nextCPlayer(s, events);
          continue;
        }
        if (options.length === 1 || s.equipmentRow.length === 0) {
          applyRefill(s, s.current, options.length === 1 ? options[0]! : null, events);
          continue;
        }
      }
      return;
    }
    if (s.phase === 'D') {
      if (!(s.ladder ? settleChoice(s, events) : settleAuction(s, events))) return;
      phaseE(s, events);
      if (s.turn >= s.turns) {
        s.phase = 'over';
        s.step = 'over';
        events.push(pub('palermo.log.over'));
        return;
      }
      startTurn(s, events);
      continue;
    }
    return;
  }
  throw new Error('palermo: advance did not settle');
}
