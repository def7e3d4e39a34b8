/**
 * The public R-Eco board, portrait and 900 px wide so that it reads on a phone: the header with
 * whose turn it is, the piles, the four recycling centres in a 2 × 2 grid, and a row per seat.
 * Static parts (background, frames, localised labels) form one cached layer per seat count and
 * language; each image copies it and draws only what the view changes.
 */
import type { CentreView, PlayerView, REcoPublicView } from '../../src/games/r-eco/types.js';
import {
  blit,
  cachedLayer,
  createImageCanvas,
  drawText,
  encodePng,
  fillRoundRect,
  fitNames,
  formatValue,
  type Ctx,
} from '../canvas.js';
import { COLOURS, colourStyle } from './palette.js';
import type { RenderContext } from '../types.js';
import { BACK_ICON, REWARD_CHIP, REWARD_TOP, WASTE_BOARD, cardBack, dashedOutline, discardCard, layoutRow, rewardCard, wasteCard } from './cards.js';
import {
  ACCENT,
  BONUS,
  DEEP,
  HIGHLIGHT,
  IMAGE_W,
  INK,
  MARGIN,
  MUTED,
  PANEL,
  TEXT,
  TEXT_L,
  TEXT_MIN,
  TEXT_XL,
  colourLabels,
  drawBackground,
  drawColourBand,
  drawPanel,
  drawPenalty,
  drawPill,
  drawRewardChips,
  seatName,
} from './parts.js';

/** Waste units a factory needs to pay out a reward (rules §2). */
const THRESHOLD = 4;

const W = IMAGE_W;
const M = MARGIN;
const HEADER_H = 132;
const PILES_Y = HEADER_H;
const PILES_H = 68;

const CENTRES_Y = PILES_Y + PILES_H;
const CENTRE_GAP = 20;
const CW = (W - 2 * M - CENTRE_GAP) / 2;
const CH = 428;
const BAND_H = 58;
const PAD = 16;
// Offsets inside a centre panel.
const REWARD_Y = BAND_H + 14;
const REST_X = PAD + REWARD_TOP.w + 18;
const DIV1_Y = REWARD_Y + REWARD_TOP.h + 12;
const FACTORY_Y = DIV1_Y + 10;
const FACTORY_CARDS_X = 168;
const DIV2_Y = FACTORY_Y + WASTE_BOARD.h + 12;
const DUMP_LABEL_Y = DIV2_Y + 24;
const DUMP_CARDS_Y = DUMP_LABEL_Y + 22;
const GAUGE_W = 28;

const PLAYERS_Y = CENTRES_Y + 2 * CH + CENTRE_GAP + 16;
const PLAYERS_HEAD = 50;
const ROW_H = 118;
const SCORE_X = W - M - 22;
const HAND_X = 470;
const BIN_X = 570;
/** Rewards get the whole second line, but for the bonus at its right end. */
const BONUS_W = 250;

/** The legend under the players: what the hand icon, the bin and a faded reward mean. */
const LEGEND_H = 2 * 40 + 16;

function legendY(seats: number): number {
  return PLAYERS_Y + PLAYERS_HEAD + seats * ROW_H + 10 + 12;
}

function boardHeight(seats: number): number {
  return legendY(seats) + LEGEND_H + M;
}

function centreX(i: number): number {
  return M + (i % 2) * (CW + CENTRE_GAP);
}

function centreY(i: number): number {
  return CENTRES_Y + Math.floor(i / 2) * (CH + CENTRE_GAP);
}

function rowY(i: number): number {
  return PLAYERS_Y + PLAYERS_HEAD + i * ROW_H;
}

interface Labels {
  factory: string;
  dump: string;
  then: string;
  players: string;
  score: string;
  colours: string[];
  hand: string;
  bin: string;
  faded: string;
}

function labels(ctx: RenderContext): Labels {
  return {
    factory: ctx.t('render.factory'),
    dump: ctx.t('render.dump'),
    then: ctx.t('render.then'),
    players: ctx.t('render.players'),
    score: ctx.t('render.score'),
    colours: colourLabels(ctx),
    hand: ctx.t('render.legendHand'),
    bin: ctx.t('render.legendBin'),
    faded: ctx.t('render.legendFaded'),
  };
}

/** Everything that depends only on the seat count and the language. */
function staticLayer(seats: number, l: Labels) {
  const h = boardHeight(seats);
  return cachedLayer(`reco:board:${seats}:${JSON.stringify(l)}`, W, h, (g) => {
    drawBackground(g, W, h, HEADER_H);
    drawText(g, 'R-Eco', M + 4, 42, { size: TEXT_XL, bold: true, color: '#ffffff' });
    COLOURS.forEach((colour, i) => drawCentreFrame(g, colour, centreX(i), centreY(i), l, l.colours[i] ?? colour));
    drawPanel(g, M, PLAYERS_Y, W - 2 * M, PLAYERS_HEAD + seats * ROW_H + 10);
    const head = { size: TEXT_MIN, bold: true, color: MUTED } as const;
    drawText(g, l.players, M + 20, PLAYERS_Y + PLAYERS_HEAD / 2 + 2, { ...head, maxWidth: 400 });
    drawText(g, l.score, SCORE_X, PLAYERS_Y + PLAYERS_HEAD / 2 + 2, { ...head, align: 'right', maxWidth: 200 });
    for (let i = 0; i < seats; i++) {
      g.fillStyle = '#e3e9e5';
      g.fillRect(M + 12, rowY(i), W - 2 * M - 24, 1);
    }
    drawLegend(g, legendY(seats), l);
  });
}

