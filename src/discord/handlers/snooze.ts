/** Snooze pings for this turn, from a private view. */
import type { ButtonInteraction } from 'discord.js';
import { t } from '../../i18n/index.js';
import type { BotContext } from '../context.js';
import { seatOfUser } from '../messages/index.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';

/** No more reminders for this seat until its turn is over. */
export async function snooze(ctx: BotContext, interaction: ButtonInteraction, gameId: number): Promise<void> {
  const record = await ctx.store.get(gameId);
  if (!record || record.status !== 'active') return replyError(interaction, 'error.gameClosed');
  const seat = seatOfUser(record, interaction.user.id);
  if (seat === null) return replyError(interaction, 'error.notInGame');
  if (!await ctx.store.snooze(record.id, seat)) return replyError(interaction, 'error.nothingToSnooze');
  ctx.scheduler.poke();
  await replyEphemeral(interaction, `🔕 ${t(userLanguage(interaction), 'clock.snoozed')}`);
}
