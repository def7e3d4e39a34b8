/**
 * A session's results as CSV and JSON: tables, seats, players (pseudonyms in an anonymous
 * session, never a user id there), ranks, scores, stopped early, key numbers and flags.
 * No discord.js here: a web page can offer the same files.
 */
import type { Debrief, Seat } from '../../engine/index.js';
import { localise, t, type Language, type SeatNamer } from '../../i18n/index.js';
import { gameOf, type GameRecord, type SessionPageData, type SessionTable } from '../../store/game-store.js';
import { sessionDebrief, tableOutcome, type SessionTables } from '../../store/session-model.js';
import { playerName, sessionGameName } from './session.js';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces,
 * quotes doubled. A text starting like a formula (= + - @, a tab) gets a leading apostrophe, so a
 * spreadsheet shows a player's name instead of running it.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export interface SessionExport {
  session: { id: number; game: string; status: string; anonymous: boolean; tables: number; startedAt: string | null; endedAt: string | null };
  tables: {
    table: number;
    gameId: number;
    final: boolean;
    stoppedEarly: boolean;
    seats: { seat: number; player: string; userId: string | null; bot: boolean; rank: number; score: number; numbers: Record<string, number>; flags: string[] }[];
  }[];
  flags: { item: string; count: number; label: string | null }[];
}

export function exportData(snapshot: SessionTables, language: Language): SessionExport {
  const model = sessionDebrief(snapshot, Number.MAX_SAFE_INTEGER);
  const { session } = snapshot;
  return {
    session: {
      id: session.id, game: sessionGameName(session, language), status: session.status, anonymous: session.anonymous, tables: session.tables,
      startedAt: session.startedAt?.toISOString() ?? null, endedAt: session.endedAt?.toISOString() ?? null,
    },
    tables: model.tables.map((table) => ({
      table: table.table,
      gameId: table.gameId,
      final: table.final,
      stoppedEarly: table.stoppedEarly,
      seats: [...table.outcome.standings].sort((a, b) => a.seat - b.seat).map((s) => {
        const player = table.players[s.seat]!;
        const numbers = table.debrief.seats.find((d) => d.seat === s.seat)?.numbers ?? [];
        return {
          seat: s.seat + 1, player: playerName(player, language), userId: player.userId, bot: player.isBot, rank: s.rank, score: s.score,
          numbers: Object.fromEntries(numbers.map((n) => [n.key, n.value])), flags: table.flags.get(s.seat) ?? [],
        };
      }),
    })),
    flags: model.flagged.map((f) => ({ item: f.item, count: f.count, label: f.text ? localise(language, f.text.label) : null })),
  };
}

/** One line per seat of every played table; key numbers as columns in the order the game gives them. */
export function sessionCsv(data: SessionExport): string {
  const keys = [...new Set(data.tables.flatMap((t) => t.seats.flatMap((s) => Object.keys(s.numbers))))];
  const header = ['table', 'seat', 'player', ...(data.session.anonymous ? [] : ['user_id']), 'bot', 'rank', 'score', 'stopped_early', ...keys, 'flags'];
  const rows = data.tables.flatMap((t) => t.seats.map((s) => [
    t.table, s.seat, s.player, ...(data.session.anonymous ? [] : [s.userId]), s.bot, s.rank, s.score, t.stoppedEarly, ...keys.map((k) => s.numbers[k]), s.flags.join(' '),
  ]));
  return csvLines([header, ...rows]);
}

/** The CSV and JSON files of a session, in a language (pseudonyms, labels). */
export function exportFiles(snapshot: SessionTables, language: Language): { csv: string; json: string } {
  const data = exportData(snapshot, language);
  return { csv: sessionCsv(data), json: `${JSON.stringify(data, null, 2)}\n` };
}

// ---------------------------------------------------------------- the class screen's reads

/** A class screen's page data as the session model reads it. */
export function snapshotOf(data: SessionPageData): SessionTables {
  return { session: data.session, tables: data.tables.map((tb) => tb.record), flags: data.flags, moves: new Map() };
}

export function sessionExport(data: SessionPageData, language: Language): { csv: string; json: string } {
  return exportFiles(snapshotOf(data), language);
}

/** A table's name for a seat: the holder's name, or "Table 2 · seat 3" in an anonymous session. */
export function sessionNamer(data: SessionPageData, table: SessionTable, language: Language): SeatNamer {
  const pseudonym = (seat: Seat) => playerName({ seat, name: null, userId: null, isBot: !!table.record.seats[seat]?.isBot, table: table.number }, language);
  return (seat: Seat) => (data.session.anonymous ? pseudonym(seat) : (table.record.seats[seat]?.displayName ?? '?'));
}

/** The table's record, its seats and past holders renamed to pseudonyms in an anonymous session. */
export function sessionRecord(data: SessionPageData, table: SessionTable, language: Language): GameRecord {
  if (!data.session.anonymous) return table.record;
  const names = sessionNamer(data, table, language);
  return {
    ...table.record,
    seats: table.record.seats.map((s) => ({ ...s, userId: null, displayName: names(s.position) })),
    ...(table.record.holders ? { holders: table.record.holders.map((h) => ({ ...h, userId: null, displayName: names(h.seat) })) } : {}),
  };
}

/** The game's debrief of a played table (public facts only while it runs); null for a lobby or a closed one. */
export function tableDebrief(_data: SessionPageData, table: SessionTable): Debrief | null {
  const { record } = table;
  if (record.status !== 'active' && record.status !== 'finished') return null;
  return gameOf(record).debrief(record.state, record.status === 'finished');
}

/** "1. Name — 12 points" per seat: the outcome, as it stood when stopped, or as it stands. */
export function tableRanking(data: SessionPageData, table: SessionTable, language: Language): string[] {
  const outcome = tableOutcome(table.record);
  if (!outcome) return [];
  const names = sessionNamer(data, table, language);
  return outcome.standings.map((s) => t(language, 'session.debrief.rankLine', { rank: s.rank, player: names(s.seat), score: t(language, 'final.points', { count: s.score }) }));
}

/** Flagged cards and events across the tables, most flagged first, with their label and text. */
export function flagCounts(data: SessionPageData, language: Language): { item: string; label: string; text: string; count: number }[] {
  return sessionDebrief(snapshotOf(data), Number.MAX_SAFE_INTEGER).flagged.map((f) => ({
    item: f.item, count: f.count, label: f.text ? localise(language, f.text.label) : f.item, text: f.text ? localise(language, f.text.text) : '',
  }));
}
