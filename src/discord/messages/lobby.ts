/** The lobby message, its bot-level buttons, and the messages about seats taken over during play. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Seat } from '../../engine/index.js';
import { hasKey, t, type Language } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { LIMITS, clip } from './limits.js';
import { settingsLines } from './settings-text.js';
import { withWatchLink } from './web-link.js';
import { gameLanguage, gameName, seatNamer } from './names.js';
import { COLOUR } from './board.js';
import { awayTag, type AwayMap } from './away.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

// ---------------------------------------------------------------- lobby

/** `away`: people on time off (`GameStore.awayOf`): their seats say until when. */
export function lobbyMessage(record: GameRecord, away?: AwayMap) {
  const language = gameLanguage(record);
  const game = gameOf(record);
  const parsed = game.parseOptions(record.options);
  const { min, max } = game.players(parsed.ok ? parsed.options : record.options);
  const names = seatNamer(record, 'mention');
  const seatLines = record.seats.map((s) => {
    const botTag = s.isBot ? t(language, 'lobby.botLevelTag', { level: t(language, `bot.level.${s.botLevel ?? 'standard'}`) }) : '';
    const tags = [botTag, s.userId === record.creatorId ? t(language, 'lobby.hostTag') : '', awayTag(record, s.position, away, language).trim()].filter(Boolean);
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
export function botLevelRow(record: GameRecord, language: Language): Row[] {
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

/** A seat request's message once it is answered or expired: one line, no buttons. */
export function seatRequestEndedMessage(record: GameRecord, request: { userId: string; seat: Seat; status: string; decidedBy: string | null }) {
  const language = gameLanguage(record);
  const key = request.status === 'accepted' ? 'game.seatRequestAccepted' : request.status === 'refused' ? 'game.seatRequestRefused' : 'game.seatRequestExpired';
  // The seat's holder may have changed since: the bot named is the one the request was about.
  const bot = record.holders?.filter((h) => h.seat === request.seat && h.isBot).at(-1)?.displayName ?? record.seats[request.seat]?.displayName ?? '?';
  const content = t(language, key, { user: `<@${request.userId}>`, by: request.decidedBy ? `<@${request.decidedBy}>` : '', bot, id: record.id });
  return { content, components: [], allowedMentions: { parse: [] as never[] } };
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
