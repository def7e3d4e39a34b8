/**
 * Builds every message the bot sends about a game: lobby, public board, private hand, status
 * and final scoring. Public builders read only public views and public log events.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { AnyGame, LogEvent, Msg, Outcome, Seat } from '../engine/index.js';
import type { PostPayload } from '../store/schema.js';
import { gameById } from '../games/index.js';
import { hasKey, languageOf, localise, t, type Language, type SeatNamer } from '../i18n/index.js';
import type { GameRecord, SeatHolder, SeatRecord } from '../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { decisionComponents, decisionNotes } from './decision-ui.js';
import type { ImageJob } from './images.js';
import { LIMITS, clip } from './limits.js';
import { settingsLines } from './settings-text.js';
import { withWatchLink } from './web-link.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

const COLOUR = { lobby: 0x3b82f6, board: 0x16a34a, final: 0xf59e0b, cancelled: 0x6b7280 } as const;

export function gameOf(record: GameRecord): AnyGame {
  const game = gameById(record.gameType);
  if (!game) throw new Error(`unknown game type ${record.gameType}`);
  return game;
}

export function gameLanguage(record: GameRecord): Language {
  return languageOf(record.language);
}

/** Who held a seat at move `sequence` (0: the deal); without one, who holds it now. */
export function holderAt(record: GameRecord, seat: Seat, sequence?: number): { userId: string | null; displayName: string } | undefined {
  if (sequence !== undefined && record.holders) {
    let found: SeatHolder | undefined;
    for (const h of record.holders) if (h.seat === seat && h.fromSequence <= sequence && (!found || h.fromSequence >= found.fromSequence)) found = h;
    if (found) return found;
  }
  return record.seats[seat];
}

function nameOf(holder: { userId: string | null; displayName: string }, style: 'mention' | 'plain'): string {
  if (style === 'plain') return holder.displayName;
  return holder.userId ? `<@${holder.userId}>` : `**${holder.displayName}**`;
}

/**
 * Public text names humans by mention and bots by name; images use plain names. A line of move
 * `sequence` names whoever held the seat then, not whoever holds it now.
 */
export function seatNamer(record: GameRecord, style: 'mention' | 'plain', sequence?: number): SeatNamer {
  return (seat: Seat) => {
    const s = holderAt(record, seat, sequence);
    return s ? nameOf(s, style) : `#${seat + 1}`;
  };
}

/** Everyone who held a seat, first to last, each once in a row ("Cat → Bot Ada → Wat"). */
export function seatHolderNames(record: GameRecord, seat: Seat, style: 'mention' | 'plain'): string[] {
  const held = (record.holders ?? []).filter((h) => h.seat === seat).sort((a, b) => a.fromSequence - b.fromSequence);
  const names = (held.length ? held : record.seats[seat] ? [record.seats[seat]!] : []).map((h) => nameOf(h, style));
  return names.filter((n, i) => n !== names[i - 1]);
}

/** Names a seat by its holder now, and by those who played it before them, for rankings. */
export function seatNamerWithPast(record: GameRecord, language: Language, style: 'mention' | 'plain'): SeatNamer {
  const now = seatNamer(record, style);
  return (seat: Seat) => {
    const all = seatHolderNames(record, seat, style);
    const current = now(seat);
    const before = all.filter((n) => n !== current);
    return before.length ? t(language, 'final.playedBefore', { player: current, names: before.join(', ') }) : current;
  };
}

/** A seat's name on boards and in /status: a strong bot says so ("Bot Ada (strong)"). */
export function seatLabel(seat: SeatRecord, language: Language): string {
  return seat.isBot && seat.botLevel === 'strong' ? t(language, 'bot.seatLabel', { name: seat.displayName, level: t(language, 'bot.level.strong') }) : seat.displayName;
}

function imageJob(record: GameRecord, kind: ImageJob['kind'], view: unknown, language: Language): ImageJob {
  return { gameType: record.gameType, kind, view, names: record.seats.map((s) => seatLabel(s, language)), language };
}

