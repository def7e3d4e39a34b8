/**
 * Class sessions: /session new opens a thread per table, each a lobby of the game; Join a table
 * seats a student; the facilitator's panel starts, pauses, resumes and ends every table, posts
 * the debrief and exports the results. All state is in the store, so any process serves any
 * click, after a restart too.
 */
import { randomUUID } from 'node:crypto';
import { AttachmentBuilder, ChannelType, MessageFlags, PermissionFlagsBits, Routes, type APIThreadChannel, type ButtonInteraction, type ChatInputCommandInteraction, type RepliableInteraction, type StringSelectMenuInteraction } from 'discord.js';
import type { GameOptions } from '../../engine/index.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import { gameLanguage } from '../messages/index.js';
import type { SessionRow } from '../../store/session-store.js';
import { DEFAULT_SETTINGS } from '../../store/clocks.js';
import type { BotLevel, GameSettings } from '../../store/schema.js';
import { channelById, rememberChannel } from '../transport/channels.js';
import type { BotContext } from '../context.js';
import type { SessionAction } from '../messages/custom-id.js';
import { exportFiles } from '../messages/session-export.js';
import { debriefMessage, panelMessage, sessionMessage, tableIntro } from '../messages/session.js';
import { classScreenUrl } from '../messages/web-link.js';
import { displayName, checkBotPermissions, checkGameOptions } from './lobby.js';
import { canModerate } from './permissions.js';
import { replyEphemeral, replyError, userLanguage } from './replies.js';

export interface SessionInput {
  gameType: string;
  tables: number;
  seats: number | null;
  botLevel: BotLevel;
  anonymous: boolean;
  language: Language;
  options: GameOptions;
  /** Every table's settings (reminder, deadline, pace…), as /game new reads them. */
  settings?: GameSettings;
}

export async function newSession(ctx: BotContext, interaction: ChatInputCommandInteraction, input: SessionInput): Promise<void> {
  if (!interaction.inGuild() || !interaction.channelId) return replyError(interaction, 'error.guildOnly');
  const perms = interaction.memberPermissions;
  if (!perms || !(perms.has(PermissionFlagsBits.ManageThreads) || perms.has(PermissionFlagsBits.ManageChannels))) return replyError(interaction, 'session.error.needPermission');
  if (interaction.channel?.isThread()) return replyError(interaction, 'session.error.notHere');
  const checked = checkGameOptions(input.gameType, input.options);
  if (!checked.ok) return replyError(interaction, checked.error);
  const { min, max } = checked.game.players(checked.parsed);
  if (input.seats !== null && (input.seats < min || input.seats > max)) return replyError(interaction, { key: 'session.error.seats', args: { min, max } });
  if (interaction.appPermissions && !interaction.appPermissions.has(PermissionFlagsBits.CreatePublicThreads)) return replyError(interaction, 'session.error.threads');
  if (!(await checkBotPermissions(interaction))) return;

  // Threads take a REST call each: the session message comes once they exist.
  await interaction.deferReply();
  const channel = await channelById(ctx.client, interaction.channelId);
  if (!channel || channel.type !== ChannelType.GuildText) return replyError(interaction, 'session.error.notHere');
  const threads: string[] = [];
  for (let table = 1; table <= input.tables; table++) {
    // Straight through REST: without a gateway cache (HTTP interactions) discord.js cannot build the thread object.
    const thread = (await ctx.client.rest.post(Routes.threads(channel.id), {
      body: { name: t(input.language, 'session.threadName', { table }), type: ChannelType.PublicThread, auto_archive_duration: 1440 },
    })) as APIThreadChannel;
    rememberChannel(ctx.client, thread);
    threads.push(thread.id);
  }
  const created = await ctx.store.sessions.create({
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    gameType: input.gameType,
    options: input.options,
    ...(input.seats !== null ? { tableSeats: input.seats } : {}),
    settings: input.settings ?? DEFAULT_SETTINGS,
    language: input.language,
    botLevel: input.botLevel,
    anonymous: input.anonymous,
    facilitatorId: interaction.user.id,
    threads,
    seeds: threads.map(() => randomUUID()),
  });
  if (!created.ok) return replyError(interaction, created.error);
  const { session, tables } = created.value;
  for (const table of tables) {
    const thread = await channelById(ctx.client, table.channelId);
    if (thread?.isSendable()) await thread.send(tableIntro(session, table.tableNumber ?? 0));
  }
  const message = await interaction.editReply(sessionMessage(session, tables));
  await ctx.store.sessions.setMessage(session.id, message.id);
  ctx.logger.info({ sessionId: session.id, tables: tables.length, gameType: input.gameType }, 'session opened');
  const snapshot = await ctx.store.sessions.snapshot(session.id);
  const language = userLanguage(interaction);
  await interaction.followUp({ ...panelMessage(snapshot!, language, ctx.clock.now(), await classScreenUrl(ctx.store, session.id)), content: t(language, 'session.done.opened', { count: tables.length }), flags: MessageFlags.Ephemeral });
}

