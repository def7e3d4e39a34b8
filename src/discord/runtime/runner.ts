/**
 * Runs the games of all channels: applies moves through the store, sends what the outbox holds,
 * and plays bot seats. Holds no game state of its own: everything is reloaded from the store.
 *
 * Two implementations, one for each way the work that follows a move is run:
 * - `LocalRunner` (SQLite, `local-runner.ts`): one chain of sends per game and a timer per bot
 *   turn, in this process; a restart only needs `resume()`, which first sends whatever a crash
 *   left unsent;
 * - `QueuedRunner` (PostgreSQL, `queued-runner.ts`): the move's transaction added the jobs, and
 *   any process's worker calls `sendThrough`, `playBot` and the scheduler's `runGame`; nothing
 *   waits here.
 */
import type { Client, Message, SendableChannels } from 'discord.js';
import pLimit from 'p-limit';
import { rngFromSeed, type Seat } from '../../engine/index.js';
import type { Logger } from '../../logger.js';
import { botDelay, pendingBotSeat, type GameRecord, type GameStore, type MoveApplied, type MoveInput, type PostRecord, type SeatRequest, type StoreResult } from '../../store/game-store.js';
import { channelById } from '../transport/channels.js';
import type { ImageJob, Images } from './images.js';
import { boardImageJob, boardMessage, finalImageJob, finalMessage, gameOf, logMessage, reminderMessage, seatRequestEndedMessage, turnDirectMessage } from '../messages/index.js';
import type { Thinker } from './thinker.js';
import type { Reach } from '../messages/mentions.js';
import { reachFor, sendDirect } from './notices.js';
import { sendDebrief } from './session-posts.js';

/** Test hook: hold the poster before or after it sends, to simulate a crash at that moment. */
export type PosterHold = 'before-send' | 'after-send' | undefined;

/** Enough to keep the image workers and the REST queue busy; see `imageSlots`. */
const IMAGE_POSTS_IN_FLIGHT = 16;

/** Discord error codes that no retry can fix: the post is marked failed and the queue goes on. */
const UNKNOWN_CHANNEL = 10003;
const PERMANENT = new Set([UNKNOWN_CHANNEL, 10008, 50001, 50013, 50035]);

export abstract class GameRunner {
  /** Whether a job queue runs the work that follows a move (the scheduler then leaves clocks to it). */
  abstract readonly queued: boolean;
  /**
   * Posts with an image, from drawing to sent, at most this many at once. Games post in parallel;
   * when Discord's limit binds (a start-up owing hundreds of boards, a busy evening), drawn images
   * would otherwise wait in the REST queue by the hundred, a few copies of each in memory.
   */
  private readonly imageSlots = pLimit(IMAGE_POSTS_IN_FLIGHT);
  protected stopped = false;

  /** Where strong bots think, and for how long per decision. Unset: every bot plays standard. */
  strongBots: { thinker: Thinker; thinkMs: number } | null = null;

  constructor(
    protected readonly store: GameStore,
    protected readonly client: Client,
    protected readonly logger: Logger,
    private readonly botDelayMs: number,
    private readonly images: Images,
    protected readonly hold: PosterHold = undefined,
  ) {}

  /** Called after every change that may move the next reminder or deadline (the scheduler). */
  onClocksChanged: () => void = () => {};

  /** Applies a move and, when it worked, sends what it queued and wakes the bots. */
  async move(gameId: number, input: MoveInput): Promise<StoreResult<MoveApplied>> {
    const result = await this.store.applyMove(gameId, input);
    if (result.ok) {
      this.logger.info({ gameId, version: result.value.game.version, seat: input.seat, bot: input.actorId === null }, 'move applied');
      this.afterChange(result.value.game, result.value.posted, result.value.undoable);
    }
    return result;
  }

  /**
   * Sends what a change queued, then lets bots play (after a pause only if something was posted,
   * and at least UNDO_BOT_WAIT_MS while the move before them may be taken back).
   */
  abstract afterChange(record: GameRecord, posted?: boolean, undoable?: boolean): void;

