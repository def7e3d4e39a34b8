/** What the pending seat is asked (play cards, or dump the excess) and every legal move. */
import type { Choice, Decision, Seat } from '../../engine/index.js';
import { COLOURS, cardOf } from './constants.js';
import { cardLabel } from './msgs.js';
import { mustDump } from './turn.js';
import type { CardId, Colour, REcoMove, REcoState } from './types.js';
import { sortedHand } from './views.js';

const TONE: Record<Colour, Choice['tone']> = { red: 'danger', blue: 'primary', yellow: 'secondary', green: 'success' };

export function pending(state: REcoState): Seat[] {
  return state.phase === 'over' ? [] : [state.current];
}

export function decision(state: REcoState, seat: Seat): Decision<REcoMove> | null {
  if (state.phase === 'over' || seat !== state.current) return null;
  const hand = state.players[seat]!.hand;
  const choices: Choice[] = sortedHand(hand).map((c) => ({ id: String(c.id), label: cardLabel(c.colour, c.value), tone: TONE[c.colour] }));
  const type = state.phase;
  // Unknown ids mean a stale or forged answer; other mistakes (mixed colours) reach apply for a clear error.
  const toMove = (ids: string[]): REcoMove | null => {
    const cards: CardId[] = [];
    for (const id of ids) {
      const card = choices.find((c) => c.id === id);
      if (!card) return null;
      cards.push(Number(card.id));
    }
    return { type, cards };
  };
  if (type === 'play') {
    return { kind: 'pick', id: 'play', prompt: { key: 'r-eco.prompt.play' }, choices, min: 1, max: hand.length, toMove };
  }
  const count = mustDump(state);
  return { kind: 'pick', id: 'dump', prompt: { key: 'r-eco.prompt.dump', args: { count } }, choices, min: count, max: count, toMove };
}

/** Every non-empty same-colour subset of the hand, or every way to dump the excess. */
export function legalMoves(state: REcoState, seat: Seat): REcoMove[] {
  if (state.phase === 'over' || seat !== state.current) return [];
  const hand = state.players[seat]!.hand;
  const moves: REcoMove[] = [];
  if (state.phase === 'play') {
    for (const colour of COLOURS) {
      const same = hand.filter((id) => cardOf(id).colour === colour);
      for (let mask = 1; mask < 1 << same.length; mask++) {
        moves.push({ type: 'play', cards: same.filter((_, i) => mask & (1 << i)) });
      }
    }
    return moves;
  }
  for (const cards of combinations(hand, mustDump(state))) moves.push({ type: 'dump', cards });
  return moves;
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const walk = (start: number): void => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i]!);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}