/** The session of the channel (or thread) the interaction came from. */
async function sessionHere(ctx: BotContext, interaction: RepliableInteraction): Promise<SessionRow | null> {
  return interaction.channelId ? ctx.store.sessions.inChannel(interaction.channelId) : null;
}

function mayRun(interaction: RepliableInteraction, session: SessionRow): boolean {
  return session.facilitatorId === interaction.user.id || canModerate(interaction);
}

/** /session panel: the facilitator's panel, privately. */
export async function openPanel(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  const session = await sessionHere(ctx, interaction);
  if (!session) return replyError(interaction, 'session.error.noSession');
  if (!mayRun(interaction, session)) return replyError(interaction, 'session.error.facilitatorOnly');
  const snapshot = await ctx.store.sessions.snapshot(session.id);
  await interaction.reply({ ...panelMessage(snapshot!, userLanguage(interaction), ctx.clock.now(), await classScreenUrl(ctx.store, session.id)), flags: MessageFlags.Ephemeral });
}

/** /session move: the facilitator seats a student at another table before the start. */
export async function moveStudent(ctx: BotContext, interaction: ChatInputCommandInteraction, user: { id: string; name: string }, table: number): Promise<void> {
  const session = await sessionHere(ctx, interaction);
  if (!session) return replyError(interaction, 'session.error.noSession');
  if (!mayRun(interaction, session)) return replyError(interaction, 'session.error.facilitatorOnly');
  const moved = await ctx.store.sessions.move(session.id, user, table);
  if (!moved.ok) return replyError(interaction, moved.error);
  await replyEphemeral(interaction, t(userLanguage(interaction), 'session.done.moved', { user: `<@${user.id}>`, table }));
  const { from, game } = moved.value;
  if (from && game.status === 'active') await tellMovedDuringPlay(ctx, from, game, user.id);
  await editSessionMessage(ctx, session.id);
}

/** A move between running tables: each thread is told, the student pinged where they now play, and the bots wake. */
async function tellMovedDuringPlay(ctx: BotContext, from: GameRecord, to: GameRecord, userId: string): Promise<void> {
  ctx.runner.cancelBots(to.id);
  ctx.runner.wake(to);
  ctx.runner.wake(from);
  const oldSeat = from.holders?.filter((h) => h.userId === userId).at(-1)?.seat;
  const newSeat = to.seats.findIndex((s) => s.userId === userId);
  const bot = (record: GameRecord, seat: number | undefined) => (seat === undefined ? '?' : record.holders?.filter((h) => h.seat === seat && h.isBot).at(-1)?.displayName ?? '?');
  const lines = [
    { record: from, content: t(gameLanguage(from), 'session.movedOut', { user: `<@${userId}>`, table: to.tableNumber ?? 0, bot: from.seats[oldSeat ?? -1]?.displayName ?? '?' }), ping: [] as string[] },
    { record: to, content: t(gameLanguage(to), 'session.movedIn', { user: `<@${userId}>`, from: from.tableNumber ?? 0, bot: bot(to, newSeat) }), ping: [userId] },
  ];
  for (const { record, content, ping } of lines) {
    try {
      const thread = await channelById(ctx.client, record.channelId);
      if (thread?.isSendable()) await thread.send({ content, allowedMentions: { users: ping } });
    } catch (error) {
      ctx.logger.warn({ gameId: record.id, err: error }, 'could not tell a table of a move');
    }
  }
}

