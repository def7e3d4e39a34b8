/** What the pending seat is asked now, built from public facts plus that seat's own secrets. */
import type { Choice, Decision, Field, FormValues, Msg, Seat, Shortcut } from '../../engine/index.js';
import { numberDecision } from '../../engine/index.js';
import { contractType, DECON_COST, mafiaPrice, marketPrice, RECYCLING_COST, SETUP_EQUIPMENT_KEEP, SORTING_COST } from './constants.js';
import { mafiaTotal } from './mafia.js';
import { colourMsg, contractChoice, contractMsg, cubesMsg, equipmentChoice, equipmentMsg } from './msgs.js';
import { suggest, visibleFields, type CountField } from './phaseB.js';
import { destroyable, menuItems, offerTargets, refillOptions } from './phaseC.js';
import { pickValue } from './freeChoice.js';
import { bidBounds } from './phaseD.js';
import { suggestSetup } from './advice.js';
import type { PalermoMove, Step, Table } from './types.js';
import { capacities, fitsStorage, mixedUse } from './zones.js';

type D = Decision<PalermoMove>;
type Secrets = { hand: number[]; draws: { contracts: number[]; equipment: number[] } | null };

const FIELD_LABEL: Record<string, string> = { b2: 'burn2', b1: 'burn1', r: 'recycle', d: 'decon' };

function fieldLabel(step: string, f: CountField): Msg {
  const prefix = /^[a-z]\d?/.exec(f.id)?.[0];
  const kind = step === 'factory' && prefix ? FIELD_LABEL[prefix]! : step;
  return { key: `palermo.field.${kind}`, args: { colour: colourMsg(f.colour), max: f.max } };
}

function sc(id: string, key: string, move: PalermoMove, args?: Msg['args']): Shortcut<PalermoMove> {
  return { id, label: args ? { key, args } : { key }, move };
}

function countsMove(step: Step, values: FormValues | Record<string, number>): PalermoMove {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'number') out[k] = v;
  return { type: 'counts', step, values: out };
}

function stepNotes(t: Table, seat: Seat, fields: CountField[]): Msg[] {
  const b = t.boards[seat]!;
  const notes: Msg[] = [{ key: 'palermo.note.money', args: { cash: b.cash, debt: b.debt } }];
  const seen = new Set<number>();
  for (const f of fields) {
    if (seen.has(f.colour) && t.step !== 'factory') continue;
    seen.add(f.colour);
    switch (t.step) {
      case 'sell':
        notes.push({ key: 'palermo.note.sell', args: { colour: colourMsg(f.colour), price: marketPrice(f.colour, t.market[f.colour]!), count: t.market[f.colour]! } });
        break;
      case 'sort':
        notes.push({ key: 'palermo.note.sort', args: { colour: colourMsg(f.colour), price: SORTING_COST[f.colour]! } });
        break;
      default:
        break;
    }
  }
  const cap = capacities(b.equipment);
  if (t.step === 'factory') {
    notes.push({ key: 'palermo.note.factory', args: { yeCost: RECYCLING_COST[1]!, blCost: RECYCLING_COST[2]!, whCost: RECYCLING_COST[3]!, grCost: RECYCLING_COST[4]!, decon: DECON_COST } });
  } else if (t.step === 'store') {
    notes.push({ key: 'palermo.note.store', args: { used: mixedUse(b.storage, cap), mixed: cap.mixed, stored: cubesMsg(b.storage), upkeep: cap.upkeep } });
  } else if (t.step === 'mafia') {
    const p0 = t.mafia.reduce((a, n) => a + n, 0);
    const total = mafiaTotal(p0, b.toMafia, [0, 0, 0, 0, 0, 0, 0], b.cash) ?? 0;
    notes.push({ key: 'palermo.note.mafiaForced', args: { cubes: cubesMsg(b.toMafia), total } });
    notes.push({ key: 'palermo.note.mafiaPrices', args: { count: p0, common: mafiaPrice(0, p0), mv: mafiaPrice(5, p0), bk: mafiaPrice(6, p0) } });
  }
  if (t.step === 'sort' || t.step === 'store') {
    const left = t.step === 'sort' ? b.bulk : b.sorted;
    notes.push({ key: 'palermo.note.leftToMafia', args: { cubes: cubesMsg(left) } });
  }
  return notes;
}

