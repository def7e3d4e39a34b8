/**
 * Lobby actions, shared by the lobby buttons and the /game subcommands: a button updates the
 * lobby message it sits on; a command answers privately and edits the lobby message.
 */
import { randomUUID } from 'node:crypto';
import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import type { AnyGame, GameOptions, Msg } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord, StoreResult } from '../../store/game-store.js';
import type { BotLevel, GameSettings } from '../../store/schema.js';
import { channelById } from '../transport/channels.js';
import type { BotContext } from '../context.js';
import type { LobbyAction } from '../messages/custom-id.js';
import { gameLanguage, lobbyMessage, takeSeatRows } from '../messages/index.js';
import { canModerate, missingBotPermissions, missingPermissionText } from './permissions.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';

export function displayName(interaction: RepliableInteraction): string {
  const member = interaction.member;
  // A cached member (gateway) has displayName; a payload's raw member (HTTP) has nick.
  const fromMember = !member ? null : 'displayName' in member ? member.displayName : (member.nick ?? null);
  return fromMember ?? interaction.user.globalName ?? interaction.user.username;
}


/** The game asked for, with options it has and accepts (/game new and /session new), or why not. */
export function checkGameOptions(gameType: string, options: GameOptions): { ok: true; game: AnyGame; parsed: GameOptions } | { ok: false; error: string | Msg } {
  const game = gameById(gameType);
  if (!game) return { ok: false, error: 'error.unknownGame' };
  const foreign = Object.keys(options).find((name) => !game.options.some((o) => o.name === name));
  if (foreign) return { ok: false, error: { key: 'error.optionNotForGame', args: { option: foreign, game: { key: game.nameKey } } } };
  const parsed = game.parseOptions(options);
  return parsed.ok ? { ok: true, game, parsed: parsed.options } : { ok: false, error: parsed.error };
}

/** Refuses, with the missing permission named, when the bot could not post boards here. */
export async function checkBotPermissions(interaction: RepliableInteraction): Promise<boolean> {
  const missing = missingBotPermissions(interaction);
  if (missing.length === 0) return true;
  await replyEphemeral(interaction, `⚠️ ${missingPermissionText(userLanguage(interaction), missing)}`);
  return false;
}

export async function createLobby(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction,
  input: { gameType: string; language: Language; options: GameOptions; settings?: GameSettings },
): Promise<void> {
  if (!interaction.inGuild() || !interaction.channelId) return replyError(interaction, 'error.guildOnly');
  const checked = checkGameOptions(input.gameType, input.options);
  if (!checked.ok) return replyError(interaction, checked.error);
  if (!(await checkBotPermissions(interaction))) return;
  const created = await ctx.store.createLobby({
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    gameType: input.gameType,
    // The options as chosen, under their command names; games parse them again when they start.
    options: input.options,
    language: input.language,
    ...(input.settings ? { settings: input.settings } : {}),
    seed: randomUUID(),
    creator: { id: interaction.user.id, name: displayName(interaction) },
  });
  if (!created.ok) return replyError(interaction, created.error);
  await postLobby(ctx, interaction, created.value);
  ctx.logger.info({ gameId: created.value.id, channelId: interaction.channelId, gameType: input.gameType }, 'lobby opened');
}

async function runAction(ctx: BotContext, interaction: RepliableInteraction, record: GameRecord, action: LobbyAction, level: BotLevel): Promise<StoreResult<GameRecord>> {
  const user = interaction.user;
  switch (action) {
    case 'join':
      return await ctx.store.join(record.id, { id: user.id, name: displayName(interaction) });
    case 'leave':
      return await ctx.store.leave(record.id, user.id);
    case 'bot':
      return await ctx.store.addBot(record.id, user.id, level);
    case 'start':
      return await ctx.store.start(record.id, user.id);
    case 'cancel':
      if (record.creatorId !== user.id && !canModerate(interaction)) return { ok: false, error: { key: 'error.cancelNotAllowed' } };
      return await ctx.store.cancel(record.id);
  }
}

/** Handles one lobby action from a button (`viaButton`) or a /game subcommand. */
export async function lobbyAction(
  ctx: BotContext,
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  record: GameRecord | null,
  action: LobbyAction,
  level: BotLevel = 'standard',
): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGame');
  if (action === 'leave' && record.status === 'active') return leaveRunningGame(ctx, interaction, record);
  if (action === 'start' && !(await checkBotPermissions(interaction))) return;
  const result = await runAction(ctx, interaction, record, action, level);
  if (!result.ok) return replyError(interaction, result.error);
  const updated = result.value;
  ctx.logger.info({ gameId: updated.id, action, status: updated.status }, 'lobby action');
  if (updated.status === 'cancelled') ctx.runner.cancelBots(updated.id);

  const language = userLanguage(interaction);
  if (record.status === 'active' && updated.status === 'cancelled') {
    // A running game ends publicly, so everyone at the table knows the channel is free.
    await interaction.reply({ content: t(gameLanguage(updated), 'game.cancelledBy', { user: `<@${interaction.user.id}>`, id: updated.id }), allowedMentions: { parse: [] } });
    // A class session's last table may have queued the session's debrief.
    if (updated.sessionId) ctx.runner.afterChange(updated, false);
    return;
  }
  if (interaction.isButton()) {
    await interaction.update(lobbyMessage(updated, await ctx.store.awayOf(updated)));
  } else {
    await interaction.reply({ content: t(language, `lobby.done.${action}`, { id: updated.id }), flags: MessageFlags.Ephemeral });
    await editLobbyMessage(ctx, updated);
  }
  // The store queued the opening board with the start itself.
  if (action === 'start') ctx.runner.afterChange(updated);
}

