/**
 * Shared drawing helpers for every game's images.
 *
 * Only the Canvas API subset that node-canvas and @napi-rs/canvas share is used here (plus
 * `registerFont` and `toBuffer`), so the backend can be swapped later if drawing speed matters.
 */
import { fileURLToPath } from 'node:url';
import { Canvas, createCanvas, registerFont, type CanvasRenderingContext2D } from 'canvas';
import type { Colour } from '../src/games/r-eco/types.js';

export type { Canvas, CanvasRenderingContext2D };
export type Ctx = CanvasRenderingContext2D;

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
  const canvas = createBoardCanvas(width, height);
  imageWidth = canvas.width;
  const g = canvas.getContext('2d', { pixelFormat: 'RGB24' });
  return { canvas, g };
}

/**
 * PNG without row filters and with low compression: 3-4x faster to encode than the defaults for
 * flat board graphics, and smaller too (see notes on rendering).
 */
export function encodePng(canvas: Canvas): Buffer {
  return canvas.toBuffer('image/png', { compressionLevel: 3, filters: Canvas.PNG_FILTER_NONE });
}

// ---------------------------------------------------------------------------------------------
// Caching of static parts. Text is the costly part of drawing in Cairo, so anything that does
// not change between two images of the same game (card faces, backgrounds, localised labels) is
// drawn once and copied with drawImage at integer coordinates, which is pixel-exact.

const LAYER_LIMIT = 400;
const layers = new Map<string, Canvas>();

/** Returns the canvas cached under `key`, drawing it with `draw` the first time. */
export function cachedLayer(key: string, width: number, height: number, draw: (ctx: Ctx) => void): Canvas {
  const hit = layers.get(key);
  if (hit) return hit;
  const canvas = createBoardCanvas(width, height);
  // The layer keeps the sizes of the texts drawn on it, to report them wherever it is copied.
  const texts: TextSize[] = [];
  layerTexts.push(texts);
  try {
    draw(canvas.getContext('2d'));
  } finally {
    layerTexts.pop();
  }
  textsOfLayer.set(canvas, texts);
  // Keys include localised labels, so bound the cache; the oldest entry goes first.
  if (layers.size >= LAYER_LIMIT) {
    const oldest = layers.keys().next().value;
    if (oldest !== undefined) layers.delete(oldest);
  }
  layers.set(key, canvas);
  return canvas;
}

/** Copies a cached layer at whole pixels, so copies are exact and output stays deterministic. */
export function blit(ctx: Ctx, layer: Canvas, x: number, y: number): void {
  ctx.drawImage(layer, Math.round(x), Math.round(y));
  // Copied 1:1, so its texts appear in the image at the size they were drawn.
  const texts = textsOfLayer.get(layer);
  if (texts) for (const t of texts) noteText(t.text, t.size);
}

// ---------------------------------------------------------------------------------------------
// The phone rule. Discord shows an image about 400 px wide on a phone; a text must then be at
// least 10 px tall, so its font size must be at least 10 * imageWidth / 400. Every text drawn
// through drawText (directly or inside a cached layer) is noted against the width of the image
// being drawn, so a test can check the rule for any game's renderer (see recordTexts).

export const PHONE_WIDTH = 400;
export const PHONE_MIN_TEXT = 10;

/** Smallest font size readable on a phone in an image `width` px wide. */
export function minTextSize(width: number): number {
  return (PHONE_MIN_TEXT * width) / PHONE_WIDTH;
}

export interface TextSize {
  text: string;
  size: number;
}

export interface DrawnText extends TextSize {
  /** Width of the image it was drawn in. */
  imageWidth: number;
}

/** Width of the image being drawn: the last one createImageCanvas made. */
let imageWidth = 0;
/** Texts of the layers being drawn now, innermost last. */
const layerTexts: TextSize[][] = [];
const textsOfLayer = new WeakMap<Canvas, TextSize[]>();
/** Where drawn texts go while recordTexts runs; null (no cost) otherwise. */
let recorded: DrawnText[] | null = null;

function noteText(text: string, size: number): void {
  const layer = layerTexts[layerTexts.length - 1];
  if (layer) layer.push({ text, size });
  else if (recorded) recorded.push({ text, size, imageWidth });
}

