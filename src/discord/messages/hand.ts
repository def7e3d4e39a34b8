/** A seat's private view: its hand, its private lines since its last move, and its controls. */
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import { localise, t, type Language } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { decisionComponents, decisionNotes } from './decision-ui.js';
import { LIMITS, clip } from './limits.js';
import { gameName, seatNamer } from './names.js';
import { withMuteButton } from './mute.js';
import { withFlagButton } from './session-flags.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

// ---------------------------------------------------------------- private hand

export interface HandOptions {
  page?: number;
  /** Private log lines for this seat since its own last move (what it drew, who paid it). */
  privateEvents?: LogEvent[];
  /** A short notice above the hand, e.g. why a click was refused. */
  notice?: string;
  /** Offer to mute this seat's reminders for the rest of its turn. */
  snoozable?: boolean;
  /** Offer to take back this seat's last move (it may still be). */
  undoable?: boolean;
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
      // Undo takes the snooze's place: a row holds five buttons, and whoever just moved is here.
      ...(opts.snoozable && decision && !opts.undoable
        ? [new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'snooze', gameId: record.id })).setLabel(t(language, 'ui.snooze')).setStyle(ButtonStyle.Secondary)]
        : []),
      ...(opts.undoable
        ? [new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'undo', gameId: record.id, version: record.version })).setLabel(t(language, 'undo.button')).setStyle(ButtonStyle.Danger)]
        : []),
      ...(record.settings.hints && decision
        ? [new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'hint', gameId: record.id, version: record.version })).setLabel(t(language, 'ui.hint')).setStyle(ButtonStyle.Success)]
        : []),
    ),
  );
  withMuteButton(components, record, seat, language);
  withFlagButton(components, record, seat, language);
  return {
    content: clip(lines.join('\n'), LIMITS.contentLength),
    embeds: [],
    files: png ? [new AttachmentBuilder(png, { name: 'hand.png' })] : [],
    attachments: [],
    components,
    allowedMentions: { parse: [] as never[] },
  };
}
