/** Names on images: what the bundled font cannot draw (emoji) is left out rather than shown as empty boxes. */
import { describe, expect, it } from 'vitest';
import { drawableName, recordTexts } from '../../renderers/canvas.js';
import { GAMES } from '../../src/catalog.js';
import { renderImage } from '../../src/discord/runtime/render-image.js';

describe('names drawn on images', () => {
  it('leave out emoji, their joiners and selectors, and keep everything the font has', () => {
    expect(drawableName('Chloé 🌱 Müller-Łukasiewicz')).toBe('Chloé Müller-Łukasiewicz');
    expect(drawableName('🇫🇷 Zoë👩‍🔬')).toBe('Zoë');
    expect(drawableName('Ève ☀ d’Arc')).toBe('Ève ☀ d’Arc');
    expect(drawableName('🌱🌱')).toBe('🌱🌱');
  });

  it('reach every renderer through the image job without the emoji', () => {
    const game = GAMES['r-eco']!;
    const state = game.setup({ seats: 2, options: { 'two-player': true }, seed: 'names' });
    const { texts } = recordTexts(() => renderImage({ gameType: 'r-eco', kind: 'board', view: game.publicView(state), names: ['Chloé 🌱 Müller', 'Bob'], language: 'en' }));
    const drawn = texts.map((t) => t.text).join('\n');
    expect(drawn).toContain('Chloé Müller');
    expect(drawn).not.toContain('🌱');
  });
});
