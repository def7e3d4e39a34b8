/**
 * What the class screen shows, built from public facts only: each table's newest board post
 * (the public view the channel saw), whose turn it is and its progress as the game's status
 * fields say; once the session has ended, the debrief. Names go through the session's namer,
 * so an anonymous session shows pseudonyms in every text and alt text.
 */
import type { Msg, Seat } from '../engine/index.js';
import { localise, t, type Language, type SeatNamer } from '../i18n/index.js';
import { altText, gameOf, seatNamer } from '../discord/messages/index.js';
import { flagCounts, sessionNamer, sessionRecord, tableDebrief, tableRanking } from '../discord/messages/session-export.js';
import { gameById } from '../catalog.js';
import type { PostRecord, SessionPageData, SessionTable } from '../store/game-store.js';
import type { PostPayload } from '../store/schema.js';

/** Flagged cards the debrief lists at most. */
export const TOP_FLAGS = 10;

export type TableState = 'lobby' | 'live' | 'paused' | 'stopped' | 'over' | 'cancelled';

export interface TableTile {
  number: number;
  heading: string;
  state: TableState;
  /** The state in words ("Paused", "Ended early"); empty while it plays. */
  badge: string;
  image: { src: string; alt: string } | null;
  turn: string;
  progress: string[];
}

export interface DebriefTable {
  heading: string;
  note: string;
  ranking: string[];
  /** The game's key numbers: a column per number, a row per seat. */
  columns: string[];
  rows: { name: string; values: number[] }[];
  lines: string[];
}

export interface SessionDebrief {
  tables: DebriefTable[];
  flags: { label: string; text: string; count: string }[];
}

export interface SessionModel {
  mode: 'live' | 'ended';
  /** Changes whenever anything shown changes (the page's script compares it). */
  fingerprint: string;
  title: string;
  status: string;
  tables: TableTile[];
  debrief: SessionDebrief | null;
}

const plain = (text: string) => text.replace(/\*\*/g, '');

function stateOf(table: SessionTable): TableState {
  const { status } = table.record;
  if (status === 'lobby' || status === 'cancelled') return status;
  if (table.stoppedEarly) return 'stopped';
  if (status === 'finished') return 'over';
  return table.pausedAt ? 'paused' : 'live';
}

/** Lines of the table's own fields (not a player's) that say how far the game is: round, turn, mission. */
const PROGRESS = /\.status\.(round|turn|mission|fullRows|lastRound|lastTurn|lastMission|setup|picking|naming|auction\w*|phase\w*)$/;

function isSeatField(name: Msg): boolean {
  const arg = name.args?.seat;
  return !!arg && typeof arg === 'object' && !Array.isArray(arg) && 'seat' in arg;
}

function progressLines(view: unknown, table: SessionTable, names: SeatNamer, language: Language): string[] {
  const game = gameOf(table.record);
  const lines: string[] = [];
  for (const field of game.present.status(view) as { name: Msg; lines: Msg[] }[]) {
    if (isSeatField(field.name)) continue;
    for (const line of field.lines) {
      const args = line.args ?? {};
      if (PROGRESS.test(line.key) || ('turn' in args && 'turns' in args)) lines.push(plain(localise(language, line, names)));
    }
  }
  return lines.slice(0, 2);
}

function turnText(pending: readonly Seat[], names: SeatNamer, language: Language): string {
  const who = pending.map(names);
  if (who.length === 0) return '';
  return plain(who.length === 1 ? t(language, 'board.turn', { player: who[0] }) : t(language, 'board.waitingFor', { players: who.join(', ') }));
}

function tile(data: SessionPageData, table: SessionTable, post: Pick<PostRecord, 'id' | 'payload'> | null, language: Language, base: string): TableTile {
  const state = stateOf(table);
  const heading = t(language, 'classScreen.table', { table: table.number });
  const badge = state === 'live' ? '' : t(language, `classScreen.state.${state}`);
  const empty = { number: table.number, heading, state, badge, image: null, progress: [] };
  if (state === 'lobby' || state === 'cancelled' || table.record.state === null) return { ...empty, turn: t(language, state === 'cancelled' ? 'web.cancelled' : 'classScreen.waiting') };
  const record = sessionRecord(data, table, language);
  const game = gameOf(record);
  const over = record.status === 'finished';
  const payload: PostPayload = post?.payload ?? { version: record.version, view: game.publicView(record.state), lines: [], pending: over ? [] : game.pending(record.state), ping: [], over };
  const names = seatNamer(record, 'plain');
  return {
    ...empty,
    image: post ? { src: `${base}/table/${table.number}/${post.id}.png?lang=${language}`, alt: altText(record, payload, language) } : null,
    // Whose turn only while the table plays: a paused or ended table waits for nobody.
    turn: state === 'live' ? turnText(payload.pending, names, language) : state === 'paused' ? t(language, 'classScreen.pausedTurn') : '',
    // How far it got, while it plays: an ended table's last line would still name who was to play.
    progress: state === 'live' || state === 'paused' ? progressLines(payload.view, table, names, language) : [],
  };
}

function debriefOf(data: SessionPageData, language: Language): SessionDebrief {
  const tables = data.tables.flatMap((table): DebriefTable[] => {
    const debrief = tableDebrief(data, table);
    if (!debrief) return [];
    const names = sessionNamer(data, table, language);
    const columns = debrief.seats[0]?.numbers.map((n) => plain(localise(language, n.label, names))) ?? [];
    const state = stateOf(table);
    return [{
      heading: t(language, 'classScreen.table', { table: table.number }),
      note: state === 'live' ? '' : t(language, `classScreen.state.${state}`),
      ranking: tableRanking(data, table, language),
      columns,
      rows: debrief.seats.map((s) => ({ name: names(s.seat), values: s.numbers.map((n) => n.value) })),
      lines: debrief.lines.map((l) => plain(localise(language, l, names))),
    }];
  });
  const flags = flagCounts(data, language).slice(0, TOP_FLAGS).map((f) => ({ label: f.label, text: f.text, count: t(language, 'classScreen.flagCount', { count: f.count }) }));
  return { tables, flags };
}

/**
 * The class screen of a session: a tile per table, and the debrief once the session has ended.
 * `posts` holds each table's newest board post by game id.
 */
export function sessionModel(
  data: SessionPageData,
  posts: ReadonlyMap<number, Pick<PostRecord, 'id' | 'payload'> | null>,
  fingerprint: string,
  language: Language,
  base: string,
): SessionModel {
  const { session } = data;
  const game = gameById(session.gameType);
  const ended = session.status === 'ended';
  return {
    mode: ended ? 'ended' : 'live',
    fingerprint,
    title: t(language, 'classScreen.title', { game: game ? t(language, game.nameKey) : session.gameType, id: session.id }),
    status: t(language, `classScreen.session.${session.status}`, { count: data.tables.length }),
    tables: data.tables.map((table) => tile(data, table, posts.get(table.record.id) ?? null, language, base)),
    debrief: ended ? debriefOf(data, language) : null,
  };
}
