/** The action deck (§2): 53 cards, drawn from a hidden pile; the discard pile is face up. */
import { Rng } from '../../engine/index.js';
import { DECK_COUNTS } from './constants.js';
import type { Card, MullState } from './types.js';

/** The 53 cards; the variant names the three Transport cards Negotiation (§4.10.1). */
export function buildDeck(experimental: boolean): Card[] {
  const deck: Card[] = [];
  for (const [card, n] of Object.entries(DECK_COUNTS) as [Exclude<Card, 'negotiation'>, number][]) {
    const name: Card = experimental && card === 'transport' ? 'negotiation' : card;
    for (let i = 0; i < n; i++) deck.push(name);
  }
  return deck;
}

/** Draws the top card; an empty deck takes the shuffled discard pile first (G30). */
export function draw(s: MullState): Card {
  if (s.deck.length === 0) {
    s.deck = new Rng(s.rng).shuffle(s.discard);
    s.discard = [];
  }
  const card = s.deck.pop();
  if (card === undefined) throw new Error('no card left to draw');
  return card;
}

/** P5: an Alert drawn this mission goes to the discard pile, and the pile joins the deck. */
export function returnAlert(s: MullState): void {
  if (!s.alertAside) return;
  s.discard.push('alert');
  s.alertAside = false;
  s.deck = new Rng(s.rng).shuffle([...s.deck, ...s.discard]);
  s.discard = [];
}
