/**
 * Runs the games of all channels: applies moves through the store, posts boards in order, and
 * plays bot seats after a short pause. Holds no game state of its own: everything is reloaded
 * from the store, so a restart only needs `resume()`.
 */
import type { Client, SendableChannels } from 'discord.js';
import { rngFromSeed, type LogEvent, type Seat } from '../engine/index.js';
import type { Logger } from '../logger.js';
import type { GameRecord, GameStore, MoveApplied, MoveInput, StoreResult } from '../store/game-store.js';
import type { ImageJob, Images } from './images.js';
import { boardImageJob, boardMessage, finalImageJob, finalMessage, gameOf } from './messages.js';

export class Tables {
  private readonly botTimers = new Map<number, NodeJS.Timeout>();
  /** One chain of posts per game keeps boards in the order the moves happened. */
  private readonly postQueues = new Map<number, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly store: GameStore,
    private readonly client: Client,
    private readonly logger: Logger,
    private readonly botDelayMs: number,
    private readonly images: Images,
  ) {}

  /** Applies a move and, when it worked, posts the new board and wakes the bots. */
  move(gameId: number, input: MoveInput): StoreResult<MoveApplied> {
    const result = this.store.applyMove(gameId, input);
    if (result.ok) {
      this.logger.info({ gameId, version: result.value.game.version, seat: input.seat, bot: input.actorId === null }, 'move applied');
      this.afterChange(result.value.game, result.value.events);
    }
    return result;
  }

  /** Posts what a change produced: the board, the final scoring when it ended, and bot turns. */
  afterChange(record: GameRecord, events: LogEvent[]): void {
    // Images start rendering at once; the queue only orders the posts.
    const board = this.image(boardImageJob(record), record.id);
    const final = record.status === 'finished' ? this.image(finalImageJob(record), record.id) : null;
    this.enqueuePost(record.id, async () => {
      await this.send(record.channelId, boardMessage(record, events, await board));
      if (final) await this.send(record.channelId, finalMessage(record, await final));
    });
    this.scheduleBots(record);
  }

  /** Waits until every queued post of a game has gone out (tests and shutdown use it). */
  async flush(gameId?: number): Promise<void> {
    const queues = gameId === undefined ? [...this.postQueues.values()] : [this.postQueues.get(gameId)];
    await Promise.all(queues);
  }

  /** Lets a bot seat play if it is pending, e.g. after a player handed their seat over. */
  wake(record: GameRecord): void {
    this.scheduleBots(record);
  }

  /** After a restart: bots whose turn it is play again. */
  resume(): void {
    for (const record of this.store.activeGames()) this.scheduleBots(record);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.botTimers.values()) clearTimeout(timer);
    this.botTimers.clear();
  }

  cancelBots(gameId: number): void {
    const timer = this.botTimers.get(gameId);
    if (timer) clearTimeout(timer);
    this.botTimers.delete(gameId);
  }

  enqueuePost(gameId: number, post: () => Promise<void>): void {
    const previous = this.postQueues.get(gameId) ?? Promise.resolve();
    const next = previous.then(post).catch((error: unknown) => {
      this.logger.error({ gameId, err: error }, 'could not post to the channel');
    });
    this.postQueues.set(gameId, next);
    void next.then(() => {
      if (this.postQueues.get(gameId) === next) this.postQueues.delete(gameId);
    });
  }

  private image(job: ImageJob, gameId: number): Promise<Buffer | null> {
    return this.images.render(job).catch((error: unknown) => {
      this.logger.error({ err: error, gameId, kind: job.kind }, 'image failed; posting text only');
      return null;
    });
  }

  private async send(channelId: string, payload: Parameters<SendableChannels['send']>[0]): Promise<void> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel || !channel.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
    await channel.send(payload);
  }

  private scheduleBots(record: GameRecord): void {
    if (this.stopped || record.status !== 'active' || this.botTimers.has(record.id)) return;
    const seat = this.pendingBotSeat(record);
    if (seat === null) return;
    const timer = setTimeout(() => {
      this.botTimers.delete(record.id);
      this.playBot(record.id);
    }, this.botDelayMs);
    this.botTimers.set(record.id, timer);
  }

  private pendingBotSeat(record: GameRecord): Seat | null {
    const pending: Seat[] = gameOf(record).pending(record.state);
    return pending.find((seat) => record.seats[seat]?.isBot) ?? null;
  }

  private playBot(gameId: number): void {
    try {
      const record = this.store.get(gameId);
      if (!record || record.status !== 'active') return;
      const seat = this.pendingBotSeat(record);
      if (seat === null) return;
      const game = gameOf(record);
      // Seeded per version, so a bot's choice is repeatable; it is logged as a move anyway.
      const move = game.bot(game.seatView(record.state, seat), rngFromSeed(`${record.seed}:bot:${record.version}`));
      const result = this.move(gameId, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null });
      if (!result.ok) {
        this.logger.warn({ gameId, seat, error: result.error.key }, 'bot move refused');
        // A human may have moved in between (simultaneous decisions): look again.
        const fresh = this.store.get(gameId);
        if (fresh && result.error.key === 'error.stale') this.scheduleBots(fresh);
      }
    } catch (error) {
      this.logger.error({ gameId, err: error }, 'bot turn failed');
    }
  }
}
