/**
 * Shared drawing helpers for every game's images.
 *
 * Only the Canvas API subset that node-canvas and @napi-rs/canvas share is used here (plus
 * `registerFont` and `toBuffer`), so the backend can be swapped later if drawing speed matters.
 */
import { fileURLToPath } from 'node:url';
import { Canvas, createCanvas, registerFont, type CanvasRenderingContext2D } from 'canvas';
import { LRUCache } from 'lru-cache';
import { beforeRecording, drawLayer, isRecording, measuringBoxes, notePasted, noteText, startImage } from './recorder.js';
import { SOFT_HYPHEN, withoutSoftHyphens } from '../src/i18n/soft-hyphen.js';

export type { Canvas, CanvasRenderingContext2D };
export type Ctx = CanvasRenderingContext2D;
// Panels and the phone rule are declared by renderers as they draw; the rest is for tests.
export { PHONE_MIN_TEXT, PHONE_WIDTH, closePanel, minTextSize, openPanel, outOfBounds, panel, recordDrawing, recordTexts } from './recorder.js';
export type { Box, Container, DrawnItem, DrawnText, TextSize } from './recorder.js';

/** Family name of the bundled fonts. Never a machine font, so bytes do not depend on the host. */
export const FONT_FAMILY = 'Recyclerie Sans';

let fontsRegistered = false;

/** Registers the bundled DejaVu fonts once. Pango must know them before the first canvas exists. */
export function ensureFonts(): void {
  if (fontsRegistered) return;
  fontsRegistered = true;
  const file = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
  registerFont(file('DejaVuSans.ttf'), { family: FONT_FAMILY });
  registerFont(file('DejaVuSans-Bold.ttf'), { family: FONT_FAMILY, weight: 'bold' });
}

// At import time: any module that can create a canvas imports this one first.
ensureFonts();

/** A CSS font string for the bundled family. */
/**
 * A display name as the bundled font can draw it: DejaVu has no emoji, which would show as
 * empty boxes, so pictographs from U+1F000 up, their joiners and variation selectors are left
 * out. A name made only of them is kept as it is.
 */
export function drawableName(name: string): string {
  const kept = name.replace(/[\u{1F000}-\u{1FAFF}\u{E0020}-\u{E007F}\u200D\uFE0E\uFE0F]/gu, '').replace(/\s{2,}/g, ' ').trim();
  return kept || name;
}

