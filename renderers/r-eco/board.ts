/**
 * The public R-Eco board, 900 px wide and never taller than 1.2 × its width, so Discord shows it
 * large on a phone: a header (whose turn, the piles), the four recycling centres as rows of a
 * table, the players as rows of another, and a legend for the marks the rows use without words.
 * Static parts form one cached layer per seat count and language; each image copies it and draws
 * only what the view changes.
 */
import type { CentreView, REcoPublicView } from '../../src/games/r-eco/types.js';
import { blit, cachedLayer, createImageCanvas, drawText, encodePng, fillRoundRect, fitNames, formatValue, setFont, font, textWidth, type Ctx } from '../canvas.js';
import { COLOURS, colourStyle } from './palette.js';
import type { RenderContext } from '../types.js';
import { REWARD_ROW, WASTE_ROW, cardBack, dashedOutline, discardCard, layoutRow, rewardCard, wasteCard, BACK_SMALL } from './cards.js';
import { ACCENT, IMAGE_W, INK, MARGIN, MUTED, TEXT, TEXT_L, TEXT_MIN, TEXT_XL, colourLabels, drawBackground, drawColourName, drawPanel, drawPill, seatName } from './parts.js';
import { LEGEND_H, PLAYER_HEAD, PLAYER_ROW, drawBoardLegend, drawPlayerRows, playerLabels, playersFrame, type PlayerLabels } from './players.js';

/** Waste units a factory needs to pay out a reward (rules §2). */
const THRESHOLD = 4;

const W = IMAGE_W;
const M = MARGIN;
const GAP = 10;
const HEADER_H = 92;

const CENTRES_Y = HEADER_H + GAP;
const HEAD = 34;
const ROW = 80;
const CENTRES_H = HEAD + 4 * ROW + 8;
// Columns of a centre row, from the panel's left edge.
const NAME_X = 14;
/** Where the rewards start when every colour name fits before them (rewardX moves them on). */
const REWARD_X = 166;
const FACTORY_X = 452;
const FACTORY_CARDS_X = FACTORY_X + 74;
const DUMP_X = 700;
const ROW_END = W - 2 * M - 12;
const GAUGE_W = 14;

const PLAYERS_Y = CENTRES_Y + CENTRES_H + GAP;

function playersHeight(seats: number): number {
  return PLAYER_HEAD + seats * PLAYER_ROW + 6;
}

function legendY(seats: number): number {
  return PLAYERS_Y + playersHeight(seats) + GAP;
}

/**
 * The board's height for a seat count: under 1.2 × its width, and low enough at 5 seats (under
 * 985 px) that a desktop's 300 px high embed still shows its smallest text at 7 px.
 */
export function boardHeight(seats: number): number {
  return legendY(seats) + LEGEND_H + 14;
}

function rowTop(i: number): number {
  return CENTRES_Y + HEAD + i * ROW;
}

interface Labels extends PlayerLabels {
  colours: string[];
  rewards: string;
  factory: string;
  dump: string;
  then: string;
}

function labels(ctx: RenderContext): Labels {
  return {
    ...playerLabels(ctx),
    colours: colourLabels(ctx),
    rewards: ctx.t('r-eco.render.colRewards'),
    factory: ctx.t('r-eco.render.colFactory', { threshold: THRESHOLD }),
    dump: ctx.t('r-eco.render.colDump'),
    then: ctx.t('r-eco.render.then'),
  };
}

