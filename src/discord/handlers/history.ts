/** /history, /leaderboard and /profile: what a server has played, and who plays it best. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction, type MessageActionRowComponentBuilder, type User } from 'discord.js';
import { ordinal } from 'openskill';
import { GAMES } from '../../catalog.js';
import { INTL_LOCALES, t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import { OVERALL } from '../../store/rows/ratings.js';
import { logLines } from './log.js';
import type { BotContext } from '../context.js';
import { encodeCustomId } from '../messages/custom-id.js';
import { LIMITS, clip } from '../messages/limits.js';
import { gameOf, rankingLines, seatHolderNames, seatNamerWithPast } from '../messages/index.js';
import { replyError, userLanguage } from './replies.js';

const PAGE = 8;
const DAY = 86_400_000;

function day(language: Language, at: Date): string {
  return at.toLocaleDateString(INTL_LOCALES[language], { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

async function summary(ctx: BotContext, record: GameRecord, language: Language): Promise<string> {
  const outcome = gameOf(record).outcome(record.state);
  const winners = outcome?.standings.filter((s) => s.rank === 1).map((s) => record.seats[s.seat]?.displayName ?? '?') ?? [];
  const days = Math.max(1, Math.ceil(((record.finishedAt ?? record.updatedAt).getTime() - record.createdAt.getTime()) / DAY));
  return t(language, 'history.line', {
    id: record.id,
    game: t(language, gameOf(record).nameKey),
    date: day(language, record.finishedAt ?? record.updatedAt),
    // A seat that changed hands shows everyone who played it, in order.
    players: record.seats.map((s) => seatHolderNames(record, s.position, 'plain').join(' → ')).join(', '),
    winner: winners.join(', ') || '—',
    moves: await ctx.store.movesPlayed(record.id),
    count: days,
  });
}

async function historyPage(ctx: BotContext, guildId: string, page: number, language: Language) {
  const total = await ctx.store.countFinished(guildId);
  const pages = Math.max(1, Math.ceil(total / PAGE));
  const current = Math.min(Math.max(page, 0), pages - 1);
  const records = await ctx.store.finishedGames(guildId, current * PAGE, PAGE);
  const embed = new EmbedBuilder()
    .setColor(0x16a34a)
    .setTitle(t(language, 'history.title'))
    .setDescription(clip(records.length ? (await Promise.all(records.map((r) => summary(ctx, r, language)))).join('\n\n') : t(language, 'history.none'), LIMITS.embedDescription))
    .setFooter({ text: t(language, 'history.page', { page: current + 1, pages }) });
  const nav = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'history', page: Math.max(current - 1, 0) })).setLabel(t(language, 'ui.previousPage')).setStyle(ButtonStyle.Secondary).setDisabled(current === 0),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'history', page: Math.min(current + 1, pages - 1) })).setLabel(t(language, 'ui.nextPage', { page: Math.min(current + 2, pages), pages })).setStyle(ButtonStyle.Secondary).setDisabled(current >= pages - 1),
  );
  return { embeds: [embed], components: pages > 1 ? [nav] : [], allowedMentions: { parse: [] as never[] } };
}

export async function showHistory(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.guildId) return replyError(interaction, 'error.guildOnly');
  const language = userLanguage(interaction);
  const id = interaction.options.getInteger('game');
  if (id === null) {
    await interaction.reply({ ...(await historyPage(ctx, interaction.guildId, 0, language)), flags: MessageFlags.Ephemeral });
    return;
  }
  const record = await ctx.store.get(id);
  if (!record || record.guildId !== interaction.guildId || record.status === 'lobby') return replyError(interaction, 'error.noSuchGame');
  const outcome = gameOf(record).outcome(record.state);
  const names = seatNamerWithPast(record, language, 'plain');
  const ranking = outcome ? rankingLines(outcome, language, names) : [t(language, `history.status.${record.status}`)];
  const log = await logLines(ctx, record, language, 25);
  const embed = new EmbedBuilder()
    .setColor(0xf59e0b)
    .setTitle(clip(t(language, 'history.gameTitle', { game: t(language, gameOf(record).nameKey), id: record.id }), 256))
    .setDescription(clip([await summary(ctx, record, language), '', ...ranking, '', `**${t(language, 'history.log')}**`, ...log].join('\n'), LIMITS.embedDescription));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

export async function historyButton(ctx: BotContext, interaction: ButtonInteraction, page: number): Promise<void> {
  if (!interaction.guildId) return replyError(interaction, 'error.guildOnly');
  await interaction.update(await historyPage(ctx, interaction.guildId, page, userLanguage(interaction)));
}

function gameChoice(interaction: ChatInputCommandInteraction): string | null {
  const id = interaction.options.getString('game');
  return id && Object.hasOwn(GAMES, id) ? id : null;
}

export async function showLeaderboard(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.guildId) return replyError(interaction, 'error.guildOnly');
  const language = userLanguage(interaction);
  const gameType = gameChoice(interaction);
  const rows = await ctx.store.leaderboard(interaction.guildId, gameType ?? OVERALL);
  const medal = ['🥇', '🥈', '🥉'];
  const lines = rows.map((r, i) => t(language, 'leaderboard.line', {
    rank: medal[i] ?? `${i + 1}.`,
    user: `<@${r.userId}>`,
    rating: Math.round(ordinal({ mu: r.mu, sigma: r.sigma }) * 10) / 10,
    count: r.games,
    wins: r.wins,
  }));
  const scope = gameType ? t(language, GAMES[gameType]!.nameKey) : t(language, 'leaderboard.allGames');
  const embed = new EmbedBuilder()
    .setColor(0x16a34a)
    .setTitle(clip(t(language, 'leaderboard.title', { scope }), 256))
    .setDescription(clip(lines.length ? [...lines, '', t(language, 'leaderboard.explain')].join('\n') : t(language, 'leaderboard.none'), LIMITS.embedDescription));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

export async function showProfile(ctx: BotContext, interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.guildId) return replyError(interaction, 'error.guildOnly');
  const language = userLanguage(interaction);
  const user: User = interaction.options.getUser('player') ?? interaction.user;
  const rows = await ctx.store.ratingsOf(interaction.guildId, user.id);
  const name = (gameType: string) => (gameType === OVERALL ? t(language, 'leaderboard.allGames') : t(language, GAMES[gameType]?.nameKey ?? gameType));
  const lines = rows
    .sort((a, b) => (a.gameType === OVERALL ? -1 : b.gameType === OVERALL ? 1 : a.gameType.localeCompare(b.gameType)))
    .map((r) => t(language, 'profile.line', { game: name(r.gameType), rating: Math.round(ordinal({ mu: r.mu, sigma: r.sigma }) * 10) / 10, count: r.games, wins: r.wins }));
  const finished = await ctx.store.gamesOfUser(interaction.guildId, user.id);
  const embed = new EmbedBuilder()
    .setColor(0x3b82f6)
    .setTitle(clip(t(language, 'profile.title', { user: user.globalName ?? user.username }), 256))
    .setDescription(clip([t(language, 'profile.games', { count: finished }), '', ...(lines.length ? lines : [t(language, 'profile.unrated')])].join('\n'), LIMITS.embedDescription));
  await interaction.reply({ embeds: [embed], flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}
