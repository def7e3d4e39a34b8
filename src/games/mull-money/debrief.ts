/**
 * What a class debrief shows of a Müll + Money table, and the cards a player may flag for it.
 * Firms, depots, loans and hands are public; cash stays secret until the end, so a mid-game
 * debrief leaves money and points out.
 */
import type { Debrief, DebriefNumber, Flaggable, FlagText, Msg } from '../../engine/index.js';
import { CARDS, commonZone, depotZone, type Zone } from './constants.js';
import { scoreOf } from './scoring.js';
import type { Card, MullSeatView, MullState, RuleId } from './types.js';
import { publicView } from './views.js';

const num = (key: string, value: number): DebriefNumber => ({ key, label: { key: `mull-money.debrief.${key}` }, value });
const RULES: readonly RuleId[] = ['N1', 'N2', 'N3'];

export function debrief(s: MullState, final: boolean): Debrief {
  const v = publicView(s);
  const open = final || s.phase === 'over';
  const seats = v.players.map((p) => ({
    seat: p.seat,
    numbers: [
      ...(open ? [num('points', scoreOf(s.players[p.seat]!)), num('money', s.players[p.seat]!.cash)] : []),
      // Waste: what the firm keeps in its depot.
      num('waste', p.depot),
      num('loans', p.loans),
      num('growth', p.growth),
    ],
  }));
  const lines: Msg[] = [];
  if (v.experimental) {
    lines.push({ key: 'mull-money.debrief.line.common', args: { n: v.common, zone: { key: `mull-money.zone.${commonZone(v.common, v.seats)}` } } });
  } else {
    const inZone = (z: Zone) => v.players.filter((p) => depotZone(p.depot) === z).map((p) => ({ seat: p.seat }));
    const danger = [...inZone('yellow'), ...inZone('red')];
    lines.push(danger.length ? { key: 'mull-money.debrief.line.depots', args: { n: v.players.reduce((a, p) => a + p.depot, 0), seats: danger } } : { key: 'mull-money.debrief.line.allGreen', args: { n: v.players.reduce((a, p) => a + p.depot, 0) } });
  }
  lines.push({ key: 'mull-money.debrief.line.loans', args: { n: v.players.reduce((a, p) => a + p.loans, 0) } });
  // Played and discarded cards lie face up: how often waste was pushed onto others or treated.
  const played = (c: Card) => v.discard.filter((x) => x === c).length;
  lines.push({ key: v.experimental ? 'mull-money.debrief.line.disposalOnly' : 'mull-money.debrief.line.disposal', args: { disposal: played('disposal'), transport: played('transport') } });
  if (v.inForce.length) lines.push({ key: 'mull-money.debrief.line.rules', args: { rules: v.inForce.map((r) => ({ key: `mull-money.rule.${r}` })) } });
  return { seats, lines };
}

// Ids fit custom ids: "c_<card>" a card, "r_<rule>" a rule in force.
export function flaggable(view: MullSeatView): Flaggable[] {
  const me = view.players[view.seat]!;
  const cards = new Set<Card>([...me.hand, ...(me.kept ? [me.kept] : [])]);
  if (view.alert) cards.add('alert');
  const out: Flaggable[] = CARDS.filter((c) => cards.has(c)).map((c) => ({ id: `c_${c}`, label: { key: `mull-money.card.${c}` } }));
  for (const r of view.inForce) out.push({ id: `r_${r}`, label: { key: `mull-money.rule.${r}` } });
  return out;
}

export function flagText(id: string): FlagText | null {
  const card = CARDS.find((c) => id === `c_${c}`);
  if (card) return { label: { key: `mull-money.card.${card}` }, text: { key: `mull-money.debrief.flag.${card}` } };
  const rule = RULES.find((r) => id === `r_${r}`);
  if (rule) return { label: { key: `mull-money.rule.${rule}` }, text: { key: `mull-money.debrief.flag.${rule}` } };
  return null;
}
