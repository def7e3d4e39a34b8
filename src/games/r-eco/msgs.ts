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

const SYMBOL_MSGS = Object.fromEntries(COLOURS.map((c) => [c, Object.freeze({ key: `r-eco.symbol.${c}` })])) as Record<Colour, Msg>;

/** The colour's symbol for buttons and lists (an emoji whose colour and shape tell colours apart). */
export function symbolMsg(colour: Colour): Msg {
  return SYMBOL_MSGS[colour];
}

/** A card as a select option: symbol, colour name and value. */
export function cardChoiceLabel(colour: Colour, value: number): Msg {
  return { key: 'r-eco.cardChoice', args: { symbol: symbolMsg(colour), colour: colourMsg(colour), value } };
}

/** A card in a short list: symbol and value. */
export function cardShort(colour: Colour, value: number): Msg {
  return { key: 'r-eco.cardShort', args: { symbol: symbolMsg(colour), value } };
}
