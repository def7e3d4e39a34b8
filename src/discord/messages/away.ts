/** "Away until …" beside the seats of people on time off: boards, /status and lobbies. */
import type { Seat } from '../../engine/index.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';

/** Who is away now, by user id, with when they come back (`GameStore.awayOf`). */
export type AwayMap = ReadonlyMap<string, Date>;

/** A date Discord shows in each reader's own time zone and language. */
export function awayDate(until: Date, style: 'D' | 'f' | 'R' = 'D'): string {
  return `<t:${Math.floor(until.getTime() / 1000)}:${style}>`;
}

/** When a seat's holder comes back, if they are away. */
export function awayUntil(record: GameRecord, seat: Seat, away: AwayMap | undefined): Date | null {
  const userId = record.seats[seat]?.isBot ? null : record.seats[seat]?.userId;
  return (userId && away?.get(userId)) || null;
}

/** " (away until …)" after a seat's name, or nothing. */
export function awayTag(record: GameRecord, seat: Seat, away: AwayMap | undefined, language: Language): string {
  const until = awayUntil(record, seat, away);
  return until ? ` ${t(language, 'away.tag', { until: awayDate(until) })}` : '';
}

/** One line per away seat ("💤 X is away until …"), in seat order. */
export function awayLines(record: GameRecord, away: AwayMap | undefined, language: Language, name: (seat: Seat) => string): string[] {
  if (!away?.size) return [];
  return record.seats.flatMap((s) => {
    const until = awayUntil(record, s.position, away);
    return until ? [t(language, 'away.line', { player: name(s.position), until: awayDate(until) })] : [];
  });
}