export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size}px "${FONT_FAMILY}"`;
}

export function createBoardCanvas(width: number, height: number): Canvas {
  ensureFonts();
  return createCanvas(Math.round(width), Math.round(height));
}

/**
 * A canvas for a whole, opaque image. Without an alpha channel the PNG has a quarter fewer bytes
 * to compress, which makes encoding about a third faster. Everything drawn on it must cover it.
 */
export function createImageCanvas(width: number, height: number): { canvas: Canvas; g: CanvasRenderingContext2D } {
  if (isRecording()) {
    // Recording (tests only): a fresh canvas, whose context notes every shape and text drawn.
    const canvas = createBoardCanvas(width, height);
    return { canvas, g: startImage(canvas, canvas.getContext('2d', { pixelFormat: 'RGB24' })) };
  }
  const spare = spareCanvas(Math.round(width), Math.round(height));
  return { canvas: spare.canvas, g: startImage(spare.canvas, spare.g) };
}

// ---------------------------------------------------------------------------------------------
// Spare image canvases. A new canvas of board size costs about as much as drawing on it: its
// pixel memory is allocated twice (once more for the RGB24 format) and touched page by page.
// The last few sizes are kept and handed out again, wiped to the blank a new canvas has, with
// the drawing state of a new context. Dropped after a quiet spell, so an idle process is small.

interface Spare {
  canvas: Canvas;
  g: CanvasRenderingContext2D;
  /** Saves the renderer left open, undone before the canvas is used again. */
  depth: number;
  inUse: boolean;
  /** The context's own save and restore; the base state of a new context is saved first. */
  save(): void;
  restore(): void;
}

export const SPARE_LIMIT = 2;
export const SPARE_IDLE_MS = 5_000;
// All dropped together after the quiet spell: one timer reset on each image, where lru-cache's
// ttl would age each size apart and keep a timer per canvas.
const spares = new LRUCache<string, Spare>({ max: SPARE_LIMIT });
const spareOf = new WeakMap<Canvas, Spare>();
let spareTimer: NodeJS.Timeout | undefined;

function spareCanvas(width: number, height: number): Spare {
  const key = `${width}x${height}`;
  const hit = spares.get(key);
  if (hit && !hit.inUse) {
    for (; hit.depth > 0; hit.depth--) hit.restore();
    // Back to the state saved when it was new, and then saved again as that base.
    hit.restore();
    hit.save();
    hit.g.clearRect(0, 0, width, height);
    hit.inUse = true;
    return hit;
  }
  const canvas = createBoardCanvas(width, height);
  const g = canvas.getContext('2d', { pixelFormat: 'RGB24' });
  const spare: Spare = { canvas, g, depth: 0, inUse: true, save: g.save.bind(g), restore: g.restore.bind(g) };
  spare.save();
  g.save = () => {
    spare.depth++;
    spare.save();
  };
  // An extra restore must not undo the base state.
  g.restore = () => {
    if (spare.depth === 0) return;
    spare.depth--;
    spare.restore();
  };
  // A canvas still in use (a renderer that failed, or one image drawn inside another) is
  // simply left out of the spares.
  spares.set(key, spare);
  spareOf.set(canvas, spare);
  return spare;
}

function releaseCanvas(canvas: Canvas): void {
  const spare = spareOf.get(canvas);
  if (!spare) return;
  spare.inUse = false;
  clearTimeout(spareTimer);
  spareTimer = setTimeout(() => spares.clear(), SPARE_IDLE_MS);
  spareTimer.unref();
}

/**
 * PNG without row filters and with low compression: 3-4x faster to encode than the defaults for
 * flat board graphics, and smaller too (see notes on rendering). The canvas is free again after.
 */
export function encodePng(canvas: Canvas): Buffer {
  const started = performance.now();
  try {
    return canvas.toBuffer('image/png', { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE });
  } finally {
    encoding.ms += performance.now() - started;
    releaseCanvas(canvas);
  }
}

/** Time this process spent encoding PNGs: the benchmarks tell drawing and encoding apart. */
export const encoding = { ms: 0 };

// ---------------------------------------------------------------------------------------------
// Caching of static parts. Text is the costly part of drawing in Cairo, so anything that does
// not change between two images of the same game (card faces, backgrounds, localised labels) is
// drawn once and copied with drawImage at integer coordinates, which is pixel-exact.

export const LAYER_LIMIT = 400;
// Keys include localised labels, so the cache is bounded; the least recently copied goes first.
const layers = new LRUCache<string, Canvas>({ max: LAYER_LIMIT });
// Recording drops them first, so their contents are recorded too (they draw the same pixels again).
beforeRecording(() => layers.clear());

/** Returns the canvas cached under `key`, drawing it with `draw` the first time. */
export function cachedLayer(key: string, width: number, height: number, draw: (ctx: Ctx) => void): Canvas {
  const hit = layers.get(key);
  if (hit) return hit;
  const canvas = createBoardCanvas(width, height);
  drawLayer(key, canvas, canvas.getContext('2d'), draw);
  layers.set(key, canvas);
  return canvas;
}

/** Copies a cached layer at whole pixels, so copies are exact and output stays deterministic. */
export function blit(ctx: Ctx, layer: Canvas, x: number, y: number): void {
  ctx.drawImage(layer, Math.round(x), Math.round(y));
  notePasted(ctx, layer, Math.round(x), Math.round(y));
}

// ---------------------------------------------------------------------------------------------
// Shapes and text.

/** Adds a rounded rectangle to the current path (no roundRect(): not in every backend). */
export function roundRectPath(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.lineTo(x + w - rr, y);
  ctx.arcTo(x + w, y, x + w, y + rr, rr);
  ctx.lineTo(x + w, y + h - rr);
  ctx.arcTo(x + w, y + h, x + w - rr, y + h, rr);
  ctx.lineTo(x + rr, y + h);
  ctx.arcTo(x, y + h, x, y + h - rr, rr);
  ctx.lineTo(x, y + rr);
  ctx.arcTo(x, y, x + rr, y, rr);
  ctx.closePath();
}

export function fillRoundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, fill: string): void {
  roundRectPath(ctx, x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
}

export function strokeRoundRect(
  ctx: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  stroke: string,
  lineWidth = 1,
): void {
  roundRectPath(ctx, x, y, w, h, r);
  ctx.strokeStyle = stroke;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
}

const ELLIPSIS = '…';

/**
 * Width of `text` in the context's current font. Pango lays a text out afresh for every
 * measure, and the same labels are measured in every image, so widths are kept by font and
 * text. Text is only ever drawn translated, never scaled or rotated, so a width holds anywhere.
 */
export function textWidth(ctx: Ctx, text: string): number {
  const key = `${ctx.font}\u0000${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = ctx.measureText(withoutSoftHyphens(text)).width;
    widths.set(key, width);
  }
  return width;
}

