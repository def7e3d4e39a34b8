/** /help: what the bot can do. */
import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { showHelp } from '../src/discord/handlers/info.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'help'), 'commands.help');

export async function execute(interaction: ChatInputCommandInteraction): Promise<void> {
  return showHelp(interaction);
}
