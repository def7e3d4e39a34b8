/** /rules game: a short summary of a game's rules in your language. */
import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { GAMES } from '../src/catalog.js';
import { showRules } from '../src/discord/handlers/info.js';
import { choice, described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'rules'), 'commands.rules').addStringOption((o) =>
  described(named(o, 'game'), 'commands.game.optionGame')
    .setRequired(true)
    .addChoices(...Object.values(GAMES).map((g) => choice(g.nameKey, g.id))),
);

export async function execute(interaction: ChatInputCommandInteraction): Promise<void> {
  return showRules(interaction, interaction.options.getString('game', true));
}
