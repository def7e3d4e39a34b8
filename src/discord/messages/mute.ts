/** "Mute this table" / "Unmute" in a seat's private view: the seat's pings, DMs and reminders stop (mentions.ts). */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Seat } from '../../engine/index.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { LIMITS } from './limits.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** Adds the button to the last row when it has room, else in a row of its own when one is left. */
export function withMuteButton(components: Row[], record: GameRecord, seat: Seat, language: Language): void {
  const holder = record.seats[seat];
  if (record.status !== 'active' || !holder || holder.isBot) return;
  const muted = !!holder.muted;
  const button = new ButtonBuilder()
    .setCustomId(encodeCustomId({ kind: 'mute', gameId: record.id, on: !muted }))
    .setLabel(t(language, muted ? 'mute.off' : 'mute.on'))
    .setStyle(ButtonStyle.Secondary);
  const last = components.at(-1);
  if (last && last.components.length < LIMITS.buttonsPerRow && last.components.every((c) => c instanceof ButtonBuilder)) last.addComponents(button);
  else if (components.length < LIMITS.actionRows) components.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button));
}
