/**
 * A quick heuristic player. It scores every distinct play (colour × how many 1s and 2s) and
 * keeps the best: a good reward for its collection, a small dump to collect, no wasted units,
 * no help for the next player. It dumps the cards least likely to complete a factory.
 * No search and few allocations, because benchmarks run thousands of whole games per second.
 * It reads only its seat's view: its own hand and the public table.
 */
import type { Rng, Seat } from '../../engine/index.js';
import { COLOURS, HAND_LIMIT, THRESHOLD, cleanBonusPerDumper } from './constants.js';
import { scoreOf } from './scoring.js';
import type { CardId, REcoMove, REcoSeatView, Reward } from './types.js';

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

/** Seats that have dumped at least one card, from public counts. */
function dumpersOf(view: REcoSeatView): number {
  let n = 0;
  for (const p of view.players) if (p.dumpedCount > 0) n++;
  return n;
}

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

export function bot(view: REcoSeatView, rng: Rng): REcoMove {
  return view.phase === 'dump' ? chooseDump(view, rng) : choosePlay(view, rng);
}

function choosePlay(view: REcoSeatView, rng: Rng): REcoMove {
  const me = view.players[view.seat]!;
  const hand = view.hand;
  // The deck holds only 1s and 2s (constants.ts), so a play is fixed by how many of each.
  const n1 = [0, 0, 0, 0], n2 = [0, 0, 0, 0];
  for (const card of hand) {
    if (card.value === 2) n2[COLOUR_INDEX[card.colour]!]!++;
    else n1[COLOUR_INDEX[card.colour]!]!++;
  }
  const clean = me.dumpedCount === 0;
  const firstDumpCost = cleanBonusPerDumper(view.seats) * (dumpersOf(view) + 1);
  const totals = rewardTotals(me.rewards);
  let bestColour = -1, bestOnes = 0, bestTwos = 0;
  let bestScore = -Infinity;
  let ties = 0;

  for (let ci = 0; ci < COLOURS.length; ci++) {
    if (n1[ci]! + n2[ci]! === 0) continue;
    const centre = view.centres[ci]!;
    const factory = centre.factoryUnits;
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
          if (centre.stack.length === 1) score += endSwing(view, ci, top, excess);
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
  for (const card of hand) {
    if (COLOUR_INDEX[card.colour] !== bestColour) continue;
    if (card.value === 2 ? bestTwos-- > 0 : bestOnes-- > 0) cards.push(card.id);
  }
  return { type: 'play', cards };
}

/** + when ending the game now wins (or leads on the tie-break), − when it does not. */
function endSwing(view: REcoSeatView, ci: number, value: number, excess: number): number {
  const seat: Seat = view.seat;
  const me = view.players[seat]!;
  const myDumped = me.dumpedCount + excess;
  const dumpers = dumpersOf(view) + (me.dumpedCount === 0 && excess > 0 ? 1 : 0);
  const mine = scoreOf(view.seats, [...me.rewards, { colour: COLOURS[ci]!, value }], myDumped, dumpers);
  for (let s = 0; s < view.players.length; s++) {
    if (s === seat) continue;
    const p = view.players[s]!;
    const theirs = scoreOf(view.seats, p.rewards, p.dumpedCount, dumpers);
    if (theirs > mine || (theirs === mine && p.dumpedCount <= myDumped)) return -END_SWING;
  }
  return END_SWING;
}

function chooseDump(view: REcoSeatView, rng: Rng): REcoMove {
  const me = view.players[view.seat]!;
  const hand = view.hand;
  // Units of each colour in hand and at its factory: how close that colour is to a payout.
  const progress = [0, 0, 0, 0];
  for (const card of hand) progress[COLOUR_INDEX[card.colour]!]! += card.value;
  // How much the next reward of each colour would add to this player's collection.
  const appeal = [0, 0, 0, 0];
  const totals = rewardTotals(me.rewards);
  for (let ci = 0; ci < COLOURS.length; ci++) {
    const centre = view.centres[ci]!;
    progress[ci]! += centre.factoryUnits;
    const top = centre.stack[0];
    if (top !== undefined) {
      const have = totals.sum[ci]!, held = totals.count[ci]!;
      appeal[ci] = potential(have + top, held + 1) - potential(have, held);
    }
  }
  const ranked = hand.map((card) => {
    const ci = COLOUR_INDEX[card.colour]!;
    // The jitter is far below any real difference: it only breaks ties.
    return { id: card.id, worth: card.value + 0.5 * Math.min(progress[ci]!, THRESHOLD) + 0.3 * appeal[ci]! + rng.next() * 1e-3 };
  });
  ranked.sort((a, b) => a.worth - b.worth);
  return { type: 'dump', cards: ranked.slice(0, hand.length - HAND_LIMIT).map((r) => r.id) };
}
