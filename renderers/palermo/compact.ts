/**
 * Compact pieces of the Palermo board: one-line pills for contracts and equipment (held or on
 * offer), a tighter flow than the cards use, and player names that wrap before they shorten.
 * Every code they print (C3, S1, 3/6, −2) is explained by the board's legend.
 */
import { contractType, equipmentType, NC, type EquipmentKind } from '../../src/games/palermo/constants.js';
import type { Room } from '../../src/games/palermo/rooms.js';
import { fillRoundRect, fitText, font, strokeRoundRect, type Ctx } from '../canvas.js';
import { ACCENT, CONTRACT_FILL, cube, CUBE_FILL, cubeWidth, EDGE, GOOD, INK, KIND_FILL, kindIcon, MUTED, signed, text, textWidth, type Item, type T } from './parts.js';

export { KIND_FILL };

export const PILL = 30;
/** One flow line: a pill and a small gap. */
export const STEP = PILL + 1;
const GAP = 6;


/** A plain colour chip: a colour a card takes, not a count. */
export function colourChip(g: Ctx, colour: number, x: number, cy: number): number {
  fillRoundRect(g, x, cy - 10, 20, 20, 4, CUBE_FILL[colour]!);
  if (colour === 3) strokeRoundRect(g, x + 0.75, cy - 9.25, 18.5, 18.5, 4, '#9a9a9a', 1.5);
  return 23;
}

/** Pieces laid left to right inside one pill. */
type Piece = { w: number; draw: (g: Ctx, x: number, cy: number) => void };

function words(m: Ctx, s: string, opts: { bold?: boolean; color?: string } = {}): Piece {
  return { w: textWidth(m, s, undefined, opts.bold ?? false), draw: (g, x, cy) => void text(g, s, x, cy, opts) };
}
function cubesPiece(v: readonly number[]): Piece | null {
  let w = 0;
  for (let c = 0; c < NC; c++) if (v[c]! > 0) w += cubeWidth(v[c]!) + 4;
  if (w === 0) return null;
  return { w: w - 4, draw: (g, x, cy) => { for (let c = 0; c < NC; c++) if (v[c]! > 0) x += cube(g, c, v[c]!, x, cy); } };
}
function chipsPiece(colours: readonly number[]): Piece {
  return { w: colours.length * 23 - 3, draw: (g, x, cy) => { for (const c of colours) x += colourChip(g, c, x, cy); } };
}
function iconPiece(kind: EquipmentKind): Piece {
  return { w: 24, draw: (g, x, cy) => kindIcon(g, kind, x + 12, cy, 11, KIND_FILL[kind]) };
}

/** A pill around `pieces`, framed in `edge` (thicker when highlighted). */
function pill(pieces: (Piece | null)[], edge = EDGE, highlight = false): Item {
  const ps = pieces.filter((p): p is Piece => p !== null);
  const inner = ps.reduce((a, p) => a + p.w, 0) + GAP * (ps.length - 1);
  const w = inner + 12;
  return {
    w,
    draw: (g, x, cy) => {
      fillRoundRect(g, x, cy - PILL / 2, w, PILL, 6, highlight ? '#fdeceb' : '#fbf8f2');
      strokeRoundRect(g, x + 1, cy - PILL / 2 + 1, w - 2, PILL - 2, 6, highlight ? ACCENT : edge, highlight ? 3 : 1.5);
      let px = x + 6;
      for (const p of ps) {
        p.draw(g, px, cy);
        px += p.w + GAP;
      }
    },
  };
}

const payColour = (n: number) => (n > 0 ? GOOD : n < 0 ? ACCENT : INK);

/**
 * A contract: its id, the cubes it brings each turn, what it pays each turn, then the turns
 * left (held) or its length (on offer).
 */
export function contractItem(m: Ctx, t: T, c: { card: number; price: number; life: number | null }, highlight = false, max = Infinity): Item {
  const type = contractType(c.card);
  const make = (turns: string) => pill([
    words(m, type.id, { bold: true }),
    cubesPiece(type.delivery),
    words(m, t('mb', { amount: signed(c.price) }), { bold: true, color: payColour(c.price) }),
    words(m, turns, { color: MUTED }),
  ], CONTRACT_FILL[type.kind], highlight);
  if (c.life === null) return make(t('turns', { count: type.validity }));
  // "5 left" where "5 turns left" would not fit in the panel.
  const full = make(t('turnsLeft', { count: c.life }));
  return full.w <= max ? full : make(t('left', { count: c.life }));
}

/** What a card costs or earns to run, with its unit: "−2 Mβ/cube", "−5 Mβ/turn". */
function runCost(t: T, kind: EquipmentKind, operating: number): string {
  if (operating === 0) return t('free0');
  return t(kind === 'storage' ? 'perTurnShort' : 'perCubeShort', { amount: signed(operating) });
}

/**
 * A place on a player's board: icon, id (none for the printed ones), the colours a one-colour
 * card takes, the cubes on it, the room left, and for a factory what a cube costs or earns.
 */
