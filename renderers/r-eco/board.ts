/**
 * The public R-Eco board: the four recycling centres, the piles, and one row per seat.
 * Static parts (background, frames, localised labels) form one cached layer per seat count and
 * language; each image copies it and draws only what the view changes.
 */
import type { CentreView, PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import {
  COLOURS,
  blit,
  cachedLayer,
  colourStyle,
  createImageCanvas,
  drawSymbol,
  drawText,
  encodePng,
  fillRoundRect,
  fitText,
  font,
  formatValue,
  type Ctx,
} from '../canvas.js';
import type { RenderContext } from '../types.js';
import {
  BACK_DECK,
  BACK_MINI,
  REWARD_CHIP,
  REWARD_TOP,
  WASTE_SMALL,
  cardBack,
  dashedOutline,
  discardCard,
  emptySlot,
  layoutRow,
  rewardCard,
  wasteCard,
} from './cards.js';
import {
  ACCENT,
  DEEP,
  INK,
  MARGIN,
  MUTED,
  PANEL,
  colourLabels,
  drawBackground,
  drawDumped,
  drawPanel,
  drawRewardGroups,
  drawSeatTable,
  groupsY,
  highlightRow,
  seatName,
  seatRowY,
  seatTable,
  seatTableHeight,
} from './parts.js';

/** Waste units a factory needs to pay out a reward (rules §2). */
const THRESHOLD = 4;

const W = 1160;
const M = MARGIN;
const HEADER_H = 64;

const CENTRE_Y = 80;
const CENTRE_W = 271;
const CENTRE_GAP = 12;
const CENTRE_H = 340;
const BAND_H = 36;
// Offsets inside a centre panel.
const TOP_Y = 48;
const NEXT_X = 86;
const DIV1_Y = 142;
const FACTORY_LABEL_Y = 160;
const FACTORY_CARDS_Y = 172;
const DIV2_Y = 244;
const DUMP_LABEL_Y = 262;
const DUMP_CARDS_Y = 274;
const GAUGE_SEG = 16;

const PLAYERS_Y = CENTRE_Y + CENTRE_H + 14;
const ROW_H = 56;
// Columns of a player row, relative to the panel's left edge.
const COL_NAME = 48;
const NAME_W = 222;
const COL_HAND = 284;
const COL_REWARDS = 398;
const HAND_STEP = 10;
const COL_DUMPED = 990;
const COL_SCORE = W - 2 * M - 14;

const TABLE = seatTable(W, PLAYERS_Y, ROW_H, { rewardsX: COL_REWARDS, dumpedX: COL_DUMPED, scoreX: COL_SCORE });

function boardHeight(seats: number): number {
  return PLAYERS_Y + seatTableHeight(TABLE, seats) + M;
}

function centreX(i: number): number {
  return M + i * (CENTRE_W + CENTRE_GAP);
}

interface Labels {
  factory: string;
  dump: string;
  next: string;
  hand: string;
  rewards: string;
  dumped: string;
  score: string;
  colours: string[];
}

function labels(ctx: RenderContext): Labels {
  return {
    factory: ctx.t('render.factory'),
    dump: ctx.t('render.dump'),
    next: ctx.t('render.next'),
    hand: ctx.t('render.hand'),
    rewards: ctx.t('render.rewards'),
    dumped: ctx.t('render.dumped'),
    score: ctx.t('render.score'),
    colours: colourLabels(ctx),
  };
}

/** Everything that depends only on the seat count and the language. */
function staticLayer(seats: number, l: Labels) {
  const h = boardHeight(seats);
  const key = `reco:board:${seats}:${JSON.stringify(l)}`;
  return cachedLayer(key, W, h, (g) => {
    drawBackground(g, W, h, HEADER_H, 26);
    COLOURS.forEach((colour, i) => drawCentreFrame(g, colour, centreX(i), CENTRE_Y, l, l.colours[i] ?? colour));
    const lead = { text: l.hand, x: COL_HAND, maxWidth: COL_REWARDS - COL_HAND - 12 };
    drawSeatTable(g, TABLE, seats, lead, l);
  });
}

function drawCentreFrame(g: Ctx, colour: string, x: number, y: number, l: Labels, name: string): void {
  const st = colourStyle(colour);
  drawPanel(g, x, y, CENTRE_W, CENTRE_H, () => {
    // Coloured band with rounded top corners only.
    fillRoundRect(g, x, y, CENTRE_W, BAND_H + 10, 10, st.fill);
    g.fillStyle = PANEL;
    g.fillRect(x, y + BAND_H, CENTRE_W, 10);
  });

  // The colour's shape on a white badge, then its name: never colour alone.
  g.beginPath();
  g.arc(x + 22, y + BAND_H / 2, 12, 0, Math.PI * 2);
  g.fillStyle = '#ffffff';
  g.fill();
  drawSymbol(g, colour, x + 22, y + BAND_H / 2, 6.5, st.fill, st.dark, 1);
  drawText(g, name, x + 42, y + BAND_H / 2, { size: 17, bold: true, color: st.ink, maxWidth: CENTRE_W - 54 });

  drawText(g, l.next, x + NEXT_X, y + TOP_Y + 12, { size: 11, bold: true, color: MUTED, maxWidth: CENTRE_W - NEXT_X - 12 });

  g.fillStyle = '#e3e9e5';
  g.fillRect(x + 12, y + DIV1_Y, CENTRE_W - 24, 1);
  g.fillRect(x + 12, y + DIV2_Y, CENTRE_W - 24, 1);

  const label = { size: 13, bold: true, color: '#44524d' } as const;
  drawText(g, l.factory, x + 12, y + FACTORY_LABEL_Y, { ...label, maxWidth: 120 });
  drawText(g, l.dump, x + 12, y + DUMP_LABEL_Y, { ...label, maxWidth: 200 });
  for (let s = 0; s < THRESHOLD; s++) {
    fillRoundRect(g, gaugeX(x, s), y + FACTORY_LABEL_Y - 4, GAUGE_SEG, 8, 3, '#e3e9e5');
  }
}

function gaugeX(x: number, segment: number): number {
  return x + CENTRE_W - 12 - THRESHOLD * (GAUGE_SEG + 3) + 3 + segment * (GAUGE_SEG + 3);
}

function drawCentre(g: Ctx, c: CentreView, x: number, y: number, emptyLabel: string): void {
  const st = colourStyle(c.colour);
  const top = c.stack[0];
  if (top === undefined) {
    emptySlot(g, x + 12, y + TOP_Y, REWARD_TOP, emptyLabel);
  } else {
    blit(g, rewardCard(c.colour, top, REWARD_TOP), x + 12, y + TOP_Y);
  }
  const rest = c.stack.length - 1;
  layoutRow(rest, x + NEXT_X, REWARD_CHIP.w, REWARD_CHIP.w + 3, CENTRE_W - NEXT_X - 12, (i, cx) => {
    blit(g, rewardCard(c.colour, c.stack[i + 1] ?? 0, REWARD_CHIP), cx, y + TOP_Y + 26);
  });

  // Factory: units against the threshold, as text and as a gauge.
  const units = c.factoryUnits;
  for (let s = 0; s < Math.min(units, THRESHOLD); s++) {
    fillRoundRect(g, gaugeX(x, s), y + FACTORY_LABEL_Y - 4, GAUGE_SEG, 8, 3, st.fill);
  }
  drawText(g, `${units}/${THRESHOLD}`, gaugeX(x, 0) - 8, y + FACTORY_LABEL_Y, {
    size: 14,
    bold: true,
    color: INK,
    align: 'right',
  });
  drawCards(g, c.factory, x, y + FACTORY_CARDS_Y);
  drawCards(g, c.dump, x, y + DUMP_CARDS_Y);
}

function drawCards(g: Ctx, cards: CentreView['dump'], x: number, y: number): void {
  if (cards.length === 0) {
    dashedOutline(g, x + 12, y, WASTE_SMALL, 5, [4, 3], '#c3ccc6');
    return;
  }
  layoutRow(cards.length, x + 12, WASTE_SMALL.w, WASTE_SMALL.w + 4, CENTRE_W - 24, (i, cx, overlapped) => {
    const card = cards[i];
    if (card) blit(g, wasteCard(card.colour, card.value, WASTE_SMALL, overlapped), cx, y);
  });
}

const DECK_X = 818;
const DISCARD_X = 972;
const STATUS_X = 236;

function drawHeader(g: Ctx, view: REcoPublicView, ctx: RenderContext): void {
  const over = view.phase === 'over';
  const cy = HEADER_H / 2 - 1;
  if (!over) {
    drawText(g, ctx.t('render.turn', { turn: view.turn + 1 }), 128, cy, { size: 15, color: '#bfe3d5', maxWidth: 100 });
  }

  // The pill goes right after the status, so measure both before drawing.
  let pill = '';
  let pillW = 0;
  if (view.endTriggered && !over) {
    g.font = font(13, true);
    pill = fitText(g, ctx.t('render.lastTurn'), 130);
    pillW = Math.ceil(g.measureText(pill).width) + 20;
  }
  const statusMax = DECK_X - 20 - STATUS_X - (pillW > 0 ? pillW + 12 : 0);
  const statusFont = font(19, true);
  g.font = statusFont;
  let status: string;
  if (over) {
    status = ctx.t('render.gameOver');
  } else {
    const name = fitText(g, seatName(ctx, view.current), Math.min(240, statusMax - 120));
    status = ctx.t(view.phase === 'dump' ? 'render.toDump' : 'render.toPlay', { name });
  }
  g.font = statusFont;
  const shown = fitText(g, status, statusMax);
  const shownW = g.measureText(shown).width;
  drawText(g, shown, STATUS_X, cy, { size: 19, bold: true, color: over ? '#ffd866' : '#ffffff' });
  if (pill) {
    const px = Math.round(STATUS_X + shownW + 12);
    fillRoundRect(g, px, cy - 12, pillW, 24, 12, ACCENT);
    drawText(g, pill, px + 10, cy, { size: 13, bold: true, color: '#2a1d00' });
  }

  const pileText = { size: 15, bold: true, color: '#ffffff' } as const;
  blit(g, cardBack(BACK_DECK), DECK_X, 11);
  drawText(g, ctx.t('render.deck', { count: view.drawCount }), DECK_X + 36, cy, {
    ...pileText,
    maxWidth: DISCARD_X - DECK_X - 46,
  });
  blit(g, discardCard(BACK_DECK), DISCARD_X, 11);
  drawText(g, ctx.t('render.discard', { count: view.discardCount }), DISCARD_X + 36, cy, {
    ...pileText,
    maxWidth: W - DISCARD_X - 36 - 10,
  });
}

function drawPlayer(g: Ctx, p: PlayerView, index: number, active: boolean, ctx: RenderContext): void {
  const x = M;
  const y = seatRowY(TABLE, index);
  const cy = y + ROW_H / 2;
  if (active) highlightRow(g, TABLE, y, true);

  g.beginPath();
  g.arc(x + 26, cy, 13, 0, Math.PI * 2);
  g.fillStyle = active ? ACCENT : DEEP;
  g.fill();
  drawText(g, String(p.seat + 1), x + 26, cy + 1, { size: 13, bold: true, color: '#ffffff', align: 'center' });
  drawText(g, seatName(ctx, p.seat), x + COL_NAME, cy, { size: 17, bold: true, color: INK, maxWidth: NAME_W });

  // Hand size as card backs (a few at most, then the number says the rest).
  const shown = Math.min(p.handSize, 6);
  layoutRow(shown, x + COL_HAND, BACK_MINI.w, HAND_STEP, 80, (_i, cx) => {
    blit(g, cardBack(BACK_MINI), cx, cy - BACK_MINI.h / 2 - 1);
  });
  const handTextX = x + COL_HAND + (shown > 0 ? BACK_MINI.w + HAND_STEP * (shown - 1) + 8 : 0);
  drawText(g, String(p.handSize), handTextX, cy, { size: 15, bold: true, color: INK });

  drawRewardGroups(g, p.rewards, x + COL_REWARDS, groupsY(TABLE, y), false);
  drawDumped(g, TABLE, cy, p.dumpedCount);

  drawText(g, formatValue(p.score), x + COL_SCORE, cy, { size: 24, bold: true, color: INK, align: 'right' });
}

/** Draws the public board. Reads nothing but the view and the context. */
export function renderREcoBoard(view: REcoPublicView, ctx: RenderContext): Buffer {
  const seats = view.players.length;
  const l = labels(ctx);
  const { canvas, g } = createImageCanvas(W, boardHeight(seats));
  blit(g, staticLayer(seats, l), 0, 0);

  drawHeader(g, view, ctx);
  const emptyLabel = ctx.t('render.empty');
  COLOURS.forEach((colour, i) => {
    const centre = view.centres.find((c) => c.colour === colour);
    if (centre) drawCentre(g, centre, centreX(i), CENTRE_Y, emptyLabel);
  });
  view.players.forEach((p, i) => drawPlayer(g, p, i, view.phase !== 'over' && p.seat === view.current, ctx));
  return encodePng(canvas);
}
