/** /notify: how you are told it is your turn, in every server. */
import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { userLanguage } from '../src/discord/handlers/replies.js';
import { t } from '../src/i18n/index.js';
import { described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'notify', 'notifications'), 'commands.notify.description').addStringOption((o) =>
  described(named(o, 'mode', 'mode'), 'commands.notify.mode')
    .setRequired(true)
    .addChoices(
      { name: t('en', 'notify.channel'), value: 'channel', name_localizations: { fr: t('fr', 'notify.channel') } },
      { name: t('en', 'notify.dm'), value: 'dm', name_localizations: { fr: t('fr', 'notify.dm') } },
    ),
);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const mode = interaction.options.getString('mode', true) === 'dm' ? 'dm' : 'channel';
  await ctx.store.setNotify(interaction.user.id, mode);
  await interaction.reply({ content: `🔔 ${t(userLanguage(interaction), `notify.set.${mode}`)}`, flags: MessageFlags.Ephemeral });
}
