/** The final scores post and its ranking lines. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Outcome } from '../../engine/index.js';
import type { PostPayload } from '../../store/schema.js';
import { localise, t, type Language, type SeatNamer } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { LIMITS, clip } from './limits.js';
import { withWatchLink } from './web-link.js';
import { gameLanguage, gameName, seatNamer, seatNamerWithPast } from './names.js';
import { COLOUR } from './board.js';
import { withImage } from './image-jobs.js';

// ---------------------------------------------------------------- final scoring

export function finalMessage(record: GameRecord, png: Buffer | null, post?: PostPayload) {
  const language = gameLanguage(record);
  const game = gameOf(record);
  const outcome: Outcome = post?.outcome ?? game.outcome(record.state)!;
  const names = seatNamer(record, 'mention');
  const embed = new EmbedBuilder()
    .setColor(COLOUR.final)
    .setTitle(clip(t(language, 'final.title', { game: gameName(record, language), id: record.id }), 256))
    .setDescription(clip(rankingLines(outcome, language, seatNamerWithPast(record, language, 'mention')).join('\n'), LIMITS.embedDescription));
  const files = withImage(embed, png, 'final.png', rankingLines(outcome, language, seatNamerWithPast(record, language, 'plain')).join('\n'));
  for (const standing of outcome.standings.slice(0, LIMITS.embedFields)) {
    embed.addFields({
      name: clip(`${standing.rank}. ${record.seats[standing.seat]?.displayName ?? '?'} — ${t(language, 'final.points', { count: standing.score })}`, LIMITS.embedFieldName),
      value: clip(standing.breakdown.map((m) => `• ${localise(language, m, names)}`).join('\n') || '—', LIMITS.embedFieldValue),
    });
  }
  const winners = outcome.standings.filter((s) => s.rank === 1).map((s) => names(s.seat));
  return {
    content: clip(t(language, winners.length > 1 ? 'final.sharedWin' : 'final.win', { players: winners.join(', ') }), LIMITS.contentLength),
    embeds: [embed],
    files,
    components: withWatchLink([
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'rematch', gameId: record.id })).setLabel(t(language, 'ui.rematch')).setStyle(ButtonStyle.Success),
      ),
    ], record, language),
    allowedMentions: { parse: [] as never[] },
  };
}

export function rankingLines(outcome: Outcome, language: Language, names: SeatNamer): string[] {
  const medal = ['🥇', '🥈', '🥉'];
  return outcome.standings.map((s) => `${medal[s.rank - 1] ?? `${s.rank}.`} ${names(s.seat)} — ${t(language, 'final.points', { count: s.score })}`);
}
