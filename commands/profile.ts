/** /profile [player]: a player's finished games, wins and ratings in this server. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { showProfile } from '../src/discord/handlers/history.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'profile'), 'commands.profile.description')
  .setContexts(InteractionContextType.Guild)
  .addUserOption((o) => described(named(o, 'player'), 'commands.profile.player'));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  return showProfile(ctx, interaction);
}
