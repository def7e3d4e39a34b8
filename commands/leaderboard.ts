/** /leaderboard [game]: the best-rated players of this server. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { showLeaderboard } from '../src/discord/handlers/history.js';
import { GAMES } from '../src/catalog.js';
import { t } from '../src/i18n/index.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'leaderboard', 'classement'), 'commands.leaderboard.description')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) =>
    described(named(o, 'game', 'jeu'), 'commands.leaderboard.game').addChoices(
      ...Object.values(GAMES).map((g) => ({ name: t('en', g.nameKey), value: g.id, name_localizations: { fr: t('fr', g.nameKey) } })),
    ),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  return showLeaderboard(ctx, interaction);
}