export function placeItem(m: Ctx, t: T, r: Room, copies = 1): Item {
  const free = r.capacity - r.used;
  const room = free === 0 ? t('full') : `${free}/${r.capacity}`;
  const oneColour = r.colours.length === 1 && r.used === 0;
  return pill([
    iconPiece(r.kind),
    r.id ? words(m, copies > 1 ? t('copies', { count: copies, id: r.id }) : r.id, { bold: true }) : null,
    oneColour ? chipsPiece(r.colours) : null,
    r.used > 0 ? cubesPiece(r.cubes) : null,
    words(m, room, { bold: true, color: free === 0 ? ACCENT : GOOD }),
    // A factory's earning or cost per cube, as a signed number the legend explains.
    r.kind !== 'storage' && r.id ? words(m, signed(r.operating), { bold: true, color: payColour(r.operating) }) : null,
    r.life !== null ? words(m, t('turnsLeft', { count: r.life }), { color: MUTED }) : null,
  ], KIND_FILL[r.kind]);
}

/**
 * Bought cards of one kind side by side as one place ("2× R1"): cubes are interchangeable within
 * a zone (rules G30), so their cubes and room simply add up.
 */
export function groupRooms(rooms: readonly Room[]): { room: Room; copies: number }[] {
  const out: { room: Room; copies: number }[] = [];
  for (const r of rooms) {
    const same = r.id ? out.find((o) => o.room.id === r.id && o.room.life === r.life) : undefined;
    if (!same) {
      out.push({ room: r, copies: 1 });
      continue;
    }
    same.copies++;
    same.room = { ...same.room, capacity: same.room.capacity + r.capacity, used: same.room.used + r.used, cubes: same.room.cubes.map((n, c) => n + r.cubes[c]!) };
  }
  return out;
}

/** An equipment card on offer: icon, id, colours and room, price, and its running cost. */
export function offerItem(m: Ctx, t: T, card: number, copies = 1): Item {
  const e = equipmentType(card);
  return pill([
    iconPiece(e.kind),
    words(m, copies > 1 ? t('copies', { count: copies, id: e.id }) : e.id, { bold: true }),
    chipsPiece(e.colours),
    words(m, String(e.capacity), { bold: true }),
    words(m, t('mb', { amount: e.price })),
    words(m, runCost(t, e.kind, e.operating), { bold: true, color: payColour(e.operating) }),
  ], KIND_FILL[e.kind]);
}

/**
 * A label and its cubes, framed: cubes waiting on a board. Cubes that do not fit in `max` go on in
 * further pills, so the flow wraps them like words.
 */
export function waitingItems(m: Ctx, label: string, v: readonly number[], accent: boolean, max: number): Item[] {
  const head = words(m, label, { bold: accent, color: accent ? ACCENT : MUTED });
  const edge = accent ? ACCENT : EDGE;
  const out: Item[] = [];
  let part = new Array<number>(NC).fill(0);
  let used = 12 + head.w + GAP;
  for (let c = 0; c < NC; c++) {
    if (v[c]! === 0) continue;
    const w = cubeWidth(v[c]!) + 4;
    if (used + w > max && part.some((n) => n > 0)) {
      out.push(pill([out.length === 0 ? head : null, cubesPiece(part)], edge));
      part = new Array<number>(NC).fill(0);
      used = 12;
    }
    part[c] = v[c]!;
    used += w;
  }
  out.push(pill([out.length === 0 ? head : null, cubesPiece(part) ?? words(m, '—', { color: MUTED })], edge));
  return out;
}

/** Draws flow lines `step` apart from (x, cy); returns the centre of the line after the last. */
export function drawFlow(g: Ctx, lines: readonly Item[][], x: number, cy: number, step = STEP): number {
  for (const line of lines) {
    let lx = x;
    for (const it of line) {
      it.draw(g, lx, cy);
      lx += it.w + 8;
    }
    cy += step;
  }
  return cy;
}

/**
 * A name over at most two lines: whole words first, else as many letters as fit; only the
 * second line is shortened, so two names with a long common start still differ on the image.
 */
export function wrapName(m: Ctx, name: string, width: number, size: number, bold: boolean): string[] {
  m.font = font(size, bold);
  const fits = (s: string) => textWidth(m, s, size, bold) <= width;
  if (fits(name)) return [name];
  const chars = Array.from(name);
  let cut = 0;
  // The longest start that fits, preferably ending at a space or after a hyphen.
  for (let k = 1; k <= chars.length && fits(chars.slice(0, k).join('').trimEnd()); k++) cut = k;
  let at = cut;
  for (let k = cut; k > 0; k--) {
    if (chars[k] === ' ' || chars[k - 1] === '-') {
      at = k;
      break;
    }
  }
  const first = chars.slice(0, Math.max(1, at)).join('').trimEnd();
  const rest = chars.slice(Math.max(1, at)).join('').trimStart();
  return [first, fitText(m, rest, width)];
}
