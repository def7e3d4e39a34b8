/**
 * R-Eco's colours. Every colour also has its own shape, so cards never rely on colour alone (red
 * and green look alike to many colour-blind players). The colours themselves are the game's
 * (`src/games/r-eco/constants.ts`); only how they look lives here.
 */
import { COLOURS } from '../../src/games/r-eco/constants.js';
import type { Colour } from '../../src/games/r-eco/types.js';
import type { Ctx } from '../canvas.js';

export { COLOURS };

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
