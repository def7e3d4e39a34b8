/**
 * Taking back a move: the Undo button of the mover's private view and `/game undo`. The store
 * decides (changes/undo.ts) in one transaction; a refusal is an ephemeral line, the state untouched.
 */
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { localise, t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import type { BotContext } from '../context.js';
import { seatNamer, seatOfUser } from '../messages/index.js';
import { handView } from './play.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';

/** Undo pressed in the private view: the view is redrawn at the restored position. */
export async function undoButton(ctx: BotContext, interaction: ButtonInteraction, gameId: number, version: number): Promise<void> {
  const language = userLanguage(interaction);
  const result = await takeBack(ctx, gameId, interaction.user.id, version);
  await interaction.deferUpdate();
  const record = await ctx.store.get(gameId);
  const seat = record ? seatOfUser(record, interaction.user.id) : null;
  if (!result.ok) {
    await interaction.followUp({ content: `⚠️ ${result.text(language)}`, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    if (record && seat !== null) await interaction.editReply(await handView(ctx, record, seat, language));
    return;
  }
  if (record && seat !== null) await interaction.editReply(await handView(ctx, record, seat, language, { notice: t(language, 'undo.done') }));
}

/** `/game undo` in the game's channel. */
export async function undoCommand(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGame');
  const result = await takeBack(ctx, record.id, interaction.user.id);
  const language = userLanguage(interaction);
  if (!result.ok) return replyEphemeral(interaction, `⚠️ ${result.text(language)}`);
  return replyEphemeral(interaction, t(language, 'undo.done'));
}

/** The store's undo, then what follows it: the board edit is sent, bot turns waiting here are dropped. */
async function takeBack(ctx: BotContext, gameId: number, userId: string, version?: number): Promise<{ ok: true } | { ok: false; text: (language: Language) => string }> {
  const result = await ctx.store.undo(gameId, userId, version);
  if (!result.ok) {
    const record = await ctx.store.get(gameId);
    return { ok: false, text: (language) => localise(language, result.error, record ? seatNamer(record, 'plain') : undefined) };
  }
  ctx.logger.info({ gameId, sequence: result.value.sequence }, 'move taken back');
  // A bot's turn timed for the move taken back would find nothing to play; a new move sets its own.
  ctx.runner.cancelBots(gameId);
  ctx.runner.afterChange(result.value.game, true);
  ctx.scheduler.poke();
  return { ok: true };
}
