/** /rules game: a short summary of a game's rules in your language. */
import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { GAMES } from '../src/catalog.js';
import { t } from '../src/i18n/index.js';
import { showRules } from '../src/discord/handlers/info.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'rules', 'règles'), 'commands.rules').addStringOption((o) =>
  described(named(o, 'game', 'jeu'), 'commands.game.optionGame')
    .setRequired(true)
    .addChoices(...Object.values(GAMES).map((g) => ({ name: t('en', g.nameKey), value: g.id, name_localizations: { fr: t('fr', g.nameKey) } }))),
);

export async function execute(interaction: ChatInputCommandInteraction): Promise<void> {
  return showRules(interaction, interaction.options.getString('game', true));
}