/** The public board image is drawn from the public view only. */
export function boardImageJob(record: GameRecord, view: unknown = gameOf(record).publicView(record.state), language: Language = gameLanguage(record)): ImageJob {
  return imageJob(record, 'board', view, language);
}

export function finalImageJob(record: GameRecord, post?: PostPayload): ImageJob {
  const game = gameOf(record);
  const view = post ? post.view : game.publicView(record.state);
  return { ...imageJob(record, 'final', view, gameLanguage(record)), outcome: post?.outcome ?? game.outcome(record.state)! };
}

/** The board as a post shows it: frozen at the move that made the post. */
export function payloadOf(record: GameRecord, events: LogEvent[] = []): PostPayload {
  const game = gameOf(record);
  const over = record.status !== 'active';
  const pending: Seat[] = over ? [] : game.pending(record.state);
  return {
    version: record.version,
    view: game.publicView(record.state),
    lines: events.filter((e) => e.visibleTo === 'all'),
    pending,
    ping: pending,
    over,
    ...(over && record.state !== null ? { outcome: game.outcome(record.state) ?? undefined } : {}),
  };
}

/** A seat's hand image, from that seat's own view. */
export function handImageJob(record: GameRecord, seat: Seat, language: Language): ImageJob {
  return imageJob(record, 'hand', gameOf(record).seatView(record.state, seat), language);
}

/** Attaches an image when there is one; a failed render still lets the text go out. */
function withImage(embed: EmbedBuilder, png: Buffer | null, name: string, description?: string): AttachmentBuilder[] {
  if (!png) return [];
  embed.setImage(`attachment://${name}`);
  return [new AttachmentBuilder(png, description ? { name, description: clip(description, LIMITS.altText) } : { name })];
}

/** The image's alt text: whose turn it is, then the main public facts, in the game's language. */
export function altText(record: GameRecord, post: PostPayload, language: Language): string {
  const game = gameOf(record);
  const plain = seatNamer(record, 'plain');
  const head = post.over ? t(language, 'board.over') : turnLineFor(record, post.pending, language, 'plain');
  const facts = game.present.status(post.view).map((field: { name: Msg; lines: Msg[] }) =>
    `${localise(language, field.name, plain)}: ${field.lines.map((l) => localise(language, l, plain)).join('; ')}`,
  );
  // Markdown has no place in alt text.
  return [`${t(language, 'board.title', { game: gameName(record, language), id: record.id })}.`, head, ...facts].join('\n').replace(/\*\*/g, '');
}

export function seatOfUser(record: GameRecord, userId: string): Seat | null {
  return record.seats.find((s) => s.userId === userId)?.position ?? null;
}

/** Human user ids among the seats that must act now. */
export function pendingUsers(record: GameRecord): string[] {
  if (record.status !== 'active') return [];
  return gameOf(record).pending(record.state).map((seat: Seat) => record.seats[seat]?.userId).filter((id): id is string => !!id);
}

function gameName(record: GameRecord, language: Language): string {
  return t(language, gameOf(record).nameKey);
}

/** "It is X's turn" / "Waiting for X and Y", in the given language. */
export function turnLine(record: GameRecord, language: Language, style: 'mention' | 'plain' = 'mention'): string {
  return turnLineFor(record, gameOf(record).pending(record.state), language, style);
}

function turnLineFor(record: GameRecord, pending: readonly Seat[], language: Language, style: 'mention' | 'plain'): string {
  const names = pending.map(seatNamer(record, style));
  if (names.length === 1) return t(language, 'board.turn', { player: names[0] });
  return t(language, 'board.waitingFor', { players: names.join(', ') });
}

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

// ---------------------------------------------------------------- lobby