/** Symbols the player rows use without words. */
function drawLegend(g: Ctx, y: number, l: Labels): void {
  drawPanel(g, M, y, W - 2 * M, LEGEND_H);
  const cy = y + 8 + 20;
  const half = (W - 2 * M) / 2;
  blit(g, cardBack(BACK_ICON), M + 16, cy - BACK_ICON.h / 2);
  drawText(g, l.hand, M + 16 + BACK_ICON.w + 10, cy + 1, { size: TEXT_MIN, color: INK, maxWidth: half - BACK_ICON.w - 36 });
  drawPenalty(g, M + half, cy, 1);
  drawText(g, l.bin, M + half + 86, cy + 1, { size: TEXT_MIN, color: INK, maxWidth: half - 102 });
  drawText(g, l.faded, M + 16, cy + 40, { size: TEXT_MIN, color: MUTED, maxWidth: W - 2 * M - 32 });
}

function drawCentreFrame(g: Ctx, colour: string, x: number, y: number, l: Labels, name: string): void {
  const st = colourStyle(colour);
  drawPanel(g, x, y, CW, CH, () => {
    // Coloured band with rounded top corners only.
    fillRoundRect(g, x, y, CW, BAND_H + 12, 12, st.fill);
    g.fillStyle = PANEL;
    g.fillRect(x, y + BAND_H, CW, 12);
  });
  drawColourBand(g, colour, name, x + 4, y, CW - 8, BAND_H);
  g.fillStyle = '#e3e9e5';
  g.fillRect(x + PAD, y + DIV1_Y, CW - 2 * PAD, 1);
  g.fillRect(x + PAD, y + DIV2_Y, CW - 2 * PAD, 1);
  const label = { size: TEXT_MIN, bold: true, color: '#44524d' } as const;
  drawText(g, l.factory, x + PAD, y + FACTORY_Y + 16, { ...label, maxWidth: FACTORY_CARDS_X - PAD - 8 });
  drawText(g, l.dump, x + PAD, y + DUMP_LABEL_Y, { ...label, maxWidth: CW - 2 * PAD });
  for (let s = 0; s < THRESHOLD; s++) fillRoundRect(g, gaugeX(x, s), y + FACTORY_Y + 66, GAUGE_W, 10, 4, '#e3e9e5');
}

function gaugeX(x: number, segment: number): number {
  return x + PAD + segment * (GAUGE_W + 5);
}

function drawCentre(g: Ctx, c: CentreView, x: number, y: number, ctx: RenderContext, l: Labels): void {
  const st = colourStyle(c.colour);
  const top = c.stack[0];
  const ry = y + REWARD_Y;
  if (top === undefined) {
    // The stack ran out: an empty slot, and the words beside it.
    dashedOutline(g, x + PAD, ry, REWARD_TOP, 8, [6, 4], '#9aa39c');
    drawText(g, ctx.t('render.noRewards'), x + REST_X, ry + REWARD_TOP.h / 2, { size: TEXT_MIN, bold: true, color: MUTED, maxWidth: CW - REST_X - PAD });
  } else {
    blit(g, rewardCard(c.colour, top, REWARD_TOP), x + PAD, ry);
    const rest = c.stack.length - 1;
    if (rest === 0) {
      drawText(g, ctx.t('render.lastReward'), x + REST_X, ry + REWARD_TOP.h / 2, { size: TEXT_MIN, bold: true, color: '#9a6a00', maxWidth: CW - REST_X - PAD });
    } else {
      // "Then" heads the cards under the top one, right above them.
      drawText(g, l.then, x + REST_X, ry + 16, { size: TEXT_MIN, bold: true, color: MUTED, maxWidth: CW - REST_X - PAD });
      layoutRow(rest, x + REST_X, REWARD_CHIP.w, REWARD_CHIP.w + 4, CW - REST_X - PAD, (i, cx) => {
        blit(g, rewardCard(c.colour, c.stack[i + 1] ?? 0, REWARD_CHIP), cx, ry + REWARD_TOP.h - REWARD_CHIP.h);
      });
    }
  }

  // Factory: units against the threshold, as text and as a gauge.
  const units = c.factoryUnits;
  for (let s = 0; s < Math.min(units, THRESHOLD); s++) fillRoundRect(g, gaugeX(x, s), y + FACTORY_Y + 66, GAUGE_W, 10, 4, st.fill);
  drawText(g, `${units}/${THRESHOLD}`, x + PAD, y + FACTORY_Y + 44, { size: TEXT_L, bold: true, color: INK });
  drawCards(g, c.factory, x + FACTORY_CARDS_X, y + FACTORY_Y, CW - FACTORY_CARDS_X - PAD);
  drawCards(g, c.dump, x + PAD, y + DUMP_CARDS_Y, CW - 2 * PAD);
}

