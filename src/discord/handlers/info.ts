/** Read-only answers: /status, /rules, /help and their buttons. Public information only. */
import { EmbedBuilder, MessageFlags, type RepliableInteraction } from 'discord.js';
import { gameById } from '../../catalog.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import { LIMITS, clip } from '../messages/limits.js';
import type { BotContext } from '../context.js';
import { gameOf, statusEmbed } from '../messages/index.js';
import { replyError, userLanguage } from './replies.js';

export async function showStatus(ctx: BotContext, interaction: RepliableInteraction, record: GameRecord | null): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGameHere');
  // The waiting seats' deadlines: public facts, since everyone sees whose turn it is.
  const deadlines = record.status === 'active'
    ? await Promise.all(pendingSeats(record).filter((seat) => !record.seats[seat]?.isBot).map(async (seat) => ({ seat, deadlineAt: (await ctx.store.clockOf(record.id, seat))?.deadlineAt ?? null })))
    : [];
  const away = record.status === 'active' || record.status === 'lobby' ? await ctx.store.awayOf(record) : undefined;
  await interaction.reply({ embeds: [statusEmbed(record, userLanguage(interaction), deadlines, away)], flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

function pendingSeats(record: GameRecord): number[] {
  return gameOf(record).pending(record.state);
}

export async function showRules(interaction: RepliableInteraction, gameType: string): Promise<void> {
  const game = gameById(gameType);
  if (!game) return replyError(interaction, 'error.unknownGame');
  const language = userLanguage(interaction);
  const embed = new EmbedBuilder()
    .setColor(0x16a34a)
    .setTitle(clip(t(language, 'rules.title', { game: t(language, game.nameKey) }), 256))
    .setDescription(clip(t(language, game.present.rulesKey), LIMITS.embedDescription));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral });
}

/** /help: the three steps to a first move, then every command. */
export function helpText(language: Language): string {
  return clip(`${t(language, 'help.start')}\n\n${t(language, 'help.body')}`, LIMITS.embedDescription);
}

export async function showHelp(interaction: RepliableInteraction): Promise<void> {
  const language = userLanguage(interaction);
  const embed = new EmbedBuilder().setColor(0x16a34a).setTitle(t(language, 'help.title')).setDescription(helpText(language));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral });
}
