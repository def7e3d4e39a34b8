/** How players, seats and turns are named in messages: mentions or plain names, by who held a seat when. */
import type { Seat } from '../../engine/index.js';
import { languageOf, t, type Language, type SeatNamer } from '../../i18n/index.js';
import { gameOf, holderAt, type GameRecord, type SeatRecord } from '../../store/game-store.js';

export function gameLanguage(record: GameRecord): Language {
  return languageOf(record.language);
}

export function nameOf(holder: { userId: string | null; displayName: string }, style: 'mention' | 'plain'): string {
  if (style === 'plain') return holder.displayName;
  return holder.userId ? `<@${holder.userId}>` : `**${holder.displayName}**`;
}

/**
 * Public text names humans by mention and bots by name; images use plain names. A line of move
 * `sequence` names whoever held the seat then, not whoever holds it now.
 */
export function seatNamer(record: GameRecord, style: 'mention' | 'plain', sequence?: number): SeatNamer {
  return (seat: Seat) => {
    const s = holderAt(record, seat, sequence);
    return s ? nameOf(s, style) : `#${seat + 1}`;
  };
}

/** Everyone who held a seat, first to last, each once in a row ("Cat → Bot Ada → Wat"). */
export function seatHolderNames(record: GameRecord, seat: Seat, style: 'mention' | 'plain'): string[] {
  const held = (record.holders ?? []).filter((h) => h.seat === seat).sort((a, b) => a.fromSequence - b.fromSequence);
  const names = (held.length ? held : record.seats[seat] ? [record.seats[seat]!] : []).map((h) => nameOf(h, style));
  return names.filter((n, i) => n !== names[i - 1]);
}

/** Names a seat by its holder now, and by those who played it before them, for rankings. */
export function seatNamerWithPast(record: GameRecord, language: Language, style: 'mention' | 'plain'): SeatNamer {
  const now = seatNamer(record, style);
  return (seat: Seat) => {
    const all = seatHolderNames(record, seat, style);
    const current = now(seat);
    const before = all.filter((n) => n !== current);
    return before.length ? t(language, 'final.playedBefore', { player: current, names: before.join(', ') }) : current;
  };
}

/** A seat's name on boards and in /status: a strong bot says so ("Bot Ada (strong)"). */
export function seatLabel(seat: SeatRecord, language: Language): string {
  return seat.isBot && seat.botLevel === 'strong' ? t(language, 'bot.seatLabel', { name: seat.displayName, level: t(language, 'bot.level.strong') }) : seat.displayName;
}

export function gameName(record: GameRecord, language: Language): string {
  return t(language, gameOf(record).nameKey);
}

/** "It is X's turn" / "Waiting for X and Y", in the given language. */
export function turnLine(record: GameRecord, language: Language, style: 'mention' | 'plain' = 'mention'): string {
  return turnLineFor(record, gameOf(record).pending(record.state), language, style);
}

export function turnLineFor(record: GameRecord, pending: readonly Seat[], language: Language, style: 'mention' | 'plain' | SeatNamer): string {
  const names = pending.map(typeof style === 'function' ? style : seatNamer(record, style));
  if (names.length === 1) return t(language, 'board.turn', { player: names[0] });
  return t(language, 'board.waitingFor', { players: names.join(', ') });
}
