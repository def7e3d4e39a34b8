/** A class session's messages: the session post (Join a table), a table's intro, the facilitator's panel, the debrief. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Seat } from '../../engine/index.js';
import { gameById } from '../../catalog.js';
import { languageOf, localise, t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import { IDLE_MINUTES, sessionDebrief, tableStates, type SessionPlayer, type SessionTables } from '../../store/session-model.js';
import { seatsPerTable, type SessionRow } from '../../store/session-store.js';
import { COLOUR } from './board.js';
import { encodeCustomId, type SessionAction } from './custom-id.js';
import { LIMITS, clip } from './limits.js';
import { settingsLines } from './settings-text.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export function sessionLanguage(session: Pick<SessionRow, 'language'>): Language {
  return languageOf(session.language);
}

export function sessionGameName(session: Pick<SessionRow, 'gameType'>, language: Language): string {
  const game = gameById(session.gameType);
  return game ? t(language, game.nameKey) : session.gameType;
}

/** A player's name as a session shows it: a pseudonym in an anonymous session. */
export function playerName(player: SessionPlayer, language: Language): string {
  if (player.name !== null) return player.name;
  const pseudonym = t(language, 'session.pseudonym', { table: player.table, seat: player.seat + 1 });
  return player.isBot ? `${pseudonym} ${t(language, 'session.botTag')}` : pseudonym;
}

/** The public session post: every table with who sits there, Join a table and the table select. */
export function sessionMessage(session: SessionRow, tables: GameRecord[]) {
  const language = sessionLanguage(session);
  const max = seatsPerTable(session);
  const lines = [t(language, 'session.intro', { count: tables.length }), t(language, `session.state.${session.status}`), ''];
  for (const table of tables) {
    const names = session.anonymous ? [] : table.seats.map((s) => s.displayName);
    lines.push(t(language, 'session.tableLine', { table: table.tableNumber, count: table.seats.length, max, players: names.join(', ') || (table.seats.length ? '…' : t(language, 'session.nobodyYet')) }) + ` <#${table.channelId}>`);
  }
  const embed = new EmbedBuilder().setColor(COLOUR.lobby)
    .setTitle(clip(t(language, 'session.title', { game: sessionGameName(session, language) }), LIMITS.embedFieldName))
    .setDescription(clip(lines.join('\n'), LIMITS.embedDescription));
  const open = session.status === 'open';
  const components: Row[] = open
    ? [
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'session', sessionId: session.id, action: 'join' })).setLabel(t(language, 'session.join')).setStyle(ButtonStyle.Primary),
        ),
        new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
          new StringSelectMenuBuilder().setCustomId(encodeCustomId({ kind: 'session-table', sessionId: session.id })).setPlaceholder(t(language, 'session.pick'))
            .addOptions(tables.slice(0, LIMITS.selectOptions).map((table) => ({
              label: t(language, 'session.tableOption', { table: table.tableNumber }),
              description: t(language, 'session.tableDetail', { count: table.seats.length, max }),
              value: String(table.tableNumber),
            }))),
        ),
      ]
    : [];
  return { content: '', embeds: [embed], components, allowedMentions: { parse: [] as never[] } };
}

/** The first message of a table's thread. */
export function tableIntro(session: SessionRow, table: number) {
  const language = sessionLanguage(session);
  // Every table has the session's settings: shown here as a lobby shows its own.
  const settings = settingsLines(language, session.settings).map((l) => `• ${l}`);
  return { content: clip([t(language, 'session.tableIntro', { table }), '', t(language, 'lobby.settings'), ...settings].join('\n'), LIMITS.contentLength), allowedMentions: { parse: [] as never[] } };
}

const ACTIONS: { action: SessionAction; style: ButtonStyle; when: SessionRow['status'][] }[] = [
  { action: 'start', style: ButtonStyle.Success, when: ['open', 'running'] },
  { action: 'pause', style: ButtonStyle.Secondary, when: ['running'] },
  { action: 'resume', style: ButtonStyle.Primary, when: ['paused'] },
  { action: 'end', style: ButtonStyle.Danger, when: ['open', 'running', 'paused'] },
  { action: 'debrief', style: ButtonStyle.Secondary, when: ['running', 'paused', 'ended'] },
  { action: 'export', style: ButtonStyle.Secondary, when: ['open', 'running', 'paused', 'ended'] },
];

