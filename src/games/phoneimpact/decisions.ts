/** Who must answer now, what they are asked (one click per legal action), and legal moves. */
import { numberDecision, type Choice, type Decision, type Field, type Msg, type Seat, type Shortcut } from '../../engine/index.js';
import { QUIZ_GUESS_MAX_KG, RECIPES, SUPPLIERS, TYPES, type Component, type ResType, type Supplier } from './constants.js';
import { menu, malusCost, supplyShape, type MenuEntry } from './actions.js';
import { ALL_GROUPS, CARD_TABLES, bySupplier, countAt, groupKey, handCounts, mixId, mixesFor, parseMix, suggestedMix } from './cards.js';
import { duelOptions, e11Pairs, e4Pairs, e9Fields, faceUpGroups } from './events.js';
import { componentMsg, groupMsg, mixMsg, offerSideMsg, supplierMsg, typeMsg } from './msgs.js';
import { groupExists, holds } from './trade.js';
import type { GroupKey, Mix, PhoneImpactMove, PhoneImpactState } from './types.js';

type D = Decision<PhoneImpactMove>;
const BACK: Shortcut<PhoneImpactMove> = { id: 'back', label: { key: 'phoneimpact.choice.back' }, move: { type: 'back' }, tone: 'secondary' };
const NONE = 'none';

export function pending(s: PhoneImpactState): Seat[] {
  switch (s.phase) {
    case 'over':
      return [];
    case 'tradeAnswer':
      return [s.trade!.to];
    case 'event': {
      const e = s.event!;
      if (e.step === 'quiz') return e.guesses!.flatMap((g, i) => (g === null ? [i] : []));
      if (e.step === 'e4' || e.step === 'e9') return e.queue.slice();
      return e.queue.length > 0 ? [e.queue[0]!] : [];
    }
    default:
      return [s.current];
  }
}

export function menuMove(entry: MenuEntry): PhoneImpactMove {
  if (entry === 'pass') return { type: 'pass' };
  if (entry === 'trade') return { type: 'trade' };
  if (entry === 'd1' || entry === 'd2') return { type: 'depollute', count: entry === 'd1' ? 1 : 2 };
  if (entry.startsWith('b-')) return { type: 'build', component: entry.slice(2) as Component };
  return { type: 'supply', supplier: entry.slice(1) as Supplier };
}

function menuChoice(s: PhoneImpactState, entry: MenuEntry): Choice {
  if (entry === 'pass') return { id: entry, label: { key: 'phoneimpact.choice.pass' }, tone: 'secondary' };
  if (entry === 'trade') return { id: entry, label: { key: 'phoneimpact.choice.trade' }, detail: { key: 'phoneimpact.detail.trade' } };
  if (entry === 'd1' || entry === 'd2') {
    const count = entry === 'd1' ? 1 : 2;
    return { id: entry, label: { key: 'phoneimpact.choice.depollute', args: { count } }, detail: { key: 'phoneimpact.detail.depollute', args: { count } }, tone: 'success' };
  }
  if (entry.startsWith('b-')) {
    const c = entry.slice(2) as Component;
    return { id: entry, label: { key: 'phoneimpact.choice.build', args: { component: componentMsg(c), points: RECIPES[c].points } }, tone: 'primary' };
  }
  const sup = entry.slice(1) as Supplier;
  const shape = supplyShape(s, sup);
  return {
    id: entry,
    label: { key: 'phoneimpact.choice.supply', args: { supplier: supplierMsg(sup) } },
    detail: { key: 'phoneimpact.detail.supply', args: { count: shape.k, malus: Math.min(malusCost(s, sup), s.malusDeck.length) } },
    tone: sup === 'RC' ? 'success' : sup === 'PP' ? 'danger' : 'secondary',
  };
}

