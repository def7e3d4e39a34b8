/** How Müll + Money views read as text: the /status fields and a seat's private lines. Cash only in `hand`. */
import type { Msg, Presentation } from '../../engine/index.js';
import { commonZone, depotZone } from './constants.js';
import { cardMsg, cardsMsg, proposalMsg } from './msgs.js';
import type { MullPublicView, MullSeatView, PlayerView } from './types.js';

function zoneMsg(zone: string): Msg {
  return { key: `mull-money.zone.${zone}` };
}

function playerLines(view: MullPublicView, p: PlayerView): Msg[] {
  const lines: Msg[] = [
    { key: 'mull-money.status.pawn', args: { growth: p.growth, staff: p.staff } },
    { key: 'mull-money.status.services', args: { personnel: p.personnel, raw: p.raw, waste: p.waste } },
  ];
  if (!view.experimental) lines.push({ key: 'mull-money.status.depot', args: { depot: p.depot, zone: zoneMsg(depotZone(p.depot)) } });
  lines.push({ key: 'mull-money.status.silo', args: { silo: p.silo, loans: p.loans } });
  if (p.hand.length > 0) lines.push({ key: 'mull-money.status.hand', args: { cards: cardsMsg(p.hand) } });
  if (p.kept) lines.push({ key: 'mull-money.status.kept', args: { card: cardMsg(p.kept) } });
  if (p.cash !== null) lines.push({ key: 'mull-money.status.cash', args: { cash: p.cash } });
  return lines;
}

/** What is happening now, in one line (public: no cash). */
export function stateLine(view: MullPublicView): Msg {
  const seat = { seat: view.current };
  switch (view.phase) {
    case 'over':
      return { key: 'mull-money.status.over' };
    case 'alert':
      return { key: 'mull-money.status.alert', args: { waiting: view.alert!.waiting.map((s) => ({ seat: s })) } };
    case 'choose':
      return { key: 'mull-money.status.choosing', args: { seat } };
    case 'name':
      return { key: 'mull-money.status.naming', args: { seat } };
    case 'bid': {
      const a = view.auction!;
      const b = a.order[a.turn]!;
      return { key: 'mull-money.status.bidding', args: { seat: { seat: b }, high: a.high } };
    }
    case 'vote':
      return { key: 'mull-money.status.voting', args: { proposal: proposalMsg(view.vote!.proposal), waiting: view.vote!.waiting.map((s) => ({ seat: s })) } };
    default:
      return { key: 'mull-money.status.playing', args: { seat } };
  }
}

function status(view: MullPublicView): { name: Msg; lines: Msg[] }[] {
  const fields: { name: Msg; lines: Msg[] }[] = [];
  for (const p of view.players) {
    const key = p.seat === view.first ? 'mull-money.status.playerFirst' : 'mull-money.status.player';
    fields.push({ name: { key, args: { seat: { seat: p.seat } } }, lines: playerLines(view, p) });
  }
  const table: Msg[] = [{ key: 'mull-money.status.mission', args: { mission: view.mission, deck: view.deckSize, supply: view.supply } }];
  const lots = view.lots.flatMap((l, i): Msg[] => (!l ? [] : l.length ? [{ key: 'mull-money.status.lot', args: { lot: i + 1, cards: cardsMsg(l) } }] : [{ key: 'mull-money.status.lotEmpty', args: { lot: i + 1 } }]));
  table.push(...lots);
  if (view.experimental) {
    table.push({ key: 'mull-money.status.common', args: { marker: view.common, length: view.commonLength, zone: zoneMsg(commonZone(view.common, view.seats)) } });
    table.push(view.inForce.length ? { key: 'mull-money.status.inForce', args: { rules: view.inForce.map((r) => ({ key: `mull-money.rule.${r}` })) } } : { key: 'mull-money.status.noRule' });
  }
  if (view.alertAside) table.push({ key: 'mull-money.status.alertAside', args: { card: cardMsg('alert') } });
  if (view.endTriggered && view.phase !== 'over') table.push({ key: 'mull-money.status.lastMission' });
  table.push(stateLine(view));
  fields.push({ name: { key: 'mull-money.status.table' }, lines: table });
  return fields;
}

function hand(view: MullSeatView): Msg[] {
  const me = view.players[view.seat]!;
  const lines: Msg[] = [{ key: 'mull-money.hand.cash', args: { cash: view.myCash, loans: me.loans } }];
  lines.push(...playerLines(view, { ...me, cash: null }));
  if (view.phase === 'over') {
    lines.push({ key: 'mull-money.hand.over' });
    return lines;
  }
  if (view.myVote) lines.push({ key: 'mull-money.hand.voted', args: { vote: { key: `mull-money.vote.${view.myVote.vote}` } } });
  lines.push(view.pending.includes(view.seat) ? { key: 'mull-money.hand.yourTurn', args: { what: stateLine(view) } } : { key: 'mull-money.hand.waiting', args: { what: stateLine(view) } });
  return lines;
}

export const presentation: Presentation<MullPublicView, MullSeatView> = { status, hand, rulesKey: 'mull-money.rules' };
