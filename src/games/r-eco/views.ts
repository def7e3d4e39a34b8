/**
 * What players may see (spec §3.5). The public view carries cards as colour and value only,
 * never ids, so it cannot reveal which physical card is where or the draw pile's order.
 */
import type { Seat } from '../../engine/index.js';
import { COLOURS, DISCARD_CONTENTS_PUBLIC, cardOf, unitsOf } from './constants.js';
import { cleanBonus, countDumpers, scoreOf } from './scoring.js';
import { mustDump } from './turn.js';
import type { Card, CardId, HandCard, REcoPublicView, REcoSeatView, REcoState } from './types.js';

function cards(ids: readonly CardId[]): Card[] {
  return ids.map((id) => ({ ...cardOf(id) }));
}

export function publicView(state: REcoState): REcoPublicView {
  const dumpers = countDumpers(state.players);
  const view: REcoPublicView = {
    game: 'r-eco',
    seats: state.seats,
    phase: state.phase,
    current: state.current,
    turn: state.turn,
    centres: COLOURS.map((colour) => {
      const c = state.centres[colour];
      return { colour, stack: [...c.stack], factory: cards(c.factory), factoryUnits: unitsOf(c.factory), dump: cards(c.dump) };
    }),
    players: state.players.map((p, seat) => ({
      seat,
      handSize: p.hand.length,
      rewards: p.rewards.map((r) => ({ ...r })),
      dumpedCount: p.dumped.length,
      score: scoreOf(state.seats, p.rewards, p.dumped.length, dumpers),
      bonus: cleanBonus(state.seats, p.dumped.length, dumpers),
    })),
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

export function sortedHand(hand: readonly CardId[]): HandCard[] {
  return sortCards(hand.map((id) => ({ id, ...cardOf(id) })));
}

export function seatView(state: REcoState, seat: Seat): REcoSeatView {
  const player = state.players[seat];
  return {
    ...publicView(state),
    seat,
    hand: player ? sortedHand(player.hand) : [],
    mustDump: seat === state.current ? mustDump(state) : 0,
  };
}