export function decision(s: PhoneImpactState, seat: Seat): D | null {
  if (!pending(s).includes(seat)) return null;
  switch (s.phase) {
    case 'turn': {
      const entries = menu(s);
      const notes: Msg[] = [];
      if (s.lastRound) notes.push({ key: 'phoneimpact.note.lastRound' });
      // S31: a single action is still asked, so the table cannot tell the hand allowed no other.
      if (entries.length === 1) notes.push({ key: 'phoneimpact.note.privacy' });
      return {
        kind: 'choose',
        id: 'menu',
        prompt: { key: s.tradeUsed ? 'phoneimpact.prompt.menuAfterTrade' : 'phoneimpact.prompt.menu' },
        notes,
        ...(entries.length === 1 ? { concealing: true } : {}),
        choices: entries.map((e) => menuChoice(s, e)),
        toMove: (id) => (entries.includes(id as MenuEntry) ? menuMove(id as MenuEntry) : null),
      };
    }
    case 'supply':
      return supplyDecision(s, s.supplier!);
    case 'build':
      return buildDecision(s, seat, s.component!);
    case 'tradeGive':
      return tradeGiveDecision(s, seat);
    case 'tradeAsk':
      return tradeAskDecision(s);
    case 'tradeAnswer': {
      const t = s.trade!;
      const can = holds(s, t.to, t.ask);
      const choices: Choice[] = [];
      if (can) choices.push({ id: 'accept', label: { key: 'phoneimpact.choice.accept' }, tone: 'success' });
      choices.push({ id: 'refuse', label: { key: 'phoneimpact.choice.refuse' }, tone: 'danger' });
      return {
        kind: 'choose',
        id: 'trade-answer',
        prompt: { key: can ? 'phoneimpact.prompt.tradeAnswer' : 'phoneimpact.prompt.tradeCannot', args: offerArgs(s) },
        ...(can ? {} : { concealing: true }),
        choices,
        toMove: (id) => (id === 'accept' && can ? { type: 'tradeAnswer', accept: true } : id === 'refuse' ? { type: 'tradeAnswer', accept: false } : null),
      };
    }
    case 'event':
      return eventDecision(s, seat);
    default:
      return null;
  }
}

export function offerArgs(s: PhoneImpactState) {
  const t = s.trade!;
  return {
    seat: { seat: t.from },
    give: offerSideMsg(t.give.map((g) => groupMsg(s.ruleset, g)), t.malus),
    ask: t.ask.map((g) => groupMsg(s.ruleset, g)),
  };
}

function supplyDecision(s: PhoneImpactState, sup: Supplier): D {
  const shape = supplyShape(s, sup);
  const type = CARD_TABLES[s.ruleset].type;
  const choices: Choice[] = shape.up.map((i) => ({ id: `f${i}`, label: { key: 'phoneimpact.choice.faceUp', args: { card: typeMsg(s.ruleset, type[s.faceUp[sup][i]!]!) } } }));
  for (let i = 1; i <= Math.min(shape.k, shape.deck); i++) choices.push({ id: `d${i}`, label: { key: 'phoneimpact.choice.deckCard', args: { n: i } } });
  return {
    kind: 'pick',
    id: `supply-${sup}`,
    prompt: { key: 'phoneimpact.prompt.supply', args: { count: shape.k, supplier: supplierMsg(sup), malus: Math.min(malusCost(s, sup), s.malusDeck.length) } },
    choices,
    min: shape.k,
    max: shape.k,
    shortcuts: [BACK],
    toMove: (ids) => {
      const faceUp: number[] = [];
      let deck = 0;
      for (const id of ids) {
        if (!choices.some((c) => c.id === id)) return null;
        if (id.startsWith('f')) faceUp.push(Number(id.slice(1)));
        else deck++;
      }
      return { type: 'supply', supplier: sup, faceUp, deck };
    },
  };
}

