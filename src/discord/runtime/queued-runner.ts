/**
 * The game runner of PostgreSQL mode: every change's transaction added the jobs that follow it
 * (posts, the next bot turn, the next clock check), and any process's worker runs them through
 * `sendThrough`, `playBot` and the scheduler's `runGame`. Nothing waits in this process, so a
 * replica that dies loses nothing.
 */
import type { GameRecord, SeatRequest } from '../../store/game-store.js';
import { GameRunner } from './runner.js';

export class QueuedRunner extends GameRunner {
  readonly queued = true;

  afterChange(): void {}

  seatRequestExpired(request: SeatRequest): Promise<void> {
    return this.editSeatRequest(request);
  }

  async flush(): Promise<void> {}

  wake(): void {}

  async resume(): Promise<void> {}

  cancelBots(): void {}

  sendOwed(gameId: number): Promise<void> {
    return this.sendThrough(gameId);
  }

  /** A job held this way stays claimed, as if the process died while running it. */
  protected holdForever(): Promise<void> {
    return new Promise(() => {});
  }

  /** The move that won added the next bot turn itself. */
  protected botsAgain(_record: GameRecord): void {}

  /** The queue retries a job that threw. */
  protected botTurnFailed(error: unknown): void {
    throw error;
  }
}