/** Runs `render` and returns every text it drew, each with its font size and image width. */
export function recordTexts<T>(render: () => T): { result: T; texts: DrawnText[] } {
  const texts: DrawnText[] = [];
  const outer = recorded;
  recorded = texts;
  try {
    return { result: render(), texts };
  } finally {
    recorded = outer;
  }
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
 * Shortens `text` with an ellipsis so it fits `maxWidth` in the context's current font.
 * Works on code points so a name never ends in half a surrogate pair.
 */
export function fitText(ctx: Ctx, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  // Largest prefix length whose text plus ellipsis fits.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = chars.slice(0, mid).join('').trimEnd() + ELLIPSIS;
    if (ctx.measureText(candidate).width <= maxWidth) lo = mid;
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
    ctx.font = font(s, bold);
    if (ctx.measureText(text).width <= maxWidth) return text;
  }
  return fitText(ctx, text, maxWidth);
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color: string;
  align?: 'left' | 'center' | 'right';
  /** Ellipsis beyond this width. */
  maxWidth?: number;
}

/** Draws one line of text vertically centred on `y`. The only way renderers draw text. */
export function drawText(ctx: Ctx, text: string, x: number, y: number, style: TextStyle): void {
  ctx.font = font(style.size, style.bold ?? false);
  ctx.fillStyle = style.color;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'middle';
  const shown = style.maxWidth !== undefined ? fitText(ctx, text, style.maxWidth) : text;
  ctx.fillText(shown, x, y);
  noteText(shown, style.size);
}

/** A number as printed on cards: a real minus sign, which reads better than a hyphen. */
export function formatValue(value: number): string {
  return value < 0 ? `\u2212${Math.abs(value)}` : String(value);
}

// ---------------------------------------------------------------------------------------------
// R-Eco colours. Every colour also has its own shape, so cards never rely on colour alone
// (red and green look alike to many colour-blind players).

export interface ColourStyle {
  /** Card background. */
  fill: string;
  /** Borders and text on light backgrounds. */
  dark: string;
  /** Tinted panels. */
  light: string;
  /** Text on `fill`. */
  ink: string;
  shape: 'circle' | 'square' | 'triangle' | 'diamond';
}

export const COLOURS: readonly Colour[] = ['red', 'blue', 'yellow', 'green'];

export const PALETTE: Record<Colour, ColourStyle> = {
  red: { fill: '#d9483b', dark: '#9c2b21', light: '#f9e1de', ink: '#ffffff', shape: 'circle' },
  blue: { fill: '#2f6bd1', dark: '#1c4791', light: '#dde8f8', ink: '#ffffff', shape: 'square' },
  yellow: { fill: '#f3c22f', dark: '#876700', light: '#fcf1cc', ink: '#3b2f00', shape: 'triangle' },
  green: { fill: '#2f9a5a', dark: '#1b6039', light: '#dcf0e3', ink: '#ffffff', shape: 'diamond' },
};

/** Style of an unknown colour, so a future variant never crashes the renderer. */
const FALLBACK_STYLE: ColourStyle = { fill: '#8a8f98', dark: '#4a4f58', light: '#eceef1', ink: '#ffffff', shape: 'circle' };

export function colourStyle(colour: string): ColourStyle {
  return (PALETTE as Record<string, ColourStyle | undefined>)[colour] ?? FALLBACK_STYLE;
}

/** Adds the colour's shape, centred on (cx, cy) and about 2r across, to a new path. */
export function symbolPath(ctx: Ctx, colour: string, cx: number, cy: number, r: number): void {
  const shape = colourStyle(colour).shape;
  ctx.beginPath();
  switch (shape) {
    case 'circle':
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      break;
    case 'square': {
      const s = r * 0.88;
      ctx.rect(cx - s, cy - s, 2 * s, 2 * s);
      break;
    }
    case 'triangle': {
      const s = r * 1.18;
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s * 0.93, cy + s * 0.62);
      ctx.lineTo(cx - s * 0.93, cy + s * 0.62);
      break;
    }
    case 'diamond': {
      const s = r * 1.15;
      ctx.moveTo(cx, cy - s);
      ctx.lineTo(cx + s * 0.85, cy);
      ctx.lineTo(cx, cy + s);
      ctx.lineTo(cx - s * 0.85, cy);
      break;
    }
  }
  ctx.closePath();
}

/** Fills (and optionally outlines) the colour's shape. */
export function drawSymbol(
  ctx: Ctx,
  colour: string,
  cx: number,
  cy: number,
  r: number,
  fill: string,
  stroke?: string,
  lineWidth = 1,
): void {
  symbolPath(ctx, colour, cx, cy, r);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.stroke();
  }
}
