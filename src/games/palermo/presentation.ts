/** How Palermo views read as text: the /status fields and a seat's private lines. */
import type { Msg, MsgArg, Presentation, SeatRef } from '../../engine/index.js';
import { contractType } from './constants.js';
import { decisionFor } from './decisions.js';
import { pickValue } from './freeChoice.js';
import { contractMsg, cubesMsg, equipmentMsg } from './msgs.js';
import { rooms, type Room } from './rooms.js';
import type { Board, PalermoPublicView, PalermoSeatView } from './types.js';
import { wealth } from './money.js';

/** A held contract in words: what it brings, what it pays, how long it runs. */
function heldMsg(c: { card: number; price: number; life: number }): Msg {
  const t = contractType(c.card);
  return { key: 'palermo.status.contract', args: { id: t.id, kind: { key: `palermo.kind.${t.kind}` }, delivery: cubesMsg(t.delivery as number[]), price: c.price, count: c.life } };
}

/** A place that holds cubes, with what it holds and the room left. */
function roomMsg(r: Room): Msg {
  const name: Msg = r.id ? { key: 'palermo.status.card', args: { type: { key: `palermo.render.type.${r.kind}` }, id: r.id } } : { key: 'palermo.status.printed', args: { type: { key: `palermo.render.type.${r.kind}` } } };
  const args = { name, cubes: cubesMsg(r.cubes), free: r.capacity - r.used, capacity: r.capacity };
  return r.life === null ? { key: 'palermo.status.room', args } : { key: 'palermo.status.roomLife', args: { ...args, count: r.life } };
}

function boardLines(b: Board): Msg[] {
  const lines: Msg[] = [{ key: 'palermo.status.money', args: { cash: b.cash, debt: b.debt, score: wealth(b) } }];
  for (const c of b.contracts) lines.push(heldMsg(c));
  lines.push({ key: 'palermo.status.rooms', args: { rooms: rooms(b).map(roomMsg) } });
  const waiting: Record<string, MsgArg> = { bulk: cubesMsg(b.bulk), sorted: cubesMsg(b.sorted), count: b.handCount };
  lines.push(b.toMafia.some((n) => n > 0) ? { key: 'palermo.status.waitingMafia', args: { ...waiting, mafia: cubesMsg(b.toMafia) } } : { key: 'palermo.status.waiting', args: waiting });
  return lines;
}

/** The phase's name (never its letter): "Equipment and offers". */
export function phaseNameKey(v: Pick<PalermoPublicView, 'phase' | 'ladder'>): string {
  return `palermo.phaseName.${v.phase === 'D' && v.ladder ? 'Dchoice' : v.phase}`;
}

function phaseLine(v: PalermoPublicView): Msg {
  if (v.phase === 'over') return { key: 'palermo.status.over' };
  if (v.phase === 'setup') return { key: 'palermo.status.setup' };
  const at = { turn: v.turn, turns: v.turns, phase: { key: phaseNameKey(v) } };
  if (v.phase === 'D' && v.step === 'pick') return { key: 'palermo.status.picking', args: { ...at, seat: { seat: v.current } } };
  if (v.phase === 'D') {
    const a = v.auction!;
    if (a.card === null) return { key: 'palermo.status.naming', args: { ...at, seat: { seat: a.opener } } };
    const id = contractType(a.card).id;
    return a.high === null
      ? { key: 'palermo.status.auctionOpen', args: { ...at, id, seat: { seat: a.turn } } }
      : { key: 'palermo.status.auction', args: { ...at, id, amount: a.high, bidder: { seat: a.highBidder! }, seat: { seat: a.turn } } };
  }
  return { key: 'palermo.status.phase', args: { ...at, seat: { seat: v.step === 'answer' && v.offer ? v.offer.buyer : v.current }, step: { key: `palermo.step.${v.step}` } } };
}

/** The auction under way: the card in full, who may still bid and who has passed. */
function auctionLines(v: PalermoPublicView): Msg[] {
  const a = v.auction;
  if (v.phase !== 'D' || !a || a.card === null) return [];
  const active: SeatRef[] = [], passed: SeatRef[] = [];
  a.eligible.forEach((on, seat) => { if (on) (a.active[seat] ? active : passed).push({ seat }); });
  const lines: Msg[] = [{ key: 'palermo.status.onAuction', args: { contract: contractMsg(a.card) } }];
  if (active.length) lines.push({ key: 'palermo.status.bidders', args: { active } });
  if (passed.length) lines.push({ key: 'palermo.status.passedBidders', args: { passed } });
  return lines;
}

function status(v: PalermoPublicView): { name: Msg; lines: Msg[] }[] {
  const fields: { name: Msg; lines: Msg[] }[] = [];
  const table: Msg[] = [phaseLine(v), ...auctionLines(v)];
  table.push({ key: 'palermo.status.market', args: { ye: v.market[1]!, bl: v.market[2]!, wh: v.market[3]!, gr: v.market[4]!, mafia: v.mafia.reduce((a, n) => a + n, 0) } });
  if (v.contractRow.length > 0) {
    // In the free-choice variant each card shows what it pays now.
    const cards = v.contractRow.map((c, i): Msg => (v.ladder ? { key: 'palermo.status.offered', args: { contract: contractMsg(c), price: pickValue(v, i) } } : contractMsg(c)));
    table.push({ key: 'palermo.status.contractRow', args: { cards } });
  }
  if (v.equipmentRow.length > 0) table.push({ key: 'palermo.status.equipmentRow', args: { cards: v.equipmentRow.map(equipmentMsg) } });
  fields.push({ name: { key: 'palermo.status.table' }, lines: table });
  v.boards.forEach((b, seat) => {
    fields.push({ name: { key: seat === v.firstPlayer ? 'palermo.status.playerFirst' : 'palermo.status.player', args: { seat: { seat } } }, lines: boardLines(b) });
  });
  return fields;
}

function hand(v: PalermoSeatView): Msg[] {
  const lines: Msg[] = [];
  if (v.draws) {
    lines.push({ key: 'palermo.hand.draws', args: { contracts: v.draws.contracts.map(contractMsg), equipment: v.draws.equipment.map(equipmentMsg) } });
  } else {
    lines.push(v.hand.length === 0 ? { key: 'palermo.hand.empty' } : { key: 'palermo.hand.cards', args: { cards: v.hand.map(equipmentMsg) } });
  }
  if (v.phase === 'over') {
    lines.push({ key: 'palermo.hand.over' });
    return lines;
  }
  const d = decisionFor(v, v.seat, { hand: v.hand, draws: v.draws });
  if (d) lines.push({ key: 'palermo.hand.yourMove', args: { what: d.prompt } });
  else lines.push(phaseLine(v));
  return lines;
}

export const presentation: Presentation<PalermoPublicView, PalermoSeatView> = { status, hand, rulesKey: 'palermo.rules' };
