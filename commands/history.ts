/** /history [game]: this server's finished games, or one game's scores and public log. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { showHistory } from '../src/discord/handlers/history.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'history'), 'commands.history.description')
  .setContexts(InteractionContextType.Guild)
  .addIntegerOption((o) => described(named(o, 'game', 'gameTable'), 'commands.history.game').setMinValue(1));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  return showHistory(ctx, interaction);
}
