/** Message builders shared by logs, decisions, views and scoring. Texts live in the locale files. */
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { COLOURS, contractType, equipmentType, NC } from './constants.js';
import type { Vec } from './types.js';

const COLOUR_MSGS: readonly Msg[] = COLOURS.map((c) => Object.freeze({ key: `palermo.colour.${c}` }));
export function colourMsg(c: number): Msg {
  return COLOUR_MSGS[c]!;
}

/** "2 brown, 1 mauve", or "no cubes"; the colour agrees with its count ("2 jaunes"). */
export function cubesMsg(x: Vec): Msg {
  const parts: Msg[] = [];
  for (let c = 0; c < NC; c++) if (x[c]! > 0) parts.push({ key: 'palermo.cube', args: { count: x[c]!, colour: { key: `palermo.colours.${COLOURS[c]}`, args: { count: x[c]! } } } });
  return parts.length === 0 ? { key: 'palermo.none' } : { key: 'palermo.list', args: { items: parts } };
}

export function isEmpty(x: Vec): boolean {
  return x.every((n) => n === 0);
}

export function contractMsg(card: number): Msg {
  const t = contractType(card);
  return { key: 'palermo.contractCard', args: { id: t.id, delivery: cubesMsg(t.delivery as Vec), kind: { key: `palermo.kind.${t.kind}` }, price: t.price, validity: t.validity } };
}

/**
 * A contract as a choice: name, kind and pay on the label; deliveries and length (or `terms`, what
 * this choice adds) in the detail. A button label stops at 80 characters, and the whole card did
 * not fit, so its price and effect were cut off.
 */
export function contractChoice(card: number, terms?: Msg): { label: Msg; detail: Msg } {
  const t = contractType(card);
  const delivery = cubesMsg(t.delivery as Vec);
  return {
    label: { key: 'palermo.contractLabel', args: { id: t.id, kind: { key: `palermo.kind.${t.kind}` }, price: t.price } },
    detail: terms ? { key: 'palermo.contractDetailWith', args: { delivery, terms } } : { key: 'palermo.contractDetail', args: { delivery, validity: t.validity } },
  };
}

/** A piece of equipment as a choice: name and price on the label, what it holds and costs in the detail. */
export function equipmentChoice(card: number): { label: Msg; detail: Msg } {
  const t = equipmentType(card);
  const colours: Msg[] = t.colours.map(colourMsg);
  return {
    label: { key: 'palermo.equipmentLabel', args: { id: t.id, kind: { key: `palermo.equipmentKind.${t.kind}` }, price: t.price } },
    detail: { key: `palermo.equipmentDetail.${t.kind}`, args: { capacity: t.capacity, colours: { key: 'palermo.list', args: { items: colours } }, cost: Math.abs(t.operating) } },
  };
}

export function equipmentMsg(card: number): Msg {
  const t = equipmentType(card);
  const colours: Msg[] = t.colours.map(colourMsg);
  return {
    key: `palermo.equipmentCard.${t.kind}`,
    args: { id: t.id, capacity: t.capacity, colours: { key: 'palermo.list', args: { items: colours } }, price: t.price, cost: Math.abs(t.operating) },
  };
}

/**
 * A sum of money with its Mafia part only when there is one: `key` alone, or `key` + "Withheld" /
 * "Borrowed" with that amount.
 */
export function moneyPart(key: string, amount: number, extra: { withheld?: number; borrowed?: number } = {}): Msg {
  if (extra.withheld) return { key: `${key}Withheld`, args: { amount, withheld: extra.withheld } };
  if (extra.borrowed) return { key: `${key}Borrowed`, args: { amount, borrowed: extra.borrowed } };
  return { key, args: { amount } };
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