export function lobbyMessage(record: GameRecord) {
  const language = gameLanguage(record);
  const game = gameOf(record);
  const parsed = game.parseOptions(record.options);
  const { min, max } = game.players(parsed.ok ? parsed.options : record.options);
  const names = seatNamer(record, 'mention');
  const seatLines = record.seats.map((s) => {
    const botTag = s.isBot ? t(language, 'lobby.botLevelTag', { level: t(language, `bot.level.${s.botLevel ?? 'standard'}`) }) : '';
    const tags = [botTag, s.userId === record.creatorId ? t(language, 'lobby.hostTag') : ''].filter(Boolean);
    return `${s.position + 1}. ${names(s.position)}${tags.length ? ` ${tags.join(' ')}` : ''}`;
  });
  const open = record.status === 'lobby';
  const statusKey = record.status === 'lobby' ? 'lobby.open' : record.status === 'cancelled' ? 'lobby.cancelled' : 'lobby.started';
  const optionLines = game.options.map((o) => {
    const value = record.options[o.name] ?? o.default;
    const choiceKey = `optionChoices.${o.name}.${String(value)}`;
    const shown = typeof value === 'boolean'
      ? t(language, value ? 'lobby.yes' : 'lobby.no')
      : hasKey(language, choiceKey) ? t(language, choiceKey) : (o.kind === 'choice' ? o.choices.find((c) => c.value === value)?.label : undefined) ?? String(value);
    const key = `${game.id}.options.${o.name}`;
    return t(language, 'lobby.optionLine', { name: hasKey(language, key) ? t(language, key) : o.description, value: shown });
  });
  const settings = settingsLines(language, record.settings);
  const embed = new EmbedBuilder()
    .setColor(record.status === 'cancelled' ? COLOUR.cancelled : COLOUR.lobby)
    .setTitle(clip(t(language, 'lobby.title', { game: gameName(record, language), id: record.id }), 256))
    .setDescription(
      clip(
        [
          t(language, statusKey),
          '',
          t(language, 'lobby.players', { count: record.seats.length, min, max }),
          ...seatLines,
          ...(optionLines.length ? ['', t(language, 'lobby.options'), ...optionLines.map((l) => `• ${l}`)] : []),
          '',
          t(language, 'lobby.settings'),
          ...settings.map((l) => `• ${l}`),
        ].join('\n'),
        LIMITS.embedDescription,
      ),
    );
  const components: Row[] = open
    ? [
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'lobby', gameId: record.id, action: 'join' })).setLabel(t(language, 'lobby.join')).setStyle(ButtonStyle.Primary),
          new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'lobby', gameId: record.id, action: 'leave' })).setLabel(t(language, 'lobby.leave')).setStyle(ButtonStyle.Secondary),
          new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'lobby', gameId: record.id, action: 'bot' })).setLabel(t(language, 'lobby.addBot')).setStyle(ButtonStyle.Secondary),
          new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'lobby', gameId: record.id, action: 'start' })).setLabel(t(language, 'lobby.start')).setStyle(ButtonStyle.Success),
          new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'lobby', gameId: record.id, action: 'cancel' })).setLabel(t(language, 'lobby.cancel')).setStyle(ButtonStyle.Danger),
        ),
        ...botLevelRow(record, language),
      ]
    : [];
  return { content: '', embeds: [embed], components: record.status === 'cancelled' ? components : withWatchLink(components, record, language), allowedMentions: { parse: [] as never[] } };
}

/** One button per lobby bot that switches its level (the host's to press; the store checks). */
function botLevelRow(record: GameRecord, language: Language): Row[] {
  const bots = record.seats.filter((s) => s.isBot).slice(0, LIMITS.buttonsPerRow);
  if (bots.length === 0) return [];
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      bots.map((s) => {
        const level = s.botLevel === 'strong' ? 'standard' : 'strong';
        return new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'bot-level', gameId: record.id, seat: s.position, level }))
          .setLabel(clip(t(language, 'lobby.setLevel', { bot: s.displayName, level: t(language, `bot.level.${level}`) }), LIMITS.buttonLabel))
          .setStyle(ButtonStyle.Secondary);
      }),
    ),
  ];
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

/** Only the newly pending humans are notified; the turn line still names everyone pending. */
function pingUsers(record: GameRecord, post: PostPayload): string[] {
  return post.ping.map((seat) => record.seats[seat]?.userId).filter((id): id is string => !!id);
}

