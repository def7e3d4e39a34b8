/** /hand: your private view of the game in this channel, with your controls when it is your turn. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { showHand } from '../src/discord/handlers/play.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'hand'), 'commands.hand').setContexts(InteractionContextType.Guild);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const record = interaction.channelId ? await ctx.store.openInChannel(interaction.channelId) : null;
  return showHand(ctx, interaction, record);
}
