/**
 * The shared contract test. A new game joins with one line in ENTRIES; the test-only fixtures
 * keep the contract honest for simultaneous secret choices and for forms with shortcuts.
 */
import { vi } from 'vitest';

vi.mock('../../src/games/index.js', async (importOriginal) => (await import('../e2e/fixtures/registry.js')).gamesWith(await importOriginal(), ['sealed-bid', 'cube-market']));

const { contractSuite } = await import('./contract.js');
const { renderers } = await import('../../renderers/index.js');
const { gameById } = await import('../../src/games/index.js');
const { sealedBidRenderers } = await import('../e2e/fixtures/sealed-bid.js');
const { cubeMarketRenderers } = await import('./fixtures/cube-market.js');

const { localise } = await import('../../src/i18n/index.js');

/** While PhoneImpact's quiz waits for guesses, its answer card (1 bis) is a secret. */
function quizAnswer(state: unknown): string[] {
  const s = state as { event: { step: string } | null };
  if (s.event?.step !== 'quiz') return [];
  return ['"1bis"', ...(['en', 'fr'] as const).map((language) => localise(language, { key: 'phoneimpact.event.1bis' }))];
}

const ENTRIES: import('./contract.js').ContractEntry[] = [
  { game: gameById('r-eco')!, renderers: renderers['r-eco'], variants: [{ seats: 2, options: { 'two-player': true } }, { seats: 3, options: {} }, { seats: 5, options: {} }] },
  { game: gameById('mark')!, renderers: renderers['mark'], variants: [{ seats: 2, options: {} }, { seats: 3, options: { 'mark-private-money': true } }, { seats: 4, options: { 'mark-short': true } }] },
  { game: gameById('sealed-bid')!, renderers: sealedBidRenderers, variants: [{ seats: 2, options: {} }, { seats: 4, options: {} }] },
  { game: gameById('palermo')!, renderers: renderers['palermo'], variants: [{ seats: 2, options: { 'palermo-turns': '5' } }, { seats: 4, options: { 'palermo-turns': '5' } }, { seats: 3, options: { 'palermo-turns': '5', 'palermo-free-choice': true } }], playouts: 3 },
  { game: gameById('phoneimpact')!, renderers: renderers['phoneimpact'], secretNow: quizAnswer, variants: [{ seats: 3, options: {} }, { seats: 4, options: { 'phoneimpact-ruleset': '2025' } }, { seats: 5, options: { 'phoneimpact-20min': true } }, { seats: 4, options: { 'phoneimpact-finish-round': true } }] },
  { game: gameById('mull-money')!, renderers: renderers['mull-money'], variants: [{ seats: 2, options: {} }, { seats: 3, options: { 'mull-experimental': true } }, { seats: 4, options: {} }, { seats: 2, options: { 'mull-experimental': true, 'mull-negotiation-rules': 'N3' } }] },
  { game: gameById('cube-market')!, renderers: cubeMarketRenderers, variants: [{ seats: 2, options: {} }, { seats: 4, options: {} }] },
];

for (const entry of ENTRIES) contractSuite(entry);
