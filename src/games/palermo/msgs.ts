/** Message builders shared by logs, decisions, views and scoring. Texts live in the locale files. */
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { COLOURS, contractType, equipmentType, NC } from './constants.js';
import type { Vec } from './types.js';

const COLOUR_MSGS: readonly Msg[] = COLOURS.map((c) => Object.freeze({ key: `palermo.colour.${c}` }));
export function colourMsg(c: number): Msg {
  return COLOUR_MSGS[c]!;
}

/** "2 brown, 1 mauve", or "none". */
export function cubesMsg(x: Vec): Msg {
  const parts: Msg[] = [];
  for (let c = 0; c < NC; c++) if (x[c]! > 0) parts.push({ key: 'palermo.cube', args: { count: x[c]!, colour: colourMsg(c) } });
  return parts.length === 0 ? { key: 'palermo.none' } : { key: 'palermo.list', args: { items: parts } };
}

export function contractMsg(card: number): Msg {
  const t = contractType(card);
  return { key: 'palermo.contractCard', args: { id: t.id, delivery: cubesMsg(t.delivery as Vec), kind: { key: `palermo.kind.${t.kind}` }, price: t.price, validity: t.validity } };
}

export function equipmentMsg(card: number): Msg {
  const t = equipmentType(card);
  const colours: Msg[] = t.colours.map(colourMsg);
  return {
    key: `palermo.equipmentCard.${t.kind}`,
    args: { id: t.id, capacity: t.capacity, colours: { key: 'palermo.list', args: { items: colours } }, price: t.price, cost: Math.abs(t.operating) },
  };
}

export function seatRef(seat: Seat) {
  return { seat };
}

export function pub(key: string, args?: Msg['args']): LogEvent {
  return args ? { key, args, visibleTo: 'all' } : { key, visibleTo: 'all' };
}
export function priv(seats: Seat[], key: string, args?: Msg['args']): LogEvent {
  return args ? { key, args, visibleTo: seats } : { key, visibleTo: seats };
}
