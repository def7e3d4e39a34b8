/** /notify: how you are told it is your turn, in every server: a mention, a DM as well, or one DM a day. */
import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { replyError, userLanguage } from '../src/discord/handlers/replies.js';
import { t } from '../src/i18n/index.js';
import { formatUtcOffset, parseUtcOffset } from '../src/store/digest-time.js';
import { choice, described, named } from './localised.js';

export const data = described(named(new SlashCommandBuilder(), 'notify'), 'commands.notify.description')
  .addStringOption((o) =>
    described(named(o, 'mode'), 'digest.command.mode')
      .setRequired(true)
      .addChoices(
        choice('notify.channel', 'channel'),
        choice('notify.dm', 'dm'),
        choice('digest.command.choice', 'digest'),
      ),
  )
  .addIntegerOption((o) => described(named(o, 'hour'), 'digest.command.hour').setMinValue(0).setMaxValue(23))
  .addStringOption((o) => described(named(o, 'utc-offset'), 'digest.command.offset').setMaxLength(12));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const language = userLanguage(interaction);
  const mode = interaction.options.getString('mode', true);
  if (mode !== 'digest') {
    const plain = mode === 'dm' ? 'dm' : 'channel';
    await ctx.store.chooseNotify(interaction.user.id, { mode: plain, locale: language });
    ctx.digests.poke();
    await interaction.reply({ content: `🔔 ${t(language, `notify.set.${plain}`)}`, flags: MessageFlags.Ephemeral });
    return;
  }
  const hour = interaction.options.getInteger('hour');
  if (hour === null || hour < 0 || hour > 23) return replyError(interaction, 'digest.error.hour');
  const offsetText = interaction.options.getString('utc-offset') ?? '0';
  const offsetMinutes = parseUtcOffset(offsetText);
  if (offsetMinutes === null) return replyError(interaction, { key: 'digest.error.offset', args: { value: offsetText.slice(0, 12) } });
  const next = (await ctx.store.chooseNotify(interaction.user.id, { mode: 'digest', hour, offsetMinutes, locale: language }))!;
  ctx.digests.poke();
  const unix = Math.floor(next.getTime() / 1000);
  const content = t(language, 'digest.set', {
    hour: `${String(hour).padStart(2, '0')}:00`,
    offset: formatUtcOffset(offsetMinutes),
    next: `<t:${unix}:F> (<t:${unix}:R>)`,
  });
  await interaction.reply({ content: `📬 ${content}`, flags: MessageFlags.Ephemeral });
}
