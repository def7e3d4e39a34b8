/** How R-Eco views read as text: the /status fields and a seat's private hand. */
import type { Msg, Presentation } from '../../engine/index.js';
import { COLOURS, THRESHOLD } from './constants.js';
import { cardLabel, colourMsg } from './msgs.js';
import type { Card, REcoPublicView, REcoSeatView } from './types.js';

function cardList(cards: readonly Card[]): Msg | Msg[] {
  return cards.length === 0 ? { key: 'r-eco.status.none' } : cards.map((c) => cardLabel(c.colour, c.value));
}

function status(view: REcoPublicView): { name: Msg; lines: Msg[] }[] {
  const fields: { name: Msg; lines: Msg[] }[] = [];
  for (const p of view.players) {
    const lines: Msg[] = [];
    for (const colour of COLOURS) {
      const values = p.rewards.filter((r) => r.colour === colour).map((r) => r.value);
      if (values.length > 0) lines.push({ key: 'r-eco.status.rewards', args: { colour: colourMsg(colour), values } });
    }
    if (lines.length === 0) lines.push({ key: 'r-eco.status.noRewards' });
    lines.push(
      p.bonus > 0
        ? { key: 'r-eco.status.scoreWithBonus', args: { score: p.score, bonus: p.bonus } }
        : { key: 'r-eco.status.score', args: { score: p.score } },
    );
    lines.push({ key: 'r-eco.status.handSize', args: { count: p.handSize } });
    lines.push({ key: 'r-eco.status.dumpedCount', args: { count: p.dumpedCount } });
    const current = view.phase !== 'over' && p.seat === view.current;
    fields.push({ name: { key: current ? 'r-eco.status.playerCurrent' : 'r-eco.status.player', args: { seat: { seat: p.seat } } }, lines });
  }

  fields.push({
    name: { key: 'r-eco.status.centres' },
    lines: view.centres.map((c): Msg => {
      const top = c.stack[0];
      const dump = cardList(c.dump);
      return top === undefined
        ? { key: 'r-eco.status.centreEmpty', args: { colour: colourMsg(c.colour), units: c.factoryUnits, threshold: THRESHOLD, dump } }
        : {
            key: 'r-eco.status.centre',
            args: { colour: colourMsg(c.colour), top, left: c.stack.length, units: c.factoryUnits, threshold: THRESHOLD, dump },
          };
    }),
  });

  const table: Msg[] = [
    { key: 'r-eco.status.draw', args: { count: view.drawCount } },
    { key: 'r-eco.status.discard', args: { count: view.discardCount } },
  ];
  if (view.phase === 'over') table.push({ key: 'r-eco.status.over' });
  else {
    table.push({ key: 'r-eco.status.turn', args: { turn: view.turn + 1, seat: { seat: view.current } } });
    if (view.endTriggered) table.push({ key: 'r-eco.status.lastTurn' });
  }
  fields.push({ name: { key: 'r-eco.status.table' }, lines: table });
  return fields;
}

function hand(view: REcoSeatView): Msg[] {
  const lines: Msg[] = [
    view.hand.length === 0
      ? { key: 'r-eco.hand.empty' }
      : { key: 'r-eco.hand.cards', args: { count: view.hand.length, cards: cardList(view.hand) } },
  ];
  if (view.phase === 'over') {
    lines.push({ key: 'r-eco.hand.over' });
  } else if (view.current !== view.seat) {
    lines.push({ key: 'r-eco.hand.waiting', args: { seat: { seat: view.current } } });
  } else if (view.phase === 'dump') {
    lines.push({ key: 'r-eco.hand.dump', args: { count: view.mustDump } });
  } else {
    lines.push({ key: 'r-eco.hand.play' });
    // Point out the colours that can pay out this turn, and what they would pay.
    for (const centre of view.centres) {
      const top = centre.stack[0];
      if (top === undefined) continue;
      let units = centre.factoryUnits;
      for (const c of view.hand) if (c.colour === centre.colour) units += c.value;
      if (units >= THRESHOLD) lines.push({ key: 'r-eco.hand.canComplete', args: { colour: colourMsg(centre.colour), reward: top } });
    }
  }
  return lines;
}

export const presentation: Presentation<REcoPublicView, REcoSeatView> = { status, hand, rulesKey: 'r-eco.rules' };