export function boardMessage(record: GameRecord, post: PostPayload, png: Buffer | null) {
  const language = gameLanguage(record);
  const lines = publicLogLines(record, post.lines, language, post.at);
  const embed = new EmbedBuilder()
    .setColor(post.over ? COLOUR.final : COLOUR.board)
    .setTitle(clip(t(language, 'board.title', { game: gameName(record, language), id: record.id }), 256));
  const files = withImage(embed, png, 'board.png', altText(record, post, language));
  if (lines.length) embed.setDescription(clip(lines.join('\n'), LIMITS.embedDescription));
  return {
    content: clip(post.over ? t(language, 'board.over') : turnLineFor(record, post.pending, language, 'mention'), LIMITS.contentLength),
    embeds: [embed],
    files,
    attachments: [],
    components: withWatchLink(post.over ? [] : [utilityButtons(record, language)], record, language),
    allowedMentions: { users: pingUsers(record, post) },
  };
}

/** A text-only post: an auction bid or a reveal, with the turn line when someone must act. */
export function logMessage(record: GameRecord, post: PostPayload) {
  const language = gameLanguage(record);
  const lines = publicLogLines(record, post.lines, language, post.at);
  if (post.pending.length > 0) lines.push(turnLineFor(record, post.pending, language, 'mention'));
  const humanPending = post.pending.some((seat) => !record.seats[seat]?.isBot);
  const components: Row[] = humanPending
    ? [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'hand', gameId: record.id })).setLabel(t(language, 'ui.myHand')).setStyle(ButtonStyle.Primary),
      )]
    : [];
  return {
    content: clip(lines.join('\n') || '…', LIMITS.contentLength),
    components,
    allowedMentions: { users: pingUsers(record, post) },
  };
}

/** A link to a message of the game's channel, as Discord shows it. */
export function messageLink(record: GameRecord, messageId: string | null): string | null {
  return messageId ? `https://discord.com/channels/${record.guildId ?? '@me'}/${record.channelId}/${messageId}` : null;
}

/** A reminder: one short line that mentions the player and links the current board. */
export function reminderMessage(record: GameRecord, post: PostPayload) {
  const language = gameLanguage(record);
  const names = seatNamer(record, 'mention');
  const link = messageLink(record, record.boardMessageId);
  const lines = post.lines.map((l) => localise(language, l, names));
  if (link) lines.push(t(language, 'clock.boardLink', { link }));
  return { content: clip(`⏰ ${lines.join(' ')}`, LIMITS.contentLength), allowedMentions: { users: pingUsers(record, post) } };
}

/** A seat request's message once it is answered or expired: one line, no buttons. */
export function seatRequestEndedMessage(record: GameRecord, request: { userId: string; seat: Seat; status: string; decidedBy: string | null }) {
  const language = gameLanguage(record);
  const key = request.status === 'accepted' ? 'game.seatRequestAccepted' : request.status === 'refused' ? 'game.seatRequestRefused' : 'game.seatRequestExpired';
  // The seat's holder may have changed since: the bot named is the one the request was about.
  const bot = record.holders?.filter((h) => h.seat === request.seat && h.isBot).at(-1)?.displayName ?? record.seats[request.seat]?.displayName ?? '?';
  const content = t(language, key, { user: `<@${request.userId}>`, by: request.decidedBy ? `<@${request.decidedBy}>` : '', bot, id: record.id });
  return { content, components: [], allowedMentions: { parse: [] as never[] } };
}

/** The direct message a player who asked for one gets when they must act. */
export function turnDirectMessage(record: GameRecord, messageId: string | null) {
  const language = gameLanguage(record);
  const link = messageLink(record, messageId);
  return { content: clip(t(language, 'clock.dm', { game: gameName(record, language), id: record.id, link: link ?? '' }), LIMITS.contentLength) };
}

// ---------------------------------------------------------------- final scoring