function buildDecision(s: PhoneImpactState, seat: Seat, c: Component): D {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const need = RECIPES[c].need;
  const suggested = suggestedMix(counts, c);
  const fields: Field[] = [];
  for (const t of TYPES) {
    const mixes = mixesFor(counts, t, need[t]);
    if (mixes.length < 2) continue;
    fields.push({
      kind: 'select',
      id: t,
      label: { key: 'phoneimpact.field.mix', args: { count: need[t], type: typeMsg(s.ruleset, t) } },
      choices: mixes.map((m) => ({ id: mixId(m), label: mixMsg(m) })),
      min: 1,
      max: 1,
      default: [mixId(suggested[t])],
    });
  }
  return {
    kind: 'form',
    id: `build-${c}`,
    prompt: { key: 'phoneimpact.prompt.build', args: { component: componentMsg(c) } },
    notes: [{ key: 'phoneimpact.note.mix' }],
    fields,
    shortcuts: [{ id: 'suggested', label: { key: 'phoneimpact.choice.suggested' }, move: { type: 'build', component: c, mix: suggested }, tone: 'primary' }, BACK],
    toMove: (values) => {
      const mix: Partial<Record<ResType, Mix>> = { ...suggested };
      for (const f of fields) {
        const v = values[f.id];
        const m = Array.isArray(v) && v.length === 1 ? parseMix(v[0]!) : null;
        if (!m) return null;
        mix[f.id as ResType] = m;
      }
      return { type: 'build', component: c, mix };
    },
  };
}

/** Hand groups a seat holds, as select choices (≤ 15, S23), with "none" first. */
function groupChoices(s: PhoneImpactState, seat: Seat, filter: (g: GroupKey) => boolean = () => true): Choice[] {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const out: Choice[] = [{ id: NONE, label: { key: 'phoneimpact.choice.none' } }];
  for (const sup of SUPPLIERS) for (const t of TYPES) {
    const n = countAt(counts, sup, t);
    const g = groupKey(sup, t);
    if (n > 0 && filter(g)) out.push({ id: g, label: groupMsg(s.ruleset, g, n) });
  }
  return out;
}