/** Everything that depends only on the seat count and the language. */
function staticLayer(seats: number, l: Labels) {
  const h = boardHeight(seats);
  return cachedLayer(`reco:board:${seats}:${JSON.stringify(l)}`, W, h, (g) => {
    const rx = rewardX(g, l.colours);
    drawBackground(g, W, h, HEADER_H);
    drawText(g, l.title, M + 4, 28, { size: TEXT_XL, bold: true, color: '#ffffff' });
    drawPanel(g, M, CENTRES_Y, W - 2 * M, CENTRES_H);
    const head = { size: TEXT_MIN, bold: true, color: MUTED } as const;
    const hy = CENTRES_Y + HEAD / 2 + 1;
    drawText(g, l.rewards, M + rx, hy, { ...head, maxWidth: FACTORY_X - rx - 8 });
    drawText(g, l.factory, M + FACTORY_X, hy, { ...head, maxWidth: DUMP_X - FACTORY_X - 8 });
    drawText(g, l.dump, M + DUMP_X, hy, { ...head, maxWidth: ROW_END - DUMP_X });
    COLOURS.forEach((colour, i) => {
      const st = colourStyle(colour);
      const y = rowTop(i);
      fillRoundRect(g, M + 8, y + 2, W - 2 * M - 16, ROW - 4, 10, st.light);
      fillRoundRect(g, M + 8, y + 2, 8, ROW - 4, 4, st.fill);
      drawColourName(g, colour, l.colours[i] ?? colour, M + NAME_X + 6, y + ROW / 2, rx - NAME_X - 12);
      for (let s = 0; s < THRESHOLD; s++) fillRoundRect(g, gaugeX(s), y + 56, GAUGE_W, 8, 3, '#ffffff');
    });
    playersFrame(g, PLAYERS_Y, seats, l);
    drawBoardLegend(g, legendY(seats), l);
  });
}

/**
 * The rewards column, after the widest colour name (drawColourName: badge, then the name from
 * 42 px on, 12 px before the column): a long name ("Amarillo") moves the rewards and their
 * "then" notes right instead of being cut; the notes' column still holds a full stack.
 */
function rewardX(g: Ctx, colours: readonly string[]): number {
  setFont(g, font(TEXT, true));
  const widest = Math.max(0, ...colours.map((c) => textWidth(g, c)));
  return Math.max(REWARD_X, Math.ceil(NAME_X + 54 + widest));
}

function gaugeX(segment: number): number {
  return M + FACTORY_X + segment * (GAUGE_W + 4);
}

/** The rewards still on a stack after the top one, as plain numbers ("1 2 3 −2 4 5"). */
function restText(stack: readonly number[]): string {
  return stack.slice(1).map(formatValue).join(' ');
}

function drawCentre(g: Ctx, c: CentreView, i: number, ctx: RenderContext, l: Labels, rx: number): void {
  const st = colourStyle(c.colour);
  const y = rowTop(i);
  const top = c.stack[0];
  const ry = y + (ROW - REWARD_ROW.h) / 2;
  const thenX = rx + REWARD_ROW.w + 10;
  const thenW = FACTORY_X - thenX - 10;
  const note = { size: TEXT_MIN, bold: true, color: MUTED, maxWidth: thenW } as const;
  if (top === undefined) {
    dashedOutline(g, M + rx, ry, REWARD_ROW, 7, [6, 4], '#9aa39c');
    drawText(g, ctx.t('r-eco.render.stackEmpty'), M + thenX, y + ROW / 2, note);
  } else {
    blit(g, rewardCard(c.colour, top, REWARD_ROW), M + rx, ry);
    if (c.stack.length === 1) drawText(g, ctx.t('r-eco.render.lastOne'), M + thenX, y + ROW / 2, { ...note, color: '#9a6a00' });
    else {
      drawText(g, l.then, M + thenX, y + 25, note);
      drawText(g, restText(c.stack), M + thenX, y + 55, { ...note, color: st.dark });
    }
  }

  // Factory: units against the threshold, as a number and a gauge, then its cards.
  const units = c.factoryUnits;
  drawText(g, `${units}/${THRESHOLD}`, M + FACTORY_X, y + 30, { size: TEXT_L, bold: true, color: INK });
  for (let s = 0; s < Math.min(units, THRESHOLD); s++) fillRoundRect(g, gaugeX(s), y + 56, GAUGE_W, 8, 3, st.fill);
  const cardY = y + (ROW - WASTE_ROW.h) / 2;
  drawCards(g, c.factory, M + FACTORY_CARDS_X, cardY, DUMP_X - FACTORY_CARDS_X - 12);
  drawCards(g, c.dump, M + DUMP_X, cardY, ROW_END - DUMP_X);
}