export function finalMessage(record: GameRecord, png: Buffer | null, post?: PostPayload) {
  const language = gameLanguage(record);
  const game = gameOf(record);
  const outcome: Outcome = post?.outcome ?? game.outcome(record.state)!;
  const names = seatNamer(record, 'mention');
  const embed = new EmbedBuilder()
    .setColor(COLOUR.final)
    .setTitle(clip(t(language, 'final.title', { game: gameName(record, language), id: record.id }), 256))
    .setDescription(clip(rankingLines(outcome, language, seatNamerWithPast(record, language, 'mention')).join('\n'), LIMITS.embedDescription));
  const files = withImage(embed, png, 'final.png', rankingLines(outcome, language, seatNamerWithPast(record, language, 'plain')).join('\n'));
  for (const standing of outcome.standings.slice(0, LIMITS.embedFields)) {
    embed.addFields({
      name: clip(`${standing.rank}. ${record.seats[standing.seat]?.displayName ?? '?'} — ${t(language, 'final.points', { count: standing.score })}`, LIMITS.embedFieldName),
      value: clip(standing.breakdown.map((m) => `• ${localise(language, m, names)}`).join('\n') || '—', LIMITS.embedFieldValue),
    });
  }
  const winners = outcome.standings.filter((s) => s.rank === 1).map((s) => names(s.seat));
  return {
    content: clip(t(language, winners.length > 1 ? 'final.sharedWin' : 'final.win', { players: winners.join(', ') }), LIMITS.contentLength),
    embeds: [embed],
    files,
    components: withWatchLink([
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'rematch', gameId: record.id })).setLabel(t(language, 'ui.rematch')).setStyle(ButtonStyle.Success),
      ),
    ], record, language),
    allowedMentions: { parse: [] as never[] },
  };
}

export function rankingLines(outcome: Outcome, language: Language, names: SeatNamer): string[] {
  const medal = ['🥇', '🥈', '🥉'];
  return outcome.standings.map((s) => `${medal[s.rank - 1] ?? `${s.rank}.`} ${names(s.seat)} — ${t(language, 'final.points', { count: s.score })}`);
}

// ---------------------------------------------------------------- private hand

export interface HandOptions {
  page?: number;
  /** Private log lines for this seat since its own last move (what it drew, who paid it). */
  privateEvents?: LogEvent[];
  /** A short notice above the hand, e.g. why a click was refused. */
  notice?: string;
  /** Offer to mute this seat's reminders for the rest of its turn. */
  snoozable?: boolean;
}

export function handMessage(record: GameRecord, seat: Seat, language: Language, png: Buffer | null, opts: HandOptions = {}) {
  const game = gameOf(record);
  const view = game.seatView(record.state, seat);
  const plain = seatNamer(record, 'plain');
  const names = seatNamer(record, 'mention');
  const lines: string[] = [];
  if (opts.notice) lines.push(opts.notice, '');
  lines.push(t(language, 'hand.title', { game: gameName(record, language), id: record.id }));
  const mine = (opts.privateEvents ?? []).filter((e) => e.visibleTo !== 'all' && e.visibleTo.includes(seat));
  if (mine.length) lines.push(t(language, 'ui.sinceLastMove'), ...mine.map((e) => `> ${localise(language, e, names)}`));
  lines.push(...game.present.hand(view).map((m: Msg) => localise(language, m, plain)));
  // The game's own lines already say whose turn it is and what this seat should do; the
  // prompt is repeated only where no select menu shows it as its placeholder.
  const components: Row[] = [];
  const decision = record.status === 'active' && game.pending(record.state).includes(seat) ? game.decision(record.state, seat) : null;
  if (decision) {
    const dctx = { gameId: record.id, version: record.version, language, seatName: plain, page: opts.page };
    const rows = decisionComponents(decision, dctx);
    const hasSelect = rows.some((row) => row.components.some((c) => c instanceof StringSelectMenuBuilder));
    if (!hasSelect) lines.push('', `**${localise(language, decision.prompt, plain)}**`);
    const notes = decisionNotes(decision, dctx);
    if (notes.length) lines.push(...(hasSelect ? [''] : []), ...notes);
    components.push(...rows);
  }
  components.push(
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'hand', gameId: record.id })).setLabel(t(language, 'ui.refresh')).setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'status', gameId: record.id })).setLabel(t(language, 'ui.status')).setStyle(ButtonStyle.Secondary),
      ...(opts.snoozable && decision
        ? [new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'snooze', gameId: record.id })).setLabel(t(language, 'ui.snooze')).setStyle(ButtonStyle.Secondary)]
        : []),
      ...(record.settings.hints && decision
        ? [new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'hint', gameId: record.id, version: record.version })).setLabel(t(language, 'ui.hint')).setStyle(ButtonStyle.Success)]
        : []),
    ),
  );
  return {
    content: clip(lines.join('\n'), LIMITS.contentLength),
    embeds: [],
    files: png ? [new AttachmentBuilder(png, { name: 'hand.png' })] : [],
    attachments: [],
    components,
    allowedMentions: { parse: [] as never[] },
  };
}

