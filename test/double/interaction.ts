import type { MessageRecord, UserRecord, Violation } from './types.js';

interface Waiter {
  resolve: (rec: InteractionRecord) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** Grace after the deadline for a callback already on the wire. */
const DEADLINE_GRACE_MS = 250;

/** One interaction the double dispatched, and everything the bot did with it. */
export class InteractionRecord {
  /** performance.now() when dispatched. */
  sentAt = 0;
  /** performance.now() when the first accepted callback arrived. */
  ackAt?: number;
  /** 4, 5, 6, 7, 8 or 9. */
  ackType?: number;
  /** The @original message (reply, or the component's message after type 6/7). */
  reply?: MessageRecord;
  followUps: MessageRecord[] = [];
  /** Modal data for a type 9 callback. */
  modal?: unknown;
  /** Autocomplete choices for a type 8 callback. */
  choices?: unknown[];
  /** Whether the original response is ephemeral. */
  ephemeral = false;
  /** When a callback arrived after the deadline. */
  lateCallbackAt?: number;
  /** Every 4xx the double answered on this interaction's routes. */
  readonly errors: Violation[] = [];
  /** The raw INTERACTION_CREATE `d` sent to the client. */
  payload: Record<string, any> = {};
  /** For component interactions (and modals opened from one): the message the component is on. */
  componentMessageId?: string;
  /** The interaction whose type 9 callback opened the modal this submit answers. */
  modalSource?: InteractionRecord;

  private readonly waiters = new Set<Waiter>();
  private closed = false;

  constructor(
    readonly id: string,
    readonly token: string,
    readonly user: UserRecord,
    readonly channelId: string,
    readonly guildId: string | null,
    /** Discord interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit. */
    readonly type: number,
    readonly deadlineMs: number,
    readonly tokenLifetimeMs: number,
  ) {}

  get deadlineMissed(): boolean {
    if (this.lateCallbackAt !== undefined) return true;
    return this.ackAt === undefined && this.sentAt > 0 && performance.now() - this.sentAt > this.deadlineMs;
  }

  /** Milliseconds from dispatch to the first accepted callback. */
  get latencyMs(): number | undefined {
    return this.ackAt === undefined ? undefined : this.ackAt - this.sentAt;
  }

  /**
   * Resolves once the first callback is accepted. Rejects when the deadline passes without one,
   * when a late callback is refused, or after `timeoutMs` (default: until the deadline).
   */
  response(timeoutMs?: number): Promise<InteractionRecord> {
    if (this.ackAt !== undefined) return Promise.resolve(this);
    if (this.lateCallbackAt !== undefined) return Promise.reject(this.failure('a callback arrived after the deadline'));
    if (this.closed) return Promise.reject(this.failure('the double was closed'));
    const untilDeadline = Math.max(0, this.sentAt + this.deadlineMs - performance.now()) + DEADLINE_GRACE_MS;
    const wait = Math.min(timeoutMs ?? untilDeadline, untilDeadline);
    return new Promise<InteractionRecord>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          const why = wait >= untilDeadline ? `no callback within the ${this.deadlineMs} ms deadline` : `no callback within ${wait.toFixed(0)} ms`;
          reject(this.failure(why));
        }, wait),
      };
      this.waiters.add(waiter);
    });
  }

  describe(): string {
    const d = this.payload.data ?? {};
    const what = this.type === 2 ? `/${d.name ?? '?'}` : this.type === 5 ? `modal ${d.custom_id ?? '?'}` : `component ${d.custom_id ?? '?'}`;
    return `interaction ${this.id} (${what} by ${this.user.username})`;
  }

  private failure(why: string): Error {
    const errs = this.errors.length ? ` Errors: ${this.errors.map((e) => `${e.status} ${e.code} ${e.message}`).join(' | ')}` : '';
    return new Error(`${this.describe()}: ${why}.${errs}`);
  }

  /** @internal */
  markAcked(type: number, at: number): void {
    this.ackAt = at;
    this.ackType = type;
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(this);
    }
    this.waiters.clear();
  }

  /** @internal */
  markLate(at: number): void {
    this.lateCallbackAt ??= at;
    this.settleWithError('a callback arrived after the deadline');
  }

  /** @internal */
  close(): void {
    this.closed = true;
    this.settleWithError('the double was closed');
  }

  private settleWithError(why: string): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.reject(this.failure(why));
    }
    this.waiters.clear();
  }
}
