/** /session new|panel|move: a class session of several tables, run by a facilitator. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction, type SlashCommandSubcommandBuilder } from 'discord.js';
import { GAMES } from '../src/catalog.js';
import { languageOf } from '../src/i18n/index.js';
import type { BotContext } from '../src/discord/context.js';
import { moveStudent, newSession, openPanel } from '../src/discord/handlers/session.js';
import { replyError } from '../src/discord/handlers/replies.js';
import { givenSettings, readSettings } from '../src/discord/handlers/settings.js';
import { DEFAULT_SETTINGS } from '../src/store/clocks.js';
import { BOT_LEVELS, type BotLevel } from '../src/store/schema.js';
import { addGameOptions, addSettingOptions, givenGameOptions } from './game.js';
import { choice, described, languageChoices, named } from './localised.js';

/** Every game's options, offered once each, as /game new offers them. */

/** Tables per session: enough for a large class, and the table select's limit. */
export const MAX_TABLES = 20;

function newSubcommand(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  described(named(sub, 'new'), 'session.commands.new');
  sub.addStringOption((o) =>
    described(named(o, 'game'), 'session.commands.optionGame')
      .setRequired(true)
      .addChoices(...Object.values(GAMES).map((g) => choice(g.nameKey, g.id))),
  );
  sub.addIntegerOption((o) => described(named(o, 'tables'), 'session.commands.optionTables').setRequired(true).setMinValue(1).setMaxValue(MAX_TABLES));
  sub.addIntegerOption((o) => described(named(o, 'seats'), 'session.commands.optionSeats').setMinValue(1).setMaxValue(10));
  sub.addStringOption((o) =>
    described(named(o, 'level'), 'session.commands.optionLevel').addChoices(
      ...BOT_LEVELS.map((level) => choice(`bot.level.${level}`, level)),
    ),
  );
  sub.addBooleanOption((o) => described(named(o, 'anonymous'), 'session.commands.optionAnonymous'));
  sub.addStringOption((o) =>
    described(named(o, 'language'), 'session.commands.optionLanguage').addChoices(...languageChoices()),
  );
  // The same table settings as /game new, given to every table.
  addSettingOptions(sub);
  addGameOptions(sub);
  return sub;
}

export const data = described(named(new SlashCommandBuilder(), 'session'), 'session.commands.description')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand(newSubcommand)
  .addSubcommand((sub) => described(named(sub, 'panel'), 'session.commands.panel'))
  .addSubcommand((sub) =>
    described(named(sub, 'move'), 'session.commands.move')
      .addUserOption((o) => described(named(o, 'student'), 'session.commands.optionStudent').setRequired(true))
      .addIntegerOption((o) => described(named(o, 'table'), 'session.commands.optionTable').setRequired(true).setMinValue(1).setMaxValue(MAX_TABLES)),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const sub = interaction.options.getSubcommand();
  if (sub === 'panel') return openPanel(ctx, interaction);
  if (sub === 'move') {
    const user = interaction.options.getUser('student', true);
    const member = interaction.options.getMember('student');
    const name = (member && 'displayName' in member ? member.displayName : null) ?? user.globalName ?? user.username;
    return moveStudent(ctx, interaction, { id: user.id, name }, interaction.options.getInteger('table', true));
  }
  if (sub !== 'new') return replyError(interaction, 'error.unknownCommand');
  const options = givenGameOptions(interaction);
  const settings = readSettings(DEFAULT_SETTINGS, givenSettings(interaction));
  if (!settings) return replyError(interaction, 'error.badOption');
  const level = (interaction.options.getString('level') ?? 'standard') as BotLevel;
  if (!BOT_LEVELS.includes(level)) return replyError(interaction, 'error.badOption');
  return newSession(ctx, interaction, {
    gameType: interaction.options.getString('game', true),
    tables: interaction.options.getInteger('tables', true),
    seats: interaction.options.getInteger('seats'),
    botLevel: level,
    anonymous: interaction.options.getBoolean('anonymous') ?? false,
    language: languageOf(interaction.options.getString('language') ?? interaction.locale),
    options,
    settings,
  });
}
