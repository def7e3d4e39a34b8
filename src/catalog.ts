/**
 * Every playable game, listed once: its rules (src/games/<id>/, whose locales/ folder i18n finds
 * by itself) and its drawings (renderers/<id>/). A new game is one line in CATALOG; the contract
 * test, the image tests and the text check then cover it.
 */
import type { GameRenderers } from '../renderers/types.js';
import { markRenderers } from '../renderers/mark/index.js';
import { mullMoneyRenderers } from '../renderers/mull-money/index.js';
import { palermoRenderers } from '../renderers/palermo/index.js';
import { phoneImpactRenderers } from '../renderers/phoneimpact/index.js';
import { rEcoRenderers } from '../renderers/r-eco/index.js';
import type { AnyGame } from './engine/index.js';
import { mark } from './games/mark/index.js';
import { mullMoney } from './games/mull-money/index.js';
import { palermo } from './games/palermo/index.js';
import { phoneImpact } from './games/phoneimpact/index.js';
import { rEco } from './games/r-eco/index.js';

export type { GameRenderers } from '../renderers/types.js';

export interface CatalogEntry {
  game: AnyGame;
  renderers: GameRenderers;
}

/** In the order menus offer them. */
export const CATALOG: readonly CatalogEntry[] = [
  { game: rEco, renderers: rEcoRenderers },
  { game: mark, renderers: markRenderers },
  { game: palermo, renderers: palermoRenderers },
  { game: phoneImpact, renderers: phoneImpactRenderers },
  { game: mullMoney, renderers: mullMoneyRenderers },
];

export const GAMES: Record<string, AnyGame> = Object.fromEntries(CATALOG.map((e) => [e.game.id, e.game]));

/** Image renderers per game id. */
export const renderers: Record<string, GameRenderers> = Object.fromEntries(CATALOG.map((e) => [e.game.id, e.renderers]));

export function gameById(id: string): AnyGame | undefined {
  return Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
}
