/** What each image is drawn from (a view, never a state), its post's frozen payload, and its alt text. */
import { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import type { PostPayload } from '../../store/schema.js';
import { localise, t, type Language } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import type { ImageJob } from '../runtime/images.js';
import { LIMITS, clip } from './limits.js';
import { gameLanguage, gameName, seatLabel, seatNamer, turnLineFor } from './names.js';

export function imageJob(record: GameRecord, kind: ImageJob['kind'], view: unknown, language: Language): ImageJob {
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
export function withImage(embed: EmbedBuilder, png: Buffer | null, name: string, description?: string): AttachmentBuilder[] {
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
    t(language, 'board.altFact', { name: localise(language, field.name, plain), facts: field.lines.map((l) => localise(language, l, plain)).join(t(language, 'board.altSeparator')) }),
  );
  // Markdown has no place in alt text.
  return [`${t(language, 'board.title', { game: gameName(record, language), id: record.id })}.`, head, ...facts].join('\n').replace(/\*\*/g, '');
}
