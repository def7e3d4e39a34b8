/**
 * What the renderers drew, recorded for the tests: every text with its font size and the width of
 * its image (the phone rule), and the box of every text, shape and image with the containers it
 * must stay in (the bounds rule). The drawing helpers of `canvas.ts` report here as they draw;
 * outside `recordDrawing` nothing is measured or noted, and they pay one check each.
 */
import type { Canvas, CanvasRenderingContext2D as Ctx } from 'canvas';

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

function keepText(text: string, size: number): void {
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
  for (const reset of resets) reset();
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
// What the drawing helpers report.

/** Run as recording starts: caches whose contents must be drawn again to be recorded. */
const resets: (() => void)[] = [];
export function beforeRecording(reset: () => void): void {
  resets.push(reset);
}

export function isRecording(): boolean {
  return recorded !== null;
}

/** Whether boxes are measured now: texts are then drawn directly rather than copied. */
export function measuringBoxes(): boolean {
  return frames !== null;
}

/** A new image: its width counts for the phone rule; while recording, its context notes every shape. */
export function startImage(canvas: Canvas, g: Ctx): Ctx {
  imageWidth = canvas.width;
  if (!recorded) return g;
  frames = [{ items: recorded.items, within: [{ name: 'image', box: { x: 0, y: 0, w: canvas.width, h: canvas.height } }] }];
  return recordingContext(g);
}

/**
 * Draws a cached layer. The layer keeps the sizes of the texts drawn on it, to report them
 * wherever it is copied, and while recording the boxes of everything drawn on it.
 */
export function drawLayer(key: string, canvas: Canvas, raw: Ctx, draw: (ctx: Ctx) => void): void {
  const texts: TextSize[] = [];
  const items: DrawnItem[] = [];
  layerTexts.push(texts);
  const outer = frames;
  if (recorded) frames = [{ items, within: [{ name: `layer ${key}`, box: { x: 0, y: 0, w: canvas.width, h: canvas.height } }] }];
  try {
    draw(recorded ? recordingContext(raw) : raw);
  } finally {
    layerTexts.pop();
    frames = outer;
  }
  textsOfLayer.set(canvas, texts);
  if (recorded) itemsOfLayer.set(canvas, items);
}

/** A cached layer copied 1:1 at (x, y): its texts appear at the size they were drawn, its boxes where it lands. */
export function notePasted(ctx: Ctx, layer: Canvas, x: number, y: number): void {
  const texts = textsOfLayer.get(layer);
  if (texts) for (const t of texts) keepText(t.text, t.size);
  const items = itemsOfLayer.get(layer);
  const frame = frames?.[frames.length - 1];
  if (items && frame) {
    // Its contents must stay inside the copy as well.
    const m = transformOf(ctx);
    const at = (b: Box): Box => boxOf(m, [[b.x + x, b.y + y], [b.x + b.w + x, b.y + b.h + y]]);
    const copy: Container = { name: 'cached layer', box: at({ x: 0, y: 0, w: layer.width, h: layer.height }) };
    for (const it of items) frame.items.push({ ...it, box: at(it.box), within: [...containers(frame), copy, ...it.within.slice(1).map((w) => ({ name: w.name, box: at(w.box) }))] });
  }
}

/** A line of text drawn at (x, y), vertically centred, with the context's alignment. */
export function noteText(ctx: Ctx, shown: string, x: number, y: number, size: number): void {
  keepText(shown, size);
  if (!frames) return;
  const m = ctx.measureText(shown);
  const left = ctx.textAlign === 'center' ? x - m.width / 2 : ctx.textAlign === 'right' ? x - m.width : x;
  note('text', shown, boxOf(transformOf(ctx), [[left, y - m.actualBoundingBoxAscent], [left + m.width, y + m.actualBoundingBoxDescent]]));
}
