import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blit, cachedLayer, createImageCanvas, drawText, encodePng, minTextSize, recordTexts } from '../../renderers/canvas.js';
import { renderers } from '../../src/catalog.js';
import { renderREcoBoard } from '../../renderers/r-eco/board.js';
import { renderREcoFinal } from '../../renderers/r-eco/final.js';
import { renderREcoHand } from '../../renderers/r-eco/hand.js';
import type { RenderContext } from '../../renderers/types.js';
import type { REcoPublicView } from '../../src/games/r-eco/types.js';
import { expectReadableOnPhone, tooSmallTexts } from './phone-rule.js';
import {
  NAMES,
  deepFreeze,
  handOf,
  loadLocale,
  makeOutcome,
  makePublicView,
  makeSeatView,
  strict,
} from './fixtures.js';
import { realCtx } from './bounds.js';

/** The bot's own texts (shared render labels and R-Eco's), failing on a missing key. */
function makeCtx(seats: number, lang: 'en' | 'fr' = 'en'): RenderContext {
  return realCtx(lang, NAMES.slice(0, seats));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_BYTES = 300 * 1024;

/** Checks the PNG signature and reads the size from the IHDR chunk, which must come first. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(buf.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

const HAND = handOf([
  ['red', 1],
  ['red', 2],
  ['blue', 1],
  ['yellow', 2],
  ['green', 1],
  ['green', 1],
  ['blue', 2],
  ['yellow', 1],
]);

function finalOf(seats: number) {
  const view = makePublicView(seats, 'over');
  return { view, outcome: makeOutcome(view) };
}

describe.each([2, 3, 5])('R-Eco images with %i seats', (seats) => {
  const ctx = makeCtx(seats);

  it('board is a PNG 900 px wide, at most 1.2 × as tall, under 300 KB', () => {
    const png = renderREcoBoard(makePublicView(seats), ctx);
    const { width, height } = pngSize(png);
    expect(width).toBe(900);
    expect(height).toBeLessThanOrEqual(1.2 * width);
    expect(png.length).toBeLessThan(MAX_BYTES);
  });

  it('board grows with the seat count', () => {
    const { height } = pngSize(renderREcoBoard(makePublicView(seats), ctx));
    const { height: h2 } = pngSize(renderREcoBoard(makePublicView(2), makeCtx(2)));
    expect(height - h2).toBeGreaterThanOrEqual((seats - 2) * 60);
  });

  it('hand is about square, 800 px wide', () => {
    const png = renderREcoHand(makeSeatView(seats, HAND, 3), ctx);
    const { width, height } = pngSize(png);
    expect(width).toBe(800);
    expect(height).toBeGreaterThan(0.9 * width);
    expect(png.length).toBeLessThan(MAX_BYTES);
  });

  it('final ranking is a PNG 900 px wide with one row per seat', () => {
    const { view, outcome } = finalOf(seats);
    const png = renderREcoFinal(view, outcome, ctx);
    const { width, height } = pngSize(png);
    expect(width).toBe(900);
    expect(height).toBeGreaterThan(200 + seats * 100);
    expect(height).toBeLessThanOrEqual(1.2 * width);
    expect(png.length).toBeLessThan(MAX_BYTES);
  });

  it.each(['en', 'fr'] as const)('every text reads on a phone (%s)', (lang) => {
    const c = makeCtx(seats, lang);
    for (const phase of ['play', 'dump', 'over'] as const) {
      expectReadableOnPhone(() => renderREcoBoard(makePublicView(seats, phase), c), { minAspect: 0.8 });
    }
    expectReadableOnPhone(() => renderREcoHand(makeSeatView(seats, HAND, 3), c), { minAspect: 0.9 });
    expectReadableOnPhone(() => renderREcoHand(makeSeatView(seats, []), c), { minAspect: 0.9 });
    const { view, outcome } = finalOf(seats);
    expectReadableOnPhone(() => renderREcoFinal(view, outcome, c));
  });

  it('the same view gives byte-identical images', () => {
    const a = renderREcoBoard(makePublicView(seats), ctx);
    const b = renderREcoBoard(makePublicView(seats), makeCtx(seats));
    expect(a.equals(b)).toBe(true);
    const h1 = renderREcoHand(makeSeatView(seats, HAND), ctx);
    const h2 = renderREcoHand(makeSeatView(seats, HAND), ctx);
    expect(h1.equals(h2)).toBe(true);
    const f = finalOf(seats);
    expect(renderREcoFinal(f.view, f.outcome, ctx).equals(renderREcoFinal(f.view, f.outcome, ctx))).toBe(true);
  });

  it('renders deep-frozen views', () => {
    expect(() => renderREcoBoard(deepFreeze(makePublicView(seats)), ctx)).not.toThrow();
    expect(() => renderREcoHand(deepFreeze(makeSeatView(seats, HAND, 2)), ctx)).not.toThrow();
    const { view, outcome } = finalOf(seats);
    expect(() => renderREcoFinal(deepFreeze(view), deepFreeze(outcome), ctx)).not.toThrow();
  });

  it('reads no field the view does not have', () => {
    const board = makePublicView(seats);
    expect(renderREcoBoard(strict(board), ctx).equals(renderREcoBoard(board, ctx))).toBe(true);
    const seat = makeSeatView(seats, HAND, 1);
    expect(renderREcoHand(strict(seat), ctx).equals(renderREcoHand(seat, ctx))).toBe(true);
    const { view, outcome } = finalOf(seats);
    const png = renderREcoFinal(strict(view), strict(outcome, 'outcome'), ctx);
    expect(png.equals(renderREcoFinal(view, outcome, ctx))).toBe(true);
  });
});

describe('R-Eco images change with public facts', () => {
  const ctx = makeCtx(4);
  const base = renderREcoBoard(makePublicView(4), ctx);

  function changed(edit: (v: REcoPublicView) => void): Buffer {
    const view = makePublicView(4);
    edit(view);
    return renderREcoBoard(view, ctx);
  }

  it('a dump card', () => {
    const png = changed((v) => {
      const dump = v.centres[1]?.dump;
      if (dump?.[0]) dump[0] = { colour: 'green', value: 1 };
    });
    expect(png.equals(base)).toBe(false);
  });

  it('a score', () => {
    expect(changed((v) => v.players[0] && (v.players[0].score += 1)).equals(base)).toBe(false);
  });

  it('the current seat, the piles and the factory units', () => {
    expect(changed((v) => (v.current = 2)).equals(base)).toBe(false);
    expect(changed((v) => (v.drawCount -= 1)).equals(base)).toBe(false);
    expect(changed((v) => (v.discardCount += 1)).equals(base)).toBe(false);
    expect(changed((v) => v.centres[3] && (v.centres[3].factoryUnits = 3)).equals(base)).toBe(false);
  });

  it('the game being over', () => {
    expect(changed((v) => (v.phase = 'over')).equals(base)).toBe(false);
  });

  it('a hand card and the number to dump', () => {
    const hand = renderREcoHand(makeSeatView(4, HAND), ctx);
    const other = HAND.map((c, i) => (i === 0 ? { ...c, colour: 'blue' as const } : c));
    expect(renderREcoHand(makeSeatView(4, other), ctx).equals(hand)).toBe(false);
    expect(renderREcoHand(makeSeatView(4, HAND, 3), ctx).equals(hand)).toBe(false);
  });

  it('the final ranking follows the outcome', () => {
    const { view, outcome } = finalOf(4);
    const png = renderREcoFinal(view, outcome, ctx);
    const swapped = {
      standings: outcome.standings.map((s) => (s.rank === 1 ? { ...s, score: s.score + 5 } : s)),
    };
    expect(renderREcoFinal(view, swapped, ctx).equals(png)).toBe(false);
  });

  it('the language', () => {
    expect(renderREcoBoard(makePublicView(4), makeCtx(4, 'fr')).equals(base)).toBe(false);
  });
});

describe('R-Eco image edge cases', () => {
  it('draws an empty hand, a long hand and empty names', () => {
    const ctx: RenderContext = { ...makeCtx(2), names: ['', ' '] };
    pngSize(renderREcoHand(makeSeatView(2, []), ctx));
    const many = handOf(Array.from({ length: 12 }, (_, i) => [i % 2 ? 'red' : 'blue', 1 + (i % 2)]));
    pngSize(renderREcoHand(makeSeatView(2, many, 7), ctx));
    pngSize(renderREcoBoard(makePublicView(2), ctx));
  });

  it('draws crowded piles and an empty stack', () => {
    const view = makePublicView(5, 'dump');
    const red = view.centres[0];
    if (red) {
      red.stack = [];
      red.dump = Array.from({ length: 9 }, (_, i) => ({ colour: 'blue' as const, value: 1 + (i % 2) }));
    }
    const p = view.players[4];
    if (p) {
      p.handSize = 11;
      p.rewards = Array.from({ length: 8 }, (_, i) => ({ colour: 'green' as const, value: i - 2 }));
    }
    pngSize(renderREcoBoard(view, makeCtx(5, 'fr')));
  });
});

describe('render locale files', () => {
  function keys(node: unknown, prefix = ''): string[] {
    if (typeof node !== 'object' || node === null) return [prefix];
    return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }

  it('en and fr have exactly the same keys, all non-empty strings', () => {
    const en = loadLocale('en');
    const fr = loadLocale('fr');
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const lang of [en, fr]) {
      for (const key of keys(lang)) {
        const value = key.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], lang);
        expect(typeof value === 'string' && value.length > 0, key).toBe(true);
      }
    }
  });

  it('every key the renderers use exists, under render. or r-eco.render. (and the game\'s name)', () => {
    const used = new Set<string>();
    const en = makeCtx(1).t;
    const t: RenderContext['t'] = (key, args) => {
      used.add(key);
      return en(key, args);
    };
    const ctx: RenderContext = { names: ['A'], t };
    for (const phase of ['play', 'dump', 'over'] as const) renderREcoBoard(makePublicView(3, phase), ctx);
    renderREcoHand(makeSeatView(3, HAND, 1), ctx);
    renderREcoHand(makeSeatView(3, []), ctx);
    const { view, outcome } = finalOf(3);
    renderREcoFinal(view, outcome, ctx);
    const known = new Set(keys(loadLocale('en')).map((k) => `render.${k.replace(/_(one|other)$/, '')}`));
    const own = JSON.parse(readFileSync(new URL('../../src/games/r-eco/locales/en.json', import.meta.url), 'utf8')) as { render: object };
    for (const k of keys(own.render)) known.add(`r-eco.render.${k}`);
    // The title is the game's own name, which editions translate ("R-Öko").
    known.add('r-eco.name');
    for (const key of used) expect(known.has(key), key).toBe(true);
  });
});

describe('renderer registry', () => {
  it('registers r-eco', () => {
    const r = renderers['r-eco'];
    expect(r).toBeDefined();
    const ctx = makeCtx(3);
    pngSize(r!.board(makePublicView(3), ctx));
    pngSize(r!.hand(makeSeatView(3, HAND), ctx));
    const { view, outcome } = finalOf(3);
    pngSize(r!.final(view, outcome, ctx));
  });
});

describe('the phone rule check', () => {
  it('fails on a text drawn below the minimum, also inside a cached layer', () => {
    const tiny = () => {
      const { canvas, g } = createImageCanvas(900, 900);
      drawText(g, 'fine', 10, 10, { size: 24, color: '#000' });
      const layer = cachedLayer('test:phone-rule:tiny', 100, 40, (l) => drawText(l, 'too small', 0, 20, { size: 12, color: '#000' }));
      blit(g, layer, 0, 100);
      return encodePng(canvas);
    };
    const { texts } = recordTexts(tiny);
    expect(texts.map((t) => [t.text, t.size, t.imageWidth])).toEqual([
      ['fine', 24, 900],
      ['too small', 12, 900],
    ]);
    expect(tooSmallTexts(texts)).toHaveLength(1);
    // Copied again from the cache, the layer's text is still reported.
    expect(tooSmallTexts(recordTexts(tiny).texts)).toEqual([expect.stringContaining('"too small" at 12 px')]);
    expect(() => expectReadableOnPhone(tiny)).toThrow();
  });

  it('the minimum grows with the image width: 22.5 px at 900, 20 px at 800', () => {
    expect(minTextSize(900)).toBe(22.5);
    expect(minTextSize(800)).toBe(20);
  });

  it('renderers draw text only through drawText, where the check hooks', () => {
    const dir = new URL('../../renderers/', import.meta.url);
    const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.ts') && f !== 'canvas.ts');
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect(readFileSync(new URL(file, dir), 'utf8'), file).not.toMatch(/\.(fillText|strokeText)\(/);
  });
});
