/** The public log of a channel's game (/game log), newest lines last. */
import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import type { BotContext } from '../context.js';
import { LIMITS } from '../messages/limits.js';
import { gameOf, publicLogLines } from '../messages/index.js';
import { replyError, userLanguage } from './replies.js';

/** The public log of a game, rebuilt from the stored moves: never a private line. */
export async function logLines(ctx: BotContext, record: GameRecord, language: Language, last = 40): Promise<string[]> {
  const lines = await ctx.store.publicLines(record.id);
  return publicLogLines(record, lines.map((l) => l.line), language, lines.map((l) => l.sequence)).slice(-last);
}

export async function showLog(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record || record.status === 'lobby') return replyError(interaction, record ? 'error.notStarted' : 'error.noGameHere');
  const language = userLanguage(interaction);
  const lines = await logLines(ctx, record, language);
  const head = t(language, 'log.title', { game: t(language, gameOf(record).nameKey), id: record.id, count: await ctx.store.movesPlayed(record.id) });
  // The newest lines matter most: keep as many from the end as fit.
  const body: string[] = [];
  let size = head.length;
  for (const line of [...lines].reverse()) {
    if (size + line.length + 1 > LIMITS.contentLength - 10) break;
    body.unshift(line);
    size += line.length + 1;
  }
  await interaction.reply({ content: [head, ...body].join('\n') || '—', flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}
