/** Table settings (reminders, deadlines, pace, takeover): read from /game new and /game settings, changed by the host or a moderator. */
import { type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import { t } from '../../i18n/index.js';
import { DEADLINE_CHOICES, PACE_CHOICES, REMINDER_CHOICES, TAKEOVER_CHOICES } from '../../store/clocks.js';
import type { GameRecord } from '../../store/game-store.js';
import type { GameSettings } from '../../store/schema.js';
import { channelById } from '../transport/channels.js';
import type { BotContext } from '../context.js';
import { LIMITS, clip } from '../messages/limits.js';
import { gameLanguage, lobbyMessage } from '../messages/index.js';
import { canModerate } from './permissions.js';
import { replyError } from './replies.js';
import { durationLabel, settingsLines } from '../messages/settings-text.js';

/** The slash-command choices of each setting, named in English and French. */
export function settingChoices(kind: 'reminder' | 'deadline' | 'pace' | 'takeover') {
  if (kind === 'pace') return PACE_CHOICES.map((p) => ({ name: t('en', `settings.pace.${p}`), value: p, name_localizations: { fr: t('fr', `settings.pace.${p}`) } }));
  if (kind === 'takeover') return TAKEOVER_CHOICES.map((p) => ({ name: t('en', `settings.takeover.${p}`), value: p, name_localizations: { fr: t('fr', `settings.takeover.${p}`) } }));
  const values = kind === 'reminder' ? REMINDER_CHOICES : DEADLINE_CHOICES;
  return values.map((m) => ({ name: durationLabel('en', m), value: String(m), name_localizations: { fr: durationLabel('fr', m) } }));
}

/** Reads settings given as command options over a base; a value not offered is refused. */
export function readSettings(base: GameSettings, given: { reminder: string | null; deadline: string | null; pace: string | null; takeover?: string | null }): GameSettings | null {
  const next = { ...base };
  if (given.reminder !== null) {
    const m = Number(given.reminder);
    if (!(REMINDER_CHOICES as readonly number[]).includes(m)) return null;
    next.reminderMinutes = m;
  }
  if (given.deadline !== null) {
    const m = Number(given.deadline);
    if (!(DEADLINE_CHOICES as readonly number[]).includes(m)) return null;
    next.deadlineMinutes = m;
  }
  if (given.pace !== null) {
    if (!(PACE_CHOICES as readonly string[]).includes(given.pace)) return null;
    next.pace = given.pace as GameSettings['pace'];
  }
  if (given.takeover != null) {
    if (!(TAKEOVER_CHOICES as readonly string[]).includes(given.takeover)) return null;
    next.takeover = given.takeover as GameSettings['takeover'];
  }
  return next;
}

export function isHostOrModerator(interaction: RepliableInteraction, record: GameRecord): boolean {
  return record.creatorId === interaction.user.id || canModerate(interaction);
}

export async function changeSettings(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGame');
  if (!isHostOrModerator(interaction, record)) return replyError(interaction, 'error.hostOnly');
  const next = readSettings(record.settings, {
    reminder: interaction.options.getString('reminder'),
    deadline: interaction.options.getString('deadline'),
    pace: interaction.options.getString('pace'),
    takeover: interaction.options.getString('takeover'),
  });
  if (!next) return replyError(interaction, 'error.badOption');
  const result = await ctx.store.updateSettings(record.id, next);
  if (!result.ok) return replyError(interaction, result.error);
  ctx.scheduler.poke();
  const language = gameLanguage(result.value);
  await interaction.reply({
    content: clip([t(language, 'settings.changed', { user: `<@${interaction.user.id}>`, id: record.id }), ...settingsLines(language, next).map((l) => `• ${l}`)].join('\n'), LIMITS.contentLength),
    allowedMentions: { parse: [] },
  });
  if (result.value.status === 'lobby' && result.value.lobbyMessageId) {
    const channel = await channelById(ctx.client, result.value.channelId).catch(() => null);
    if (channel && 'messages' in channel) await channel.messages.edit(result.value.lobbyMessageId, lobbyMessage(result.value)).catch(() => undefined);
  }
}
