/**
 * Reminders, the last warning before a deadline, deadlines and the end of a time off. In-process
 * (SQLite), this is the bot's one timer: it sleeps until the next of these stored in the
 * database, then acts on everything that fell due (also what fell due while the bot was down:
 * once, with no burst of stale pings), and sleeps again.
 * With a job queue (PostgreSQL), each game's next clock check is a job whose worker calls
 * `runGame`, and this class keeps no timer. Time comes from an injectable clock, so tests run
 * days of game time in milliseconds.
 */
import type { Logger } from '../../logger.js';
import type { DueClock, GameStore } from '../../store/game-store.js';
import type { GameRunner } from './runner.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** setTimeout cannot wait longer than this. */
export const MAX_SLEEP_MS = 2 ** 31 - 1;
/** Clocks handled per wake-up; more wait for the next one, a moment later. */
const BATCH = 100;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt: number | null = null;
  private stopped = false;
  private ticking: Promise<number> | null = null;

  constructor(
    private readonly store: GameStore,
    private readonly runner: GameRunner,
    private readonly logger: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  start(): void {
    this.poke();
  }

  /** Something changed who must act: sleep until the (possibly new) next due time. */
  poke(): void {
    if (this.stopped || this.runner.queued) return;
    void this.store.nextDue().then((next) => {
      if (this.stopped) return;
      if (!next) return this.sleep(null);
      const at = next.getTime();
      if (this.wakeAt !== null && this.wakeAt <= at && this.timer) return;
      this.sleep(at);
    }, (error: unknown) => this.logger.error({ err: error }, 'could not read the next due clock'));
  }

  stop(): void {
    this.stopped = true;
    this.sleep(null);
  }

  /** Acts on every clock due now. Returns how many it handled. Safe to call at any time. */
  async tick(): Promise<number> {
    // One tick at a time: a click racing a deadline is settled by the store's version check.
    while (this.ticking) await this.ticking;
    this.ticking = this.run();
    try {
      return await this.ticking;
    } finally {
      this.ticking = null;
    }
  }

  /** Acts on the clocks of one game that are due now (a clock job). Returns how many. */
  runGame(gameId: number): Promise<number> {
    return this.handle(gameId);
  }

  private async run(): Promise<number> {
    const handled = await this.handle();
    this.wakeAt = null;
    this.poke();
    return handled;
  }

  private async handle(gameId?: number): Promise<number> {
    let handled = 0;
    for (const due of await this.store.dueClocks(BATCH, gameId)) {
      if (this.stopped) break;
      try {
        await this.act(due);
        handled++;
      } catch (error) {
        this.logger.error({ err: error, gameId: due.gameId, seat: due.seat, kind: due.kind }, 'clock action failed');
        await this.store.stopClock(due.gameId, due.seat, due.kind);
      }
    }
    // A seat request nobody answered in time: its message loses Accept / Refuse.
    for (const request of await this.store.expireSeatRequests(BATCH, gameId)) {
      await this.runner.seatRequestExpired(request);
      handled++;
    }
    return handled;
  }

  /** One seat's due clock: a time off ends, a deadline plays for the seat, a warning or a reminder is posted. */
  private async act(due: DueClock): Promise<void> {
    switch (due.kind) {
      case 'resume':
        // Restarted afresh in its own transaction (which also moves a clock job); `run` sleeps anew after.
        await this.store.resumeClock(due.gameId, due.seat);
        return;
      case 'deadline':
        return this.runner.playForDeadline(due.gameId, due.seat, due.standIn ?? false);
      case 'warning':
      case 'reminder': {
        const posted = due.kind === 'warning' ? await this.store.warn(due.gameId, due.seat) : await this.store.remind(due.gameId, due.seat);
        if (posted) this.runner.afterChange((await this.store.get(due.gameId))!, false);
        return;
      }
    }
  }

  private sleep(at: number | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeAt = at;
    if (at === null || this.stopped) return;
    const wait = Math.min(Math.max(at - this.clock.now().getTime(), 0), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, wait);
    this.timer.unref();
  }
}
