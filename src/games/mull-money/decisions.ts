/**
 * What a pending seat is asked, and every legal move. Forced steps never reach here: `run` settles
 * them. Every card play is one click with a line saying what it does; a bid is one number with
 * one-click Pass and quick bids; a vote is one form with one-click Yes / No / Abstain.
 */
import { numberDecision, type Choice, type Decision, type Msg, type Seat, type Shortcut } from '../../engine/index.js';
import { alertWaiting, holdsCorruption, zoneOf } from './alert.js';
import { minBid } from './auction.js';
import {
  ALERT_FINES, ALERT_STEPS, CLEANUP_STEPS, CORRUPTION_FEE, DEPOT_MAX, DISPOSAL_STEPS, EXPERT_PRODUCTION_BONUS, GROWTH_MAX, GROWTH_MIN,
  INNOVATION_COST, LOAN, MAX_BID, STAFF_MAX, STAFF_MIN, VARIANT_DISPOSAL_STEPS, VOTE_MAX_LOANS,
} from './constants.js';
import { legalPlays } from './effects.js';
import { openLots } from './lots.js';
import { loansFor } from './money.js';
import { cardMsg, cardsMsg, loanTag, proposalMsg, serviceMsg, trackMsg } from './msgs.js';
import { pending } from './turn.js';
import type { MullMove, MullState, PlayMove, Proposal, Service, VoteAnswer } from './types.js';

export { pending };

const SERVICE_LETTER: Record<Service, string> = { personnel: 'P', raw: 'R', waste: 'W' };

/** Choice id of a play, e.g. `p_innovation_x_RR`, `d_growth`, `n_1_rN2`. */
export function playId(m: PlayMove): string {
  switch (m.type) {
    case 'keep':
    case 'repay':
      return m.type;
    case 'discard':
      return `d_${m.card}`;
    case 'negotiate':
      return `n_${m.cleanup ? 1 : 0}_${m.proposal.replace('-', 'r')}`;
    case 'play': {
      let id = `p_${m.card}`;
      if (m.expert) id += '_x';
      if (m.up !== undefined) id += m.up ? '_u' : '_d';
      if (m.services) id += `_${m.services.map((sv) => SERVICE_LETTER[sv]).join('')}`;
      return id;
    }
  }
}

/** Loans a payment would force, as an extra detail line argument (0 = none). */
function loanNote(cash: number, amount: number): Msg | '' {
  return loanTag(loansFor(cash, amount));
}

/** The button label and the line saying what a play does to tracks, cash and loans. */
export function describePlay(s: MullState, seat: Seat, m: PlayMove): { label: Msg; detail: Msg } {
  const p = s.players[seat]!;
  const K = 'mull-money';
  switch (m.type) {
    case 'keep':
      return { label: { key: `${K}.choice.keep`, args: { card: cardMsg(p.hand[0]!) } }, detail: { key: `${K}.detail.keep` } };
    case 'repay':
      return { label: { key: `${K}.choice.repay` }, detail: { key: `${K}.detail.repay`, args: { paid: LOAN, from: p.loans, to: p.loans - 1, cash: p.cash, after: p.cash - LOAN } } };
    case 'discard':
      return { label: { key: `${K}.choice.discard`, args: { card: cardMsg(m.card) } }, detail: { key: `${K}.detail.discard` } };
    case 'negotiate': {
      const parts: Msg[] = [];
      if (m.cleanup) parts.push({ key: `${K}.detail.cleanup`, args: { from: s.common, to: Math.max(0, s.common - CLEANUP_STEPS), loans: loanNote(p.cash, 1) } });
      if (m.proposal !== 'none') parts.push({ key: `${K}.detail.propose`, args: { proposal: proposalMsg(m.proposal) } });
      return {
        label: { key: m.cleanup ? `${K}.choice.negotiateCleanup` : `${K}.choice.negotiate`, args: { proposal: proposalMsg(m.proposal) } },
        detail: { key: `${K}.detail.join`, args: { parts } },
      };
    }
    case 'play':
      return describeCard(s, seat, m);
  }
}

