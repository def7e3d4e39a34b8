/**
 * Shared drawing helpers for every game's images.
 *
 * Only the Canvas API subset that node-canvas and @napi-rs/canvas share is used here (plus
 * `registerFont` and `toBuffer`), so the backend can be swapped later if drawing speed matters.
 */
import { fileURLToPath } from 'node:url';
import { Canvas, createCanvas, registerFont, type CanvasRenderingContext2D } from 'canvas';
import { LRUCache } from 'lru-cache';

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
  if (recorded) {
    // Recording (tests only): every shape and text is noted with its box, against the image.
    const canvas = createBoardCanvas(width, height);
    imageWidth = canvas.width;
    const g = canvas.getContext('2d', { pixelFormat: 'RGB24' });
    frames = [{ items: recorded.items, within: [{ name: 'image', box: { x: 0, y: 0, w: canvas.width, h: canvas.height } }] }];
    return { canvas, g: recordingContext(g) };
  }
  const spare = spareCanvas(Math.round(width), Math.round(height));
  imageWidth = spare.canvas.width;
  return { canvas: spare.canvas, g: spare.g };
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

/** Returns the canvas cached under `key`, drawing it with `draw` the first time. */
export function cachedLayer(key: string, width: number, height: number, draw: (ctx: Ctx) => void): Canvas {
  const hit = layers.get(key);
  if (hit) return hit;
  const canvas = createBoardCanvas(width, height);
  // The layer keeps the sizes of the texts drawn on it, to report them wherever it is copied,
  // and while recording the boxes of everything drawn on it, relative to the layer.
  const texts: TextSize[] = [];
  const items: DrawnItem[] = [];
  layerTexts.push(texts);
  const outer = frames;
  if (recorded) frames = [{ items, within: [{ name: `layer ${key}`, box: { x: 0, y: 0, w: canvas.width, h: canvas.height } }] }];
  try {
    const raw = canvas.getContext('2d');
    draw(recorded ? recordingContext(raw) : raw);
  } finally {
    layerTexts.pop();
    frames = outer;
  }
  textsOfLayer.set(canvas, texts);
  if (recorded) itemsOfLayer.set(canvas, items);
  layers.set(key, canvas);
  return canvas;
}

/** Copies a cached layer at whole pixels, so copies are exact and output stays deterministic. */
export function blit(ctx: Ctx, layer: Canvas, x: number, y: number): void {
  ctx.drawImage(layer, Math.round(x), Math.round(y));
  // Copied 1:1, so its texts appear in the image at the size they were drawn.
  const texts = textsOfLayer.get(layer);
  if (texts) for (const t of texts) noteText(t.text, t.size);
  const items = itemsOfLayer.get(layer);
  const frame = frames?.[frames.length - 1];
  if (items && frame) {
    // Its contents land where it is copied, and must stay inside the copy as well.
    const m = transformOf(ctx);
    const at = (b: Box): Box => boxOf(m, [[b.x + Math.round(x), b.y + Math.round(y)], [b.x + b.w + Math.round(x), b.y + b.h + Math.round(y)]]);
    const copy: Container = { name: 'cached layer', box: at({ x: 0, y: 0, w: layer.width, h: layer.height }) };
    for (const it of items) frame.items.push({ ...it, box: at(it.box), within: [...containers(frame), copy, ...it.within.slice(1).map((w) => ({ name: w.name, box: at(w.box) }))] });
  }
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
/** Where drawn texts (and boxes) go while recordDrawing runs; null (no cost) otherwise. */
let recorded: (DrawnText[] & { items: DrawnItem[] }) | null = null;

function noteText(text: string, size: number): void {
  const layer = layerTexts[layerTexts.length - 1];
  if (layer) layer.push({ text, size });
  else if (recorded) recorded.push({ text, size, imageWidth });
}

/** Runs `render` and returns every text it drew, each with its font size and image width. */
export function recordTexts<T>(render: () => T): { result: T; texts: DrawnText[] } {
  const { result, texts } = recordDrawing(render);
  return { result, texts };
}

// ---------------------------------------------------------------------------------------------
// The bounds rule: nothing drawn crosses its panel or the image edge. While recordDrawing runs,
// the contexts of new images and layers note the box of every shape, image and text they draw,
// with the containers it must stay in: the image, the panels the renderer declared around it
// (panel()), and the layer it was cached in. Outside recording nothing is measured or noted.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface Container {
  name: string;
  box: Box;
}
export interface DrawnItem {
  kind: 'text' | 'shape' | 'image';
  /** The text, or the drawing call. */
  label: string;
  box: Box;
  /** Outermost first: the image (or layer), then the panels it was drawn in. */
  within: Container[];
}

