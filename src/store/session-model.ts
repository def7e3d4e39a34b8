/**
 * What a session shows, read off its records: the state of every table (the facilitator's panel,
 * a class screen) and the debrief (per table ranking and key numbers, the most flagged cards,
 * the games' discussion lines). Plain data with message keys, no Discord and no text: the
 * Discord layer and web pages localise it. Anonymous sessions never carry a name or user id.
 */
import type { Debrief, FlagText, Msg, Outcome, Seat } from '../engine/index.js';
import { gameOf, type GameRecord } from './records.js';
import type { FlagRow, SessionRow } from './rows/sessions.js';
import type { GameStatus } from './schema.js';

/** What `SessionStore.snapshot` reads. */
export interface SessionTables {
  session: SessionRow;
  tables: GameRecord[];
  flags: FlagRow[];
  moves: Map<number, { moves: number; lastAt: Date | null }>;
  /** Per game, since when each person asked to play has waited (their clock; a pause moves it on). */
  waiting?: Map<number, Map<Seat, Date>>;
}

/** A player as a session shows them: their name, or "Table 2 · seat 3" in an anonymous session. */
export interface SessionPlayer {
  seat: Seat;
  /** null in an anonymous session. */
  name: string | null;
  userId: string | null;
  isBot: boolean;
  table: number;
}

/**
 * A person asked to play for this long counts as "has not played for long" on the panel. A named
 * constant rather than the tables' reminder interval: reminders come after an hour at the
 * soonest, longer than a whole class, while a student stuck for five minutes needs the facilitator.
 */
export const IDLE_MINUTES = 5;
export const IDLE_MS = IDLE_MINUTES * 60_000;

export interface TableState {
  table: number;
  gameId: number;
  channelId: string;
  status: GameStatus;
  paused: boolean;
  stoppedEarly: boolean;
  players: SessionPlayer[];
  /** Seats that must act now. */
  pending: Seat[];
  moves: number;
  /** The last move, or the start when none was made yet. */
  lastMoveAt: Date | null;
  /** People pending for longer than IDLE_MS (not counting a pause). */
  idle: Seat[];
}

function playersOf(session: SessionRow, record: GameRecord): SessionPlayer[] {
  return record.seats.map((s) => ({
    seat: s.position,
    name: session.anonymous ? null : s.displayName,
    userId: session.anonymous ? null : s.userId,
    isBot: s.isBot,
    table: record.tableNumber ?? 0,
  }));
}

export function tableStates(snapshot: SessionTables, now: Date): TableState[] {
  const { session, tables } = snapshot;
  return tables.map((record) => {
    const stats = snapshot.moves.get(record.id) ?? { moves: 0, lastAt: null };
    const active = record.status === 'active';
    const pending: Seat[] = active ? gameOf(record).pending(record.state) : [];
    const lastMoveAt = stats.lastAt ?? (record.status === 'lobby' ? null : record.updatedAt);
    const until = (record.pausedAt ?? now).getTime();
    const waited = lastMoveAt ? until - lastMoveAt.getTime() : 0;
    const clocks = snapshot.waiting?.get(record.id);
    // Each person from their own turn's start when the clocks are known, else from the table's last move.
    const isIdle = (seat: Seat) => {
      const since = clocks?.get(seat);
      return since ? until - since.getTime() > IDLE_MS : !clocks && waited > IDLE_MS;
    };
    return {
      table: record.tableNumber ?? 0,
      gameId: record.id,
      channelId: record.channelId,
      status: record.status,
      paused: !!record.pausedAt,
      stoppedEarly: !!record.stoppedEarly,
      players: playersOf(session, record),
      pending,
      moves: stats.moves,
      lastMoveAt,
      idle: pending.filter((seat) => !record.seats[seat]?.isBot && isIdle(seat)),
    };
  });
}

export interface TableDebrief {
  table: number;
  gameId: number;
  /** The game ended (by itself or stopped early); else the ranking is as it stands now. */
  final: boolean;
  stoppedEarly: boolean;
  players: SessionPlayer[];
  outcome: Outcome;
  debrief: Debrief;
  /** Items each seat flagged. */
  flags: Map<Seat, string[]>;
}

export interface FlaggedItem {
  item: string;
  count: number;
  text: FlagText | null;
}

export interface SessionDebrief {
  session: SessionRow;
  tables: TableDebrief[];
  /** Across tables, most flagged first. */
  flagged: FlaggedItem[];
  /** Each table's discussion lines, by table. */
  lines: { table: number; lines: Msg[] }[];
}

/** The ranking a table shows: its outcome once over, as it stood when stopped, or as it stands. */
export function tableOutcome(record: GameRecord): Outcome | null {
  const game = gameOf(record);
  if (record.status === 'finished') return record.stoppedEarly ? game.standingsNow(record.state) : game.outcome(record.state);
  if (record.status === 'active') return game.standingsNow(record.state);
  return null;
}

export function sessionDebrief(snapshot: SessionTables, topFlags = 10): SessionDebrief {
  const { session, tables } = snapshot;
  const out: TableDebrief[] = [];
  for (const record of tables) {
    const outcome = tableOutcome(record);
    if (!outcome) continue;
    const final = record.status === 'finished';
    const flags = new Map<Seat, string[]>();
    for (const f of snapshot.flags.filter((f) => f.gameId === record.id)) flags.set(f.seat, [...(flags.get(f.seat) ?? []), f.item]);
    out.push({
      table: record.tableNumber ?? 0,
      gameId: record.id,
      final,
      stoppedEarly: !!record.stoppedEarly,
      players: playersOf(session, record),
      outcome,
      debrief: gameOf(record).debrief(record.state, final),
      flags,
    });
  }
  const counts = new Map<string, number>();
  for (const f of snapshot.flags) counts.set(f.item, (counts.get(f.item) ?? 0) + 1);
  const sample = tables[0];
  const game = sample ? gameOf(sample) : null;
  const parsed = game?.parseOptions(sample!.options);
  const flagged = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, topFlags)
    .map(([item, count]) => ({ item, count, text: game ? game.flagText(item, parsed?.ok ? parsed.options : undefined) : null }));
  return { session, tables: out, flagged, lines: out.map((t) => ({ table: t.table, lines: t.debrief.lines })) };
}
