/** Message builders shared by log lines, decisions, views and scoring (built once, frozen). */
import type { Msg } from '../../engine/index.js';
import { CARDS, SERVICES } from './constants.js';
import type { Card, Proposal, Service } from './types.js';

const CARD_MSGS = Object.fromEntries(CARDS.map((c) => [c, Object.freeze({ key: `mull-money.card.${c}` })])) as Record<Card, Msg>;
const SERVICE_MSGS = Object.fromEntries(SERVICES.map((c) => [c, Object.freeze({ key: `mull-money.service.${c}` })])) as Record<Service, Msg>;

export function cardMsg(card: Card): Msg {
  return CARD_MSGS[card];
}

export function serviceMsg(service: Service): Msg {
  return SERVICE_MSGS[service];
}

export function cardsMsg(cards: readonly Card[]): Msg {
  return { key: 'mull-money.cards', args: { cards: cards.map(cardMsg) } };
}

export function proposalMsg(p: Proposal): Msg {
  if (p === 'none') return { key: 'mull-money.proposal.none' };
  if (p.startsWith('-')) return { key: 'mull-money.proposal.repeal', args: { rule: { key: `mull-money.rule.${p.slice(1)}` } } };
  return { key: `mull-money.rule.${p}` };
}

export function seat(n: number): { seat: number } {
  return { seat: n };
}

/** " with an Expert" after a card, or nothing. */
export function expertTag(expert: boolean | undefined): Msg | '' {
  return expert ? { key: 'mull-money.withExpert' } : '';
}

/** ", takes N loan(s)" when a payment forces loans, or nothing. */
export function loanTag(count: number): Msg | '' {
  return count > 0 ? { key: 'mull-money.takesLoans', args: { count } } : '';
}

/** The waste track a production or disposal moves: one's own depot, or the common track. */
export function trackMsg(common: boolean): Msg {
  return { key: common ? 'mull-money.track.common' : 'mull-money.track.depot' };
}
