/** The public board post, text-only log posts, reminders, direct messages and the buttons under a board. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { LogEvent, Msg } from '../../engine/index.js';
import type { PostPayload } from '../../store/schema.js';
import { localise, t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { LIMITS, clip } from './limits.js';
import { withWatchLink } from './web-link.js';
import { gameLanguage, gameName, seatNamer, turnLineFor } from './names.js';
import { altText, withImage } from './image-jobs.js';
import { mentionNamer, type Reach } from './mentions.js';
import { awayLines, type AwayMap } from './away.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** Embed colours by message kind. */
export const COLOUR = { lobby: 0x3b82f6, board: 0x16a34a, final: 0xf59e0b, cancelled: 0x6b7280 } as const;

export function utilityButtons(record: GameRecord, language: Language): Row {
  const row = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'hand', gameId: record.id })).setLabel(t(language, 'ui.myHand')).setStyle(ButtonStyle.Primary),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'status', gameId: record.id })).setLabel(t(language, 'ui.status')).setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'rules', gameType: record.gameType })).setLabel(t(language, 'ui.rules')).setStyle(ButtonStyle.Secondary),
  );
  // Anyone watching may take over a bot seat and play on.
  const bot = record.settings.takeover === 'nobody' ? undefined : record.seats.find((s) => s.isBot);
  if (bot) row.addComponents(new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'take', gameId: record.id, seat: bot.position })).setLabel(t(language, 'ui.takeSeat', { bot: bot.displayName })).setStyle(ButtonStyle.Secondary));
  return row;
}

// ---------------------------------------------------------------- public board

/**
 * Public log lines only: events meant for some seats never reach a channel. `at` gives each
 * line's move, so a seat that changed hands is named as it was held then.
 */
export function publicLogLines(record: GameRecord, events: readonly (Msg | LogEvent)[], language: Language, at?: readonly number[]): string[] {
  return events
    .map((e, i) => ({ e, names: seatNamer(record, 'mention', at?.[i]) }))
    .filter(({ e }) => !('visibleTo' in e) || e.visibleTo === 'all')
    .map(({ e, names }) => localise(language, e, names));
}

/**
 * Only the newly pending humans are notified; the turn line still names everyone pending. With
 * a `Reach` (mentions.ts), only those it mentions, and the quiet ones are named without a mention.
 */
export function pingUsers(record: GameRecord, post: PostPayload, reach?: Reach): string[] {
  return reach ? reach.mention : post.ping.map((seat) => record.seats[seat]?.userId).filter((id): id is string => !!id);
}

/** `away`: people on time off (`GameStore.awayOf`), shown beside the turn line. */
export function boardMessage(record: GameRecord, post: PostPayload, png: Buffer | null, reach?: Reach, away?: AwayMap) {
  const language = gameLanguage(record);
  const lines = publicLogLines(record, post.lines, language, post.at);
  const embed = new EmbedBuilder()
    .setColor(post.over ? COLOUR.final : COLOUR.board)
    .setTitle(clip(t(language, 'board.title', { game: gameName(record, language), id: record.id }), 256));
  const files = withImage(embed, png, 'board.png', altText(record, post, language));
  if (lines.length) embed.setDescription(clip(lines.join('\n'), LIMITS.embedDescription));
  return {
    // A class session's pause is read when the board is sent or redrawn (pause and resume redraw it).
    content: clip(post.over ? t(language, 'board.over') : [...(record.pausedAt ? [t(language, 'session.state.paused')] : []), turnLineFor(record, post.pending, language, mentionNamer(record, reach?.quiet)), ...awayLines(record, away, language, seatNamer(record, 'plain'))].join('\n'), LIMITS.contentLength),
    embeds: [embed],
    files,
    attachments: [],
    components: withWatchLink(post.over ? [] : [utilityButtons(record, language)], record, language),
    allowedMentions: { users: pingUsers(record, post, reach) },
  };
}

/** A text-only post: an auction bid or a reveal, with the turn line when someone must act. */
export function logMessage(record: GameRecord, post: PostPayload, reach?: Reach) {
  const language = gameLanguage(record);
  const lines = publicLogLines(record, post.lines, language, post.at);
  if (post.pending.length > 0) lines.push(turnLineFor(record, post.pending, language, mentionNamer(record, reach?.quiet)));
  const humanPending = post.pending.some((seat) => !record.seats[seat]?.isBot);
  const components: Row[] = humanPending
    ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'hand', gameId: record.id })).setLabel(t(language, 'ui.myHand')).setStyle(ButtonStyle.Primary),
      )]
    : [];
  return {
    content: clip(lines.join('\n') || '…', LIMITS.contentLength),
    components,
    allowedMentions: { users: pingUsers(record, post, reach) },
  };
}

/** A link to a message of the game's channel, as Discord shows it. */
export function messageLink(record: GameRecord, messageId: string | null): string | null {
  return messageId ? `https://discord.com/channels/${record.guildId ?? '@me'}/${record.channelId}/${messageId}` : null;
}

/** A reminder: one short line that mentions the player and links the current board. */
export function reminderMessage(record: GameRecord, post: PostPayload, reach?: Reach) {
  const language = gameLanguage(record);
  const names = mentionNamer(record, reach?.quiet);
  const link = messageLink(record, record.boardMessageId);
  const lines = post.lines.map((l) => localise(language, l, names));
  if (link) lines.push(t(language, 'clock.boardLink', { link }));
  return { content: clip(`⏰ ${lines.join(' ')}`, LIMITS.contentLength), allowedMentions: { users: pingUsers(record, post, reach) } };
}

/** The direct message a player who asked for one gets when they must act. */
export function turnDirectMessage(record: GameRecord, messageId: string | null) {
  const language = gameLanguage(record);
  const link = messageLink(record, messageId);
  return { content: clip(t(language, 'clock.dm', { game: gameName(record, language), id: record.id, link: link ?? '' }), LIMITS.contentLength) };
}
