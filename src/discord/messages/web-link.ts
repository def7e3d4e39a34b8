/**
 * The game's web page address, and the "Watch / replay" link button shown under the lobby, each
 * board and the final scores. Nothing is added while PUBLIC_URL is unset.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageActionRowComponentBuilder } from 'discord.js';
import { t, type Language } from '../../i18n/index.js';
import type { GameRecord, GameStore } from '../../store/game-store.js';
import { LIMITS, clip } from './limits.js';

let publicUrl: string | undefined;

/** Set once at start from PUBLIC_URL (undefined turns the links off). */
export function setPublicUrl(url: string | undefined): void {
  publicUrl = url?.replace(/\/+$/, '');
}

export function webPagesOn(): boolean {
  return publicUrl !== undefined;
}

/** The page of a game with a token, when pages are on. */
export function gamePageUrl(token: string | null | undefined): string | null {
  return publicUrl && token ? `${publicUrl}/g/${token}` : null;
}

/** The class screen of a session with a token, when pages are on. */
export function sessionPageUrl(token: string | null | undefined): string | null {
  return publicUrl && token ? `${publicUrl}/s/${token}` : null;
}

/** The class screen's address for the facilitator's panel (its token made at the first ask); null while pages are off. */
export async function classScreenUrl(store: Pick<GameStore, 'classScreens'>, sessionId: number): Promise<string | null> {
  if (!publicUrl) return null;
  return sessionPageUrl(await store.classScreens.token(sessionId));
}

function linkButton(record: GameRecord, language: Language): ButtonBuilder | null {
  const url = gamePageUrl(record.webToken);
  return url ? new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(url).setLabel(clip(t(language, 'web.button'), LIMITS.buttonLabel)) : null;
}

/** Adds the link to a row when it has room, else returns a row of its own (or nothing when off). */
export function withWatchLink(
  rows: ActionRowBuilder<MessageActionRowComponentBuilder>[],
  record: GameRecord,
  language: Language,
): ActionRowBuilder<MessageActionRowComponentBuilder>[] {
  const button = linkButton(record, language);
  if (!button) return rows;
  const last = rows[rows.length - 1];
  if (last && last.components.length < LIMITS.buttonsPerRow && last.components.every((c) => c.data.type === 2)) {
    last.addComponents(button);
    return rows;
  }
  if (rows.length >= LIMITS.actionRows) return rows;
  return [...rows, new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button)];
}