function phaseBDecision(t: Table, seat: Seat): D | null {
  const fields = visibleFields(t, seat);
  if (fields.length === 0) return null;
  const step = t.step;
  const suggested = suggest(t, seat, fields);
  const formFields: Field[] = fields.map((f) => ({ kind: 'number', id: f.id, label: fieldLabel(step, f), min: 0, max: f.max, default: suggested[f.id]! }));
  const zeros = Object.fromEntries(fields.map((f) => [f.id, 0]));
  const maxed = Object.fromEntries(fields.map((f) => [f.id, f.max]));
  const shortcuts: Shortcut<PalermoMove>[] = [];
  const b = t.boards[seat]!;
  switch (step) {
    case 'sell':
      shortcuts.push(sc('all', 'palermo.shortcut.sellAll', countsMove(step, maxed)), sc('none', 'palermo.shortcut.sellNone', countsMove(step, zeros)));
      break;
    case 'factory':
      shortcuts.push(sc('suggested', 'palermo.shortcut.suggested', countsMove(step, suggested)), sc('none', 'palermo.shortcut.processNone', countsMove(step, zeros)));
      break;
    case 'store': {
      const x = [...b.storage];
      for (const f of fields) x[f.colour]! += f.max;
      const allSorted = fields.every((f) => f.max === b.sorted[f.colour]);
      if (allSorted && fitsStorage(x, capacities(b.equipment))) shortcuts.push(sc('all', 'palermo.shortcut.storeAll', countsMove(step, maxed)));
      else shortcuts.push(sc('fit', 'palermo.shortcut.storeFit', countsMove(step, suggested)));
      shortcuts.push(sc('none', 'palermo.shortcut.storeNone', countsMove(step, zeros)));
      break;
    }
    case 'sort': {
      const cost = fields.reduce((a, f) => a + f.max * SORTING_COST[f.colour]!, 0);
      if (cost <= b.cash) shortcuts.push(sc('all', 'palermo.shortcut.sortAll', countsMove(step, maxed), { cost }));
      shortcuts.push(sc('none', 'palermo.shortcut.sortNone', countsMove(step, zeros)));
      break;
    }
    case 'mafia':
      shortcuts.push(sc('none', 'palermo.shortcut.mafiaNone', countsMove(step, zeros)));
      break;
    default:
      break;
  }
  return {
    kind: 'form',
    id: `${step}${t.part}`,
    prompt: { key: `palermo.prompt.${step}`, args: { part: t.part + 1, parts: t.groups.length } },
    notes: stepNotes(t, seat, fields),
    fields: formFields,
    shortcuts,
    toMove: (values) => countsMove(step, values),
  };
}

const ids = (v: FormValues, key: string): number[] | null => {
  const x = v[key];
  if (!Array.isArray(x)) return null;
  const out = x.map(Number);
  return out.every(Number.isInteger) ? out : null;
};