function drawCards(g: Ctx, cards: CentreView['dump'], x: number, y: number, maxWidth: number): void {
  if (cards.length === 0) {
    dashedOutline(g, x, y, WASTE_BOARD, 6, [5, 4], '#c3ccc6');
    return;
  }
  layoutRow(cards.length, x, WASTE_BOARD.w, WASTE_BOARD.w + 6, maxWidth, (i, cx) => {
    const card = cards[i];
    if (card) blit(g, wasteCard(card.colour, card.value, WASTE_BOARD), cx, y);
  });
}

function drawHeader(g: Ctx, view: REcoPublicView, ctx: RenderContext): void {
  const over = view.phase === 'over';
  if (!over) {
    drawText(g, ctx.t('render.turn', { turn: view.turn + 1 }), W - M - 4, 42, { size: TEXT, bold: true, color: '#bfe3d5', align: 'right', maxWidth: 400 });
  }
  const cy = 96;
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

  // The piles, under the header.
  const py = PILES_Y + (PILES_H - BACK_ICON.h) / 2;
  const text = { size: TEXT, bold: true, color: INK } as const;
  blit(g, cardBack(BACK_ICON), M + 4, py);
  drawText(g, ctx.t('render.deck', { count: view.drawCount }), M + BACK_ICON.w + 16, PILES_Y + PILES_H / 2 + 1, { ...text, maxWidth: W / 2 - BACK_ICON.w - 40 });
  blit(g, discardCard(BACK_ICON), W / 2 + 4, py);
  drawText(g, ctx.t('render.discard', { count: view.discardCount }), W / 2 + BACK_ICON.w + 16, PILES_Y + PILES_H / 2 + 1, { ...text, maxWidth: W / 2 - BACK_ICON.w - 40 });
}

function drawPlayer(g: Ctx, p: PlayerView, index: number, active: boolean, ctx: RenderContext): void {
  const x = M;
  const y = rowY(index);
  if (active) {
    g.fillStyle = HIGHLIGHT;
    g.fillRect(x + 1, y + 1, W - 2 * M - 2, ROW_H - 1);
    g.fillStyle = ACCENT;
    g.fillRect(x + 1, y + 1, 6, ROW_H - 1);
  }
  const cy = y + 34;
  g.beginPath();
  g.arc(x + 38, cy, 19, 0, Math.PI * 2);
  g.fillStyle = active ? ACCENT : DEEP;
  g.fill();
  drawText(g, String(p.seat + 1), x + 38, cy + 1, { size: TEXT_MIN, bold: true, color: '#ffffff', align: 'center' });
  drawText(g, seatName(ctx, p.seat), x + 70, cy, { size: TEXT_L, bold: true, color: INK, maxWidth: HAND_X - 86 });

  // Cards in hand (a card back and the count), then the dumped cards (a bin and the penalty).
  blit(g, cardBack(BACK_ICON), x + HAND_X, cy - BACK_ICON.h / 2);
  drawText(g, String(p.handSize), x + HAND_X + BACK_ICON.w + 10, cy + 1, { size: TEXT, bold: true, color: INK });
  drawPenalty(g, x + BIN_X, cy, p.dumpedCount);
  drawText(g, formatValue(p.score), SCORE_X, cy + 2, { size: TEXT_XL, bold: true, color: INK, align: 'right' });

  // Second line: rewards (a lone colour scores nothing, so it is faded) and the clean bonus.
  drawRewardChips(g, p.rewards, x + 24, y + 58, SCORE_X - x - 24 - (p.bonus > 0 ? BONUS_W : 0), true);
  if (p.bonus > 0) {
    drawText(g, ctx.t('render.bonus', { bonus: p.bonus }), SCORE_X, y + 86, { size: TEXT_MIN, bold: true, color: BONUS, align: 'right', maxWidth: BONUS_W - 16 });
  }
}

/** Draws the public board. Reads nothing but the view and the context. */
export function renderREcoBoard(view: REcoPublicView, ctx: RenderContext): Buffer {
  const seats = view.players.length;
  const l = labels(ctx);
  const { canvas, g } = createImageCanvas(W, boardHeight(seats));
  blit(g, staticLayer(seats, l), 0, 0);
  drawHeader(g, view, ctx);
  COLOURS.forEach((colour, i) => {
    const centre = view.centres.find((c) => c.colour === colour);
    if (centre) drawCentre(g, centre, centreX(i), centreY(i), ctx, l);
  });
  view.players.forEach((p, i) => drawPlayer(g, p, i, view.phase !== 'over' && p.seat === view.current, ctx));
  return encodePng(canvas);
}