interface Frame {
  items: DrawnItem[];
  within: Container[];
  /** The panel opened by openPanel, until the next one or closePanel. */
  open?: Container | null;
}

/** The containers a new item must stay in. */
function containers(frame: Frame): Container[] {
  return frame.open ? [...frame.within, frame.open] : [...frame.within];
}

/** The image or layer being drawn now while recording; null otherwise. */
let frames: Frame[] | null = null;
const itemsOfLayer = new WeakMap<Canvas, DrawnItem[]>();

/**
 * Runs `render` with recording on and returns every text (for the phone rule) and the box of
 * every text, shape and image it drew (for the bounds rule). Cached layers are dropped first so
 * their contents are recorded too (they draw the same pixels again).
 */
export function recordDrawing<T>(render: () => T): { result: T; texts: DrawnText[]; items: DrawnItem[] } {
  const texts: DrawnText[] = [];
  const items: DrawnItem[] = [];
  const outer = recorded;
  const outerFrames = frames;
  recorded = Object.assign(texts, { items });
  layers.clear();
  try {
    return { result: render(), texts, items };
  } finally {
    recorded = outer;
    frames = outerFrames;
  }
}

/**
 * Declares a panel: everything `draw` draws must stay inside the box (x, y, w, h). Costs nothing
 * outside recording. Panels nest.
 */
export function panel<T>(ctx: Ctx, name: string, x: number, y: number, w: number, h: number, draw: () => T): T {
  const frame = frames?.[frames.length - 1];
  if (!frame) return draw();
  const box = boxOf(transformOf(ctx), [[x, y], [x + w, y + h]]);
  const within = frame.within;
  frame.items.push({ kind: 'shape', label: `panel ${name}`, box, within: containers(frame) });
  frame.within = [...containers(frame), { name, box }];
  try {
    return draw();
  } finally {
    frame.within = within;
  }
}

/**
 * Opens a panel for everything drawn next, until another openPanel or closePanel: for renderers
 * that draw a panel's frame and then its contents in sequence. Costs nothing outside recording.
 */
export function openPanel(ctx: Ctx, name: string, x: number, y: number, w: number, h: number): void {
  const frame = frames?.[frames.length - 1];
  if (!frame) return;
  frame.open = null;
  const box = boxOf(transformOf(ctx), [[x, y], [x + w, y + h]]);
  frame.items.push({ kind: 'shape', label: `panel ${name}`, box, within: containers(frame) });
  frame.open = { name, box };
}

export function closePanel(): void {
  const frame = frames?.[frames.length - 1];
  if (frame) frame.open = null;
}

/** Items that leave one of their containers by more than `tolerance` px, as readable lines. */
export function outOfBounds(items: readonly DrawnItem[], tolerance = 1): string[] {
  const out: string[] = [];
  const r = (n: number) => Math.round(n * 10) / 10;
  const show = (b: Box) => `(${r(b.x)}, ${r(b.y)}) ${r(b.w)}×${r(b.h)}`;
  for (const it of items) {
    for (const c of it.within) {
      const b = it.box, p = c.box;
      if (b.x < p.x - tolerance || b.y < p.y - tolerance || b.x + b.w > p.x + p.w + tolerance || b.y + b.h > p.y + p.h + tolerance) {
        out.push(`${it.kind} "${it.label}" at ${show(b)} crosses ${c.name} ${show(p)}`);
        break;
      }
    }
  }
  return out;
}

type Matrix = { a: number; b: number; c: number; d: number; e: number; f: number };

function transformOf(ctx: Ctx): Matrix {
  return ctx.getTransform();
}

/** Axis-aligned box of a rectangle (two opposite corners) after the transform. */
function boxOf(m: Matrix, [[x0, y0], [x1, y1]]: readonly [readonly [number, number], readonly [number, number]]): Box {
  return pointsBox([[x0!, y0!], [x1!, y0!], [x0!, y1!], [x1!, y1!]].map(([x, y]) => [m.a * x! + m.c * y! + m.e, m.b * x! + m.d * y! + m.f]));
}