function describeCard(s: MullState, seat: Seat, m: Extract<PlayMove, { type: 'play' }>): { label: Msg; detail: Msg } {
  const p = s.players[seat]!;
  const x = m.expert ? 2 : 1;
  const K = 'mull-money';
  const label = (extra?: Msg): Msg => ({ key: m.expert ? `${K}.choice.playExpert` : `${K}.choice.play`, args: { card: cardMsg(m.card), extra: extra ?? '' } });
  switch (m.card) {
    case 'production': {
      const got = p.growth + (m.expert ? EXPERT_PRODUCTION_BONUS : 0);
      const depot = s.experimental ? s.common : p.depot;
      return { label: label(), detail: { key: `${K}.detail.production`, args: { got, from: p.silo, to: p.silo - p.raw, track: trackMsg(s.experimental), depotFrom: depot, depotTo: depot + p.waste } } };
    }
    case 'raw':
      return { label: label(), detail: { key: `${K}.detail.raw`, args: { count: Math.min(p.raw * x, s.supply) } } };
    case 'growth':
      return { label: label(), detail: { key: `${K}.detail.growth`, args: { from: p.growth, to: Math.min(GROWTH_MAX, p.growth + x) } } };
    case 'hiring': {
      const to = Math.max(STAFF_MIN, Math.min(STAFF_MAX, p.staff + (m.up ? x : -x)));
      return { label: label({ key: m.up ? `${K}.choice.hire` : `${K}.choice.fire` }), detail: { key: `${K}.detail.staff`, args: { from: p.staff, to } } };
    }
    case 'innovation': {
      const services = m.services!;
      const cost = INNOVATION_COST * services.length;
      const after: Record<Service, number> = { personnel: p.personnel, raw: p.raw, waste: p.waste };
      for (const sv of services) after[sv]--;
      const touched = [...new Set(services)];
      const steps = touched.map((sv) => ({ key: `${K}.step`, args: { service: serviceMsg(sv), from: p[sv], to: after[sv] } }));
      return {
        label: label({ key: `${K}.choice.services`, args: { services: touched.map(serviceMsg) } }),
        detail: { key: `${K}.detail.innovation`, args: { steps, paid: cost, loans: loanNote(p.cash, cost) } },
      };
    }
    case 'disposal': {
      if (s.experimental) return { label: label(), detail: { key: `${K}.detail.common`, args: { from: s.common, to: Math.max(0, s.common - VARIANT_DISPOSAL_STEPS * x) } } };
      return { label: label(), detail: { key: `${K}.detail.depot`, args: { from: p.depot, to: Math.max(0, p.depot - DISPOSAL_STEPS * x) } } };
    }
    case 'transport':
      return { label: label(), detail: { key: `${K}.detail.transport`, args: { from: p.depot, to: Math.max(0, p.depot - x), steps: x, max: DEPOT_MAX } } };
    default:
      return { label: label(), detail: { key: `${K}.detail.discard` } };
  }
}

const TONE: Partial<Record<PlayMove['type'], Choice['tone']>> = { play: 'primary', negotiate: 'primary', repay: 'success', discard: 'secondary', keep: 'secondary' };

function playDecision(s: MullState, seat: Seat): Decision<MullMove> {
  const byId = new Map<string, PlayMove>();
  const choices: Choice[] = legalPlays(s, seat).map((m) => {
    const id = playId(m);
    byId.set(id, m);
    return { id, ...describePlay(s, seat, m), tone: TONE[m.type] };
  });
  const p = s.players[seat]!;
  return {
    kind: 'choose',
    id: `play${s.mission}-${p.hand.length}`,
    prompt: { key: 'mull-money.prompt.play', args: { cards: cardsMsg(p.hand) } },
    notes: [{ key: 'mull-money.note.cash', args: { cash: p.cash, loans: p.loans } }],
    choices,
    toMove: (id) => byId.get(id) ?? null,
  };
}

function alertDecision(s: MullState, seat: Seat): Decision<MullMove> {
  const p = s.players[seat]!;
  const zone = zoneOf(s, seat);
  const fine = ALERT_FINES[zone as 'yellow' | 'red'];
  const to = Math.max(GROWTH_MIN, p.growth - ALERT_STEPS[zone as 'yellow' | 'red']);
  return {
    kind: 'choose',
    id: `alert${s.mission}`,
    prompt: { key: 'mull-money.prompt.alert', args: { zone: { key: `mull-money.zone.${zone}` } } },
    notes: [{ key: 'mull-money.note.cash', args: { cash: p.cash, loans: p.loans } }],
    choices: [
      { id: 'use', label: { key: 'mull-money.choice.useCorruption' }, detail: { key: 'mull-money.detail.useCorruption', args: { paid: CORRUPTION_FEE, growth: p.growth } }, tone: 'success' },
      { id: 'pay', label: { key: 'mull-money.choice.payFine', args: { paid: fine } }, detail: { key: 'mull-money.detail.payFine', args: { paid: fine, from: p.growth, to, loans: loanNote(p.cash, fine) } }, tone: 'secondary' },
    ],
    toMove: (id) => (id === 'use' || id === 'pay' ? { type: 'corruption', use: id === 'use' } : null),
  };
}

