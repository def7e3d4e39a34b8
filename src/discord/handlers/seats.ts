/** Seats changing hands during play: the host kicks an absent player, a person takes over a bot seat, or asks and the host answers. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type ButtonInteraction, type ChatInputCommandInteraction, type MessageActionRowComponentBuilder } from 'discord.js';
import { encodeCustomId } from '../messages/custom-id.js';
import { t, type Language } from '../../i18n/index.js';
import { SEAT_REQUEST_MINUTES } from '../../store/clocks.js';
import type { GameRecord } from '../../store/game-store.js';
import type { BotContext } from '../context.js';
import { checkBotPermissions, displayName } from './lobby.js';
import { LIMITS, clip } from '../messages/limits.js';
import { gameLanguage, seatOfUser, seatRequestEndedMessage, takeSeatRows } from '../messages/index.js';
import { canModerate } from './permissions.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';
import { isHostOrModerator } from './settings.js';

/** The host (or a moderator) hands an absent player's seat to a bot, in public. */
export async function kick(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record || record.status !== 'active') return replyError(interaction, record?.status === 'lobby' ? 'error.notStarted' : 'error.noGame');
  if (!isHostOrModerator(interaction, record)) return replyError(interaction, 'error.hostOnly');
  const target = interaction.options.getUser('player', true);
  const seat = seatOfUser(record, target.id);
  if (seat === null) return replyError(interaction, { key: 'error.notSeated', args: { user: target.username } });
  const result = await ctx.store.handOverToBot(record.id, target.id, 'kicked');
  if (!result.ok) return replyError(interaction, result.error);
  const updated = result.value;
  const language = gameLanguage(updated);
  if (updated.status === 'cancelled') {
    ctx.runner.cancelBots(updated.id);
    await interaction.reply({ content: t(language, 'game.lastPlayerLeft', { user: `<@${target.id}>`, id: updated.id }), allowedMentions: { parse: [] } });
    return;
  }
  await interaction.reply({
    content: t(language, 'game.kicked', { user: `<@${target.id}>`, by: `<@${interaction.user.id}>`, bot: updated.seats[seat]!.displayName, id: updated.id }),
    components: takeSeatRows(updated, seat, language),
    allowedMentions: { parse: [] },
  });
  ctx.runner.wake(updated);
}

/**
 * A person who is not playing takes over a bot seat, as the table's setting allows: at once,
 * after the host's approval, or never. Whoever was kicked from or timed out of this game always
 * needs the host; a moderator needs nobody's approval.
 */
export async function takeSeat(ctx: BotContext, interaction: ButtonInteraction | ChatInputCommandInteraction, record: GameRecord | null, wanted: number | null): Promise<void> {
  if (!record || record.status !== 'active') return replyError(interaction, record?.status === 'lobby' ? 'error.useJoin' : 'error.noGame');
  if (seatOfUser(record, interaction.user.id) !== null) return replyError(interaction, 'error.alreadyJoined');
  const seat = wanted ?? record.seats.find((s) => s.isBot)?.position ?? null;
  if (seat === null || !record.seats[seat]?.isBot) return replyError(interaction, 'error.notABotSeat');
  const rule = record.settings.takeover ?? 'host';
  if (rule === 'nobody') return replyError(interaction, 'error.takeoverClosed');
  if (!(await checkBotPermissions(interaction))) return;
  const removed = await ctx.store.wasRemoved(record.id, interaction.user.id);
  if (!canModerate(interaction) && (rule === 'host' || removed)) return askForSeat(ctx, interaction, record, seat, removed);
  const bot = record.seats[seat]!.displayName;
  const result = await ctx.store.takeSeat(record.id, seat, { id: interaction.user.id, name: displayName(interaction) });
  if (!result.ok) return replyError(interaction, result.error);
  ctx.runner.cancelBots(record.id);
  const language = gameLanguage(result.value);
  await interaction.reply({
    content: t(language, 'game.tookSeat', { user: `<@${interaction.user.id}>`, bot, id: record.id }),
    allowedMentions: { parse: [] },
  });
  await replyEphemeral(interaction, t(userLanguage(interaction), 'game.tookSeatPrivate'));
  ctx.runner.wake(result.value);
}

/** Files a request for the seat and shows it to the host and moderators, with Accept / Refuse. */
export async function askForSeat(ctx: BotContext, interaction: ButtonInteraction | ChatInputCommandInteraction, record: GameRecord, seat: number, removed: boolean): Promise<void> {
  const expiresAt = new Date(ctx.clock.now().getTime() + SEAT_REQUEST_MINUTES * 60_000);
  const filed = await ctx.store.requestSeat(record.id, seat, { id: interaction.user.id, name: displayName(interaction) }, expiresAt);
  if (!filed.ok) return replyError(interaction, filed.error);
  const language = gameLanguage(record);
  const user = `<@${interaction.user.id}>`;
  const lines = [t(language, 'game.seatRequest', { user, bot: record.seats[seat]!.displayName, id: record.id, host: `<@${record.creatorId}>`, until: `<t:${Math.floor(expiresAt.getTime() / 1000)}:f>` })];
  if (removed) lines.push(t(language, 'game.seatRequestRemoved', { user }));
  const response = await interaction.reply({
    content: clip(lines.join('\n'), LIMITS.contentLength),
    components: [seatRequestRow(filed.value.id, language)],
    // The host is pinged; the person asking is only named.
    allowedMentions: { users: [record.creatorId] },
    withResponse: true,
  });
  const messageId = response.resource?.message?.id;
  if (messageId) await ctx.store.setSeatRequestMessage(filed.value.id, messageId);
  await replyEphemeral(interaction, t(userLanguage(interaction), 'game.seatRequestSent'));
}

export function seatRequestRow(requestId: number, language: Language) {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'seat-request', requestId, accept: true })).setLabel(t(language, 'ui.accept')).setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'seat-request', requestId, accept: false })).setLabel(t(language, 'ui.refuse')).setStyle(ButtonStyle.Danger),
  );
}

/** The host or a moderator answers a seat request; the request message says how it ended. */
export async function answerSeatRequest(ctx: BotContext, interaction: ButtonInteraction, requestId: number, accept: boolean): Promise<void> {
  const request = await ctx.store.seatRequest(requestId);
  const record = request ? await ctx.store.get(request.gameId) : null;
  if (!request || !record) return replyError(interaction, 'error.gameClosed');
  if (!isHostOrModerator(interaction, record)) return replyError(interaction, 'error.hostOnly');
  const result = await ctx.store.answerSeatRequest(requestId, accept, interaction.user.id);
  if (!result.ok) return replyError(interaction, result.error);
  const { request: answered, game } = result.value;
  await interaction.update(seatRequestEndedMessage(record, answered));
  if (answered.status === 'expired') await replyError(interaction, 'error.request.expired');
  if (game) {
    ctx.runner.cancelBots(game.id);
    ctx.runner.wake(game);
  }
}