const slotValue = (v: unknown): string | null => (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' ? v[0] : null);

function tradeGiveDecision(s: PhoneImpactState, seat: Seat): D {
  const targets = s.players.flatMap((p, i) => (i !== seat && p.hand.length > 0 ? [i] : []));
  const giveChoices = groupChoices(s, seat);
  const fields: Field[] = [
    { kind: 'select', id: 'target', label: { key: 'phoneimpact.field.target' }, choices: targets.map((t) => ({ id: `p${t}`, label: { key: 'phoneimpact.seatName', args: { seat: { seat: t } } } })), min: 1, max: 1 },
  ];
  for (let i = 1; i <= 3; i++) fields.push({ kind: 'select', id: `give${i}`, label: { key: 'phoneimpact.field.give', args: { n: i } }, choices: giveChoices, min: 1, max: 1, default: [NONE] });
  const maxMalus = Math.min(3, s.players[seat]!.malus.length);
  if (maxMalus > 0) fields.push({ kind: 'number', id: 'malus', label: { key: 'phoneimpact.field.malus', args: { max: maxMalus } }, min: 0, max: maxMalus, default: 0 });
  return {
    kind: 'form',
    id: 'trade-give',
    prompt: { key: 'phoneimpact.prompt.tradeGive' },
    fields,
    shortcuts: [BACK],
    toMove: (values) => {
      const target = slotValue(values.target);
      if (!target || !/^p\d$/.test(target)) return null;
      const give: GroupKey[] = [];
      for (let i = 1; i <= 3; i++) {
        const v = slotValue(values[`give${i}`]);
        if (v === null) return null;
        if (v !== NONE) give.push(v as GroupKey);
      }
      const malus = maxMalus > 0 ? values.malus : 0;
      if (typeof malus !== 'number') return null;
      return { type: 'tradeGive', target: Number(target.slice(1)), give, malus };
    },
  };
}

function tradeAskDecision(s: PhoneImpactState): D {
  const t = s.trade!;
  const backs = bySupplier(s.ruleset, s.players[t.to]!.hand);
  const choices: Choice[] = [{ id: NONE, label: { key: 'phoneimpact.choice.none' } }];
  for (const g of ALL_GROUPS) {
    if (backs[g.split('-')[0] as Supplier] > 0 && groupExists(s, g)) choices.push({ id: g, label: groupMsg(s.ruleset, g) });
  }
  const fields: Field[] = [];
  for (let i = 1; i <= 3; i++) fields.push({ kind: 'select', id: `ask${i}`, label: { key: 'phoneimpact.field.ask', args: { n: i } }, choices: i === 1 ? choices.slice(1) : choices, min: 1, max: 1, ...(i === 1 ? {} : { default: [NONE] }) });
  return {
    kind: 'form',
    id: 'trade-ask',
    prompt: { key: 'phoneimpact.prompt.tradeAsk', args: { seat: { seat: t.to } } },
    fields,
    shortcuts: [BACK],
    toMove: (values) => {
      const ask: GroupKey[] = [];
      for (let i = 1; i <= 3; i++) {
        const v = slotValue(values[`ask${i}`]);
        if (v === null) return null;
        if (v !== NONE) ask.push(v as GroupKey);
      }
      return { type: 'offer', target: t.to, give: t.give, malus: t.malus, ask };
    },
  };
}

function eventDecision(s: PhoneImpactState, seat: Seat): D {
  const e = s.event!;
  const hold = (prompt: string, args?: Record<string, never>): D => ({
    kind: 'choose',
    id: `${e.step}-hold`,
    prompt: { key: prompt, ...(args ? { args } : {}) },
    concealing: true,
    notes: [{ key: 'phoneimpact.note.privacy' }],
    choices: [{ id: 'ok', label: { key: 'phoneimpact.choice.ok' } }],
    toMove: (id) => (id === 'ok' ? { type: 'ok' } : null),
  });
  switch (e.step) {
    case 'quiz':
      return numberDecision<PhoneImpactMove>({
        id: 'quiz',
        prompt: { key: 'phoneimpact.prompt.quiz' },
        label: { key: 'phoneimpact.field.guess' },
        notes: [{ key: 'phoneimpact.note.quiz', args: { max: QUIZ_GUESS_MAX_KG } }],
        min: 0,
        max: QUIZ_GUESS_MAX_KG,
        toMove: (kg) => ({ type: 'guess', kg }),
      });
    case 'take': {
      const groups = [...faceUpGroups(s).keys()];
      return {
        kind: 'choose',
        id: `take-${e.id}`,
        prompt: { key: 'phoneimpact.prompt.take', args: { n: e.id } },
        choices: groups.map((g) => ({ id: g, label: groupMsg(s.ruleset, g) })),
        toMove: (id) => (groups.includes(id as GroupKey) ? { type: 'takeUp', group: id as GroupKey } : null),
      };
    }
    case 'e4': {
      const pairs = e4Pairs(s, seat);
      if (pairs.length === 1) return hold('phoneimpact.prompt.e4hold');
      const ids = pairs.map((p) => `${p[0]}_${p[1]}`);
      return {
        kind: 'choose',
        id: 'e4',
        prompt: { key: 'phoneimpact.prompt.e4' },
        choices: pairs.map((p, i) => ({ id: ids[i]!, label: { key: 'phoneimpact.choice.pair', args: { a: groupMsg(s.ruleset, groupKey('PP', p[0])), b: groupMsg(s.ruleset, groupKey('PP', p[1])) } } })),
        toMove: (id) => {
          const i = ids.indexOf(id);
          return i < 0 ? null : { type: 'discardPP', types: [...pairs[i]!] };
        },
      };
    }
    case 'e9': {
      const fields = e9Fields(s, seat);
      if (fields.length === 0) return hold('phoneimpact.prompt.e9hold');
      return {
        kind: 'form',
        id: 'e9',
        prompt: { key: 'phoneimpact.prompt.e9' },
        notes: [{ key: 'phoneimpact.note.e9' }],
        fields: fields.map((f) => ({ kind: 'number', id: f.type, label: { key: 'phoneimpact.field.keepPP', args: { type: typeMsg(s.ruleset, f.type), min: f.min, max: f.max } }, min: f.min, max: f.max, default: f.min })),
        shortcuts: [
          { id: 'keepPM', label: { key: 'phoneimpact.choice.keepPM' }, move: { type: 'keep', pp: Object.fromEntries(fields.map((f) => [f.type, f.min])) } },
          { id: 'keepPP', label: { key: 'phoneimpact.choice.keepPP' }, move: { type: 'keep', pp: Object.fromEntries(fields.map((f) => [f.type, f.max])) } },
        ],
        toMove: (values) => {
          const pp: Partial<Record<ResType, number>> = {};
          for (const f of fields) {
            const v = values[f.type];
            if (typeof v !== 'number') return null;
            pp[f.type] = v;
          }
          return { type: 'keep', pp };
        },
      };
    }
    case 'e7': {
      const left = (seat + 1) % s.seats;
      return {
        kind: 'choose',
        id: 'e7',
        prompt: { key: 'phoneimpact.prompt.e7', args: { seat: { seat: left } } },
        choices: (['PP', 'PM'] as const).map((sup) => ({ id: sup, label: { key: 'phoneimpact.choice.steal', args: { supplier: supplierMsg(sup) } } })),
        toMove: (id) => (id === 'PP' || id === 'PM' ? { type: 'steal', supplier: id } : null),
      };
    }
    case 'e10': {
      const opts = duelOptions(s, seat, e.target!);
      return {
        kind: 'choose',
        id: 'e10',
        prompt: { key: 'phoneimpact.prompt.e10', args: { seat: { seat: e.target! } } },
        choices: opts.map((o) => ({ id: o, label: o === 'malus' ? { key: 'phoneimpact.choice.giveMalus' } : { key: 'phoneimpact.choice.steal', args: { supplier: supplierMsg(o) } } })),
        toMove: (id) => (opts.includes(id as Supplier) ? { type: 'e10', option: id as Supplier | 'malus' } : null),
      };
    }
    case 'e11': {
      const pairs = e11Pairs(s, seat);
      const canDraw = s.malusDeck.length > 0;
      if (!canDraw && pairs.length === 1) return hold('phoneimpact.prompt.e11hold');
      const choices = groupChoices(s, seat, (g) => !g.startsWith('RC')).slice(1);
      return {
        kind: 'form',
        id: 'e11',
        prompt: { key: canDraw ? 'phoneimpact.prompt.e11' : 'phoneimpact.prompt.e11discard' },
        fields: [1, 2].map((i) => ({ kind: 'select', id: `card${i}`, label: { key: 'phoneimpact.field.discard', args: { n: i } }, choices, min: 1, max: 1 })),
        ...(canDraw ? { shortcuts: [{ id: 'draw', label: { key: 'phoneimpact.choice.drawMalus' }, move: { type: 'e11', draw: true }, tone: 'danger' as const }] } : {}),
        toMove: (values) => {
          const a = slotValue(values.card1), b = slotValue(values.card2);
          if (!a || !b) return null;
          return { type: 'e11', draw: false, discard: [a as GroupKey, b as GroupKey] };
        },
      };
    }
  }
  return null as never;
}

/** Every legal move of a seat now: complete for menus and choices, a sample for guesses and mixes. */
export function legalMoves(s: PhoneImpactState, seat: Seat): PhoneImpactMove[] {
  const d = decision(s, seat);
  if (!d) return [];
  const out: PhoneImpactMove[] = (d.shortcuts ?? []).map((sc) => sc.move);
  if (d.kind === 'choose') {
    for (const c of d.choices) {
      const m = d.toMove(c.id);
      if (m) out.push(m);
    }
  } else if (d.kind === 'pick') {
    // The face-up cards first, then deck cards; and all from the deck when possible.
    const ids = d.choices.map((c) => c.id);
    const first = d.toMove(ids.slice(0, d.min));
    if (first) out.push(first);
    const decks = ids.filter((i) => i.startsWith('d'));
    if (decks.length >= d.min) out.push(d.toMove(decks.slice(0, d.min))!);
  } else if (d.id === 'quiz') {
    out.push({ type: 'guess', kg: 0 }, { type: 'guess', kg: 3000 }, { type: 'guess', kg: QUIZ_GUESS_MAX_KG });
  } else if (d.id === 'e11') {
    const pairs = e11Pairs(s, seat);
    for (const p of pairs.slice(0, 10)) out.push({ type: 'e11', draw: false, discard: [...p] });
  }
  return out;
}

