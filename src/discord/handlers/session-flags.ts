/** Flag for the debrief: a seat picks a card or event of its own view; the store keeps it once. */
import { MessageFlags, type ButtonInteraction, type StringSelectMenuInteraction } from 'discord.js';
import { localise, t } from '../../i18n/index.js';
import { seatOfUser } from '../../store/game-store.js';
import type { BotContext } from '../context.js';
import { flaggableOf, flagSelect } from '../messages/session-flags.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';

async function seatedAt(ctx: BotContext, interaction: ButtonInteraction | StringSelectMenuInteraction, gameId: number) {
  const record = await ctx.store.get(gameId);
  if (!record?.sessionId) return { error: 'session.error.notSession' } as const;
  const seat = seatOfUser(record, interaction.user.id);
  if (seat === null) return { error: 'session.error.notSeated' } as const;
  return { record, seat } as const;
}

/** The button: a private select of what the seat may flag now. */
export async function flagButton(ctx: BotContext, interaction: ButtonInteraction, gameId: number): Promise<void> {
  const found = await seatedAt(ctx, interaction, gameId);
  if ('error' in found) return replyError(interaction, found.error!);
  const items = flaggableOf(found.record, found.seat);
  if (items.length === 0) return replyError(interaction, 'session.error.nothingToFlag');
  await interaction.reply({ ...flagSelect(found.record, items, userLanguage(interaction)), flags: MessageFlags.Ephemeral });
}

/** The select: stores the flag, if the item is still in the seat's view. */
export async function flagPick(ctx: BotContext, interaction: StringSelectMenuInteraction, gameId: number): Promise<void> {
  const found = await seatedAt(ctx, interaction, gameId);
  if ('error' in found) return replyError(interaction, found.error!);
  const item = flaggableOf(found.record, found.seat).find((f) => f.id === interaction.values[0]);
  if (!item) return replyError(interaction, 'session.error.unknownItem');
  const added = await ctx.store.sessions.flag({ gameId, seat: found.seat, userId: interaction.user.id, item: item.id });
  const language = userLanguage(interaction);
  ctx.logger.info({ gameId, seat: found.seat, item: item.id, added }, 'flagged for the debrief');
  await replyEphemeral(interaction, t(language, added ? 'session.flag.done' : 'session.flag.already', { item: localise(language, item.label) }));
}
