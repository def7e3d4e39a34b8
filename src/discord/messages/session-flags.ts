/** Flag for the debrief: the button in a session table's private view and the select it opens. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder, type MessageActionRowComponentBuilder } from 'discord.js';
import type { Flaggable, Seat } from '../../engine/index.js';
import { localise, t, type Language } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import { encodeCustomId } from './custom-id.js';
import { LIMITS, clip } from './limits.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** What a seat may flag now: only at a running table of a session. */
export function flaggableOf(record: GameRecord, seat: Seat): Flaggable[] {
  if (!record.sessionId || record.status !== 'active' || record.state === null) return [];
  const game = gameOf(record);
  return game.flaggable(game.seatView(record.state, seat));
}

/** Adds Flag for the debrief to a private view's controls, where a row still has room. */
export function withFlagButton(components: Row[], record: GameRecord, seat: Seat, language: Language): void {
  if (flaggableOf(record, seat).length === 0) return;
  const button = new ButtonBuilder().setCustomId(encodeCustomId({ kind: 'flag', gameId: record.id })).setLabel(t(language, 'session.flag.button')).setStyle(ButtonStyle.Secondary).setEmoji('🚩');
  const last = components.at(-1);
  if (last && last.components.length < LIMITS.buttonsPerRow && !last.components.some((c) => c instanceof StringSelectMenuBuilder)) last.addComponents(button);
  else if (components.length < LIMITS.actionRows) components.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button));
}

/** The select of what the seat may flag (at most 25, the newest last). */
export function flagSelect(record: GameRecord, items: Flaggable[], language: Language) {
  const options = items.slice(-LIMITS.selectOptions).map((item) => ({ label: clip(localise(language, item.label), LIMITS.selectOptionLabel), value: item.id }));
  return {
    components: [
      new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new StringSelectMenuBuilder().setCustomId(encodeCustomId({ kind: 'flag-pick', gameId: record.id })).setPlaceholder(t(language, 'session.flag.placeholder')).addOptions(options),
      ),
    ],
  };
}