function pointsBox(points: readonly (readonly number[])[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x!); y0 = Math.min(y0, y!); x1 = Math.max(x1, x!); y1 = Math.max(y1, y!);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function grow(b: Box, by: number): Box {
  return { x: b.x - by, y: b.y - by, w: b.w + 2 * by, h: b.h + 2 * by };
}

function note(kind: DrawnItem['kind'], label: string, box: Box): void {
  const frame = frames?.[frames.length - 1];
  if (frame && box.w >= 0 && Number.isFinite(box.x)) frame.items.push({ kind, label, box, within: containers(frame) });
}

/** A context that forwards every call and notes the box of each shape, image and path drawn. */
function recordingContext(raw: Ctx): Ctx {
  let path: [number, number][] = [];
  const point = (x: number, y: number) => {
    const m = raw.getTransform();
    path.push([m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  const pathBox = (): Box => pointsBox(path);
  const scale = () => {
    const m = raw.getTransform();
    return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
  };
  const hooks: Record<string, (...a: number[]) => void> = {
    beginPath: () => { path = []; },
    moveTo: (x, y) => point(x!, y!),
    lineTo: (x, y) => point(x!, y!),
    arcTo: (x1, y1, x2, y2) => { point(x1!, y1!); point(x2!, y2!); },
    quadraticCurveTo: (cx, cy, x, y) => { point(cx!, cy!); point(x!, y!); },
    bezierCurveTo: (a, b, c, d, x, y) => { point(a!, b!); point(c!, d!); point(x!, y!); },
    rect: (x, y, w, h) => { point(x!, y!); point(x! + w!, y!); point(x!, y! + h!); point(x! + w!, y! + h!); },
    arc: (x, y, r, start, end, ccw) => {
      // Sampled along the arc, so a partial arc is not taken for a whole circle.
      let a0 = start!, a1 = end!;
      if (ccw) [a0, a1] = [a1, a0];
      while (a1 < a0) a1 += 2 * Math.PI;
      if (Math.abs(end! - start!) >= 2 * Math.PI) a1 = a0 + 2 * Math.PI;
      for (let i = 0; i <= 64; i++) {
        const a = a0 + ((a1 - a0) * i) / 64;
        point(x! + r! * Math.cos(a), y! + r! * Math.sin(a));
      }
    },
    fill: () => { if (path.length) note('shape', 'fill', pathBox()); },
    stroke: () => { if (path.length) note('shape', 'stroke', grow(pathBox(), (raw.lineWidth * scale()) / 2)); },
    fillRect: (x, y, w, h) => note('shape', 'fillRect', boxOf(raw.getTransform(), [[x!, y!], [x! + w!, y! + h!]])),
    strokeRect: (x, y, w, h) => note('shape', 'strokeRect', grow(boxOf(raw.getTransform(), [[x!, y!], [x! + w!, y! + h!]]), (raw.lineWidth * scale()) / 2)),
  };
  return new Proxy(raw, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => unknown;
      const hook = typeof prop === 'string' ? hooks[prop] : undefined;
      if (prop === 'drawImage') {
        return (img: { width: number; height: number }, ...a: number[]) => {
          const [x, y, w = img.width, h = img.height] = a.length >= 8 ? a.slice(4) : a;
          note('image', 'drawImage', boxOf(target.getTransform(), [[x!, y!], [x! + w, y! + h]]));
          return fn.call(target, img, ...a);
        };
      }
      if (!hook) return fn.bind(target);
      return (...a: number[]) => {
        hook(...a);
        return fn.apply(target, a);
      };
    },
    set(target, prop, value) {
      return Reflect.set(target, prop, value, target);
    },
  });
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
    width = ctx.measureText(text).width;
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

/** Draws one line of text vertically centred on `y`. The only way renderers draw text. */
export function drawText(ctx: Ctx, text: string, x: number, y: number, style: TextStyle): void {
  setFont(ctx, font(style.size, style.bold ?? false));
  ctx.fillStyle = style.color;
  ctx.textAlign = style.align ?? 'left';
  ctx.textBaseline = 'middle';
  const shown = style.maxWidth !== undefined ? fitText(ctx, text, style.maxWidth) : text;
  if (frames) ctx.fillText(shown, x, y);
  else drawCachedText(ctx, shown, x, y, style);
  noteText(shown, style.size);
  if (frames) {
    const m = ctx.measureText(shown);
    const left = ctx.textAlign === 'center' ? x - m.width / 2 : ctx.textAlign === 'right' ? x - m.width : x;
    note('text', shown, boxOf(transformOf(ctx), [[left, y - m.actualBoundingBoxAscent], [left + m.width, y + m.actualBoundingBoxDescent]]));
  }
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
