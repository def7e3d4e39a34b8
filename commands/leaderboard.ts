/** /leaderboard [game]: the best-rated players of this server. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { showLeaderboard } from '../src/discord/handlers/history.js';
import { GAMES } from '../src/catalog.js';
import { choice, described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'leaderboard'), 'commands.leaderboard.description')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    described(named(o, 'game'), 'commands.leaderboard.game').addChoices(
      ...Object.values(GAMES).map((g) => choice(g.nameKey, g.id)),
    ),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  return showLeaderboard(ctx, interaction);
}
