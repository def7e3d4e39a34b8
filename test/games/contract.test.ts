/**
 * The shared contract test, over every game of the catalog (src/catalog.ts): a new game is
 * covered without a line here. The test-only fixtures keep the contract honest for simultaneous
 * secret choices and for forms with shortcuts.
 */
import { vi } from 'vitest';

vi.mock('../../src/catalog.js', async (importOriginal) => (await import('../e2e/fixtures/registry.js')).catalogWith(await importOriginal(), ['sealed-bid', 'cube-market']));

const { contractSuite } = await import('./contract.js');
const { CATALOG } = await import('../../src/catalog.js');
const { defaultOptions } = await import('./seeded.js');

const { localise } = await import('../../src/i18n/index.js');

/** While PhoneImpact's quiz waits for guesses, its answer card (1 bis) is a secret. */
function quizAnswer(state: unknown): string[] {
  const s = state as { event: { step: string } | null };
  if (s.event?.step !== 'quiz') return [];
  return ['"1bis"', ...(['en', 'fr'] as const).map((language) => localise(language, { key: 'phoneimpact.event.1bis' }))];
}

type Entry = import('./contract.js').ContractEntry;
type Variant = Entry['variants'][number];

/** A game not listed in SETTINGS plays its default options at its smallest and largest table. */
function defaultVariants(game: Entry['game']): Variant[] {
  const { min, max } = game.players(defaultOptions(game));
  return [...new Set([Math.max(2, min), max])].map((seats) => ({ seats, options: {} }));
}

/** Which tables and options each game is exercised with, and its own secrets. */
const SETTINGS: Record<string, Partial<Entry>> = {
  'r-eco': { variants: [{ seats: 2, options: { 'two-player': true } }, { seats: 3, options: {} }, { seats: 5, options: {} }] },
  mark: { variants: [{ seats: 2, options: {} }, { seats: 3, options: { 'mark-private-money': true } }, { seats: 4, options: { 'mark-short': true } }] },
  'sealed-bid': { variants: [{ seats: 2, options: {} }, { seats: 4, options: {} }] },
  palermo: { variants: [{ seats: 2, options: { 'palermo-turns': '5' } }, { seats: 4, options: { 'palermo-turns': '5' } }, { seats: 3, options: { 'palermo-turns': '5', 'palermo-free-choice': true } }], playouts: 3 },
  phoneimpact: { secretNow: quizAnswer, variants: [{ seats: 3, options: {} }, { seats: 4, options: { 'phoneimpact-ruleset': '2025' } }, { seats: 5, options: { 'phoneimpact-20min': true } }, { seats: 4, options: { 'phoneimpact-finish-round': true } }] },
  'mull-money': { variants: [{ seats: 2, options: {} }, { seats: 3, options: { 'mull-experimental': true } }, { seats: 4, options: {} }, { seats: 2, options: { 'mull-experimental': true, 'mull-negotiation-rules': 'N3' } }] },
  'cube-market': { variants: [{ seats: 2, options: {} }, { seats: 4, options: {} }] },
};

for (const { game, renderers } of CATALOG) contractSuite({ game, renderers, variants: defaultVariants(game), ...SETTINGS[game.id] });