// ---------------------------------------------------------------- status

/** When a waiting seat's move will be played for it. */
export interface SeatDeadline {
  seat: Seat;
  deadlineAt: Date | null;
}

/** Discord shows `<t:…>` in each reader's own time zone and language. */
function discordTime(at: Date, style: 'f' | 'R'): string {
  return `<t:${Math.floor(at.getTime() / 1000)}:${style}>`;
}

export function statusEmbed(record: GameRecord, language: Language, deadlines: readonly SeatDeadline[] = []): EmbedBuilder {
  const game = gameOf(record);
  const names = seatNamer(record, 'mention');
  const embed = new EmbedBuilder().setColor(COLOUR.board).setTitle(clip(t(language, 'status.title', { game: gameName(record, language), id: record.id }), 256));
  if (record.status === 'lobby') {
    return embed.setDescription(t(language, 'status.lobby', { count: record.seats.length }));
  }
  if (record.status === 'cancelled') return embed.setColor(COLOUR.cancelled).setDescription(t(language, 'status.cancelled'));
  const view = game.publicView(record.state);
  const head: string[] = [];
  const strongTag = ` (${t(language, 'bot.level.strong')})`;
  head.push(t(language, 'status.seats', { seats: record.seats.map((s) => `${names(s.position)}${s.isBot && s.botLevel === 'strong' ? strongTag : ''}`).join(' → ') }));
  if (record.status === 'active') {
    head.push(turnLine(record, language));
    for (const d of deadlines) {
      if (d.deadlineAt) head.push(t(language, 'status.deadline', { player: names(d.seat), at: discordTime(d.deadlineAt, 'f'), in: discordTime(d.deadlineAt, 'R') }));
      else head.push(t(language, 'status.noDeadline', { player: names(d.seat) }));
    }
  } else {
    embed.setColor(COLOUR.final);
    const outcome = game.outcome(record.state);
    if (outcome) head.push('', `**${t(language, 'status.finalRanking')}**`, ...rankingLines(outcome, language, seatNamerWithPast(record, language, 'mention')));
  }
  embed.setDescription(clip(head.join('\n'), LIMITS.embedDescription));
  // Discord shows mentions in embed text but not in field names: those get plain names.
  const plain = seatNamer(record, 'plain');
  for (const field of game.present.status(view).slice(0, LIMITS.embedFields)) {
    embed.addFields({
      name: clip(localise(language, field.name, plain), LIMITS.embedFieldName),
      value: clip(field.lines.map((l: Msg) => localise(language, l, names)).join('\n') || '—', LIMITS.embedFieldValue),
    });
  }
  return embed;
}

/** A button under the news that a bot took a seat, unless the table lets nobody take seats over. */
export function takeSeatRows(record: GameRecord, seat: number, language: Language) {
  if (record.settings.takeover === 'nobody') return [];
  return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(encodeCustomId({ kind: 'take', gameId: record.id, seat }))
      .setLabel(clip(t(language, 'ui.takeSeat', { bot: record.seats[seat]!.displayName }), LIMITS.buttonLabel))
      .setStyle(ButtonStyle.Secondary),
  )];
}
