/** /status: the public state of this channel's game (or its final ranking), only to you. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { showStatus } from '../src/discord/handlers/info.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'status'), 'commands.status').setContexts(InteractionContextType.Guild);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const record = interaction.channelId ? await ctx.store.latestInChannel(interaction.channelId) : null;
  return showStatus(ctx, interaction, record);
}
