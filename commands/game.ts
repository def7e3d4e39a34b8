/** /game new|join|leave|add-bot|start|cancel|settings|kick|take-seat|log: open a lobby and run the table. */
import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { GameOptions } from '../src/engine/index.js';
import { GAMES } from '../src/catalog.js';
import { hasKey, languageOf, localisedChoice, t, type Language } from '../src/i18n/index.js';
import type { BotContext } from '../src/discord/context.js';
import { showLog } from '../src/discord/handlers/log.js';
import { undoCommand } from '../src/discord/handlers/undo.js';
import { kick, takeSeat } from '../src/discord/handlers/seats.js';
import { changeSettings, givenSettings, readSettings, settingChoices } from '../src/discord/handlers/settings.js';
import { createLobby, lobbyAction } from '../src/discord/handlers/lobby.js';
import { replyEphemeral, replyError, userLanguage } from '../src/discord/handlers/replies.js';
import { gamePageUrl, webPagesOn } from '../src/discord/messages/web-link.js';
import { DEFAULT_SETTINGS } from '../src/store/clocks.js';
import { BOT_LEVELS, type BotLevel } from '../src/store/schema.js';
import type { LobbyAction } from '../src/discord/messages/custom-id.js';
import { choice, described, languageChoices, named } from './localised.js';

/** Every game's options, offered once each (games share names they have in common). */
const OPTION_SPECS = [...new Map(Object.values(GAMES).flatMap((g) => g.options.map((o) => [o.name, { game: g.id, spec: o }] as const))).values()];

/** A choice's label in a language: its locale key when there is one, else the game's own label. */
export function choiceLabel(option: string, choice: { value: string; label: string }, language: Language): string {
  const key = `optionChoices.${option}.${choice.value}`;
  return hasKey(language, key) ? t(language, key) : choice.label;
}

function optionKey(gameId: string, name: string): string {
  return `${gameId}.options.${name}`;
}

function newSubcommand() {
  return (sub: import('discord.js').SlashCommandSubcommandBuilder) => {
    described(named(sub, 'new'), 'commands.game.new');
    sub.addStringOption((o) =>
      described(named(o, 'game'), 'commands.game.optionGame')
        .setRequired(true)
        .addChoices(...Object.values(GAMES).map((g) => choice(g.nameKey, g.id))),
    );
    sub.addStringOption((o) =>
      described(named(o, 'language'), 'commands.game.optionLanguage').addChoices(
        ...languageChoices(),
      ),
    );
    addSettingOptions(sub);
    sub.addBooleanOption((o) => described(named(o, 'hints'), 'commands.game.option.hints'));
    addGameOptions(sub);
    return sub;
  };
}

/** Every game's options (variants), with their names and choice labels in every language: /game new and /session new. */
export function addGameOptions(sub: import('discord.js').SlashCommandSubcommandBuilder) {
  for (const { game, spec } of OPTION_SPECS) {
    const key = optionKey(game, spec.name);
    const describe = <B extends { setDescription(d: string): B; setDescriptionLocalizations(l: Record<string, string>): B }>(b: B) =>
      hasKey('en', key) ? described(b, key) : b.setDescription(spec.description);
    // Option names and choice labels in every language, shared by every game (src/i18n/locales).
    const name = <B extends { setName(n: string): B; setNameLocalizations(l: Record<string, string>): B }>(b: B) => named(b, spec.name, spec.name, 'optionNames');
    if (spec.kind === 'boolean') sub.addBooleanOption((o) => describe(name(o)));
    else {
      sub.addStringOption((o) =>
        describe(name(o)).addChoices(
          ...spec.choices.map((c) => localisedChoice((l) => choiceLabel(spec.name, c, l), c.value)),
        ),
      );
    }
  }
  return sub;
}

/** The game options given to /game new or /session new. */
export function givenGameOptions(interaction: ChatInputCommandInteraction): GameOptions {
  const options: GameOptions = {};
  for (const { spec } of OPTION_SPECS) {
    const value = spec.kind === 'boolean' ? interaction.options.getBoolean(spec.name) : interaction.options.getString(spec.name);
    if (value !== null) options[spec.name] = value;
  }
  return options;
}

