/** /away: time off in every server. Clocks are held (or the seat's bot plays) until you come back. */
import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/discord/context.js';
import { userLanguage } from '../src/discord/handlers/replies.js';
import { awayDate } from '../src/discord/messages/away.js';
import { t, type Language } from '../src/i18n/index.js';
import type { AwayResult, AwayStatus } from '../src/store/game-store.js';
import { described, named } from './localised.js';

/** Discord's own bound on the number; the yearly budget (AWAY_DAYS_PER_YEAR) is checked by the store. */
const MAX_DAYS = 366;

export const data = described(named(new SlashCommandBuilder(), 'away'), 'away.command.description')
  .addSubcommand((s) => described(named(s, 'start', 'awayStart'), 'away.command.start')
    .addIntegerOption((o) => described(named(o, 'days'), 'away.command.days').setRequired(true).setMinValue(1).setMaxValue(MAX_DAYS)))
  .addSubcommand((s) => described(named(s, 'end'), 'away.command.end'))
  .addSubcommand((s) => described(named(s, 'status'), 'away.command.status'));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const language = userLanguage(interaction);
  const perYear = ctx.config.AWAY_DAYS_PER_YEAR;
  const userId = interaction.user.id;
  const sub = interaction.options.getSubcommand();
  let content: string;
  if (sub === 'status') {
    content = statusText(language, await ctx.store.awayStatus(userId, perYear));
  } else {
    const result = sub === 'start' ? await ctx.store.startAway(userId, interaction.options.getInteger('days', true), perYear) : await ctx.store.endAway(userId, perYear);
    // Held or restarted clocks move the next wake-up (the clock jobs moved in the same transaction).
    if (result.ok) ctx.scheduler.poke();
    content = resultText(language, sub === 'start' ? 'started' : 'ended', result);
  }
  await interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

function statusText(language: Language, status: AwayStatus): string {
  const left = t(language, 'away.left', { count: status.left, budget: status.budget });
  return status.until
    ? `🌴 ${t(language, 'away.statusAway', { until: awayDate(status.until, 'f'), in: awayDate(status.until, 'R') })} ${left}`
    : `${t(language, 'away.statusHere')} ${left}`;
}

function resultText(language: Language, done: 'started' | 'ended', result: AwayResult): string {
  const { status } = result;
  const left = t(language, 'away.left', { count: status.left, budget: status.budget });
  if (!result.ok) {
    const reason = result.refusal === 'already'
      ? t(language, 'away.error.already', { until: awayDate(status.until!, 'f') })
      : result.refusal === 'days'
        ? status.left > 0 ? t(language, 'away.error.days', { count: status.left }) : t(language, 'away.error.none')
        : result.refusal === 'notAway' ? t(language, 'away.error.notAway') : t(language, 'away.error.busy');
    return `⚠️ ${reason}`;
  }
  return done === 'started'
    ? `🌴 ${t(language, 'away.started', { until: awayDate(status.until!, 'f'), in: awayDate(status.until!, 'R') })} ${left}`
    : `👋 ${t(language, 'away.ended', { count: result.back })} ${left}`;
}
