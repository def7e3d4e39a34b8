/**
 * A quick heuristic player. It scores every distinct play (colour × how many 1s and 2s) and
 * keeps the best: a good reward for its collection, a small dump to collect, no wasted units,
 * no help for the next player. It dumps the cards least likely to complete a factory.
 * No search and few allocations, because benchmarks run thousands of whole games per second.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { COLOURS, DECK, HAND_LIMIT, THRESHOLD, cleanBonusPerDumper, unitsOf } from './constants.js';
import { countDumpers, scoreOf } from './scoring.js';
import type { CardId, REcoMove, REcoState, Reward } from './types.js';

/** A lone reward may still pair up later, so it counts for part of its value. */
const SINGLETON_WEIGHT = 0.5;
/** Worth of a card kept in hand: it may complete a factory later. */
const CARD_IN_HAND = 0.6;
/** Units left at an open factory make the next player's payout easier. */
const GIFT_PER_UNIT = 0.6;
/** Units above the threshold are lost with the payout. */
const OVERSHOOT_PER_UNIT = 0.3;
/** Ending the game is worth it only when it locks in a win. */
const END_SWING = 20;

// Colours as indexes into COLOURS, so the hot loops use small arrays, not keyed objects.
const COLOUR_INDEX = Object.fromEntries(COLOURS.map((c, i) => [c, i])) as Record<string, number>;
const CARD_COLOUR: readonly number[] = DECK.map((c) => COLOUR_INDEX[c.colour]!);
const CARD_VALUE: readonly number[] = DECK.map((c) => c.value);

/** Reward sums and counts per colour index. */
function rewardTotals(rewards: readonly Reward[]): { sum: number[]; count: number[] } {
  const sum = [0, 0, 0, 0], count = [0, 0, 0, 0];
  for (const r of rewards) {
    const i = COLOUR_INDEX[r.colour]!;
    sum[i]! += r.value;
    count[i]!++;
  }
  return { sum, count };
}

/** Expected worth of a colour's rewards: the real score, plus hope for a lone card. */
function potential(sum: number, count: number): number {
  if (count === 0) return 0;
  return count === 1 ? SINGLETON_WEIGHT * sum : sum;
}

export function bot(state: REcoState, seat: Seat, rng: Rng): REcoMove {
  return state.phase === 'dump' ? chooseDump(state, seat, rng) : choosePlay(state, seat, rng);
}

function choosePlay(state: REcoState, seat: Seat, rng: Rng): REcoMove {
  const me = state.players[seat]!;
  const hand = me.hand;
  // The deck holds only 1s and 2s (constants.ts), so a play is fixed by how many of each.
  const n1 = [0, 0, 0, 0], n2 = [0, 0, 0, 0];
  for (const id of hand) {
    if (CARD_VALUE[id] === 2) n2[CARD_COLOUR[id]!]!++;
    else n1[CARD_COLOUR[id]!]!++;
  }
  const clean = me.dumped.length === 0;
  const firstDumpCost = cleanBonusPerDumper(state.seats) * (countDumpers(state.players) + 1);
  const totals = rewardTotals(me.rewards);
  let bestColour = -1, bestOnes = 0, bestTwos = 0;
  let bestScore = -Infinity;
  let ties = 0;

  for (let ci = 0; ci < COLOURS.length; ci++) {
    if (n1[ci]! + n2[ci]! === 0) continue;
    const centre = state.centres[COLOURS[ci]!];
    const factory = unitsOf(centre.factory);
    const top = centre.stack[0];
    const have = totals.sum[ci]!, held = totals.count[ci]!;
    const gain = top === undefined ? 0 : potential(have + top, held + 1) - potential(have, held);

    for (let twos = 0; twos <= n2[ci]!; twos++) {
      for (let ones = twos === 0 ? 1 : 0; ones <= n1[ci]!; ones++) {
        const total = factory + ones + 2 * twos;
        const handAfter = hand.length - ones - twos + centre.dump.length;
        const excess = handAfter > HAND_LIMIT ? handAfter - HAND_LIMIT : 0;
        let score = CARD_IN_HAND * (handAfter < HAND_LIMIT ? handAfter : HAND_LIMIT) - excess;
        if (excess > 0 && clean) score -= firstDumpCost;
        if (total >= THRESHOLD && top !== undefined) {
          score += gain - OVERSHOOT_PER_UNIT * (total - THRESHOLD);
          if (centre.stack.length === 1) score += endSwing(state, seat, ci, top, excess);
        } else {
          score -= GIFT_PER_UNIT * total;
        }
        // Equal scores are broken uniformly at random (reservoir sampling over the ties).
        const better = score > bestScore + 1e-9;
        if (better || (score >= bestScore - 1e-9 && rng.int(++ties) === 0)) {
          if (better) ties = 1;
          bestScore = score;
          bestColour = ci;
          bestOnes = ones;
          bestTwos = twos;
        }
      }
    }
  }

  // The play step is only reached with cards in hand, so some play was scored.
  const cards: CardId[] = [];
  for (const id of hand) {
    if (CARD_COLOUR[id] !== bestColour) continue;
    if (CARD_VALUE[id] === 2 ? bestTwos-- > 0 : bestOnes-- > 0) cards.push(id);
  }
  return { type: 'play', cards };
}

/** + when ending the game now wins (or leads on the tie-break), − when it does not. */
function endSwing(state: REcoState, seat: Seat, ci: number, value: number, excess: number): number {
  const me = state.players[seat]!;
  const myDumped = me.dumped.length + excess;
  const dumpers = countDumpers(state.players) + (me.dumped.length === 0 && excess > 0 ? 1 : 0);
  const mine = scoreOf(state.seats, [...me.rewards, { colour: COLOURS[ci]!, value }], myDumped, dumpers);
  for (let s = 0; s < state.players.length; s++) {
    if (s === seat) continue;
    const p = state.players[s]!;
    const theirs = scoreOf(state.seats, p.rewards, p.dumped.length, dumpers);
    if (theirs > mine || (theirs === mine && p.dumped.length <= myDumped)) return -END_SWING;
  }
  return END_SWING;
}

function chooseDump(state: REcoState, seat: Seat, rng: Rng): REcoMove {
  const me = state.players[seat]!;
  const hand = me.hand;
  // Units of each colour in hand and at its factory: how close that colour is to a payout.
  const progress = [0, 0, 0, 0];
  for (const id of hand) progress[CARD_COLOUR[id]!]! += CARD_VALUE[id]!;
  // How much the next reward of each colour would add to this player's collection.
  const appeal = [0, 0, 0, 0];
  const totals = rewardTotals(me.rewards);
  for (let ci = 0; ci < COLOURS.length; ci++) {
    const centre = state.centres[COLOURS[ci]!];
    progress[ci]! += unitsOf(centre.factory);
    const top = centre.stack[0];
    if (top !== undefined) {
      const have = totals.sum[ci]!, held = totals.count[ci]!;
      appeal[ci] = potential(have + top, held + 1) - potential(have, held);
    }
  }
  const ranked = hand.map((id) => {
    const ci = CARD_COLOUR[id]!;
    // The jitter is far below any real difference: it only breaks ties.
    return { id, worth: CARD_VALUE[id]! + 0.5 * Math.min(progress[ci]!, THRESHOLD) + 0.3 * appeal[ci]! + rng.next() * 1e-3 };
  });
  ranked.sort((a, b) => a.worth - b.worth);
  return { type: 'dump', cards: ranked.slice(0, hand.length - HAND_LIMIT).map((r) => r.id) };
}