/** reminder, deadline, pace, take-overs, undo and time off: shared by /game new and /game settings. */
export function addSettingOptions(sub: import('discord.js').SlashCommandSubcommandBuilder) {
  const options = [
    ['reminder', 'reminder', 'reminder'], ['deadline', 'deadline', 'deadline'], ['pace', 'pace', 'pace'], ['takeover', 'takeover', 'takeover'],
    ['undo', 'undoSetting', 'undo'], ['time-off', 'time-off', 'timeOff'], ['while-away', 'while-away', 'whileAway'],
  ] as const;
  for (const [name, key, kind] of options) {
    sub.addStringOption((o) => described(named(o, name, key), `commands.game.option.${kind}`).addChoices(...settingChoices(kind)));
  }
  return sub;
}

const ACTIONS: { name: string; action: LobbyAction }[] = [
  { name: 'join', action: 'join' },
  { name: 'leave', action: 'leave' },
  { name: 'add-bot', action: 'bot' },
  { name: 'start', action: 'start' },
  { name: 'cancel', action: 'cancel' },
];

const builder = described(named(new SlashCommandBuilder(), 'game', 'gameTable'), 'commands.game.description')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand(newSubcommand());
for (const a of ACTIONS) {
  builder.addSubcommand((sub) => {
    described(named(sub, a.name), `commands.game.${a.action}`);
    if (a.action === 'bot') {
      sub.addStringOption((o) =>
        described(named(o, 'level'), 'commands.game.option.level').addChoices(
          ...BOT_LEVELS.map((level) => choice(`bot.level.${level}`, level)),
        ),
      );
    }
    return sub;
  });
}
builder
  .addSubcommand((sub) => addSettingOptions(described(named(sub, 'settings'), 'commands.game.settings')))
  .addSubcommand((sub) =>
    described(named(sub, 'kick'), 'commands.game.kick').addUserOption((o) => described(named(o, 'player'), 'commands.game.option.player').setRequired(true)),
  )
  .addSubcommand((sub) =>
    described(named(sub, 'take-seat'), 'commands.game.takeSeat').addIntegerOption((o) =>
      described(named(o, 'seat'), 'commands.game.option.seat').setMinValue(1).setMaxValue(5),
    ),
  )
  .addSubcommand((sub) => described(named(sub, 'log'), 'commands.game.log'))
  .addSubcommand((sub) => described(named(sub, 'undo'), 'undo.command'))
  .addSubcommand((sub) => described(named(sub, 'link'), 'commands.game.link'));

export const data = builder;

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const sub = interaction.options.getSubcommand();
  if (sub === 'new') {
    const gameType = interaction.options.getString('game', true);
    const options = givenGameOptions(interaction);
    const language = languageOf(interaction.options.getString('language') ?? interaction.locale);
    const settings = readSettings(DEFAULT_SETTINGS, givenSettings(interaction));
    if (!settings) return replyError(interaction, 'error.badOption');
    if (interaction.options.getBoolean('hints')) settings.hints = true;
    return createLobby(ctx, interaction, { gameType, language, options, settings });
  }
  const record = interaction.channelId ? await ctx.store.openInChannel(interaction.channelId) : null;
  switch (sub) {
    case 'settings':
      return changeSettings(ctx, interaction, record);
    case 'kick':
      return kick(ctx, interaction, record);
    case 'take-seat': {
      const seat = interaction.options.getInteger('seat');
      return takeSeat(ctx, interaction, record, seat === null ? null : seat - 1);
    }
    case 'undo':
      return undoCommand(ctx, interaction, record);
    case 'log':
      return showLog(ctx, interaction, record ?? (interaction.channelId ? await ctx.store.latestInChannel(interaction.channelId) : null));
    case 'link':
      return showLink(ctx, interaction, record ?? (interaction.channelId ? await ctx.store.latestInChannel(interaction.channelId) : null));
  }
  const action = ACTIONS.find((a) => a.name === sub)?.action;
  if (!action) return replyError(interaction, 'error.unknownCommand');
  const level = (interaction.options.getString('level') ?? 'standard') as BotLevel;
  if (!BOT_LEVELS.includes(level)) return replyError(interaction, 'error.badOption');
  return lobbyAction(ctx, interaction, record, action, level);
}

/** The channel's game page, or how to turn pages on. */
async function showLink(ctx: BotContext, interaction: ChatInputCommandInteraction, record: Awaited<ReturnType<BotContext['store']['get']>>): Promise<void> {
  const language = userLanguage(interaction);
  if (!webPagesOn()) return replyEphemeral(interaction, t(language, 'web.linkOff'));
  if (!record || record.status === 'cancelled') return replyError(interaction, 'error.noGameHere');
  const url = gamePageUrl(await ctx.store.webTokenOf(record.id));
  if (!url) return replyError(interaction, 'error.noGameHere');
  return replyEphemeral(interaction, t(language, 'web.link', { url }));
}
