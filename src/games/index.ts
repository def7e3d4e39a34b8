/** Every playable game, by id. A new game plugs in here and in renderers/index.ts. */
import type { AnyGame } from '../engine/index.js';
import { mark } from './mark/index.js';
import { mullMoney } from './mull-money/index.js';
import { palermo } from './palermo/index.js';
import { phoneImpact } from './phoneimpact/index.js';
import { rEco } from './r-eco/index.js';

export const GAMES: Record<string, AnyGame> = {
  [rEco.id]: rEco,
  [mark.id]: mark,
  [palermo.id]: palermo,
  [phoneImpact.id]: phoneImpact,
  [mullMoney.id]: mullMoney,
};

/** Games announced in help texts but not playable yet. */
export const COMING_GAMES = [] as const;

export function gameById(id: string): AnyGame | undefined {
  return Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
}
