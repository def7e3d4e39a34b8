/**
 * Who a post mentions and who gets a direct message, in one rule:
 * - the last warning before a deadline (`warning` in the payload) always mentions;
 * - a muted table (`seats.muted`) gets no mention and no DM from it;
 * - 'channel': a mention; 'dm': a mention and a DM; 'digest': neither (the daily DM says it);
 * - a person whose DMs Discord refused is mentioned as in 'channel', and gets no DM.
 * Whoever is not mentioned is named in bold in the turn line, never as a mention.
 */
import type { Seat } from '../../engine/index.js';
import type { SeatNamer } from '../../i18n/index.js';
import { holderAt, type GameRecord } from '../../store/game-store.js';
import type { NotifyMode, PostPayload } from '../../store/schema.js';
import { nameOf } from './names.js';

export interface Notice {
  notify: NotifyMode;
  dmClosed: boolean;
}

export interface Reach {
  /** User ids the post mentions (its `allowedMentions`). */
  mention: string[];
  /** User ids that also get a direct message. */
  dm: string[];
  /** Pending people named in bold rather than by mention. */
  quiet: ReadonlySet<string>;
}

const CHANNEL: Notice = { notify: 'channel', dmClosed: false };


/** The people whose notify choice decides a post's reach: those it pings and those it names as pending. */
export function reachUsers(record: GameRecord, post: PostPayload): string[] {
  return [...new Set([...post.ping, ...post.pending].map((seat) => humanOf(record, seat)).filter((id): id is string => !!id))];
}

export function reachOf(record: GameRecord, post: PostPayload, notices: ReadonlyMap<string, Notice>): Reach {
  const warning = post.warning === true;
  const heard = (seat: Seat) => {
    const userId = humanOf(record, seat);
    if (!userId) return null;
    const notice = notices.get(userId) ?? CHANNEL;
    const muted = !!record.seats[seat]?.muted && !warning;
    return {
      userId,
      mention: warning || (!muted && (notice.notify !== 'digest' || notice.dmClosed)),
      dm: !muted && notice.notify === 'dm' && !notice.dmClosed,
    };
  };
  const pinged = post.ping.map(heard).filter((h) => h !== null);
  const quiet = new Set(post.pending.map(heard).filter((h) => h !== null && !h.mention && !pinged.some((p) => p.userId === h.userId && p.mention)).map((h) => h!.userId));
  return { mention: pinged.filter((h) => h.mention).map((h) => h.userId), dm: pinged.filter((h) => h.dm).map((h) => h.userId), quiet };
}

/** Names humans by mention, except the quiet ones, named in bold; bots by name. */
export function mentionNamer(record: GameRecord, quiet: ReadonlySet<string> = new Set(), sequence?: number): SeatNamer {
  return (seat: Seat) => {
    const s = holderAt(record, seat, sequence);
    if (!s) return `#${seat + 1}`;
    return s.userId && quiet.has(s.userId) ? `**${s.displayName}**` : nameOf(s, 'mention');
  };
}

function humanOf(record: GameRecord, seat: Seat): string | null {
  const s = record.seats[seat];
  return s && !s.isBot ? s.userId : null;
}
