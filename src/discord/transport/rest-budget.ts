/**
 * Discord's global limit (50 requests a second unless Discord raised it for the bot) counts the
 * requests made with the bot's token. Interaction callbacks and the interaction webhook (private
 * views, follow-ups) carry no token and do not count. @discordjs/rest counts all but the
 * callbacks against its one budget, so a busy bot waited on itself: the edits of private views
 * took the budget its channel posts needed, and boards went out at about 12 a second whatever
 * the load. Requests made without the token go through a second manager with per-route limits
 * only.
 */
import { DefaultRestOptions, REST, type InternalRequest, type RESTOptions } from '@discordjs/rest';
import type { Client } from 'discord.js';

export function splitRestBudget(client: Client, options: Partial<RESTOptions>): void {
  const tokenless = new REST({ ...options, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  const rest = client.rest;
  holdGlobalLimit(rest);
  const withToken = rest.queueRequest.bind(rest);
  rest.queueRequest = (request: InternalRequest) => (request.auth === false ? tokenless.queueRequest(request) : withToken(request));
}

/**
 * Discord counts a second of its global limit from when a request arrives; @discordjs/rest counts
 * from when one leaves, and opens its next second as soon as its own has passed. A request sent
 * just then can land in Discord's previous second and get a 429 with a few ms to wait. So the
 * requests of `rest` are also held, as they leave, to its global limit over any span of a second
 * plus its own margin on resets (`offset`).
 */
export function holdGlobalLimit(rest: REST): void {
  const { globalRequestsPerSecond: perSecond, offset } = rest.options;
  if (!Number.isFinite(perSecond)) return;
  // An offset given per route has no one value; REST's default margin stands in for it.
  const marginMs = typeof offset === 'number' ? offset : DefaultRestOptions.offset;
  rest.options.makeRequest = holdToLimit(rest.options.makeRequest, perSecond, 1000 + marginMs);
}

/**
 * Lets calls of `send` through in the order made, at most `limit` within any `windowMs`: up to
 * `limit` at once, then each as the `limit`-th before it is `windowMs` old. Times are taken on the
 * monotonic clock when each call has left, and checked again whenever the timer wakes.
 *
 * p-throttle, used before, planned each call's departure from Date.now() when it was made and
 * gave it a timer of its own. On a busy machine that broke both promises: a departure held up by
 * a busy event loop did not push back the ones planned after it (five left within the window of
 * four), and Node runs every due timer of one duration before those of the next duration, so two
 * calls that happened to get the same delay left ahead of a call made between them.
 */
function holdToLimit<A extends unknown[], R>(send: (...args: A) => Promise<R>, limit: number, windowMs: number): (...args: A) => Promise<R> {
  const capacity = Math.max(1, Math.floor(limit));
  /** When the last `capacity` calls left, oldest first. */
  const departures: number[] = [];
  const waiting: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let releasing = false;

  const release = (): void => {
    timer = undefined;
    releasing = true;
    try {
      while (waiting.length > 0) {
        if (departures.length === capacity) {
          // Node's timers count whole milliseconds and can wake a little early on this clock.
          const wait = departures[0]! + windowMs - performance.now();
          if (wait > 0) {
            timer = setTimeout(release, Math.ceil(wait));
            return;
          }
          departures.shift();
        }
        waiting.shift()!();
        // Taken once the call has returned: the window holds from the latest it can have left.
        departures.push(performance.now());
      }
    } finally {
      releasing = false;
    }
  };

  return function (this: unknown, ...args: A): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      waiting.push(() => {
        try {
          resolve(send.apply(this, args));
        } catch (error) {
          reject(error);
        }
      });
      // A call made from within `send` waits for the loop above to reach it.
      if (timer === undefined && !releasing) release();
    });
  };
}