function drawCards(g: Ctx, cards: CentreView['dump'], x: number, y: number, maxWidth: number): void {
  if (cards.length === 0) {
    dashedOutline(g, x, y, WASTE_ROW, 6, [5, 4], '#b3beb7');
    return;
  }
  layoutRow(cards.length, x, WASTE_ROW.w, WASTE_ROW.w + 6, maxWidth, (i, cx) => {
    const card = cards[i];
    if (card) blit(g, wasteCard(card.colour, card.value, WASTE_ROW), cx, y);
  });
}

function drawHeader(g: Ctx, view: REcoPublicView, ctx: RenderContext): void {
  const over = view.phase === 'over';
  // The piles and the turn on the title line.
  const text = { size: TEXT, bold: true, color: '#ffffff' } as const;
  const py = 28 - BACK_SMALL.h / 2;
  let x = M + 140;
  blit(g, cardBack(BACK_SMALL), x, py);
  x += BACK_SMALL.w + 10;
  const deck = ctx.t('render.deck', { count: view.drawCount });
  drawText(g, deck, x, 29, text);
  setFont(g, font(TEXT, true));
  x += textWidth(g, deck) + 28;
  blit(g, discardCard(BACK_SMALL), x, py);
  x += BACK_SMALL.w + 10;
  const turnX = W - M - 4;
  // The turn is measured first ("Turno 54" is wider than "Turn 54"); the discard count gets the rest.
  const turn = over ? '' : ctx.t('render.turn', { turn: view.turn + 1 });
  setFont(g, font(TEXT, true));
  const turnW = over ? 0 : Math.min(textWidth(g, turn), 200) + 10;
  drawText(g, ctx.t('render.discard', { count: view.discardCount }), x, 29, { ...text, maxWidth: turnX - x - turnW });
  if (!over) drawText(g, turn, turnX, 29, { ...text, color: '#bfe3d5', align: 'right', maxWidth: 200 });

  const cy = 67;
  let pillW = 0;
  if (view.endTriggered && !over) pillW = drawPill(g, ctx.t('render.lastTurn'), W - M - 4, cy, 300, ACCENT, '#2a1d00', 'right') + 16;
  const statusMax = W - 2 * M - 8 - pillW;
  let status: string;
  if (over) status = ctx.t('render.gameOver');
  else {
    // The name gives way first, so the words around it stay whole.
    const key = view.phase === 'dump' ? 'render.toDump' : 'render.toPlay';
    status = fitNames(g, (short) => ctx.t(key, { name: short(seatName(ctx, view.current)) }), statusMax, TEXT_L, true);
  }
  drawText(g, status, M + 4, cy, { size: TEXT_L, bold: true, color: over ? '#ffd866' : '#ffffff', maxWidth: statusMax });
}

/** Draws the public board. Reads nothing but the view and the context. */
export function renderREcoBoard(view: REcoPublicView, ctx: RenderContext): Buffer {
  const seats = view.players.length;
  const l = labels(ctx);
  const { canvas, g } = createImageCanvas(W, boardHeight(seats));
  blit(g, staticLayer(seats, l), 0, 0);
  drawHeader(g, view, ctx);
  const rx = rewardX(g, l.colours);
  COLOURS.forEach((colour, i) => {
    const centre = view.centres.find((c) => c.colour === colour);
    if (centre) drawCentre(g, centre, i, ctx, l, rx);
  });
  drawPlayerRows(g, view, PLAYERS_Y, ctx);
  return encodePng(canvas);
}
