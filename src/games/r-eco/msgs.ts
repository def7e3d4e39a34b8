/**
 * Message builders shared by log events, decisions, scoring and presentation. Colour and card
 * messages are built once and frozen: every log line reuses them, and bot playouts log a lot.
 */
import type { Msg } from '../../engine/index.js';
import { COLOURS, DECK } from './constants.js';
import type { CardId, Colour } from './types.js';

const COLOUR_MSGS = Object.fromEntries(COLOURS.map((c) => [c, Object.freeze({ key: `r-eco.colour.${c}` })])) as Record<Colour, Msg>;

export function colourMsg(colour: Colour): Msg {
  return COLOUR_MSGS[colour];
}

export function cardLabel(colour: Colour, value: number): Msg {
  return { key: 'r-eco.card', args: { colour: colourMsg(colour), value } };
}

const CARD_MSGS: readonly Msg[] = DECK.map((c) =>
  Object.freeze({ key: 'r-eco.card', args: Object.freeze({ colour: colourMsg(c.colour), value: c.value }) }),
);

function cardMsg(id: CardId): Msg {
  const msg = CARD_MSGS[id];
  if (!msg) throw new RangeError(`unknown R-Eco card id ${id}`);
  return msg;
}

export function cardMsgs(ids: readonly CardId[]): Msg[] {
  return ids.map(cardMsg);
}
