/** A new lobby from a finished game's Rematch button: the same game, options, settings and bots. */
import type { ButtonInteraction } from 'discord.js';
import { randomUUID } from 'node:crypto';
import type { GameRecord } from '../../store/game-store.js';
import type { BotContext } from '../context.js';
import { checkBotPermissions, displayName, postLobby } from './lobby.js';
import { replyError } from './replies.js';

/** A new lobby in the same channel: the same game, options, settings and bots. */
export async function rematch(ctx: BotContext, interaction: ButtonInteraction, gameId: number): Promise<void> {
  const old = await ctx.store.get(gameId);
  if (!old || old.status !== 'finished') return replyError(interaction, 'error.gameClosed');
  if (!interaction.inGuild()) return replyError(interaction, 'error.guildOnly');
  if (!(await checkBotPermissions(interaction))) return;
  const created = await ctx.store.createLobby({
    guildId: old.guildId,
    channelId: old.channelId,
    gameType: old.gameType,
    options: old.options,
    language: old.language,
    settings: old.settings,
    seed: randomUUID(),
    creator: { id: interaction.user.id, name: displayName(interaction) },
  });
  if (!created.ok) return replyError(interaction, created.error);
  let lobby = created.value;
  for (const bot of old.seats.filter((s) => s.isBot)) {
    const added = await ctx.store.addBot(lobby.id, interaction.user.id, bot.botLevel ?? 'standard');
    if (added.ok) lobby = added.value;
  }
  await postLobby(ctx, interaction, lobby);
  ctx.logger.info({ gameId: lobby.id, from: old.id }, 'rematch lobby opened');
}

/** The players of a game, for lists. */
export function playerNames(record: GameRecord): string {
  return record.seats.map((s) => s.displayName).join(', ');
}