export const WIDTH_LIMIT = 20_000;
// A hit costs at most a few tenths of a microsecond more than in a plain Map, a measure some
// 60 µs. Counted through maxSize: `max` would allocate room for all of them up front (440 KB).
const widths = new LRUCache<string, number>({ maxSize: WIDTH_LIMIT, sizeCalculation: () => 1 });

/** Sets the font, unless it is set already: each set parses it and looks the face up again. */
export function setFont(ctx: Ctx, value: string): void {
  if (ctx.font !== value) ctx.font = value;
}

/**
 * Shortens `text` with an ellipsis so it fits `maxWidth` in the context's current font.
 * Works on code points so a name never ends in half a surrogate pair.
 */
export function fitText(ctx: Ctx, text: string, maxWidth: number): string {
  if (textWidth(ctx, text) <= maxWidth) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  // Largest prefix length whose text plus ellipsis fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = chars.slice(0, mid).join('').trimEnd() + ELLIPSIS;
    if (textWidth(ctx, candidate) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? ELLIPSIS : chars.slice(0, lo).join('').trimEnd() + ELLIPSIS;
}

/**
 * Picks the largest font size (down to `minSize`) at which `text` fits, then ellipsises if even
 * the smallest size is too wide. Leaves that font set on the context.
 */
export function fitTextSized(
  ctx: Ctx,
  text: string,
  maxWidth: number,
  size: number,
  minSize: number,
  bold = false,
): string {
  for (let s = size; s >= minSize; s -= 1) {
    setFont(ctx, font(s, bold));
    if (textWidth(ctx, text) <= maxWidth) return text;
  }
  return fitText(ctx, text, maxWidth);
}

/**
 * Pieces (words with what may follow them) laid greedily into lines at most `width` px wide in
 * the current font, each line measured and returned as `shown` makes it; a piece wider than a
 * line breaks between letters, so nothing is ever cut.
 */
export function fillLines(ctx: Ctx, pieces: readonly string[], width: number, shown: (line: string) => string): string[] {
  const fits = (t: string) => textWidth(ctx, shown(t)) <= width;
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line) lines.push(line);
    let rest = piece;
    // A long compound breaks where its soft hyphens allow before it ever breaks between letters.
    const trail = /\s*$/.exec(rest)![0];
    const hyphenated = !fits(rest) ? breakAtSoftHyphens(rest.slice(0, rest.length - trail.length), fits) : null;
    if (hyphenated) {
      lines.push(...hyphenated.slice(0, -1));
      rest = hyphenated.at(-1)! + trail;
    }
    while (!fits(rest)) {
      const chars = Array.from(rest);
      let k = chars.length - 1;
      while (k > 1 && !fits(chars.slice(0, k).join(''))) k--;
      lines.push(chars.slice(0, k).join(''));
      rest = chars.slice(k).join('');
    }
    line = rest;
  }
  if (line.trim()) lines.push(line);
  return lines.map((l) => withoutSoftHyphens(shown(l)));
}

/**
 * A sentence that names players, fitted to `maxWidth` by shortening the names (never the rest):
 * `build` gets a function that shortens one name, and is tried with ever shorter names.
 */
