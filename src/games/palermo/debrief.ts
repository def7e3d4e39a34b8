/**
 * What a class debrief shows of a Palermo table, and the cards a player may flag for it. Boards
 * (cash, debt, contracts, equipment) are public, so the mid-game and final debriefs agree.
 */
import type { Debrief, DebriefNumber, Flaggable, FlagText, Msg } from '../../engine/index.js';
import { CONTRACT_CARDS, CONTRACT_TYPES, EQUIPMENT_CARDS, EQUIPMENT_TYPES, contractType, equipmentType } from './constants.js';
import { wealth } from './money.js';
import { contractChoice, contractMsg, equipmentChoice, equipmentMsg } from './msgs.js';
import type { PalermoSeatView, Table } from './types.js';

const num = (key: string, value: number): DebriefNumber => ({ key, label: { key: `palermo.debrief.${key}` }, value });
const KINDS = ['incin', 'recycling', 'decon', 'storage'] as const;

export function debrief(t: Table, _final: boolean): Debrief {
  const seats = t.boards.map((b, seat) => ({
    seat,
    numbers: [
      num('score', wealth(b)),
      num('money', b.cash),
      num('debt', b.debt),
      num('mafia', b.mafiaCubes ?? 0),
      num('contracts', b.contracts.length),
      num('equipment', b.equipment.length),
    ],
  }));
  const mafia = t.boards.map((b) => b.mafiaCubes ?? 0);
  const most = Math.max(...mafia);
  const lines: Msg[] = [
    most > 0
      ? { key: 'palermo.debrief.line.mafia', args: { n: mafia.reduce((a, x) => a + x, 0), seats: mafia.flatMap((m, seat) => (m === most ? [{ seat }] : [])), most } }
      : { key: 'palermo.debrief.line.noMafia' },
  ];
  const indebted = t.boards.flatMap((b, seat) => (b.debt > 0 ? [{ seat }] : []));
  lines.push(indebted.length ? { key: 'palermo.debrief.line.debt', args: { seats: indebted } } : { key: 'palermo.debrief.line.noDebt' });
  // Burn or recycle: what the table chose to buy, incinerators of both kinds counted together.
  const bought = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<(typeof KINDS)[number], number>;
  for (const b of t.boards) for (const e of b.equipment) {
    const kind = equipmentType(e.card).kind;
    bought[kind === 'incin1' || kind === 'incin2' ? 'incin' : kind]++;
  }
  lines.push({ key: 'palermo.debrief.line.equipment', args: bought });
  return { seats, lines };
}

// Ids fit custom ids: "c_<type>" a contract, "e_<type>" an equipment card; copies of a type are alike.
export function flaggable(view: PalermoSeatView): Flaggable[] {
  const out = new Map<string, Msg>();
  const board = view.boards[view.seat]!;
  const contracts = [...board.contracts.map((c) => c.card), ...(view.draws?.contracts ?? [])];
  const equipment = [...board.equipment.map((e) => e.card), ...view.hand, ...(view.draws?.equipment ?? [])];
  for (const c of contracts) out.set(`c_${contractType(c).id}`, contractChoice(c).label);
  for (const e of equipment) out.set(`e_${equipmentType(e).id}`, equipmentChoice(e).label);
  return [...out].map(([id, label]) => ({ id, label }));
}

export function flagText(id: string): FlagText | null {
  const [kind, type] = [id.slice(0, 2), id.slice(2)];
  if (kind === 'c_') {
    const card = CONTRACT_CARDS.indexOf(CONTRACT_TYPES.findIndex((x) => x.id === type));
    return card < 0 ? null : { label: contractChoice(card).label, text: contractMsg(card) };
  }
  if (kind === 'e_') {
    const card = EQUIPMENT_CARDS.indexOf(EQUIPMENT_TYPES.findIndex((x) => x.id === type));
    return card < 0 ? null : { label: equipmentChoice(card).label, text: equipmentMsg(card) };
  }
  return null;
}