/** The facilitator's panel: the session's state, each table's, the buttons, and the class screen's link when pages are on. */
export function panelMessage(snapshot: SessionTables, language: Language, now: Date, screenUrl: string | null = null) {
  const { session } = snapshot;
  const embed = new EmbedBuilder().setColor(COLOUR.board)
    .setTitle(clip(t(language, 'session.panel.title', { id: session.id, game: sessionGameName(session, language) }), LIMITS.embedFieldName))
    .setDescription(t(language, `session.state.${session.status}`));
  for (const state of tableStates(snapshot, now).slice(0, LIMITS.embedFields)) {
    const name = (seat: Seat) => {
      const player = state.players[seat];
      return player ? playerName(player, language) : '?';
    };
    const lines: string[] = [];
    if (state.status === 'lobby') lines.push(t(language, 'session.panel.lobby', { count: state.players.filter((p) => !p.isBot).length }));
    else if (state.status === 'cancelled') lines.push(t(language, 'session.panel.cancelled'));
    else if (state.status === 'finished') lines.push(t(language, state.stoppedEarly ? 'session.panel.stoppedEarly' : 'session.panel.finished'));
    else lines.push(t(language, 'session.panel.active', { count: state.moves, players: state.pending.map(name).join(', ') || t(language, 'session.panel.nobody') }));
    if (state.lastMoveAt && state.status === 'active') lines.push(t(language, 'session.panel.lastMove', { time: Math.floor(state.lastMoveAt.getTime() / 1000) }));
    if (state.idle.length) lines.push(t(language, 'session.panel.idle', { count: IDLE_MINUTES, players: state.idle.map(name).join(', ') }));
    const title = `${t(language, 'session.debrief.table', { table: state.table })}${state.paused ? ` · ${t(language, 'session.panel.pausedTag')}` : ''}`;
    embed.addFields({ name: clip(title, LIMITS.embedFieldName), value: clip(`<#${state.channelId}>\n${lines.join('\n')}`, LIMITS.embedFieldValue) });
  }
  const buttons = ACTIONS.map(({ action, style, when }) =>
    new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'session', sessionId: session.id, action })).setLabel(t(language, `session.panel.${action}`)).setStyle(style).setDisabled(!when.includes(session.status)));
  const rows: Row[] = [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(...buttons.slice(0, 4)),
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      ...buttons.slice(4),
      ...(screenUrl ? [new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(screenUrl).setLabel(clip(t(language, 'session.panel.screen'), LIMITS.buttonLabel))] : []),
    ),
  ];
  return { embeds: [embed], components: rows, allowedMentions: { parse: [] as never[] } };
}

/** The debrief post: per table the ranking and key numbers, then the most flagged cards and the lines to discuss. */
export function debriefMessage(snapshot: SessionTables) {
  const { session } = snapshot;
  const language = sessionLanguage(session);
  const model = sessionDebrief(snapshot);
  const tablesEmbed = new EmbedBuilder().setColor(COLOUR.final)
    .setTitle(clip(t(language, 'session.debrief.title', { game: sessionGameName(session, language), id: session.id }), LIMITS.embedFieldName));
  if (model.tables.length === 0) tablesEmbed.setDescription(t(language, 'session.debrief.none'));
  // Six thousand characters for all embeds together: each table gets its share.
  const share = Math.min(LIMITS.embedFieldValue, Math.floor(3_500 / Math.max(1, model.tables.length)));
  for (const table of model.tables.slice(0, LIMITS.embedFields)) {
    const namer = (seat: Seat) => (table.players[seat] ? playerName(table.players[seat], language) : '?');
    const lines = table.outcome.standings.map((s) => {
      const numbers = table.debrief.seats.find((d) => d.seat === s.seat)?.numbers ?? [];
      const extra = numbers.map((n) => `${localise(language, n.label, namer)}${language === 'fr' ? '\u00a0' : ''}: ${n.value}`).join(' · ');
      return t(language, 'session.debrief.rankLine', { rank: s.rank, player: namer(s.seat), score: s.score }) + (extra ? ` (${extra})` : '');
    });
    const tag = table.stoppedEarly ? t(language, 'session.debrief.stoppedEarly') : table.final ? '' : t(language, 'session.debrief.asItStands');
    tablesEmbed.addFields({ name: clip(`${t(language, 'session.debrief.table', { table: table.table })}${tag ? ` — ${tag}` : ''}`, LIMITS.embedFieldName), value: clip(lines.join('\n') || '—', share) });
  }
  const talk: string[] = [`**${t(language, 'session.debrief.flagged')}**`];
  if (model.flagged.length === 0) talk.push(t(language, 'session.debrief.noFlags'));
  for (const f of model.flagged) {
    talk.push(`• ${t(language, 'session.debrief.flaggedLine', { count: f.count, label: f.text ? localise(language, f.text.label) : f.item, text: f.text ? localise(language, f.text.text) : '' })}`);
  }
  const discussion = model.lines.filter((l) => l.lines.length > 0);
  if (discussion.length) talk.push('', `**${t(language, 'session.debrief.discussion')}**`);
  for (const table of discussion) {
    const players = model.tables.find((x) => x.table === table.table)?.players ?? [];
    const namer = (seat: Seat) => (players[seat] ? playerName(players[seat], language) : '?');
    talk.push(`__${t(language, 'session.debrief.table', { table: table.table })}__`, ...table.lines.map((m) => `• ${localise(language, m, namer)}`));
  }
  const talkEmbed = new EmbedBuilder().setColor(COLOUR.final).setDescription(clip(talk.join('\n'), 2_000));
  return { embeds: [tablesEmbed, talkEmbed], allowedMentions: { parse: [] as never[] } };
}
