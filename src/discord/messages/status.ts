/** The /status embed: seats in turn order, whose turn it is, deadlines and the public facts. */
import { EmbedBuilder } from 'discord.js';
import type { Msg, Seat } from '../../engine/index.js';
import { localise, t, type Language } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import { LIMITS, clip } from './limits.js';
import { gameName, seatNamer, seatNamerWithPast, turnLine } from './names.js';
import { COLOUR } from './board.js';
import { rankingLines } from './final.js';
import { awayDate, awayTag, awayUntil, type AwayMap } from './away.js';

// ---------------------------------------------------------------- status

/** When a waiting seat's move will be played for it. */
export interface SeatDeadline {
  seat: Seat;
  deadlineAt: Date | null;
}

/** Discord shows `<t:…>` in each reader's own time zone and language. */
export function discordTime(at: Date, style: 'f' | 'R'): string {
  return `<t:${Math.floor(at.getTime() / 1000)}:${style}>`;
}

/** `away`: people on time off (`GameStore.awayOf`): their seats say until when. */
export function statusEmbed(record: GameRecord, language: Language, deadlines: readonly SeatDeadline[] = [], away?: AwayMap): EmbedBuilder {
  const game = gameOf(record);
  const names = seatNamer(record, 'mention');
  const embed = new EmbedBuilder().setColor(COLOUR.board).setTitle(clip(t(language, 'status.title', { game: gameName(record, language), id: record.id }), 256));
  if (record.status === 'lobby') {
    return embed.setDescription(t(language, 'status.lobby', { count: record.seats.length }));
  }
  if (record.status === 'cancelled') return embed.setColor(COLOUR.cancelled).setDescription(t(language, 'status.cancelled'));
  const view = game.publicView(record.state);
  const head: string[] = [];
  const strongTag = ` (${t(language, 'bot.level.strong')})`;
  head.push(t(language, 'status.seats', { seats: record.seats.map((s) => `${names(s.position)}${s.isBot && s.botLevel === 'strong' ? strongTag : ''}${awayTag(record, s.position, away, language)}`).join(' → ') }));
  if (record.status === 'active') {
    // A class session's pause: the times below move on by its length once it resumes.
    if (record.pausedAt) head.push(t(language, 'session.board.pausedStatus'));
    head.push(turnLine(record, language));
    for (const d of deadlines) {
      if (d.deadlineAt) head.push(t(language, 'status.deadline', { player: names(d.seat), at: discordTime(d.deadlineAt, 'f'), in: discordTime(d.deadlineAt, 'R') }));
      else if (awayUntil(record, d.seat, away)) head.push(t(language, 'away.held', { player: names(d.seat), until: awayDate(awayUntil(record, d.seat, away)!) }));
      else head.push(t(language, 'status.noDeadline', { player: names(d.seat) }));
    }
  } else {
    embed.setColor(COLOUR.final);
    const outcome = game.outcome(record.state);
    if (outcome) head.push('', `**${t(language, 'status.finalRanking')}**`, ...rankingLines(outcome, language, seatNamerWithPast(record, language, 'mention')));
  }
  embed.setDescription(clip(head.join('\n'), LIMITS.embedDescription));
  // Discord shows mentions in embed text but not in field names: those get plain names.
  const plain = seatNamer(record, 'plain');
  for (const field of game.present.status(view).slice(0, LIMITS.embedFields)) {
    embed.addFields({
      name: clip(localise(language, field.name, plain), LIMITS.embedFieldName),
      value: clip(field.lines.map((l: Msg) => localise(language, l, names)).join('\n') || '—', LIMITS.embedFieldValue),
    });
  }
  return embed;
}
