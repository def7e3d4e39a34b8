/** Hand-built R-Eco views and a small i18next-like `t` for renderer tests. */
import { readFileSync } from 'node:fs';
import type { Outcome } from '../../src/engine/types.js';
import type {
  Card,
  CentreView,
  Colour,
  HandCard,
  PlayerView,
  REcoPublicView,
  REcoSeatView,
  Reward,
} from '../../src/games/r-eco/types.js';
import type { RenderContext } from '../../renderers/types.js';

type Dict = { [key: string]: string | Dict };

export function loadLocale(lang: 'en' | 'fr'): Dict {
  return JSON.parse(readFileSync(new URL(`../../renderers/locales/${lang}.json`, import.meta.url), 'utf8')) as Dict;
}

/** Looks keys up under `render.` and fills `{{arg}}` / `{{- arg}}` like i18next does. */
export function makeT(lang: 'en' | 'fr' = 'en'): RenderContext['t'] {
  const dict = loadLocale(lang);
  return (key, args) => {
    const path = key.replace(/^render\./, '').split('.');
    let node: string | Dict | undefined = dict;
    for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
    // Plural forms as i18next picks them: French counts 0 and 1 as singular.
    const count = args?.count;
    if (node === undefined && typeof count === 'number') {
      const one = lang === 'fr' ? count === 0 || count === 1 : count === 1;
      const parent = path.slice(0, -1).reduce<string | Dict | undefined>((n, part) => (typeof n === 'object' ? n[part] : undefined), dict);
      if (typeof parent === 'object') node = parent[`${path[path.length - 1]}_${one ? 'one' : 'other'}`];
    }
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{-?\s*(\w+)\s*\}\}/g, (_m, name: string) => String(args?.[name] ?? ''));
  };
}

export const NAMES = [
  'Alice',
  'Bartholomew the Magnificent Recycler of Kitchen Scraps',
  'Chloé',
  'Dmitri Aleksandrovich',
  'Ève-Marie Lefebvre-Dupont',
];

export function makeCtx(seats: number, lang: 'en' | 'fr' = 'en'): RenderContext {
  return { names: NAMES.slice(0, seats), t: makeT(lang) };
}

const c = (colour: Colour, value: number): Card => ({ colour, value });
const r = (colour: Colour, value: number): Reward => ({ colour, value });

function centres(seats: number): CentreView[] {
  const full = seats === 5 ? [0, 1, 2, 3, 3, -2, 4, 5] : [0, 1, 2, 3, -2, 4, 5];
  return [
    { colour: 'red', stack: full.slice(2), factory: [c('red', 2), c('red', 1)], factoryUnits: 3, dump: [c('blue', 1), c('green', 2), c('red', 1), c('yellow', 1)] },
    { colour: 'blue', stack: full.slice(0), factory: [], factoryUnits: 0, dump: [c('yellow', 1)] },
    { colour: 'yellow', stack: full.slice(5), factory: [c('yellow', 1)], factoryUnits: 1, dump: [c('red', 2), c('green', 1)] },
    { colour: 'green', stack: full.slice(1), factory: [c('green', 2)], factoryUnits: 2, dump: [] },
  ];
}

const REWARDS: Reward[][] = [
  [r('red', 0), r('red', 1), r('yellow', 0), r('yellow', 1), r('green', 0)],
  [r('yellow', 2), r('yellow', 3), r('blue', 0)],
  [r('red', -2), r('yellow', -2), r('yellow', 4)],
  [],
  [r('blue', 1), r('blue', 2), r('blue', 3), r('blue', 4), r('blue', -2), r('blue', 5), r('red', 3)],
];

export function makePublicView(seats: number, phase: REcoPublicView['phase'] = 'play'): REcoPublicView {
  const players: PlayerView[] = Array.from({ length: seats }, (_, seat) => ({
    seat,
    handSize: [3, 5, 2, 4, 1][seat] ?? 3,
    rewards: (REWARDS[seat] ?? []).map((x) => ({ ...x })),
    dumpedCount: [0, 2, 1, 0, 3][seat] ?? 0,
    score: [2, 3, -1, 4, 12][seat] ?? 0,
    bonus: [2, 0, 0, 2, 0][seat] ?? 0,
  }));
  const cs = centres(seats);
  // The game ends when a stack runs out.
  if (phase === 'over' && cs[2]) cs[2] = { ...cs[2], stack: [] };
  return {
    game: 'r-eco',
    seats,
    phase,
    current: 1 % seats,
    turn: 17,
    centres: cs,
    players,
    drawCount: 41,
    discardCount: 12,
    endTriggered: phase !== 'play',
  };
}

export function makeSeatView(seats: number, hand: HandCard[], mustDump = 0): REcoSeatView {
  return { ...makePublicView(seats, mustDump > 0 ? 'dump' : 'play'), seat: 1 % seats, hand: hand.map((h) => ({ ...h })), mustDump };
}

export function handOf(cards: [Colour, number][]): HandCard[] {
  return cards.map(([colour, value], id) => ({ id, colour, value }));
}

export function makeOutcome(view: REcoPublicView): Outcome {
  const sorted = [...view.players].sort((a, b) => b.score - a.score || a.dumpedCount - b.dumpedCount);
  let rank = 0;
  return {
    standings: sorted.map((p, i) => {
      const prev = sorted[i - 1];
      if (!prev || prev.score !== p.score || prev.dumpedCount !== p.dumpedCount) rank = i + 1;
      return { seat: p.seat, score: p.score, rank, breakdown: [] };
    }),
  };
}

/** Recursively freezes a plain value, so any write by a renderer throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Wraps a plain value so that reading any property it does not have throws: a renderer may only
 * use the fields the view type declares and the fixture fills in.
 */
export function strict<T>(value: T, path = 'view'): T {
  if (value === null || typeof value !== 'object') return value;
  return new Proxy(value as object, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol') return Reflect.get(target, prop, receiver) as unknown;
      if (!(prop in target)) throw new Error(`renderer read ${path}.${prop}, which the view does not have`);
      return strict(Reflect.get(target, prop, receiver) as unknown, `${path}.${prop}`);
    },
  }) as T;
}
