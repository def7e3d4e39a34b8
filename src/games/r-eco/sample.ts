/**
 * A complete state drawn from one seat's view, for the strong bot's search. Face-up cards are
 * matched to deck ids of the same colour and value; every card the view does not show (other
 * hands, face-down dumped cards, the draw pile, the discard) is dealt from what remains.
 */
import type { Rng } from '../../engine/index.js';
import { COLOURS, DECK } from './constants.js';
import type { Card, CardId, CentreState, Colour, REcoSeatView, REcoState } from './types.js';

export function sampleState(view: REcoSeatView, rng: Rng): REcoState {
  const byFace = new Map<string, CardId[]>();
  const face = (c: Card) => `${c.colour}${c.value}`;
  DECK.forEach((card, id) => {
    const list = byFace.get(face(card));
    if (list) list.push(id);
    else byFace.set(face(card), [id]);
  });
  const mine = new Set(view.hand.map((c) => c.id));
  for (const list of byFace.values()) for (let i = list.length - 1; i >= 0; i--) if (mine.has(list[i]!)) list.splice(i, 1);
  const take = (c: Card): CardId => byFace.get(face(c))!.pop()!;
  const centres = {} as Record<Colour, CentreState>;
  for (const c of view.centres) centres[c.colour] = { stack: c.stack.slice(), factory: c.factory.map(take), dump: c.dump.map(take) };
  const knownDiscard = view.discardCards?.map(take);
  const pool = rng.shuffle([...byFace.values()].flat());
  const deal = (n: number) => pool.splice(0, n);
  const players = view.players.map((p) => ({
    hand: p.seat === view.seat ? view.hand.map((c) => c.id) : deal(p.handSize),
    rewards: p.rewards.map((r) => ({ colour: r.colour, value: r.value })),
    dumped: deal(p.dumpedCount),
  }));
  // The colour just played is the one whose dump was collected and not yet refilled.
  const played = view.phase === 'dump' ? (COLOURS.find((c) => centres[c].dump.length === 0) ?? COLOURS[0]!) : null;
  return {
    rng: [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)],
    seats: view.seats,
    phase: view.phase,
    current: view.current,
    playedColour: played,
    players,
    centres,
    drawPile: deal(view.drawCount),
    discard: knownDiscard ?? deal(view.discardCount),
    endTriggered: view.endTriggered,
    turn: view.turn,
  };
}