export function fitNames(ctx: Ctx, build: (name: (full: string) => string) => string, maxWidth: number, size: number, bold = false): string {
  setFont(ctx, font(size, bold));
  const full = build((n) => n);
  if (textWidth(ctx, full) <= maxWidth) return full;
  for (let k = Array.from(full).length; k >= 1; k--) {
    const s = build((n) => {
      const chars = Array.from(n);
      return chars.length > k ? chars.slice(0, k).join('').trimEnd() + ELLIPSIS : n;
    });
    if (textWidth(ctx, s) <= maxWidth) return s;
  }
  return fitText(ctx, build(() => ELLIPSIS), maxWidth);
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color: string;
  align?: 'left' | 'center' | 'right';
  /** Ellipsis beyond this width. */
  maxWidth?: number;
}

/**
 * `word` (wider than `fits` allows) broken at its soft hyphens: the longest beginnings that fit
 * with a visible hyphen, then the rest; null when no soft hyphen gives a piece that fits.
 */
export function breakAtSoftHyphens(word: string, fits: (piece: string) => boolean): string[] | null {
  const parts = word.split(SOFT_HYPHEN);
  if (parts.length === 1) return null;
  const out: string[] = [];
  let i = 0;
  while (i < parts.length) {
    let j = parts.length;
    // The most parts that still fit on one line (with a hyphen unless they end the word).
    while (j > i + 1 && !fits(parts.slice(i, j).join('') + (j < parts.length ? '-' : ''))) j--;
    const piece = parts.slice(i, j).join('') + (j < parts.length ? '-' : '');
    if (!fits(piece)) return null;
    out.push(piece);
    i = j;
  }
  return out;
}

let measuring: Ctx | null = null;

/** One context to measure texts on before an image exists: layouts need heights first (widths are cached by font). */
export function measuringContext(): Ctx {
  return (measuring ??= createBoardCanvas(1, 1).getContext('2d'));
}

/** Draws one line of text vertically centred on `y`. The only way renderers draw text. */
export function drawText(ctx: Ctx, rawText: string, x: number, y: number, style: TextStyle): void {
  const text = withoutSoftHyphens(rawText);
  setFont(ctx, font(style.size, style.bold ?? false));
  ctx.fillStyle = style.color;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'middle';
  const shown = style.maxWidth !== undefined ? fitText(ctx, text, style.maxWidth) : text;
  if (measuringBoxes()) ctx.fillText(shown, x, y);
  else drawCachedText(ctx, shown, x, y, style);
  noteText(ctx, shown, x, y, style.size);
}

// Drawn texts are kept as small images: the same labels, numbers and names come back in every
// image of a game, and copying a few pixels costs a fraction of laying a text out with Pango.
// Bounded by their pixels, least recently drawn first. While recording (tests) texts are drawn
// directly, so their boxes are measured.

interface TextImage {
  canvas: Canvas;
  width: number;
  pad: number;
}

const TEXT_IMAGE_BYTES = 8 * 1024 * 1024;
const textImages = new LRUCache<string, TextImage>({ maxSize: TEXT_IMAGE_BYTES, sizeCalculation: ({ canvas }) => canvas.width * canvas.height * 4 });

function drawCachedText(ctx: Ctx, text: string, x: number, y: number, style: TextStyle): void {
  const key = `${ctx.font}\u0000${style.color}\u0000${text}`;
  let image = textImages.get(key);
  if (!image) {
    const width = textWidth(ctx, text);
    // Room for overhangs, ascenders and descenders around the advance width and the middle line.
    const pad = Math.ceil(style.size * 0.3);
    const half = Math.ceil(style.size * 0.9);
    const canvas = createBoardCanvas(Math.ceil(width) + 2 * pad, 2 * half);
    const g = canvas.getContext('2d');
    g.font = ctx.font;
    g.fillStyle = style.color;
    g.textAlign = 'left';
    g.textBaseline = 'middle';
    g.fillText(text, pad, half);
    image = { canvas, width, pad };
    textImages.set(key, image);
  }
  const left = style.align === 'center' ? x - image.width / 2 : style.align === 'right' ? x - image.width : x;
  ctx.drawImage(image.canvas, Math.round(left - image.pad), Math.round(y - image.canvas.height / 2));
}

/** A number as printed on cards: a real minus sign, which reads better than a hyphen. */
export function formatValue(value: number): string {
  return value < 0 ? `\u2212${Math.abs(value)}` : String(value);
}
