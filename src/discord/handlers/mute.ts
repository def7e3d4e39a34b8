/** Mute or unmute one table from its private view: no mention, DM or reminder for that seat, but the last warning before a deadline. */
import type { ButtonInteraction } from 'discord.js';
import { t } from '../../i18n/index.js';
import type { BotContext } from '../context.js';
import { seatOfUser } from '../messages/index.js';
import { handView } from './play.js';
import { replyError, userLanguage } from './replies.js';

export async function mute(ctx: BotContext, interaction: ButtonInteraction, gameId: number, on: boolean): Promise<void> {
  const result = await ctx.store.setMuted(gameId, interaction.user.id, on);
  if (!result.ok) return replyError(interaction, result.error);
  const language = userLanguage(interaction);
  const seat = seatOfUser(result.value, interaction.user.id)!;
  const notice = on ? `🔕 ${t(language, 'mute.done')}` : `🔔 ${t(language, 'mute.undone')}`;
  await interaction.update(await handView(ctx, result.value, seat, language, { notice }));
}