  /**
   * A seat's time ran out: its bot plays this one move for it; the player keeps the seat. With
   * `standIn`, its holder is away at a table whose bots play for away players: no time-out counts.
   */
  async playForDeadline(gameId: number, seat: Seat, standIn = false): Promise<void> {
    const record = await this.store.get(gameId);
    if (!record || record.status !== 'active' || record.seats[seat]?.isBot) return;
    const game = gameOf(record);
    if (!game.pending(record.state).includes(seat)) return;
    const move = game.bot(game.seatView(record.state, seat), rngFromSeed(`${record.seed}:timeout:${record.version}`));
    const result = await this.move(gameId, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null, ...(standIn ? { standIn } : { timeout: true }) });
    // A click that committed first wins: then there is nothing left to do.
    if (!result.ok && result.error.key !== 'error.stale') throw new Error(`timed-out move refused: ${result.error.key}`);
  }

  /** Says on a seat request's message that it expired (in the game's order of sends, where there is one). */
  abstract seatRequestExpired(request: SeatRequest): Promise<void>;

  /** Edits a seat request's message to say how it ended. */
  protected async editSeatRequest(request: SeatRequest): Promise<void> {
    const record = await this.store.get(request.gameId);
    if (!record || !request.messageId) return;
    const channel = await channelById(this.client, record.channelId);
    if (!channel || !channel.isSendable()) return;
    const message = await this.fetchMessage(channel, request.messageId);
    await message?.edit(seatRequestEndedMessage(record, request));
  }

  protected delayFor(record: GameRecord): number {
    return botDelay(record, this.botDelayMs);
  }

  /** Waits until every send this process queued for a game (or all) has gone out (tests and shutdown use it). */
  abstract flush(gameId?: number): Promise<void>;

  /** Lets a bot seat play if it is pending, e.g. after a player handed their seat over. */
  abstract wake(record: GameRecord): void;

  /** After a restart: what the outbox still holds, then bots whose turn it is. */
  abstract resume(): Promise<void>;

  /** Forgets a cancelled game's bot turn waiting in this process. */
  abstract cancelBots(gameId: number): void;

  /**
   * Sends what a game still owes its channel from this process, now, and resolves once it went
   * or failed (a new lobby waits for it). A post that two processes both send appears once.
   */
  abstract sendOwed(gameId: number): Promise<void>;

  stop(): void {
    this.stopped = true;
  }

  /**
   * Sends a game's unsent posts in order, up to `throughId` when given. A post already marked
   * sent is skipped, and a repeated send returns Discord's first message (the nonce), so a retry
   * after a crash has its effect once. A transient failure throws and leaves the rest unsent.
   */
  async sendThrough(gameId: number, throughId?: number): Promise<void> {
    if (this.hold === 'before-send') return this.holdForever();
    for (let post = await this.store.nextPost(gameId, throughId); post && !this.stopped; post = await this.store.nextPost(gameId, throughId)) {
      const record = await this.store.get(gameId);
      if (!record) return;
      try {
        const reach = await reachFor(this.store, record, post.payload);
        const messageId = await this.send(record, post, reach);
        if (this.hold === 'after-send') return this.holdForever();
        await this.store.markPosted(post, messageId);
        await this.directMessages(record, post, messageId, reach);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === UNKNOWN_CHANNEL) {
          // The channel is gone: nothing the game still owes it can be sent, so one lookup settles them all.
          let skipped = 0;
          for (let owed: PostRecord | null = post; owed; owed = await this.store.nextPost(gameId, throughId), skipped++) await this.store.markPosted(owed, null, true);
          this.logger.error({ gameId, posts: skipped, code }, 'the channel no longer exists; its posts are skipped');
          return;
        }
        if (typeof code === 'number' && PERMANENT.has(code)) {
          this.logger.error({ gameId, post: post.id, code }, 'Discord refused a post; skipping it');
          await this.store.markPosted(post, null, true);
        } else {
          // Left in the outbox: the next move, the next start or the job's retry sends it.
          throw error;
        }
      }
    }
  }

  /** Test hook (`PosterHold`): how a held send ends, as if the process died while sending. */
  protected abstract holdForever(): Promise<void>;

  /** Sends one post. The nonce makes a repeat after a crash return the message already made. */
  private async send(record: GameRecord, post: PostRecord, reach: Reach): Promise<string | null> {
    // Goes to the session's channel, even when the table's thread is gone.
    if (post.kind === 'debrief') return sendDebrief(this.client, this.store, this.logger, record, `rc${post.id}`);
    const channel = await channelById(this.client, record.channelId);
    // A channel that no longer exists comes back from Discord as error 10003, which is final; no
    // channel without that error is a bad answer on the way (a proxy, a limit): try again later.
    if (!channel) throw new Error(`channel ${record.channelId} could not be read`);
    if (!channel.isSendable()) throw Object.assign(new Error(`channel ${record.channelId} cannot receive messages`), { code: 10003 });
    const nonce = `rc${post.id}`;
    switch (post.kind) {
      case 'board': {
        const away = await this.store.awayOf(record);
        const message = await this.withImage<Message>(boardImageJob(record, post.payload.view), record.id, (png) => channel.send({ ...boardMessage(record, post.payload, png, reach, away), nonce, enforceNonce: true }));
        // The board it replaces keeps no buttons, so only the current board can be played from.
        if (record.boardMessageId && record.boardMessageId !== message.id) await this.stripButtons(channel, record.boardMessageId);
        return message.id;
      }
      case 'edit': {
        const away = await this.store.awayOf(record);
        return this.withImage(boardImageJob(record, post.payload.view), record.id, async (png) => {
          const payload = boardMessage(record, post.payload, png, reach, away);
          const current = record.boardMessageId ? await this.fetchMessage(channel, record.boardMessageId) : null;
          if (current) {
            await current.edit({ content: payload.content, embeds: payload.embeds, files: payload.files, attachments: [], components: payload.components, allowedMentions: { parse: [] } });
            return current.id;
          }
          return (await channel.send({ ...payload, nonce, enforceNonce: true })).id;
        });
      }
      case 'log':
        return (await channel.send({ ...logMessage(record, post.payload, reach), nonce, enforceNonce: true })).id;
      case 'reminder':
        // A muted table sends no reminder at all; a digest reader's names them without a mention.
        if (reach.mention.length === 0 && post.payload.ping.every((seat) => record.seats[seat]?.muted)) return null;
        return (await channel.send({ ...reminderMessage(record, post.payload, reach), nonce, enforceNonce: true })).id;
      case 'final': {
        return this.withImage(finalImageJob(record, post.payload), record.id, async (png) => (await channel.send({ ...finalMessage(record, png, post.payload), nonce, enforceNonce: true })).id);
      }
    }
  }

  /**
   * Players who asked for it also get a direct message when they must act (mentions.ts says who).
   * Never an error; DMs Discord refuses are noted, and the channel says so once.
   */
  private async directMessages(record: GameRecord, post: PostRecord, messageId: string | null, reach: Reach): Promise<void> {
    if (post.kind === 'edit' || post.kind === 'debrief') return;
    for (const userId of reach.dm) await sendDirect({ client: this.client, store: this.store, logger: this.logger }, userId, record.id, turnDirectMessage(record, messageId ?? record.boardMessageId));
  }

  private async fetchMessage(channel: SendableChannels, messageId: string): Promise<Message | null> {
    if (!('messages' in channel)) return null;
    try {
      return await channel.messages.fetch(messageId);
    } catch {
      return null;
    }
  }

  /** One edit, no fetch first: every request with the token counts toward the global limit. */
  private async stripButtons(channel: SendableChannels, messageId: string): Promise<void> {
    if (!('messages' in channel)) return;
    await channel.messages.edit(messageId, { components: [] }).catch((error: unknown) => this.logger.warn({ err: error, messageId }, 'could not clear an old board'));
  }

  /** Draws an image and sends it, in one of the image slots. */
  private withImage<T>(job: ImageJob, gameId: number, send: (png: Buffer | null) => Promise<T>): Promise<T> {
    return this.imageSlots(async () => send(await this.image(job, gameId)));
  }

  private image(job: ImageJob, gameId: number): Promise<Buffer | null> {
    return this.images.render(job).catch((error: unknown) => {
      this.logger.error({ err: error, gameId, kind: job.kind }, 'image failed; posting text only');
      return null;
    });
  }

  /** The table moved on while a bot's move was being made: look again for a pending bot. */
  protected abstract botsAgain(record: GameRecord): void;

  /** The strong bot's move from its seat's view, thought in the worker pool (never rejects). */
  protected think(record: GameRecord, seat: Seat): Promise<unknown> {
    const { thinker, thinkMs } = this.strongBots!;
    const view = gameOf(record).seatView(record.state, seat);
    return thinker
      .think({ gameType: record.gameType, seat, view, seed: `${record.seed}:strong:${record.version}`, budgetMs: thinkMs })
      .then((answer) => answer.move)
      .catch((error: unknown) => {
        this.logger.error({ gameId: record.id, err: error }, 'strong bot failed; playing the standard move');
        return gameOf(record).bot(view, rngFromSeed(`${record.seed}:bot:${record.version}`));
      });
  }

  /**
   * Plays the game's pending bot seat, if any, from that seat's view only. A strong seat's move
   * comes thought already from the pause before it; a job (PostgreSQL) thinks when it runs.
   */
  async playBot(gameId: number, thought?: { version: number; seat: Seat; move: unknown }): Promise<void> {
    try {
      const record = await this.store.get(gameId);
      if (!record || record.status !== 'active') return;
      const seat = pendingBotSeat(record);
      if (seat === null) return;
      // The table moved on while the strong bot thought: think again from the new view.
      if (thought && (thought.version !== record.version || thought.seat !== seat)) return this.botsAgain(record);
      const game = gameOf(record);
      // A bot sees its seat's view only. Seeded per version, so its choice is repeatable.
      if (!thought && record.seats[seat]?.botLevel === 'strong' && this.strongBots) {
        thought = { version: record.version, seat, move: await this.think(record, seat) };
      }
      const move = thought ? thought.move : game.bot(game.seatView(record.state, seat), rngFromSeed(`${record.seed}:bot:${record.version}`));
      let result = await this.move(gameId, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null });
      if (!result.ok && thought && result.error.key !== 'error.stale') {
        // A searched move rests on guesses about what the seat cannot see; the rules have the last word.
        this.logger.warn({ gameId, seat, error: result.error.key }, 'strong move refused; playing the standard move');
        const standard = game.bot(game.seatView(record.state, seat), rngFromSeed(`${record.seed}:bot:${record.version}`));
        result = await this.move(gameId, { expectedVersion: record.version, seat, actorId: null, move: standard, interactionId: null });
      }
      if (!result.ok) {
        this.logger.warn({ gameId, seat, error: result.error.key }, 'bot move refused');
        // A human may have moved in between (simultaneous decisions): look again. With a job
        // queue, the move that won added the next bot turn itself.
        const fresh = await this.store.get(gameId);
        if (fresh && result.error.key === 'error.stale') this.botsAgain(fresh);
      }
    } catch (error) {
      this.logger.error({ gameId, err: error }, 'bot turn failed');
      this.botTurnFailed(error);
    }
  }

  /** A bot turn that threw: a job is retried by the queue; a timer's turn is only logged. */
  protected abstract botTurnFailed(error: unknown): void;
}