function lotDecision(s: MullState, naming: boolean): Decision<MullMove> {
  const lots = openLots(s);
  const choices: Choice[] = lots.map((i) => ({
    id: `lot${i}`,
    // The cards go in the detail: three long card names did not fit a button's 80 characters.
    label: { key: 'mull-money.choice.lot', args: { lot: i + 1, count: s.lots[i]!.length } },
    detail: { key: naming ? 'mull-money.detail.nameLot' : 'mull-money.detail.lot', args: { cards: cardsMsg(s.lots[i]!) } },
  }));
  return {
    kind: 'choose',
    id: `${naming ? 'name' : 'lot'}${s.mission}-${lots.length}`,
    prompt: { key: naming ? 'mull-money.prompt.name' : 'mull-money.prompt.lot' },
    choices,
    toMove: (id) => {
      const i = Number(id.slice(3));
      return id.startsWith('lot') && lots.includes(i) ? { type: 'lot', lot: i } : null;
    },
  };
}

function bidDecision(s: MullState, seat: Seat): Decision<MullMove> {
  const a = s.auction!;
  const cash = s.players[seat]!.cash;
  const min = minBid(a);
  const what: Msg = a.kind === 'raw' ? { key: 'mull-money.auction.raw', args: { count: a.count } } : { key: 'mull-money.auction.lot', args: { lot: a.lot + 1, cards: cardsMsg(s.lots[a.lot]!) } };
  const quick = (amount: number, id: string): Shortcut<MullMove> => ({
    id,
    label: { key: 'mull-money.shortcut.bid', args: { amount, loans: loanNote(cash, amount) } },
    detail: { key: 'mull-money.detail.bid', args: { amount, loans: loanNote(cash, amount) } },
    move: { type: 'bid', amount },
  });
  const shortcuts: Shortcut<MullMove>[] = [{ id: 'pass', label: { key: 'mull-money.shortcut.pass' }, move: { type: 'pass' }, tone: 'secondary' }, quick(min, 'min')];
  if (min + 4 <= MAX_BID) shortcuts.push(quick(min + 4, 'plus5'));
  if (cash > min + 4 && cash <= MAX_BID) shortcuts.push(quick(cash, 'cash'));
  const notes: Msg[] = [
    a.highBidder === null ? { key: 'mull-money.note.noBid' } : { key: 'mull-money.note.high', args: { seat: { seat: a.highBidder }, amount: a.high } },
    { key: 'mull-money.note.bidCash', args: { cash, free: Math.min(cash, MAX_BID) } },
  ];
  if (a.kind === 'raw') notes.push({ key: seat === a.owner ? 'mull-money.note.sellerBids' : 'mull-money.note.paySeller', args: { seller: { seat: a.owner } } });
  return {
    ...numberDecision<MullMove>({
      id: `bid${s.mission}-${a.high}-${a.turn}`,
      prompt: { key: 'mull-money.prompt.bid', args: { what, min, max: MAX_BID } },
      label: { key: 'mull-money.field.bid' },
      min,
      max: MAX_BID,
      default: min,
      toMove: (amount) => (Number.isInteger(amount) ? { type: 'bid', amount } : null),
    }),
    notes,
    shortcuts,
  };
}

