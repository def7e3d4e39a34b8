/**
 * The distinct plays of a hand and what each would do. Cards of one colour and value are
 * interchangeable, so a play is fixed by its colour and how many 1s and 2s it uses: a hand of
 * at most 5 cards has at most 11 of them, few enough to offer each as one button.
 */
import { COLOURS, HAND_LIMIT, THRESHOLD } from './constants.js';
import type { Card, CardId, Colour, REcoSeatView } from './types.js';

export interface Play {
  /** Stable short id, e.g. `r-2x1-1x2` (red: two 1s and one 2). */
  id: string;
  colour: Colour;
  ones: number;
  twos: number;
  /** The card ids it plays: the first matching cards of the sorted hand. */
  cards: CardId[];
}

/** What a play would do, from public facts and the player's own hand only. */
export interface PlayPreview {
  /** Units at the factory once the cards are down, before any payout. */
  units: number;
  /** The reward taken, or null when the factory stays under the threshold (or no reward is left). */
  reward: number | null;
  /** True when that reward was the last of its stack: the game ends after this turn. */
  endsGame: boolean;
  /** The cards collected from that centre's dump. */
  collect: Card[];
  handAfter: number;
  /** Cards to dump face down afterwards (−1 point each). */
  mustDump: number;
}

const LETTER: Record<Colour, string> = { red: 'r', blue: 'b', yellow: 'y', green: 'g' };

export function playId(colour: Colour, ones: number, twos: number): string {
  return `${LETTER[colour]}-${ones}x1-${twos}x2`;
}

/**
 * Every distinct play of a hand, in table colour order, then fewer 2s first, then fewer 1s.
 * `hand` must be sorted (views.ts sortedHand) so the same cards are chosen every time.
 */
export function distinctPlays(hand: readonly (Card & { id: CardId })[]): Play[] {
  const plays: Play[] = [];
  for (const colour of COLOURS) {
    const ones = hand.filter((c) => c.colour === colour && c.value !== 2);
    const twos = hand.filter((c) => c.colour === colour && c.value === 2);
    for (let t = 0; t <= twos.length; t++) {
      for (let o = t === 0 ? 1 : 0; o <= ones.length; o++) {
        const cards = [...ones.slice(0, o), ...twos.slice(0, t)].map((c) => c.id);
        plays.push({ id: playId(colour, o, t), colour, ones: o, twos: t, cards });
      }
    }
  }
  return plays;
}

/** What the play would do, the way apply (turn.ts) then does it. */
export function previewPlay(view: REcoSeatView, play: Play): PlayPreview {
  const centre = view.centres.find((c) => c.colour === play.colour)!;
  const units = centre.factoryUnits + play.ones + 2 * play.twos;
  const top = centre.stack[0];
  const pays = units >= THRESHOLD && top !== undefined;
  const handAfter = view.hand.length - play.ones - play.twos + centre.dump.length;
  return {
    units,
    reward: pays ? top : null,
    endsGame: pays && centre.stack.length === 1,
    collect: centre.dump.map((c) => ({ colour: c.colour, value: c.value })),
    handAfter,
    mustDump: Math.max(0, handAfter - HAND_LIMIT),
  };
}
