/** What each image is drawn from (a view, never a state), its post's frozen payload, and its alt text. */
import { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import type { LogEvent, Msg, Seat } from '../../engine/index.js';
import type { PostPayload } from '../../store/schema.js';
import { localise, t, type Language } from '../../i18n/index.js';
import { gameOf, type GameRecord } from '../../store/game-store.js';
import type { ImageJob } from '../runtime/images.js';
import { LIMITS, fitLines } from './limits.js';
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
  // Whole lines only: alt text is built to fit, and a cut line would read as a false fact.
  const alt = description ? fitLines(description, LIMITS.altText) : '';
  return [new AttachmentBuilder(png, alt ? { name, description: alt } : { name })];
}

/** One /status field in words: whose it is (a player's, or the table's), its name and its facts. */
interface AltField {
  seat: Seat | null;
  name: string;
  facts: string[];
  /** The fact a player line always shows: the score, else the field's first line. */
  main: number;
}

function seatOfField(name: Msg): Seat | null {
  const arg = name.args?.seat;
  return arg && typeof arg === 'object' && !Array.isArray(arg) && 'seat' in arg ? arg.seat : null;
}

function mainFact(lines: readonly Msg[]): number {
  const score = lines.findIndex((l) => /\.score\w*$/.test(l.key));
  return score >= 0 ? score : 0;
}

/**
 * The image's alt text, in the game's language, never over Discord's limit and never cut: the
 * title, whose turn it is, one line per player (name and score, or the game's first public
 * figure), then the table's facts and the players' other facts, each whole, while they fit.
 */
export function altText(record: GameRecord, post: PostPayload, language: Language): string {
  const game = gameOf(record);
  const plain = seatNamer(record, 'plain');
  // Markdown has no place in alt text.
  const say = (m: Msg) => localise(language, m, plain).replace(/\*\*/g, '');
  const fields: AltField[] = game.present.status(post.view).map((f: { name: Msg; lines: Msg[] }) => ({
    seat: seatOfField(f.name),
    name: say(f.name),
    facts: f.lines.map(say),
    main: mainFact(f.lines),
  }));
  const players = fields.filter((f) => f.seat !== null);
  const tables = fields.filter((f) => f.seat === null);
  const separator = t(language, 'board.altSeparator');
  const line = (name: string, facts: readonly string[]) => (facts.length ? t(language, 'board.altFact', { name, facts: facts.join(separator) }) : name);

  const title = `${t(language, 'board.title', { game: gameName(record, language), id: record.id })}.`;
  let head = post.over ? t(language, 'board.over') : turnLineFor(record, post.pending, language, 'plain');
  // Which facts each field shows, by index: every player's main one to start with.
  const shown = new Map<AltField, number[]>(fields.map((f) => [f, f.seat !== null && f.facts.length ? [f.main] : []]));
  const render = () =>
    [
      title,
      head,
      ...players.map((f) => line(f.name, shown.get(f)!.map((i) => f.facts[i]!))),
      ...tables.filter((f) => shown.get(f)!.length).map((f) => line(f.name, shown.get(f)!.map((i) => f.facts[i]!))),
    ]
      .join('\n')
      .replace(/\*\*/g, '');

  const limit = LIMITS.altText;
  // Far longer names than Discord allows could crowd out the core: a shorter turn line, then bare names.
  if (render().length > limit && !post.over && post.pending.length > 1) head = t(language, 'board.waitingForCount', { count: post.pending.length });
  if (render().length > limit) for (const f of players) shown.set(f, []);
  if (render().length > limit) return fitLines(render(), limit);

  // Further facts, each whole, while they fit: the table's first, then the players' others in
  // rounds (everyone's second fact before anyone's third), so no player is described at length alone.
  const others = players.map((f) => f.facts.map((_, i) => i).filter((i) => i !== f.main));
  const rounds = Math.max(0, ...others.map((o) => o.length));
  const further: (readonly [AltField, number])[] = tables.flatMap((f) => f.facts.map((_, i) => [f, i] as const));
  for (let r = 0; r < rounds; r++) players.forEach((f, p) => others[p]![r] !== undefined && further.push([f, others[p]![r]!]));
  for (const [field, index] of further) {
    const kept = shown.get(field)!;
    kept.push(index);
    if (render().length > limit) {
      kept.pop();
      break;
    }
  }
  return render();
}