function phaseCDecision(t: Table, seat: Seat, sec: Secrets): D | null {
  const b = t.boards[seat]!;
  const back = sc('back', 'palermo.shortcut.back', { type: 'back' });
  switch (t.step) {
    case 'answer': {
      const o = t.offer!;
      if (o.buyer !== seat) return null;
      const held = t.boards[o.seller]!.contracts[o.contract]!;
      return {
        kind: 'choose', id: 'answer',
        prompt: { key: 'palermo.prompt.answer', args: { seat: { seat: o.seller }, contract: contractMsg(held.card), price: held.price, count: held.life, amount: o.amount } },
        choices: [
          { id: 'accept', label: { key: 'palermo.choice.accept' }, tone: 'success', detail: { key: 'palermo.detail.accept', args: { amount: o.amount } } },
          { id: 'decline', label: { key: 'palermo.choice.decline' }, tone: 'danger' },
        ],
        toMove: (id) => (id === 'accept' || id === 'decline' ? { type: 'answer', accept: id === 'accept' } : null),
      };
    }
    case 'menu': {
      const items = menuItems(t, seat);
      return {
        kind: 'choose', id: 'menu',
        prompt: { key: 'palermo.prompt.menu' },
        notes: [{ key: 'palermo.note.money', args: { cash: b.cash, debt: b.debt } }],
        choices: items.map((item) => ({ id: item, label: { key: `palermo.menu.${item}` }, detail: { key: `palermo.menuDetail.${item}` } })),
        toMove: (id) => (items.includes(id as never) ? { type: 'menu', item: id as 'buy' } : null),
      };
    }
    case 'buy': {
      const choices: Choice[] = sec.hand.map((c) => ({ id: String(c), ...equipmentChoice(c) }));
      return {
        kind: 'form', id: 'buy',
        prompt: { key: 'palermo.prompt.buy', args: { cash: b.cash } },
        notes: sec.hand.map((c) => equipmentMsg(c)),
        fields: [
          { kind: 'select', id: 'buy', label: { key: 'palermo.field.buyCards' }, choices, min: 0, max: choices.length },
          { kind: 'select', id: 'discard', label: { key: 'palermo.field.discardCards' }, choices, min: 0, max: choices.length },
        ],
        shortcuts: [back],
        toMove: (v) => {
          const buy = ids(v, 'buy'), discard = ids(v, 'discard');
          return buy && discard ? { type: 'buy', buy, discard } : null;
        },
      };
    }
    case 'offer': {
      const targets = offerTargets(t, seat);
      const maxCash = Math.max(0, ...targets.map((p) => t.boards[p]!.cash));
      return {
        kind: 'form', id: 'offer',
        prompt: { key: 'palermo.prompt.offer' },
        notes: targets.map((p) => ({ key: 'palermo.note.buyerCash', args: { seat: { seat: p }, cash: t.boards[p]!.cash } })),
        fields: [
          { kind: 'select', id: 'contract', label: { key: 'palermo.field.contract' }, choices: b.contracts.map((c, i) => ({ id: String(i), ...contractChoice(c.card, { key: 'palermo.detail.held', args: { price: c.price, count: c.life } }) })), min: 1, max: 1 },
          { kind: 'select', id: 'buyer', label: { key: 'palermo.field.buyer' }, choices: targets.map((p) => ({ id: String(p), label: { key: 'palermo.seat', args: { seat: { seat: p } } } })), min: 1, max: 1 },
          { kind: 'number', id: 'amount', label: { key: 'palermo.field.amount' }, min: -b.cash, max: maxCash, default: 0 },
        ],
        shortcuts: [back],
        toMove: (v) => {
          const c = ids(v, 'contract'), p = ids(v, 'buyer'), amount = v.amount;
          if (!c || !p || c.length !== 1 || p.length !== 1 || typeof amount !== 'number') return null;
          return { type: 'offer', contract: c[0]!, buyer: p[0]!, amount };
        },
      };
    }
    case 'destroy': {
      const list = destroyable(t, seat);
      return {
        kind: 'choose', id: 'destroy',
        prompt: { key: 'palermo.prompt.destroy' },
        choices: list.map((i) => ({ id: String(i), ...equipmentChoice(b.equipment[i]!.card), tone: 'danger' })),
        shortcuts: [back],
        toMove: (id) => (list.includes(Number(id)) ? { type: 'destroy', index: Number(id) } : null),
      };
    }
    case 'refill': {
      const options = refillOptions(t);
      return {
        kind: 'choose', id: `refill${b.handCount}`,
        prompt: { key: 'palermo.prompt.refill', args: { count: b.handCount } },
        choices: options.map((c) => (c === null ? { id: 'deck', label: { key: 'palermo.choice.deck' } } : { id: String(c), ...equipmentChoice(c) })),
        toMove: (id) => (id === 'deck' ? { type: 'refill', card: null } : options.includes(Number(id)) ? { type: 'refill', card: Number(id) } : null),
      };
    }
    default:
      return null;
  }
}

function pickDecision(t: Table, seat: Seat): D | null {
  if (t.current !== seat) return null;
  const b = t.boards[seat]!;
  const row = t.contractRow;
  return {
    kind: 'choose', id: 'pick',
    prompt: { key: 'palermo.prompt.pick' },
    notes: [{ key: 'palermo.note.money', args: { cash: b.cash, debt: b.debt } }, { key: 'palermo.note.ladder' }],
    choices: row.map((c, i) => ({ id: String(c), ...contractChoice(c, { key: 'palermo.detail.pick', args: { price: pickValue(t, i), life: contractType(c).validity } }) })),
    shortcuts: [sc('pass', 'palermo.shortcut.pass', { type: 'pass' })],
    toMove: (id) => (row.includes(Number(id)) && /^\d+$/.test(id) ? { type: 'pick', card: Number(id) } : null),
  };
}

