/** How PhoneImpact views read as text: the /status fields and a seat's private view. */
import type { Msg, Presentation } from '../../engine/index.js';
import { COMPONENTS, MALUS_TOPICS, RECIPES, RULESETS, SUPPLIERS, TYPES, type ResType } from './constants.js';
import { componentMsg, groupMsg, offerSideMsg, supplierMsg, typeCountMsg, typeMsg } from './msgs.js';
import type { PhoneImpactPublicView, PhoneImpactSeatView } from './types.js';

const seatArg = (seat: number) => ({ seat });

export function eventSummary(view: PhoneImpactPublicView, id: string): Msg {
  const key = id === '10' ? `10${RULESETS[view.ruleset].event10}` : id;
  return { key: 'phoneimpact.eventLine', args: { n: id, text: { key: `phoneimpact.event.${key}` } } };
}

function status(view: PhoneImpactPublicView): { name: Msg; lines: Msg[] }[] {
  const fields: { name: Msg; lines: Msg[] }[] = [];
  for (const p of view.players) {
    const lines: Msg[] = [];
    const built = COMPONENTS.filter((c) => p.built[c]);
    lines.push(
      built.length === 0
        ? { key: 'phoneimpact.status.nothingBuilt' }
        : { key: 'phoneimpact.status.built', args: { list: built.map((c) => ({ key: 'phoneimpact.status.comp', args: { component: componentMsg(c), points: RECIPES[c].points } })) } },
    );
    lines.push({ key: 'phoneimpact.status.hand', args: { PP: p.handBySupplier.PP, PM: p.handBySupplier.PM, RC: p.handBySupplier.RC } });
    lines.push({ key: 'phoneimpact.status.malus', args: { count: p.malusCount } });
    lines.push({ key: 'phoneimpact.status.score', args: { score: view.scores[p.seat]!, recycl: p.recyclOnBoard } });
    const waiting = view.pending.includes(p.seat);
    fields.push({ name: { key: waiting ? 'phoneimpact.status.playerWaiting' : 'phoneimpact.status.player', args: { seat: seatArg(p.seat) } }, lines });
  }
  // Whose turn it is in words, besides the ▶ on the players' fields.
  const table: Msg[] = view.phase !== 'over' && view.pending.length > 0 ? [{ key: 'phoneimpact.status.waiting', args: { seats: view.pending.map(seatArg), count: view.pending.length } }] : [];
  table.push(...SUPPLIERS.map((s) => ({
    key: 'phoneimpact.status.supplier',
    args: {
      supplier: supplierMsg(s),
      cards: view.faceUp[s].map((c) => (c ? typeMsg(view.ruleset, c.type) : { key: 'phoneimpact.status.emptySlot' })),
      deck: view.deckSizes[s],
    },
  })));
  table.push({ key: 'phoneimpact.status.malusDeck', args: { count: view.malusDeck } });
  table.push({ key: 'phoneimpact.status.round', args: { round: view.round, events: view.eventsLeft } });
  if (view.lastEvent) table.push(eventSummary(view, view.lastEvent));
  for (const f of ['trade', 'penalty', 'double', 'noDepollute'] as const) if (view.flags[f]) table.push({ key: `phoneimpact.status.flag.${f}` });
  if (view.lastRound) table.push({ key: 'phoneimpact.status.lastRound' });
  if (view.phase === 'over') table.push({ key: `phoneimpact.log.end.${view.endReason ?? 'events'}` });
  fields.push({ name: { key: 'phoneimpact.status.table' }, lines: table });
  return fields;
}

/** What the seat is asked now, in one line. */
function todo(view: PhoneImpactSeatView): Msg {
  if (view.phase === 'over') return { key: 'phoneimpact.hand.over' };
  if (!view.pending.includes(view.seat)) return { key: 'phoneimpact.hand.waiting', args: { seats: view.pending.map(seatArg) } };
  if (view.phase === 'event') return { key: `phoneimpact.hand.event.${view.event!.step}` };
  if (view.phase === 'tradeAnswer') return { key: 'phoneimpact.hand.tradeAnswer' };
  return { key: 'phoneimpact.hand.yourTurn' };
}

function hand(view: PhoneImpactSeatView): Msg[] {
  const lines: Msg[] = [todo(view)];
  if (view.hand.length === 0) lines.push({ key: 'phoneimpact.hand.empty' });
  else {
    lines.push({ key: 'phoneimpact.hand.cards', args: { count: view.hand.length } });
    for (const s of SUPPLIERS) {
      const groups: Msg[] = [];
      for (const t of TYPES) {
        const n = view.hand.filter((c) => c.supplier === s && c.type === t).length;
        if (n > 0) groups.push(typeCountMsg(view.ruleset, t, n));
      }
      // Every supplier gets its labelled row, empty or not, as on the hand image.
      lines.push(groups.length > 0
        ? { key: 'phoneimpact.hand.supplierLine', args: { supplier: supplierMsg(s), groups } }
        : { key: 'phoneimpact.hand.supplierNone', args: { supplier: supplierMsg(s) } });
    }
  }
  const me = view.players[view.seat]!;
  for (const c of COMPONENTS) {
    if (me.built[c]) {
      lines.push({ key: 'phoneimpact.hand.builtComp', args: { component: componentMsg(c), points: RECIPES[c].points } });
      continue;
    }
    const missing: Msg[] = [];
    for (const t of TYPES) {
      const have = view.hand.filter((h) => h.type === t).length;
      const lack = RECIPES[c].need[t as ResType] - have;
      if (lack > 0) missing.push(typeCountMsg(view.ruleset, t, lack));
    }
    lines.push(
      missing.length === 0
        ? { key: 'phoneimpact.hand.ready', args: { component: componentMsg(c), points: RECIPES[c].points } }
        : { key: 'phoneimpact.hand.needs', args: { component: componentMsg(c), points: RECIPES[c].points, missing } },
    );
  }
  lines.push({ key: 'phoneimpact.hand.malus', args: { count: view.malus.length, penalty: view.flags.penalty ? view.malus.length : 0 } });
  for (const m of view.malus) lines.push({ key: 'phoneimpact.hand.malusCard', args: { n: m, topic: { key: `phoneimpact.malus.${MALUS_TOPICS[view.ruleset][m - 1] ?? 'ore'}` } } });
  if (view.offer) {
    const give = offerSideMsg(view.offer.give.map((g) => groupMsg(view.ruleset, g)), view.offer.malus);
    // While the offer is being made, nothing is asked yet.
    lines.push(
      view.offer.ask.length === 0
        ? { key: 'phoneimpact.hand.offerDraft', args: { target: seatArg(view.offer.to), give } }
        : { key: 'phoneimpact.hand.offer', args: { seat: seatArg(view.offer.from), target: seatArg(view.offer.to), give, ask: view.offer.ask.map((g) => groupMsg(view.ruleset, g)) } },
    );
  }
  return lines;
}

export const presentation: Presentation<PhoneImpactPublicView, PhoneImpactSeatView> = { status, hand, rulesKey: 'phoneimpact.rules' };