function voteDecision(s: MullState, seat: Seat): Decision<MullMove> {
  const v = s.vote!;
  const p = s.players[seat]!;
  const proposer = seat === v.proposer;
  const corrupt = holdsCorruption(p);
  const fields: import('../../engine/index.js').Field[] = [];
  const yesNo = (id: string, label: Msg, choices: [string, Msg][], def: string) => fields.push({ kind: 'select', id, label, choices: choices.map(([cid, l]) => ({ id: cid, label: l })), min: 1, max: 1, default: [def] });
  if (!proposer) yesNo('vote', { key: 'mull-money.field.vote' }, [['yes', { key: 'mull-money.vote.yes' }], ['no', { key: 'mull-money.vote.no' }], ['abstain', { key: 'mull-money.vote.abstain' }]], 'yes');
  if (corrupt) yesNo('corruption', { key: 'mull-money.field.corruption' }, [['no', { key: 'mull-money.vote.keepCard' }], ['yes', { key: 'mull-money.vote.useCard' }]], 'no');
  fields.push({ kind: 'number', id: 'loans', label: { key: 'mull-money.field.loans' }, min: 0, max: VOTE_MAX_LOANS, default: 0 });
  const answer = (vote: VoteAnswer['vote']): MullMove => ({ type: 'vote', vote, corruption: false, loans: 0 });
  const shortcuts: Shortcut<MullMove>[] = proposer
    ? [{ id: 'yes', label: { key: 'mull-money.shortcut.yesPlain' }, move: answer('yes'), tone: 'success' }]
    : [
        { id: 'yes', label: { key: 'mull-money.shortcut.yes' }, move: answer('yes'), tone: 'success' },
        { id: 'no', label: { key: 'mull-money.shortcut.no' }, move: answer('no'), tone: 'danger' },
        { id: 'abstain', label: { key: 'mull-money.shortcut.abstain' }, move: answer('abstain'), tone: 'secondary' },
      ];
  return {
    kind: 'form',
    id: `vote${s.mission}-${s.discard.length}`,
    prompt: { key: proposer ? 'mull-money.prompt.voteProposer' : 'mull-money.prompt.vote', args: { seat: { seat: v.proposer }, proposal: proposalMsg(v.proposal) } },
    notes: [{ key: 'mull-money.note.weights', args: { cash: p.cash } }],
    fields,
    shortcuts,
    toMove: (values) => {
      const pick = (id: string, def: string): string | null => {
        const x = values[id];
        if (x === undefined) return def;
        return Array.isArray(x) && x.length === 1 ? x[0]! : null;
      };
      const vote = proposer ? 'yes' : pick('vote', 'yes');
      const c = corrupt ? pick('corruption', 'no') : 'no';
      const loans = values.loans ?? 0;
      if (vote !== 'yes' && vote !== 'no' && vote !== 'abstain') return null;
      if ((c !== 'yes' && c !== 'no') || typeof loans !== 'number') return null;
      return { type: 'vote', vote, corruption: c === 'yes', loans };
    },
  };
}

export function decision(s: MullState, seat: Seat): Decision<MullMove> | null {
  if (!pending(s).includes(seat)) return null;
  switch (s.phase) {
    case 'play':
      return playDecision(s, seat);
    case 'alert':
      return alertDecision(s, seat);
    case 'choose':
      return lotDecision(s, false);
    case 'name':
      return lotDecision(s, true);
    case 'bid':
      return bidDecision(s, seat);
    case 'vote':
      return voteDecision(s, seat);
    default:
      return null;
  }
}

/** Complete lists, except bids (pass, the lowest, +4 and the cap) and votes (a sample). */
export function legalMoves(s: MullState, seat: Seat): MullMove[] {
  if (!pending(s).includes(seat)) return [];
  switch (s.phase) {
    case 'play':
      return legalPlays(s, seat);
    case 'alert':
      return alertWaiting(s).includes(seat) ? [{ type: 'corruption', use: true }, { type: 'corruption', use: false }] : [];
    case 'choose':
    case 'name':
      return openLots(s).map((lot) => ({ type: 'lot', lot }));
    case 'bid': {
      const min = minBid(s.auction!);
      return [{ type: 'pass' }, ...[...new Set([min, Math.min(min + 4, MAX_BID), MAX_BID])].map((amount) => ({ type: 'bid' as const, amount }))];
    }
    case 'vote': {
      const votes: VoteAnswer['vote'][] = seat === s.vote!.proposer ? ['yes'] : ['yes', 'no', 'abstain'];
      const out: MullMove[] = votes.map((vote) => ({ type: 'vote', vote, corruption: false, loans: 0 }));
      out.push({ type: 'vote', vote: 'yes', corruption: false, loans: VOTE_MAX_LOANS });
      if (holdsCorruption(s.players[seat]!)) out.push({ type: 'vote', vote: 'yes', corruption: true, loans: 1 });
      return out;
    }
    default:
      return [];
  }
}

export type { Proposal };
