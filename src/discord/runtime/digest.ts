/**
 * Daily digests. Each person who chose one has `digest_at`, when the next is due. Whoever
 * claims a due digest (the store moves `digest_at` on with a compare-and-set) sends it, so two
 * processes never send one twice; one due while the bot was down goes once, on the same hour.
 * SQLite: this class is the digests' one timer, asleep until the earliest `digest_at`.
 * PostgreSQL: each person's digest is a job (`jobs.ts`) whose worker calls `runUser`.
 */
import type { Client } from 'discord.js';
import type { Logger } from '../../logger.js';
import type { GameStore } from '../../store/game-store.js';
import { digestMessage } from '../messages/digest.js';
import type { GameRunner } from './runner.js';
import { sendDirect } from './notices.js';
import { MAX_SLEEP_MS, systemClock, type Clock } from './scheduler.js';

const BATCH = 100;

export class Digests {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private ticking: Promise<number> | null = null;

  constructor(
    private readonly deps: { store: GameStore; client: Client; logger: Logger; runner: GameRunner },
    private readonly clock: Clock = systemClock,
  ) {}

  start(): void {
    this.poke();
  }

  /** A /notify choice or a sent digest moved a due time: sleep until the earliest one. */
  poke(): void {
    if (this.stopped || this.deps.runner.queued) return;
    void this.deps.store.nextDigestDue().then((next) => this.sleep(next), (error: unknown) => this.deps.logger.error({ err: error }, 'could not read the next digest'));
  }

  stop(): void {
    this.stopped = true;
    this.sleep(null);
  }

  /** Sends every digest due now; returns how many went out. One tick at a time. */
  async tick(): Promise<number> {
    while (this.ticking) await this.ticking;
    this.ticking = this.runDue();
    try {
      return await this.ticking;
    } finally {
      this.ticking = null;
      this.poke();
    }
  }

  /**
   * Claims one person's digest if it is due, and sends it when games wait on them and their DMs
   * are open. Returns whether a digest went out.
   */
  async runUser(userId: string): Promise<boolean> {
    const { store, logger, runner } = this.deps;
    const claim = await store.claimDigest(userId);
    if (!claim || claim.dmClosed || claim.games.length === 0) return false;
    const first = claim.games[0]!.gameId;
    const sent = await sendDirect(this.deps, userId, first, digestMessage(claim.games, store.now(), claim.locale));
    if (sent === 'closed') {
      // The game's channel says so once: its outbox holds that line now.
      const record = await store.get(first);
      if (record) runner.afterChange(record, false);
    }
    logger.info({ userId, games: claim.games.length, sent }, 'daily digest');
    return sent === 'sent';
  }

  /** One batch; more due wait for the next tick, which the poke after this one sets at once. */
  private async runDue(): Promise<number> {
    let sent = 0;
    for (const { userId } of await this.deps.store.dueDigests(BATCH)) {
      if (this.stopped) break;
      try {
        if (await this.runUser(userId)) sent++;
      } catch (error) {
        this.deps.logger.error({ err: error, userId }, 'digest failed');
      }
    }
    return sent;
  }

  private sleep(next: Date | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!next || this.stopped) return;
    const wait = Math.min(Math.max(next.getTime() - this.clock.now().getTime(), 0), MAX_SLEEP_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, wait);
    this.timer.unref();
  }
}