function phaseDDecision(t: Table, seat: Seat): D | null {
  if (t.step === 'pick') return pickDecision(t, seat);
  const a = t.auction!;
  if (t.step === 'name') {
    if (a.opener !== seat) return null;
    return {
      kind: 'choose', id: 'name',
      prompt: { key: 'palermo.prompt.name' },
      choices: a.unoffered.map((c) => ({ id: String(c), ...contractChoice(c) })),
      toMove: (id) => (a.unoffered.includes(Number(id)) ? { type: 'name', card: Number(id) } : null),
    };
  }
  if (a.turn !== seat) return null;
  const bounds = bidBounds(t, seat)!;
  const card = a.card!;
  const printed = contractType(card).price;
  const pass = sc('pass', 'palermo.shortcut.pass', { type: 'pass' });
  const notes: Msg[] = [
    { key: 'palermo.note.auction', args: { contract: contractMsg(card) } },
    a.high === null ? { key: 'palermo.note.noBid', args: { printed } } : { key: 'palermo.note.high', args: { seat: { seat: a.highBidder! }, amount: a.high } },
    { key: 'palermo.note.money', args: { cash: t.boards[seat]!.cash, debt: t.boards[seat]!.debt } },
  ];
  if (bounds.lone) {
    return {
      kind: 'choose', id: 'lone',
      prompt: { key: 'palermo.prompt.lone', args: { contract: contractMsg(card), printed } },
      notes,
      choices: [{ id: 'take', label: { key: 'palermo.choice.take', args: { printed } }, tone: 'success' }],
      shortcuts: [pass],
      toMove: (id) => (id === 'take' ? { type: 'bid', amount: printed } : null),
    };
  }
  const shortcuts = [pass, sc('max', a.high === null ? 'palermo.shortcut.open' : 'palermo.shortcut.under', { type: 'bid', amount: bounds.max }, { amount: bounds.max })];
  if (bounds.max - 5 >= bounds.min) shortcuts.push(sc('five', 'palermo.shortcut.bid', { type: 'bid', amount: bounds.max - 5 }, { amount: bounds.max - 5 }));
  return numberDecision<PalermoMove>({
    id: `bid${a.high ?? 'x'}`.replace('-', 'm'),
    prompt: { key: a.high === null ? 'palermo.prompt.open' : 'palermo.prompt.bid', args: { contract: contractMsg(card), max: bounds.max, min: bounds.min } },
    label: { key: 'palermo.field.bid' },
    notes,
    min: bounds.min,
    max: bounds.max,
    default: bounds.max,
    shortcuts,
    toMove: (amount) => (Number.isInteger(amount) ? { type: 'bid', amount } : null),
  });
}

function setupDecision(t: Table, seat: Seat, sec: Secrets): D | null {
  if (t.boards[seat]!.ready || !sec.draws) return null;
  const draws = sec.draws;
  const s = suggestSetup(draws, t.turns);
  return {
    kind: 'form', id: 'setup',
    prompt: { key: 'palermo.prompt.setup', args: { count: SETUP_EQUIPMENT_KEEP } },
    notes: [{ key: 'palermo.note.setup' }],
    fields: [
      { kind: 'select', id: 'contract', label: { key: 'palermo.field.keepContract' }, choices: draws.contracts.map((c) => ({ id: String(c), ...contractChoice(c) })), min: 1, max: 1 },
      { kind: 'select', id: 'equipment', label: { key: 'palermo.field.keepEquipment' }, choices: draws.equipment.map((c) => ({ id: String(c), ...equipmentChoice(c) })), min: SETUP_EQUIPMENT_KEEP, max: SETUP_EQUIPMENT_KEEP },
    ],
    shortcuts: [sc('suggested', 'palermo.shortcut.setupSuggested', { type: 'setup', contract: s.contract, equipment: s.equipment })],
    toMove: (v) => {
      const c = ids(v, 'contract'), e = ids(v, 'equipment');
      return c && e && c.length === 1 ? { type: 'setup', contract: c[0]!, equipment: e } : null;
    },
  };
}

export function decisionFor(t: Table, seat: Seat, sec: Secrets): D | null {
  switch (t.phase) {
    case 'setup':
      return setupDecision(t, seat, sec);
    case 'B':
      return t.current === seat ? phaseBDecision(t, seat) : null;
    case 'C':
      if (t.step === 'answer') return phaseCDecision(t, seat, sec);
      return t.current === seat ? phaseCDecision(t, seat, sec) : null;
    case 'D':
      return phaseDDecision(t, seat);
    default:
      return null;
  }
}
