/** Ephemeral answers in the reader's own language. */
import { MessageFlags, type RepliableInteraction } from 'discord.js';
import type { Msg } from '../../engine/index.js';
import { languageOf, localise, type Language } from '../../i18n/index.js';

export function userLanguage(interaction: { locale: string }): Language {
  return languageOf(interaction.locale);
}

/** Tells only the clicking user what went wrong; works before or after an acknowledgement. */
export async function replyEphemeral(interaction: RepliableInteraction, content: string): Promise<void> {
  const payload = { content, flags: MessageFlags.Ephemeral as const, allowedMentions: { parse: [] as never[] } };
  if (interaction.replied || interaction.deferred) await interaction.followUp(payload);
  else await interaction.reply(payload);
}

export async function replyError(interaction: RepliableInteraction, error: Msg | string): Promise<void> {
  const language = userLanguage(interaction);
  const text = typeof error === 'string' ? localise(language, { key: error }) : localise(language, error);
  await replyEphemeral(interaction, `⚠️ ${text}`);
}
