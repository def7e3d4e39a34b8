/**
 * Discord's global limit (50 requests a second unless Discord raised it for the bot) counts the
 * requests made with the bot's token. Interaction callbacks and the interaction webhook (private
 * views, follow-ups) carry no token and do not count. @discordjs/rest counts all but the
 * callbacks against its one budget, so a busy bot waited on itself: the edits of private views
 * took the budget its channel posts needed, and boards went out at about 12 a second whatever
 * the load. Requests made without the token go through a second manager with per-route limits
 * only.
 */
import { REST, type InternalRequest, type RESTOptions } from '@discordjs/rest';
import type { Client } from 'discord.js';

export function splitRestBudget(client: Client, options: Partial<RESTOptions>): void {
  const tokenless = new REST({ ...options, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
  const rest = client.rest;
  const withToken = rest.queueRequest.bind(rest);
  rest.queueRequest = (request: InternalRequest) => (request.auth === false ? tokenless.queueRequest(request) : withToken(request));
}