/** The host switches a lobby bot between standard and strong (a button under the lobby). */
export async function setBotLevel(ctx: BotContext, interaction: ButtonInteraction, record: GameRecord | null, seat: number, level: BotLevel): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGame');
  const result = await ctx.store.setBotLevel(record.id, interaction.user.id, seat, level);
  if (!result.ok) return replyError(interaction, result.error);
  ctx.logger.info({ gameId: record.id, seat, level }, 'bot level set');
  await interaction.update(lobbyMessage(result.value, await ctx.store.awayOf(result.value)));
}

/** Leaving a running game hands the seat to a bot; everyone is told publicly. */
async function leaveRunningGame(ctx: BotContext, interaction: RepliableInteraction, record: GameRecord): Promise<void> {
  const result = await ctx.store.handOverToBot(record.id, interaction.user.id);
  if (!result.ok) return replyError(interaction, result.error);
  const updated = result.value;
  const language = gameLanguage(updated);
  const user = `<@${interaction.user.id}>`;
  ctx.logger.info({ gameId: updated.id, status: updated.status }, 'player left a running game');
  if (updated.status === 'cancelled') {
    ctx.runner.cancelBots(updated.id);
    await interaction.reply({ content: t(language, 'game.lastPlayerLeft', { user, id: updated.id }), allowedMentions: { parse: [] } });
    return;
  }
  const seat = record.seats.find((s) => s.userId === interaction.user.id)!.position;
  await interaction.reply({
    content: t(language, 'game.handedToBot', { user, bot: updated.seats[seat]!.displayName, id: updated.id }),
    components: takeSeatRows(updated, seat, language),
    allowedMentions: { parse: [] },
  });
  ctx.runner.wake(updated);
}

/**
 * How long a new lobby waits for what earlier games still owe its channel: first within the
 * interaction's 3 s, as an ordinary reply; then, past that, as a channel message.
 */
const OWED_POSTS_QUICK_MS = 1_000;
const OWED_POSTS_WAIT_MS = 10_000;

/** Resolves true once `work` is done, false if `ms` pass first. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Answers with the lobby message and saves its id. Someone may join between the answer and the
 * save and find no message to edit; then the lobby is redrawn here from the saved record.
 *
 * A channel's posts keep their order across its games: what an earlier game still owes the
 * channel (its final scores, still drawing, or held by a dead replica's job) is sent first, from
 * here. A reply takes its place in the channel at once, even deferred, so when that takes longer
 * than the interaction allows, the lobby is posted as a channel message after them and the host
 * is answered privately.
 */
export async function postLobby(ctx: BotContext, interaction: ChatInputCommandInteraction | ButtonInteraction, record: GameRecord): Promise<void> {
  const owing = (await ctx.store.gamesOwingPostsIn(record.channelId)).filter((id) => id !== record.id);
  if (owing.length > 0) {
    const sending = (async () => {
      for (const gameId of owing) await ctx.runner.sendOwed(gameId);
    })().catch((error: unknown) => ctx.logger.warn({ err: error, channelId: record.channelId }, 'earlier posts not sent before a lobby'));
    if (!(await within(sending, OWED_POSTS_QUICK_MS))) return postLobbyAfter(ctx, interaction, record, sending);
  }
  const posted = lobbyMessage(record, await ctx.store.awayOf(record));
  const response = await interaction.reply({ ...posted, withResponse: true });
  await saveLobbyMessage(ctx, record, response.resource?.message?.id, posted);
}

async function postLobbyAfter(ctx: BotContext, interaction: ChatInputCommandInteraction | ButtonInteraction, record: GameRecord, sending: Promise<unknown>): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await within(sending, OWED_POSTS_WAIT_MS);
  const channel = await channelById(ctx.client, record.channelId);
  if (!channel?.isSendable()) throw new Error(`channel ${record.channelId} cannot receive the lobby`);
  const posted = lobbyMessage(record, await ctx.store.awayOf(record));
  const message = await channel.send(posted);
  await saveLobbyMessage(ctx, record, message.id, posted);
  await interaction.editReply({ content: `✅ ${t(userLanguage(interaction), 'lobby.openedBelow')}` });
}

async function saveLobbyMessage(ctx: BotContext, record: GameRecord, messageId: string | undefined, posted: ReturnType<typeof lobbyMessage>): Promise<void> {
  if (!messageId) return;
  const saved = await ctx.store.setLobbyMessage(record.id, messageId);
  if (saved?.status === 'lobby' && JSON.stringify(lobbyMessage(saved, await ctx.store.awayOf(saved))) !== JSON.stringify(posted)) await editLobbyMessage(ctx, saved);
}

async function editLobbyMessage(ctx: BotContext, record: GameRecord): Promise<void> {
  if (!record.lobbyMessageId) return;
  try {
    const channel = await channelById(ctx.client, record.channelId);
    if (channel?.isTextBased()) await channel.messages.edit(record.lobbyMessageId, lobbyMessage(record, await ctx.store.awayOf(record)));
  } catch (error) {
    ctx.logger.warn({ gameId: record.id, err: error }, 'could not edit the lobby message');
  }
}
