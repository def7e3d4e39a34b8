/**
 * What a game page shows, built from public facts only: the public view a post was drawn from
 * (or the public view of a replayed step), the public log lines, and who held each seat. These
 * builders are pure, so the leak test can compare them over states that differ only in secrets.
 */
import type { AnyGame, Msg, Seat } from '../engine/index.js';
import { localise, t, type Language, type SeatNamer } from '../i18n/index.js';
import { altText, boardImageJob, rankingLines, seatNamer, seatNamerWithPast } from '../discord/messages/index.js';
import type { ImageJob } from '../discord/runtime/images.js';
import { gameOf, holderAt, type GameRecord, type PostRecord } from '../store/game-store.js';
import type { PostPayload } from '../store/schema.js';

/** Public log lines a live page lists. */
export const LIVE_LINES = 10;

export interface StatusField {
  name: string;
  lines: string[];
}

export interface LiveModel {
  mode: 'lobby' | 'live' | 'over' | 'cancelled';
  version: number;
  title: string;
  /** The board as the channel last saw it. */
  image: { src: string; alt: string } | null;
  turn: string;
  lines: string[];
  status: StatusField[];
}

export interface ReplayStep {
  image: string;
  alt: string;
  /** Whose move led here ("the deal" for step 0). */
  who: string;
  lines: string[];
  turn: string;
  status: StatusField[];
}

export interface ReplayModel {
  title: string;
  steps: ReplayStep[];
  ranking: string[];
}

/** Page text is plain: Discord's bold markers have no place in it. */
const plain = (text: string) => text.replace(/\*\*/g, '');

function gameTitle(record: GameRecord, language: Language): string {
  return t(language, 'web.title', { game: t(language, gameOf(record).nameKey), id: record.id });
}

function turnText(pending: readonly Seat[], names: SeatNamer, language: Language): string {
  const who = pending.map(names);
  if (who.length === 0) return '';
  return plain(who.length === 1 ? t(language, 'board.turn', { player: who[0] }) : t(language, 'board.waitingFor', { players: who.join(', ') }));
}

function statusFields(game: AnyGame, view: unknown, names: SeatNamer, language: Language): StatusField[] {
  return game.present.status(view).map((field: { name: Msg; lines: Msg[] }) => ({
    name: plain(localise(language, field.name, names)),
    lines: field.lines.map((l) => plain(localise(language, l, names))),
  }));
}

/** A board job for a page: the view, the seat names of that moment, the page's language. */
export function pageBoardJob(record: GameRecord, view: unknown, language: Language, sequence?: number): ImageJob {
  // Live: the poster's own job, so the page gets the very PNG the channel was sent.
  const job = boardImageJob(record, view, language);
  if (sequence === undefined) return job;
  return { ...job, names: record.seats.map((s) => holderAt(record, s.position, sequence)?.displayName ?? s.displayName) };
}

/**
 * The live page: the newest board post (what the channel saw), the public lines already posted
 * and the status fields of that view. `lines` are the game's public lines with their moves.
 */
export function liveModel(
  record: GameRecord,
  post: Pick<PostRecord, 'id' | 'payload'> | null,
  lines: readonly { sequence: number; line: Msg }[],
  language: Language,
  base: string,
): LiveModel {
  const title = gameTitle(record, language);
  const empty = { version: record.version, title, image: null, lines: [], status: [] };
  if (record.status === 'lobby') return { mode: 'lobby', turn: t(language, 'web.lobby'), ...empty };
  if (record.status === 'cancelled') return { mode: 'cancelled', turn: t(language, 'web.cancelled'), ...empty };
  const game = gameOf(record);
  const over = record.status === 'finished';
  const payload: PostPayload = post?.payload ?? { version: record.version, view: game.publicView(record.state), lines: [], pending: over ? [] : game.pending(record.state), ping: [], over };
  const names = seatNamer(record, 'plain');
  const shown = lines.filter((l) => l.sequence <= record.postedThrough).slice(-LIVE_LINES);
  return {
    mode: over ? 'over' : 'live',
    version: record.version,
    title,
    image: post ? { src: `${base}/post/${post.id}.png?lang=${language}`, alt: altText(record, payload, language) } : null,
    turn: payload.over ? t(language, 'web.over') : turnText(payload.pending, names, language),
    lines: shown.map((l) => plain(localise(language, l.line, seatNamer(record, 'plain', l.sequence)))),
    status: statusFields(game, payload.view, names, language),
  };
}

/**
 * Every step of a finished game: 0 is the deal, step k the board after move k. `states` are the
 * replayed states (one more than the moves); only their public views and who must act are read.
 */
export function replayModel(
  record: GameRecord,
  states: readonly unknown[],
  moves: readonly { seat: Seat; sequence?: number }[],
  lines: readonly { sequence: number; line: Msg }[],
  language: Language,
  base: string,
): ReplayModel {
  const game = gameOf(record);
  const title = gameTitle(record, language);
  const bySequence = new Map<number, Msg[]>();
  for (const l of lines) bySequence.set(l.sequence, [...(bySequence.get(l.sequence) ?? []), l.line]);
  const steps = states.map((state, step): ReplayStep => {
    // A move taken back is no step: step k is the k-th move still standing, at its own sequence.
    const at = step === 0 ? 0 : (moves[step - 1]?.sequence ?? step);
    const names = seatNamer(record, 'plain', at);
    const view = game.publicView(state);
    const over = game.isOver(state);
    const pending: Seat[] = over ? [] : game.pending(state);
    const mover = step === 0 ? undefined : moves[step - 1]?.seat;
    const payload: PostPayload = { version: step, view, lines: [], pending, ping: [], over };
    return {
      image: `${base}/step/${step}.png?lang=${language}`,
      alt: altText({ ...record, seats: record.seats.map((s) => ({ ...s, ...holderAt(record, s.position, at) })) }, payload, language),
      who: mover === undefined ? t(language, 'web.deal') : plain(t(language, 'web.moveBy', { player: names(mover) })),
      lines: (bySequence.get(at) ?? []).map((m) => plain(localise(language, m, names))),
      turn: over ? t(language, 'web.over') : turnText(pending, names, language),
      status: statusFields(game, view, names, language),
    };
  });
  const last = states[states.length - 1];
  const outcome = last === undefined ? null : game.outcome(last);
  return { title, steps, ranking: outcome ? rankingLines(outcome, language, seatNamerWithPast(record, language, 'plain')).map(plain) : [] };
}
