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
import pThrottle from 'p-throttle';

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
  rest.options.makeRequest = pThrottle({ limit: perSecond, interval: 1000 + marginMs, strict: true })(rest.options.makeRequest);
}
