/**
 * What the pending seat is asked and every legal move. The play step offers each distinct play
 * (plays.ts) as one click that says what it will do; the dump step is an exact-count pick.
 */
import type { Choice, Decision, Msg, Seat } from '../../engine/index.js';
import { THRESHOLD } from './constants.js';
import { cardChoiceLabel, cardShort, colourMsg, symbolMsg } from './msgs.js';
import { distinctPlays, previewPlay, type Play, type PlayPreview } from './plays.js';
import { mustDump } from './turn.js';
import type { CardId, Colour, REcoMove, REcoState } from './types.js';
import { seatView, sortedHand } from './views.js';

const TONE: Record<Colour, Choice['tone']> = { red: 'danger', blue: 'primary', yellow: 'secondary', green: 'success' };

export function pending(state: REcoState): Seat[] {
  return state.phase === 'over' ? [] : [state.current];
}

/** "🔴 red 1 + 1 + 2". */
export function playLabel(play: Play): Msg {
  const values = [...Array<number>(play.ones).fill(1), ...Array<number>(play.twos).fill(2)].join(' + ');
  return { key: 'r-eco.play.label', args: { symbol: symbolMsg(play.colour), colour: colourMsg(play.colour), values } };
}

/** "Factory 5/4: you take reward 3 · collect 🔴1, 🟦2 · hand 6: dump 1". */
export function playDetail(p: PlayPreview): Msg {
  const factory: Msg =
    p.reward === null
      ? { key: 'r-eco.play.factory', args: { units: p.units, threshold: THRESHOLD } }
      : { key: p.endsGame ? 'r-eco.play.rewardLast' : 'r-eco.play.reward', args: { units: p.units, threshold: THRESHOLD, reward: p.reward } };
  const collect: Msg = { key: 'r-eco.play.collect', args: { count: p.collect.length, cards: p.collect.map((c) => cardShort(c.colour, c.value)) } };
  const hand: Msg =
    p.mustDump > 0
      ? { key: 'r-eco.play.handDump', args: { size: p.handAfter, count: p.mustDump } }
      : { key: 'r-eco.play.hand', args: { count: p.handAfter } };
  return { key: 'r-eco.play.detail', args: { factory, collect, hand } };
}

export function decision(state: REcoState, seat: Seat): Decision<REcoMove> | null {
  if (state.phase === 'over' || seat !== state.current) return null;
  if (state.phase === 'play') return playDecision(state, seat);
  const hand = sortedHand(state.players[seat]!.hand);
  const choices: Choice[] = hand.map((c) => ({ id: String(c.id), label: cardChoiceLabel(c.colour, c.value), tone: TONE[c.colour] }));
  const count = mustDump(state);
  // Unknown ids mean a stale or forged answer.
  const toMove = (ids: string[]): REcoMove | null => {
    const cards: CardId[] = [];
    for (const id of ids) {
      if (!choices.some((c) => c.id === id)) return null;
      cards.push(Number(id));
    }
    return { type: 'dump', cards };
  };
  return { kind: 'pick', id: 'dump', prompt: { key: 'r-eco.prompt.dump', args: { count } }, choices, min: count, max: count, toMove };
}

function playDecision(state: REcoState, seat: Seat): Decision<REcoMove> {
  const view = seatView(state, seat);
  const plays = distinctPlays(view.hand);
  const choices: Choice[] = plays.map((p) => ({ id: p.id, label: playLabel(p), detail: playDetail(previewPlay(view, p)), tone: TONE[p.colour] }));
  const toMove = (id: string): REcoMove | null => {
    const play = plays.find((p) => p.id === id);
    return play ? { type: 'play', cards: play.cards } : null;
  };
  // Two cards or more always give two plays or more: a lone card is played by apply (turn.ts).
  return { kind: 'choose', id: 'play', prompt: { key: 'r-eco.prompt.play' }, choices, toMove };
}

/** One move per distinct play, or every way to dump the excess. */
export function legalMoves(state: REcoState, seat: Seat): REcoMove[] {
  if (state.phase === 'over' || seat !== state.current) return [];
  const hand = state.players[seat]!.hand;
  if (state.phase === 'play') return distinctPlays(sortedHand(hand)).map((p) => ({ type: 'play', cards: p.cards }));
  return combinations(hand, mustDump(state)).map((cards) => ({ type: 'dump', cards }));
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
