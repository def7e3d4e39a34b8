/** Table settings (reminders, deadlines, pace, takeover): read from /game new and /game settings, changed by the host or a moderator. */
import { type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import { localisedChoice, t } from '../../i18n/index.js';
import { DEADLINE_CHOICES, PACE_CHOICES, REMINDER_CHOICES, TAKEOVER_CHOICES, TIME_OFF_CHOICES, UNDO_CHOICES, WHILE_AWAY_CHOICES } from '../../store/clocks.js';
import type { GameRecord } from '../../store/game-store.js';
import type { GameSettings } from '../../store/schema.js';
import { channelById } from '../transport/channels.js';
import type { BotContext } from '../context.js';
import { LIMITS, clip } from '../messages/limits.js';
import { gameLanguage, lobbyMessage } from '../messages/index.js';
import { canModerate } from './permissions.js';
import { replyError } from './replies.js';
import { durationLabel, settingsLines } from '../messages/settings-text.js';

/** The slash-command choices of each setting, named in every language. */
export function settingChoices(kind: 'reminder' | 'deadline' | 'pace' | 'takeover' | 'undo' | 'timeOff' | 'whileAway') {
  const named = (values: readonly string[], group: string) =>
    values.map((p) => localisedChoice((l) => t(l, `settings.${group}.${p}`), p));
  if (kind === 'pace') return named(PACE_CHOICES, 'pace');
  if (kind === 'takeover') return named(TAKEOVER_CHOICES, 'takeover');
  if (kind === 'undo') return named(UNDO_CHOICES, 'undo');
  if (kind === 'timeOff') return named(TIME_OFF_CHOICES, 'timeOff');
  if (kind === 'whileAway') return named(WHILE_AWAY_CHOICES, 'whileAway');
  const values = kind === 'reminder' ? REMINDER_CHOICES : DEADLINE_CHOICES;
  return values.map((m) => localisedChoice((l) => durationLabel(l, m), String(m)));
}

/** Reads settings given as command options over a base; a value not offered is refused. */
export interface GivenSettings {
  reminder: string | null;
  deadline: string | null;
  pace: string | null;
  takeover?: string | null;
  undo?: string | null;
  timeOff?: string | null;
  whileAway?: string | null;
}

/** The setting options of /game new and /game settings, as given. */
export function givenSettings(interaction: ChatInputCommandInteraction): GivenSettings {
  const o = interaction.options;
  return { reminder: o.getString('reminder'), deadline: o.getString('deadline'), pace: o.getString('pace'), takeover: o.getString('takeover'), undo: o.getString('undo'), timeOff: o.getString('time-off'), whileAway: o.getString('while-away') };
}

export function readSettings(base: GameSettings, given: GivenSettings): GameSettings | null {
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
  // Defaults stay absent, so a table never changed reads as it always did.
  if (given.undo != null) {
    if (!(UNDO_CHOICES as readonly string[]).includes(given.undo)) return null;
    if (given.undo === 'off') next.undo = false;
    else delete next.undo;
  }
  if (given.timeOff != null) {
    if (!(TIME_OFF_CHOICES as readonly string[]).includes(given.timeOff)) return null;
    if (given.timeOff === 'off') next.timeOff = false;
    else delete next.timeOff;
  }
  if (given.whileAway != null) {
    if (!(WHILE_AWAY_CHOICES as readonly string[]).includes(given.whileAway)) return null;
    if (given.whileAway === 'bot') next.whileAway = 'bot';
    else delete next.whileAway;
  }
  return next;
}

export function isHostOrModerator(interaction: RepliableInteraction, record: GameRecord): boolean {
  return record.creatorId === interaction.user.id || canModerate(interaction);
}

export async function changeSettings(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGame');
  if (!isHostOrModerator(interaction, record)) return replyError(interaction, 'error.hostOnly');
  const next = readSettings(record.settings, givenSettings(interaction));
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
    if (channel && 'messages' in channel) await channel.messages.edit(result.value.lobbyMessageId, lobbyMessage(result.value, await ctx.store.awayOf(result.value))).catch(() => undefined);
  }
}
