/**
 * What players may see (spec §3.5). The public view carries cards as colour and value only,
 * never ids, so it cannot reveal which physical card is where or the draw pile's order.
 * Views share the deck's frozen card objects: a bot builds a view before every move, so views
 * allocate as little as they can.
 */
import type { Seat } from '../../engine/index.js';
import { COLOURS, DECK, DISCARD_CONTENTS_PUBLIC, cardOf, unitsOf } from './constants.js';
import { cleanBonus, countDumpers, scoreOf } from './scoring.js';
import { mustDump } from './turn.js';
import type { Card, CardId, CentreView, HandCard, PlayerView, REcoPublicView, REcoSeatView, REcoState } from './types.js';

function cards(ids: readonly CardId[]): Card[] {
  return ids.map(cardOf);
}

function centreViews(state: REcoState): CentreView[] {
  const centres: CentreView[] = [];
  for (const colour of COLOURS) {
    const c = state.centres[colour];
    centres.push({ colour, stack: c.stack.slice(), factory: cards(c.factory), factoryUnits: unitsOf(c.factory), dump: cards(c.dump) });
  }
  return centres;
}

function playerViews(state: REcoState): PlayerView[] {
  const dumpers = countDumpers(state.players);
  const players: PlayerView[] = [];
  for (let seat = 0; seat < state.players.length; seat++) {
    const p = state.players[seat]!;
    players.push({
      seat,
      handSize: p.hand.length,
      rewards: p.rewards.map((r) => ({ colour: r.colour, value: r.value })),
      dumpedCount: p.dumped.length,
      score: scoreOf(state.seats, p.rewards, p.dumped.length, dumpers),
      bonus: cleanBonus(state.seats, p.dumped.length, dumpers),
    });
  }
  return players;
}

export function publicView(state: REcoState): REcoPublicView {
  const view: REcoPublicView = {
    game: 'r-eco',
    seats: state.seats,
    phase: state.phase,
    current: state.current,
    turn: state.turn,
    centres: centreViews(state),
    players: playerViews(state),
    drawCount: state.drawPile.length,
    discardCount: state.discard.length,
    endTriggered: state.endTriggered,
  };
  // Sorted so the view shows the pile's make-up, not the order cards went in.
  if (DISCARD_CONTENTS_PUBLIC) view.discardCards = sortCards(cards(state.discard));
  return view;
}

const COLOUR_ORDER: Record<string, number> = Object.fromEntries(COLOURS.map((c, i) => [c, i]));

/** Colour in table order, then value, then id so equal cards keep a stable order. */
function compareCards(a: Card & { id?: number }, b: Card & { id?: number }): number {
  return COLOUR_ORDER[a.colour]! - COLOUR_ORDER[b.colour]! || a.value - b.value || (a.id ?? 0) - (b.id ?? 0);
}

function sortCards<T extends Card>(list: T[]): T[] {
  return list.sort(compareCards);
}

/** One frozen hand card per deck card, so a hand view allocates only its array. */
const HAND_CARDS: readonly HandCard[] = DECK.map((card, id) => Object.freeze({ id, ...card }));

/** Deck ids run colour by colour in table order, ones before twos, so id order is hand order. */
export function sortedHand(hand: readonly CardId[]): HandCard[] {
  // Insertion sort: a hand holds a handful of cards.
  const sorted: HandCard[] = [];
  for (const id of hand) {
    let i = sorted.length;
    while (i > 0 && sorted[i - 1]!.id > id) i--;
    sorted.splice(i, 0, HAND_CARDS[id]!);
  }
  return sorted;
}

export function seatView(state: REcoState, seat: Seat): REcoSeatView {
  const player = state.players[seat];
  // Filled in place: bots build a view before every move, and spreading the public view into a
  // new object cost more than all the rest.
  const view = publicView(state) as REcoSeatView;
  view.seat = seat;
  view.hand = player ? sortedHand(player.hand) : [];
  view.mustDump = seat === state.current ? mustDump(state) : 0;
  return view;
}
