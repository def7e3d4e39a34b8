/**
 * When a person's daily digest falls: a whole local hour at their offset from UTC. Pure, so the
 * rule is tested alone and the store, the command and the scheduler agree on it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Offsets in use on Earth run from −12:00 to +14:00, in quarters of an hour. */
const MIN_OFFSET = -12 * 60;
const MAX_OFFSET = 14 * 60;

/**
 * Reads an offset from UTC as people write it ("+2", "-5", "+5:30", "UTC+1", "0"), in minutes;
 * null when it is not one.
 */
export function parseUtcOffset(text: string): number | null {
  const m = /^(?:utc|gmt)?\s*([+\-−]?)\s*(\d{1,2})(?:[:h.]?(\d{2}))?$/i.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = m[3] === undefined ? 0 : Number(m[3]);
  if (minutes % 15 !== 0 || minutes >= 60) return null;
  const total = (m[1] === '-' || m[1] === '−' ? -1 : 1) * (hours * 60 + minutes);
  return total >= MIN_OFFSET && total <= MAX_OFFSET ? total : null;
}

/** "+2", "−5", "+5:30": an offset as the bot shows it back. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The first moment strictly after `after` when the local time (UTC + offset) is `hour`:00. */
export function nextDigestAt(after: Date, hour: number, offsetMinutes: number): Date {
  const local = after.getTime() + offsetMinutes * MINUTE;
  let at = Math.floor(local / DAY) * DAY + hour * HOUR;
  if (at <= local) at += DAY;
  return new Date(at - offsetMinutes * MINUTE);
}

/**
 * The digest after one due at `due` that ran at `now`: whole days from the due time, so a late
 * wake-up never shifts the hour, and days missed while the bot was down give one digest.
 */
export function followingDigest(due: Date, now: Date): Date {
  const days = Math.max(1, Math.floor((now.getTime() - due.getTime()) / DAY) + 1);
  return new Date(due.getTime() + days * DAY);
}
