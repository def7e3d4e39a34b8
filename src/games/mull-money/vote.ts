/**
 * Variant vote (§4.10.3, G29, G32, G35): every seat answers secretly and at once (vote, Corruption,
 * loans 0–3; the proposer's vote is yes). Weights come from cash after the answer's loans: below
 * 10 → 1, 10..20 → 2, above 20 → 3, +1 with a Corruption. Adopted when yes outweighs no. Loans
 * are taken at the reveal (same result as at the answer; nothing shows before all are in).
 */
import type { LogEvent, Seat } from '../../engine/index.js';
import { CORRUPTION_FEE, VOTE_WEIGHT_HIGH, VOTE_WEIGHT_LOW } from './constants.js';
import { holdsCorruption, spendCorruption } from './alert.js';
import { pay, takeLoans } from './money.js';
import { proposalMsg } from './msgs.js';
import type { MullState, Proposal, RuleId, VoteAnswer } from './types.js';

export function voteWeight(cash: number, corruption: boolean): number {
  const base = cash < VOTE_WEIGHT_LOW ? 1 : cash <= VOTE_WEIGHT_HIGH ? 2 : 3;
  return base + (corruption ? 1 : 0);
}

export function startVote(s: MullState, proposer: Seat, proposal: Exclude<Proposal, 'none'>, events: LogEvent[]): void {
  events.push({ key: 'mull-money.log.proposal', args: { seat: { seat: proposer }, proposal: proposalMsg(proposal) }, visibleTo: 'all' });
  s.vote = { proposer, proposal, answers: new Array<VoteAnswer | null>(s.seats).fill(null) };
  s.phase = 'vote';
}

export function voteWaiting(s: MullState): Seat[] {
  const out: Seat[] = [];
  s.vote?.answers.forEach((a, seat) => {
    if (a === null) out.push(seat);
  });
  return out;
}

/** Whether an answer is one this seat may give (Corruption only when held; proposer votes yes). */
export function validAnswer(s: MullState, seat: Seat, a: VoteAnswer): boolean {
  if (seat === s.vote!.proposer && a.vote !== 'yes') return false;
  return !a.corruption || holdsCorruption(s.players[seat]!);
}

export function resolveVote(s: MullState, events: LogEvent[]): void {
  const v = s.vote!;
  s.vote = null;
  let yes = 0, no = 0;
  for (let seat = 0; seat < s.seats; seat++) {
    const a = v.answers[seat]!;
    takeLoans(s, seat, a.loans, events);
    const weight = voteWeight(s.players[seat]!.cash, a.corruption);
    if (a.vote === 'yes') yes += weight;
    if (a.vote === 'no') no += weight;
    // An abstainer's weight counts for nothing and is not shown (G29).
    const args = { seat: { seat }, ...(a.vote === 'abstain' ? {} : { weight }), corruption: a.corruption ? { key: 'mull-money.withCorruption' } : '', loans: a.loans > 0 ? { key: 'mull-money.afterLoans', args: { count: a.loans } } : '' };
    events.push({ key: `mull-money.log.vote.${a.vote}`, args, visibleTo: 'all' });
  }
  const adopted = yes > no;
  events.push({ key: adopted ? 'mull-money.log.adopted' : 'mull-money.log.rejected', args: { proposal: proposalMsg(v.proposal), yes, no }, visibleTo: 'all' });
  if (adopted) {
    if (v.proposal.startsWith('-')) s.inForce = s.inForce.filter((r) => r !== v.proposal.slice(1));
    else s.inForce = [...s.inForce, v.proposal as RuleId].sort();
  }
  for (let seat = 0; seat < s.seats; seat++) {
    if (!v.answers[seat]!.corruption) continue;
    const p = s.players[seat]!;
    spendCorruption(s, p);
    pay(s, seat, CORRUPTION_FEE, events);
    events.push({ key: 'mull-money.log.voteCorruption', args: { seat: { seat }, paid: CORRUPTION_FEE }, visibleTo: 'all' });
    if (p.hand.length === 0) p.done = true;
  }
  s.phase = 'play';
}
