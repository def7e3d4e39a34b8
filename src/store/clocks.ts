/**
 * The rules of turn clocks: a table's settings and their choices, when reminders fall due, how
 * long a turn may last. The clocks themselves are rows (`rows/clocks.ts`).
 */
import type { GameSettings } from './schema.js';

// Hints, undo, time off and what happens while away stay absent unless a table changes them,
// so older rows and settings compare unchanged.
export const DEFAULT_SETTINGS: Required<Omit<GameSettings, 'hints' | 'undo' | 'timeOff' | 'whileAway'>> & GameSettings = { reminderMinutes: 12 * 60, deadlineMinutes: 0, pace: 'auto', takeover: 'host' };

/** The choices offered for each setting, in minutes (0 = off). */
export const REMINDER_CHOICES = [0, 60, 240, 720, 1440] as const;
export const DEADLINE_CHOICES = [0, 1440, 2880, 4320, 10080] as const;
export const PACE_CHOICES = ['auto', 'live', 'relaxed'] as const;
export const TAKEOVER_CHOICES = ['host', 'anyone', 'nobody'] as const;
export const UNDO_CHOICES = ['on', 'off'] as const;
export const TIME_OFF_CHOICES = ['allowed', 'off'] as const;
export const WHILE_AWAY_CHOICES = ['wait', 'bot'] as const;

/** A table's choices that an absent key leaves at their default. */
export const undoOn = (settings: GameSettings): boolean => settings.undo !== false;
export const timeOffAllowed = (settings: GameSettings): boolean => settings.timeOff !== false;
export const whileAway = (settings: GameSettings): 'wait' | 'bot' => settings.whileAway ?? 'wait';

/** Unanswered reminders of one turn: each waits twice as long as the one before, then they stop. */
export const MAX_REMINDERS = 4;
/** Turns in a row played for a seat by its deadline before a bot takes the seat for good. */
export const MAX_TIMEOUTS = 3;
/** A deadline set or shortened mid-turn still leaves the pending player this long. */
export const DEADLINE_GRACE_MS = 60 * 60_000;

/** A person who took over a seat at a table with no deadline still gets this long per turn. */
export const TAKER_DEADLINE_MINUTES = 24 * 60;

/** How long a request to take over a seat waits for the host's answer. */
export const SEAT_REQUEST_MINUTES = 6 * 60;

const MINUTE = 60_000;

/** The deadline a seat's turns run under: a taker at a table without one gets the default. */
export function deadlineMinutes(settings: GameSettings, takenOver: boolean): number {
  return settings.deadlineMinutes > 0 ? settings.deadlineMinutes : takenOver ? TAKER_DEADLINE_MINUTES : 0;
}

/**
 * When the n-th reminder of a turn falls due (n = 1..MAX_REMINDERS), counted from when the turn
 * began: after one interval, then each waits twice as long as the one before (1, 3, 7, 15 × it).
 */
export function reminderOffset(settings: GameSettings, n: number): number | null {
  if (settings.reminderMinutes <= 0 || n < 1 || n > MAX_REMINDERS) return null;
  return settings.reminderMinutes * MINUTE * (2 ** n - 1);
}

/**
 * The next reminder of a turn that began at `since`: the first point of its schedule after
 * `after` and after reminder `done`. Returns its number, or null when the turn has no more.
 */
export function nextReminder(settings: GameSettings, since: Date, done: number, after: Date): { n: number; at: Date } | null {
  for (let n = done + 1; n <= MAX_REMINDERS; n++) {
    const offset = reminderOffset(settings, n);
    if (offset === null) return null;
    const at = since.getTime() + offset;
    if (at > after.getTime()) return { n, at: new Date(at) };
  }
  return null;
}
