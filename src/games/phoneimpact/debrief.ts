/**
 * What a class debrief shows of a PhoneImpact table, and the cards a player may flag for it.
 * Every number comes from the public view: components, cards on the phones and malus counts are
 * all on the table, so the mid-game and the final debrief are the same.
 */
import type { Debrief, DebriefNumber, Flaggable, FlagText, Msg } from '../../engine/index.js';
import { ALL_EVENTS, COMPONENTS, MALUS_TOPICS, RULESETS, SUPPLIERS, TYPES, type EventId, type ResType, type RulesetId, type Supplier } from './constants.js';
import { cardMsg, supplierMsg } from './msgs.js';
import type { PhoneImpactOptions, PhoneImpactPublicView, PhoneImpactSeatView, PhoneImpactState } from './types.js';
import { publicView } from './views.js';

const num = (key: string, value: number): DebriefNumber => ({ key, label: { key: `phoneimpact.debrief.${key}` }, value });

/** Cards on a phone by supplier. */
function onPhone(p: PhoneImpactPublicView['players'][number]): Record<Supplier, number> {
  const r = { PP: 0, PM: 0, RC: 0 };
  for (const c of COMPONENTS) for (const card of p.built[c] ?? []) r[card.supplier]++;
  return r;
}

export function debrief(s: PhoneImpactState, _final: boolean): Debrief {
  const v = publicView(s);
  const phones = v.players.map(onPhone);
  const seats = v.players.map((p, seat) => ({
    seat,
    numbers: [
      num('points', v.scores[seat]!),
      num('malus', p.malusCount),
      // Impact: cards on the phone that came out of a mine (PolluPlus and PolluMoins).
      num('impact', phones[seat]!.PP + phones[seat]!.PM),
      num('recycled', phones[seat]!.RC),
      num('components', COMPONENTS.filter((c) => p.built[c]).length),
    ],
  }));
  const mined = phones.reduce((a, x) => a + x.PP + x.PM, 0);
  const recycled = phones.reduce((a, x) => a + x.RC, 0);
  const malus = v.players.map((p) => p.malusCount);
  const most = Math.max(...malus);
  const lines: Msg[] = [{ key: 'phoneimpact.debrief.line.cards', args: { mined, recycled } }];
  if (most > 0) lines.push({ key: 'phoneimpact.debrief.line.mostMalus', args: { seats: malus.flatMap((m, seat) => (m === most ? [{ seat }] : [])), malus: most } });
  lines.push({ key: 'phoneimpact.debrief.line.depolluted', args: { n: v.malusOutCount } });
  lines.push({ key: v.flags.penalty ? 'phoneimpact.debrief.line.penalty' : 'phoneimpact.debrief.line.noPenalty' });
  return { seats, lines };
}

// Ids fit custom ids: "m_<topic>" for a malus (the same topic in both editions), "e_<event>" with
// event 10's edition ("e_10duel"), "c_<supplier>-<type>", the type as its edition names it.
const eventKey = (r: RulesetId, id: EventId) => (id === '10' ? `10${RULESETS[r].event10}` : id);
const typeKey = (r: RulesetId, t: ResType) => (t === 'MR' && r === '2025' ? 'AMet' : t);

export function flaggable(view: PhoneImpactSeatView): Flaggable[] {
  const out = new Map<string, Msg>();
  for (const e of view.revealed) out.set(`e_${eventKey(view.ruleset, e)}`, { key: 'phoneimpact.debrief.flag.event', args: { n: e } });
  for (const m of view.malus) {
    const topic = MALUS_TOPICS[view.ruleset][m - 1];
    if (topic) out.set(`m_${topic}`, { key: 'phoneimpact.debrief.flag.malus', args: { n: m } });
  }
  for (const c of view.hand) out.set(`c_${c.supplier}-${typeKey(view.ruleset, c.type)}`, cardMsg(view.ruleset, c.supplier, c.type));
  return [...out].map(([id, label]) => ({ id, label }));
}

export function flagText(id: string, options?: PhoneImpactOptions): FlagText | null {
  const ruleset: RulesetId = options?.ruleset ?? 'seed';
  const kind = id.slice(0, 2);
  const rest = id.slice(2);
  if (kind === 'e_') {
    const e = ALL_EVENTS.find((x) => eventKey('seed', x) === rest || eventKey('2025', x) === rest);
    return e ? { label: { key: 'phoneimpact.debrief.flag.event', args: { n: e } }, text: { key: `phoneimpact.event.${rest}` } } : null;
  }
  if (kind === 'm_') {
    const n = MALUS_TOPICS[ruleset].indexOf(rest);
    const any = MALUS_TOPICS.seed.includes(rest) || MALUS_TOPICS['2025'].includes(rest);
    if (!any) return null;
    return { label: n >= 0 ? { key: 'phoneimpact.debrief.flag.malus', args: { n: n + 1 } } : { key: 'phoneimpact.debrief.flag.malusCard' }, text: { key: `phoneimpact.malus.${rest}` } };
  }
  if (kind === 'c_') {
    const [sup, type] = rest.split('-') as [Supplier, string];
    const t = TYPES.find((x) => typeKey('seed', x) === type || typeKey('2025', x) === type);
    if (!SUPPLIERS.includes(sup) || !t) return null;
    return { label: cardMsg(type === 'AMet' ? '2025' : ruleset, sup, t), text: { key: `phoneimpact.debrief.flag.supplier.${sup}`, args: { supplier: supplierMsg(sup) } } };
  }
  return null;
}