/** Join a table (the button: the least filled table) or the table select (a chosen one). */
export async function joinTable(ctx: BotContext, interaction: ButtonInteraction | StringSelectMenuInteraction, sessionId: number, table?: number): Promise<void> {
  const joined = await ctx.store.sessions.join(sessionId, { id: interaction.user.id, name: displayName(interaction) }, table);
  if (!joined.ok) return replyError(interaction, joined.error);
  const session = (await ctx.store.sessions.get(sessionId))!;
  await interaction.update(sessionMessage(session, await ctx.store.sessions.tables(sessionId)));
  await interaction.followUp({ content: t(userLanguage(interaction), 'session.joined', { table: joined.value.table, channel: joined.value.game.channelId }), flags: MessageFlags.Ephemeral });
}

/** The session message, redrawn after a change made elsewhere (a move, the start, the end). */
async function editSessionMessage(ctx: BotContext, sessionId: number): Promise<void> {
  const session = await ctx.store.sessions.get(sessionId);
  if (!session?.messageId) return;
  try {
    const channel = await channelById(ctx.client, session.channelId);
    if (channel?.isTextBased()) await channel.messages.edit(session.messageId, sessionMessage(session, await ctx.store.sessions.tables(sessionId)));
  } catch (error) {
    ctx.logger.warn({ sessionId, err: error }, 'could not edit the session message');
  }
}

/** Posts the debrief in the session's channel. */
async function postDebrief(ctx: BotContext, sessionId: number): Promise<void> {
  const snapshot = await ctx.store.sessions.snapshot(sessionId);
  if (!snapshot) return;
  const channel = await channelById(ctx.client, snapshot.session.channelId);
  if (channel?.isSendable()) await channel.send(debriefMessage(snapshot));
}

/** Every table a change touched sends what it queued and wakes (or forgets) its bots. */
function afterTables(ctx: BotContext, tables: GameRecord[]): void {
  for (const table of tables) {
    if (table.status !== 'active' || table.pausedAt) ctx.runner.cancelBots(table.id);
    ctx.runner.afterChange(table);
  }
}

/** A button of the session message or of the facilitator's panel. */
export async function sessionButton(ctx: BotContext, interaction: ButtonInteraction, sessionId: number, action: SessionAction): Promise<void> {
  if (action === 'join') return joinTable(ctx, interaction, sessionId);
  const session = await ctx.store.sessions.get(sessionId);
  if (!session) return replyError(interaction, 'session.error.noSession');
  if (!mayRun(interaction, session)) return replyError(interaction, 'session.error.facilitatorOnly');
  const language = userLanguage(interaction);
  if (action === 'export') {
    const snapshot = (await ctx.store.sessions.snapshot(sessionId))!;
    const files = exportFiles(snapshot, language);
    await interaction.reply({
      content: t(language, 'session.done.export'),
      files: [new AttachmentBuilder(Buffer.from(files.csv), { name: `session-${sessionId}.csv` }), new AttachmentBuilder(Buffer.from(files.json), { name: `session-${sessionId}.json` })],
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  // Starting or ending six tables takes a few transactions and posts: answer first.
  await interaction.deferUpdate();
  let done: string | null = null;
  switch (action) {
    case 'panel':
      break;
    case 'start': {
      const result = await ctx.store.sessions.startAll(sessionId);
      if (!result.ok) return replyError(interaction, result.error);
      afterTables(ctx, result.value);
      done = t(language, 'session.done.started', { count: result.value.filter((table) => table.status === 'active').length });
      break;
    }
    case 'pause':
    case 'resume': {
      const result = action === 'pause' ? await ctx.store.sessions.pauseAll(sessionId) : await ctx.store.sessions.resumeAll(sessionId);
      if (!result.ok) return replyError(interaction, result.error);
      afterTables(ctx, result.value);
      done = t(language, action === 'pause' ? 'session.done.paused' : 'session.done.resumed');
      break;
    }
    case 'end': {
      const result = await ctx.store.sessions.endAll(sessionId);
      if (!result.ok) return replyError(interaction, result.error);
      // The debrief was queued with the end, after the last table's final scores.
      afterTables(ctx, result.value);
      done = t(language, 'session.done.ended');
      break;
    }
    case 'debrief':
      await postDebrief(ctx, sessionId);
      done = t(language, 'session.done.debrief');
      break;
  }
  ctx.logger.info({ sessionId, action }, 'session action');
  const snapshot = (await ctx.store.sessions.snapshot(sessionId))!;
  await interaction.editReply(panelMessage(snapshot, language, ctx.clock.now(), await classScreenUrl(ctx.store, sessionId)));
  if (done) await replyEphemeral(interaction, `✅ ${done}`);
  if (action === 'start' || action === 'end') await editSessionMessage(ctx, sessionId);
}
