/**
 * Playing over days: table settings (reminders, deadlines, pace), kicking an absent player,
 * taking over a bot seat, muting one's pings, the public log, and a rematch. Every game gets
 * these through the contract alone.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type MessageActionRowComponentBuilder, type RepliableInteraction } from 'discord.js';
import { encodeCustomId } from '../messages/custom-id.js';
import { randomUUID } from 'node:crypto';
import { t, type Language } from '../../i18n/index.js';
import { DEADLINE_CHOICES, PACE_CHOICES, REMINDER_CHOICES, SEAT_REQUEST_MINUTES, TAKEOVER_CHOICES } from '../../store/clocks.js';
import type { GameRecord } from '../../store/game-store.js';
import type { GameSettings } from '../../store/schema.js';
import { channelById } from '../transport/channels.js';
import type { BotContext } from '../context.js';
import { checkBotPermissions, displayName, postLobby } from './lobby.js';
import { LIMITS, clip } from '../messages/limits.js';
import { gameLanguage, gameOf, lobbyMessage, publicLogLines, seatOfUser, seatRequestEndedMessage, takeSeatRows } from '../messages/index.js';
import { canModerate } from './permissions.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';
import { durationLabel, settingsLines } from '../messages/settings-text.js';

/** The slash-command choices of each setting, named in English and French. */
export function settingChoices(kind: 'reminder' | 'deadline' | 'pace' | 'takeover') {
  if (kind === 'pace') return PACE_CHOICES.map((p) => ({ name: t('en', `settings.pace.${p}`), value: p, name_localizations: { fr: t('fr', `settings.pace.${p}`) } }));
  if (kind === 'takeover') return TAKEOVER_CHOICES.map((p) => ({ name: t('en', `settings.takeover.${p}`), value: p, name_localizations: { fr: t('fr', `settings.takeover.${p}`) } }));
  const values = kind === 'reminder' ? REMINDER_CHOICES : DEADLINE_CHOICES;
  return values.map((m) => ({ name: durationLabel('en', m), value: String(m), name_localizations: { fr: durationLabel('fr', m) } }));
}

/** Reads settings given as command options over a base; a value not offered is refused. */
export function readSettings(base: GameSettings, given: { reminder: string | null; deadline: string | null; pace: string | null; takeover?: string | null }): GameSettings | null {
  const next = { ...base };
  if (given.reminder !== null) {
    const m = Number(given.reminder);
    if (!(REMINDER_CHOICES as readonly number[]).includes(m)) return null;
    next.reminderMinutes = m;
  }
  if (given.deadline !== null) {
    const m = Number(given.deadline);
    if (!(DEADLINE_CHOICES as readonly number[]).includes(m)) return null;
    next.deadlineMinutes = m;
  }
  if (given.pace !== null) {
    if (!(PACE_CHOICES as readonly string[]).includes(given.pace)) return null;
    next.pace = given.pace as GameSettings['pace'];
  }
  if (given.takeover != null) {
    if (!(TAKEOVER_CHOICES as readonly string[]).includes(given.takeover)) return null;
    next.takeover = given.takeover as GameSettings['takeover'];
  }
  return next;
}

function isHostOrModerator(interaction: RepliableInteraction, record: GameRecord): boolean {
  return record.creatorId === interaction.user.id || canModerate(interaction);
}

export async function changeSettings(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record) return replyError(interaction, 'error.noGame');
  if (!isHostOrModerator(interaction, record)) return replyError(interaction, 'error.hostOnly');
  const next = readSettings(record.settings, {
    reminder: interaction.options.getString('reminder'),
    deadline: interaction.options.getString('deadline'),
    pace: interaction.options.getString('pace'),
    takeover: interaction.options.getString('takeover'),
  });
  if (!next) return replyError(interaction, 'error.badOption');
  const result = await ctx.store.updateSettings(record.id, next);
  if (!result.ok) return replyError(interaction, result.error);
  ctx.scheduler.poke();
  const language = gameLanguage(result.value);
  await interaction.reply({
    content: clip([t(language, 'settings.changed', { user: `<@${interaction.user.id}>`, id: record.id }), ...settingsLines(language, next).map((l) => `• ${l}`)].join('\n'), LIMITS.contentLength),
    allowedMentions: { parse: [] },
  });
  if (result.value.status === 'lobby' && result.value.lobbyMessageId) {
    const channel = await channelById(ctx.client, result.value.channelId).catch(() => null);
    if (channel && 'messages' in channel) await channel.messages.edit(result.value.lobbyMessageId, lobbyMessage(result.value)).catch(() => undefined);
  }
}

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
async function askForSeat(ctx: BotContext, interaction: ButtonInteraction | ChatInputCommandInteraction, record: GameRecord, seat: number, removed: boolean): Promise<void> {
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

function seatRequestRow(requestId: number, language: Language) {
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

/** No more reminders for this seat until its turn is over. */
export async function snooze(ctx: BotContext, interaction: ButtonInteraction, gameId: number): Promise<void> {
  const record = await ctx.store.get(gameId);
  if (!record || record.status !== 'active') return replyError(interaction, 'error.gameClosed');
  const seat = seatOfUser(record, interaction.user.id);
  if (seat === null) return replyError(interaction, 'error.notInGame');
  if (!await ctx.store.snooze(record.id, seat)) return replyError(interaction, 'error.nothingToSnooze');
  ctx.scheduler.poke();
  await replyEphemeral(interaction, `🔕 ${t(userLanguage(interaction), 'clock.snoozed')}`);
}

/** The public log of a game, rebuilt from the stored moves: never a private line. */
export async function logLines(ctx: BotContext, record: GameRecord, language: Language, last = 40): Promise<string[]> {
  const lines = await ctx.store.publicLines(record.id);
  return publicLogLines(record, lines.map((l) => l.line), language, lines.map((l) => l.sequence)).slice(-last);
}

export async function showLog(ctx: BotContext, interaction: ChatInputCommandInteraction, record: GameRecord | null): Promise<void> {
  if (!record || record.status === 'lobby') return replyError(interaction, record ? 'error.notStarted' : 'error.noGameHere');
  const language = userLanguage(interaction);
  const lines = await logLines(ctx, record, language);
  const head = t(language, 'log.title', { game: t(language, gameOf(record).nameKey), id: record.id, count: await ctx.store.moveCount(record.id) });
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
