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

// ---------------------------------------------------------------- the last warning

/** The last warning before a deadline falls at this share of the turn's time. */
export const WARN_SHARE = 0.8;

/** When a turn that began at `since` and runs out at `deadlineAt` gets its last warning. */
export function warnTime(since: Date, deadlineAt: Date | null): Date | null {
  if (!deadlineAt) return null;
  return new Date(since.getTime() + Math.floor((deadlineAt.getTime() - since.getTime()) * WARN_SHARE));
}

// ---------------------------------------------------------------- time off

/** A seat's bot standing in for its away holder plays after this pause, as a person would. */
export const STAND_IN_DELAY_MS = 60_000;

const DAY = 24 * 60 * MINUTE;

/** A clock's times, as its row holds them. */
export interface ClockTimes {
  since: Date;
  reminders: number;
  remindAt: Date | null;
  deadlineAt: Date | null;
  warnAt: Date | null;
  resumeAt: Date | null;
  standIn: boolean;
  snoozed: boolean;
}

/** Whether a seat's clock is held: its holder is away and this table allows time off. */
export function holds(settings: GameSettings, awayUntil: Date | null | undefined, now: Date): awayUntil is Date {
  return !!awayUntil && awayUntil > now && timeOffAllowed(settings);
}

/**
 * A held clock: no reminder, no warning, no deadline, until the time off ends. At a table whose
 * bot plays for away players, the seat's bot plays shortly instead (`standIn`: no time-out counted).
 */
export function heldTimes(settings: GameSettings, awayUntil: Date, now: Date): Pick<ClockTimes, 'remindAt' | 'deadlineAt' | 'warnAt' | 'resumeAt' | 'standIn'> {
  const bot = whileAway(settings) === 'bot';
  return { remindAt: null, deadlineAt: bot ? new Date(now.getTime() + STAND_IN_DELAY_MS) : null, warnAt: null, resumeAt: awayUntil, standIn: bot };
}

/** A clock that starts now: held while its holder is away, else reminders, warning and deadline counted from now. */
export function freshTimes(settings: GameSettings, takenOver: boolean, now: Date, awayUntil: Date | null = null): ClockTimes {
  if (holds(settings, awayUntil, now)) return { since: now, reminders: 0, snoozed: false, ...heldTimes(settings, awayUntil, now) };
  const minutes = deadlineMinutes(settings, takenOver);
  const deadlineAt = minutes > 0 ? new Date(now.getTime() + minutes * MINUTE) : null;
  return {
    since: now,
    reminders: 0,
    remindAt: nextReminder(settings, now, 0, now)?.at ?? null,
    deadlineAt,
    warnAt: warnTime(now, deadlineAt),
    resumeAt: null,
    standIn: false,
    snoozed: false,
  };
}

/**
 * A clock under new settings (or a holder's new time off): held or not as they now say; a clock
 * no longer held restarts afresh; a running one keeps its turn's start, its next reminder is the
 * first point of the new schedule still ahead, its deadline leaves some grace when already
 * passed, and its warning is not sent twice unless the deadline moved further away.
 */
export function retimedTimes(row: ClockTimes, settings: GameSettings, takenOver: boolean, now: Date, awayUntil: Date | null = null): Partial<ClockTimes> {
  if (holds(settings, awayUntil, now)) {
    // Already held this way: a stand-in keeps its pause.
    if (row.resumeAt?.getTime() === awayUntil.getTime() && row.standIn === (whileAway(settings) === 'bot')) return {};
    return heldTimes(settings, awayUntil, now);
  }
  if (row.resumeAt) return freshTimes(settings, takenOver, now);
  const next = nextReminder(settings, row.since, 0, now);
  const minutes = deadlineMinutes(settings, takenOver);
  const deadlineAt = minutes > 0
    ? new Date(Math.max(row.since.getTime() + minutes * MINUTE, now.getTime() + Math.min(DEADLINE_GRACE_MS, minutes * MINUTE)))
    : null;
  const warnAt = warnTime(row.since, deadlineAt);
  // A clock with a deadline and no warning left has had its warning.
  const warned = row.deadlineAt !== null && row.warnAt === null;
  return { reminders: next ? next.n - 1 : MAX_REMINDERS, remindAt: next?.at ?? null, deadlineAt, warnAt: warned && warnAt && warnAt <= now ? null : warnAt };
}

/** What a clock must do now; one per seat, the first of these that is due. */
export type DueKind = 'resume' | 'deadline' | 'warning' | 'reminder';
export const DUE_ORDER: readonly DueKind[] = ['resume', 'deadline', 'warning', 'reminder'];

/** One action per seat: the end of a time off first, then a deadline, then a warning, then a reminder. */
export function firstDue<T extends { gameId: number; seat: number }>(found: Record<DueKind, readonly T[]>): (T & { kind: DueKind })[] {
  const taken = new Set<string>();
  const out: (T & { kind: DueKind })[] = [];
  for (const kind of DUE_ORDER) {
    for (const c of found[kind]) {
      const key = `${c.gameId}:${c.seat}`;
      if (taken.has(key)) continue;
      taken.add(key);
      out.push({ ...c, kind });
    }
  }
  return out;
}

/** A person's time-off budget, counted per calendar year (UTC) in whole days when taken. */
export interface AwayRow {
  awayFrom: Date | null;
  awayUntil: Date | null;
  awayYear: number | null;
  awayDaysUsed: number;
}

/** Whether a person is away now (the end of a time off needs no write to take effect). */
export function awayNow(row: Pick<AwayRow, 'awayUntil'> | null | undefined, now: Date): Date | null {
  return row?.awayUntil && row.awayUntil > now ? row.awayUntil : null;
}

/** Days of time off taken this calendar year (UTC). */
export function daysUsed(row: Pick<AwayRow, 'awayYear' | 'awayDaysUsed'> | null | undefined, now: Date): number {
  return row && row.awayYear === now.getUTCFullYear() ? row.awayDaysUsed : 0;
}

export function daysLeft(row: Pick<AwayRow, 'awayYear' | 'awayDaysUsed'> | null | undefined, now: Date, perYear: number): number {
  return Math.max(0, perYear - daysUsed(row, now));
}

/** Whole days of a time off not yet begun: what coming back early gives back. */
export function daysNotBegun(until: Date, now: Date): number {
  return Math.max(0, Math.floor((until.getTime() - now.getTime()) / DAY));
}

/** The row of a time off of `days` whole days from now, counted against this year's budget. */
export function takeDays(row: Pick<AwayRow, 'awayYear' | 'awayDaysUsed'> | null | undefined, now: Date, days: number): AwayRow {
  return { awayFrom: now, awayUntil: new Date(now.getTime() + days * DAY), awayYear: now.getUTCFullYear(), awayDaysUsed: daysUsed(row, now) + days };
}

/** The row after coming back at `now`: the days not begun go back to the budget of the year they were taken in. */
export function comeBack(row: AwayRow, now: Date): AwayRow {
  const back = row.awayUntil ? daysNotBegun(row.awayUntil, now) : 0;
  return { awayFrom: null, awayUntil: null, awayYear: row.awayYear, awayDaysUsed: Math.max(0, row.awayDaysUsed - back) };
}
