/**
 * The one timer of the bot: it sleeps until the next reminder or deadline stored in SQLite,
 * then acts on everything that fell due (also what fell due while the bot was down: once, with
 * no burst of stale pings), and sleeps again. Time comes from an injectable clock, so tests run
 * days of game time in milliseconds.
 */
import type { Logger } from '../logger.js';
import type { GameStore } from '../store/game-store.js';
import type { Tables } from './tables.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** setTimeout cannot wait longer than this. */
const MAX_SLEEP_MS = 2 ** 31 - 1;
/** Clocks handled per wake-up; more wait for the next one, a moment later. */
const BATCH = 100;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt: number | null = null;
  private stopped = false;
  private ticking: Promise<number> | null = null;

  constructor(
    private readonly store: GameStore,
    private readonly tables: Tables,
    private readonly logger: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  start(): void {
    this.poke();
  }

  /** Something changed who must act: sleep until the (possibly new) next due time. */
  poke(): void {
    if (this.stopped) return;
    const next = this.store.nextDue();
    if (!next) return this.sleep(null);
    const at = next.getTime();
    if (this.wakeAt !== null && this.wakeAt <= at && this.timer) return;
    this.sleep(at);
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

  private async run(): Promise<number> {
    let handled = 0;
    for (const due of this.store.dueClocks(BATCH)) {
      if (this.stopped) break;
      try {
        if (due.kind === 'deadline') this.tables.playForDeadline(due.gameId, due.seat);
        else if (this.store.remind(due.gameId, due.seat)) this.tables.afterChange(this.store.get(due.gameId)!, false);
        handled++;
      } catch (error) {
        this.logger.error({ err: error, gameId: due.gameId, seat: due.seat, kind: due.kind }, 'clock action failed');
        this.store.stopClock(due.gameId, due.seat, due.kind);
      }
    }
    // A seat request nobody answered in time: its message loses Accept / Refuse.
    for (const request of this.store.expireSeatRequests(BATCH)) {
      this.tables.seatRequestExpired(request);
      handled++;
    }
    this.wakeAt = null;
    this.poke();
    return handled;
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
