/**
 * The game runner of one process on SQLite: one chain of sends per game keeps its posts in the
 * order the moves happened, and a timer per bot turn plays it after its pause. A restart only
 * needs `resume()`, which first sends whatever a crash left unsent.
 */
import type { Seat } from '../../engine/index.js';
import { pendingBotSeat, type GameRecord, type SeatRequest } from '../../store/game-store.js';
import { GameRunner } from './runner.js';

export class LocalRunner extends GameRunner {
  readonly queued = false;
  private readonly botTimers = new Map<number, NodeJS.Timeout>();
  /** One chain of sends per game keeps posts in the order the moves happened. */
  private readonly postQueues = new Map<number, Promise<void>>();
  /** Games whose strong bot is still thinking after its pause ran out. */
  private readonly thinking = new Set<number>();

  afterChange(record: GameRecord, posted = true, undoable = false): void {
    this.drain(record.id);
    this.scheduleBots(record, Math.max(posted ? this.delayFor(record) : 0, undoable ? this.store.undoWaitMs : 0));
    this.onClocksChanged();
  }

  async seatRequestExpired(request: SeatRequest): Promise<void> {
    this.enqueuePost(request.gameId, () => this.editSeatRequest(request));
  }

  async flush(gameId?: number): Promise<void> {
    const queues = gameId === undefined ? [...this.postQueues.values()] : [this.postQueues.get(gameId)];
    await Promise.all(queues);
  }

  wake(record: GameRecord): void {
    this.scheduleBots(record, this.delayFor(record));
    this.onClocksChanged();
  }

  async resume(): Promise<void> {
    for (const gameId of await this.store.gamesWithUnsentPosts()) this.drain(gameId);
    for (const record of await this.store.activeGames()) this.scheduleBots(record, this.delayFor(record));
  }

  cancelBots(gameId: number): void {
    const timer = this.botTimers.get(gameId);
    if (timer) clearTimeout(timer);
    this.botTimers.delete(gameId);
  }

  sendOwed(gameId: number): Promise<void> {
    return new Promise((resolve) => this.enqueuePost(gameId, () => this.sendThrough(gameId).finally(resolve)));
  }

  override stop(): void {
    super.stop();
    for (const timer of this.botTimers.values()) clearTimeout(timer);
    this.botTimers.clear();
  }

  /** A held send here just stops: the posts stay in the outbox for the next start. */
  protected holdForever(): Promise<void> {
    return Promise.resolve();
  }

  protected botsAgain(record: GameRecord): void {
    this.scheduleBots(record, 0);
  }

  protected botTurnFailed(): void {}

  private enqueuePost(gameId: number, post: () => Promise<void>): void {
    const previous = this.postQueues.get(gameId) ?? Promise.resolve();
    const next = previous.then(post).catch((error: unknown) => {
      this.logger.error({ gameId, err: error }, 'could not post to the channel');
    });
    this.postQueues.set(gameId, next);
    void next.then(() => {
      if (this.postQueues.get(gameId) === next) this.postQueues.delete(gameId);
    });
  }

  /** Sends the game's unsent posts, oldest first; each is marked sent before the next. */
  private drain(gameId: number): void {
    this.enqueuePost(gameId, () => this.sendThrough(gameId));
  }

  private scheduleBots(record: GameRecord, delayMs: number): void {
    if (this.stopped || record.status !== 'active' || this.botTimers.has(record.id) || this.thinking.has(record.id)) return;
    const seat: Seat | null = pendingBotSeat(record);
    if (seat === null) return;
    // A strong bot thinks during the pause, so its budget is part of the delay, not added to it.
    const thought = record.seats[seat]?.botLevel === 'strong' && this.strongBots ? this.think(record, seat) : null;
    const timer = setTimeout(() => {
      this.botTimers.delete(record.id);
      if (!thought) return void this.playBot(record.id);
      this.thinking.add(record.id);
      void thought.then((move) => {
        this.thinking.delete(record.id);
        if (!this.stopped) void this.playBot(record.id, { version: record.version, seat, move });
      });
    }, delayMs);
    this.botTimers.set(record.id, timer);
  }
}
