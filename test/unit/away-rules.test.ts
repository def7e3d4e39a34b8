/**
 * The pure rules of time off and of the last warning (src/store/clocks.ts): when a clock is held
 * and how, how a held clock restarts, when the warning falls and that it is not sent twice, which
 * due action wins for a seat, and the yearly budget of days.
 */
import { describe, expect, it } from 'vitest';
import {
  DEADLINE_GRACE_MS, STAND_IN_DELAY_MS, WARN_SHARE, comeBack, daysLeft, daysNotBegun, firstDue, freshTimes, holds, retimedTimes, takeDays, warnTime,
  type ClockTimes,
} from '../../src/store/clocks.js';
import type { GameSettings } from '../../src/store/schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date(Date.UTC(2026, 10, 2, 9));
const at = (ms: number) => new Date(now.getTime() + ms);
const table: GameSettings = { reminderMinutes: 12 * 60, deadlineMinutes: 24 * 60, pace: 'auto' };

describe('the last warning', () => {
  it(`falls at ${WARN_SHARE * 100} % of the turn's time, and only with a deadline`, () => {
    expect(warnTime(now, at(DAY))).toEqual(at(0.8 * DAY));
    expect(warnTime(now, null)).toBeNull();
    expect(freshTimes(table, false, now).warnAt).toEqual(at(0.8 * DAY));
    expect(freshTimes({ ...table, deadlineMinutes: 0 }, false, now).warnAt).toBeNull();
    // A person who took over a seat at a table without a deadline gets one, and its warning.
    expect(freshTimes({ ...table, deadlineMinutes: 0 }, true, now).warnAt).toEqual(at(0.8 * DAY));
  });

  it('is not sent twice when settings change, unless the deadline moves further away', () => {
    const running = freshTimes(table, false, now);
    const warned: ClockTimes = { ...running, warnAt: null };
    // 20 h in, warning sent: the same deadline sends none again.
    expect(retimedTimes(warned, table, false, at(20 * HOUR)).warnAt).toBeNull();
    // Not yet sent: it keeps its time.
    expect(retimedTimes(running, table, false, at(10 * HOUR)).warnAt).toEqual(at(0.8 * DAY));
    // A deadline three days out warns again at 80 % of it.
    expect(retimedTimes(warned, { ...table, deadlineMinutes: 3 * 24 * 60 }, false, at(20 * HOUR)).warnAt).toEqual(at(0.8 * 3 * DAY));
    // A deadline that already passed leaves grace, and a warning at once if none was sent.
    const late = retimedTimes(running, { ...table, deadlineMinutes: 60 }, false, at(30 * HOUR));
    expect(late.deadlineAt).toEqual(at(30 * HOUR + Math.min(DEADLINE_GRACE_MS, HOUR)));
    expect(late.warnAt!.getTime()).toBeLessThanOrEqual(at(30 * HOUR).getTime());
  });
});

describe('a held clock', () => {
  const until = at(5 * DAY);

  it('runs nothing but the end of the time off while its holder is away at a table that allows it', () => {
    const held = freshTimes(table, false, now, until);
    expect(held).toMatchObject({ since: now, remindAt: null, deadlineAt: null, warnAt: null, resumeAt: until, standIn: false });
    // Time off not allowed, or already over: the clock runs.
    expect(freshTimes({ ...table, timeOff: false }, false, now, until)).toMatchObject({ resumeAt: null, deadlineAt: at(DAY) });
    expect(freshTimes(table, false, now, at(-1))).toMatchObject({ resumeAt: null, deadlineAt: at(DAY) });
    expect(holds(table, null, now)).toBe(false);
  });

  it("lets the seat's bot play shortly where the table says so, with no warning", () => {
    const held = freshTimes({ ...table, whileAway: 'bot' }, false, now, until);
    expect(held).toMatchObject({ remindAt: null, warnAt: null, deadlineAt: at(STAND_IN_DELAY_MS), resumeAt: until, standIn: true });
  });

  it('restarts afresh from the moment it is no longer held, and follows a change of what the table does', () => {
    const held = freshTimes(table, false, now, until);
    const later = at(2 * DAY);
    // Time off refused from now on: the clock restarts with a full turn.
    expect(retimedTimes(held, { ...table, timeOff: false }, false, later, until)).toMatchObject({ since: later, resumeAt: null, deadlineAt: new Date(later.getTime() + DAY), remindAt: new Date(later.getTime() + 12 * HOUR) });
    // Still held the same way: nothing changes; the bot now plays: a stand-in.
    expect(retimedTimes(held, table, false, later, until)).toEqual({});
    expect(retimedTimes(held, { ...table, whileAway: 'bot' }, false, later, until)).toMatchObject({ standIn: true, deadlineAt: new Date(later.getTime() + STAND_IN_DELAY_MS) });
    // A running clock whose holder just went away is held.
    expect(retimedTimes(freshTimes(table, false, now), table, false, later, until)).toMatchObject({ deadlineAt: null, resumeAt: until });
  });
});

describe('due clocks', () => {
  it('do one thing per seat: the end of a time off, then a deadline, then the warning, then a reminder', () => {
    const c = (gameId: number, seat: number) => ({ gameId, seat });
    const due = firstDue({ resume: [c(1, 0)], deadline: [c(1, 0), c(1, 1)], warning: [c(1, 1), c(2, 0)], reminder: [c(2, 0), c(2, 1)] });
    expect(due).toEqual([
      { gameId: 1, seat: 0, kind: 'resume' },
      { gameId: 1, seat: 1, kind: 'deadline' },
      { gameId: 2, seat: 0, kind: 'warning' },
      { gameId: 2, seat: 1, kind: 'reminder' },
    ]);
  });
});

describe('the yearly budget', () => {
  it('counts whole days when taken, per calendar year (UTC)', () => {
    const row = takeDays(null, now, 5);
    expect(row).toMatchObject({ awayFrom: now, awayUntil: at(5 * DAY), awayYear: 2026, awayDaysUsed: 5 });
    expect(daysLeft(row, now, 30)).toBe(25);
    // A new year starts a new budget.
    expect(daysLeft(row, new Date(Date.UTC(2027, 0, 1)), 30)).toBe(30);
    expect(takeDays(row, new Date(Date.UTC(2027, 0, 1)), 3).awayDaysUsed).toBe(3);
    expect(daysLeft({ awayYear: 2026, awayDaysUsed: 40 }, now, 30)).toBe(0);
  });

  it('gives back the whole days not begun when coming back early', () => {
    const row = takeDays(null, now, 5);
    expect(daysNotBegun(at(5 * DAY), at(1.5 * DAY))).toBe(3);
    expect(comeBack(row, at(1.5 * DAY))).toEqual({ awayFrom: null, awayUntil: null, awayYear: 2026, awayDaysUsed: 2 });
    // Back within the first hour: only the day begun counts.
    expect(comeBack(row, at(HOUR)).awayDaysUsed).toBe(1);
    // Back after the end: nothing to give back.
    expect(comeBack(row, at(6 * DAY)).awayDaysUsed).toBe(5);
  });
});
