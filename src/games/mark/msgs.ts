/**
 * Message builders shared by log lines, decisions, views and scoring. Colour and face messages
 * are built once and frozen: bot playouts log a lot, and every line reuses them.
 */
import type { Msg } from '../../engine/index.js';
import { COLOURS, ROW_LETTERS } from './constants.js';
import type { Colour, Face } from './types.js';

const COLOUR_MSGS = Object.fromEntries(COLOURS.map((c) => [c, Object.freeze({ key: `mark.colour.${c}` })])) as Record<Colour, Msg>;
const FACE_MSGS: Record<Face, Msg> = {
  ...COLOUR_MSGS,
  hammer: Object.freeze({ key: 'mark.face.hammer' }),
  star: Object.freeze({ key: 'mark.face.star' }),
};

export function colourMsg(colour: Colour): Msg {
  return COLOUR_MSGS[colour];
}

export function faceMsg(face: Face): Msg {
  return FACE_MSGS[face];
}

/** Squares and market rows as players read them: squares 1–4, rows A–E. */
export function squareName(index: number): number {
  return index + 1;
}

export function rowName(row: number): string {
  return ROW_LETTERS[row] ?? '?';
}
