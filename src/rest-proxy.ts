/**
 * One REST budget for every replica: @discordjs/proxy in front of Discord. Replicas point
 * DISCORD_API_URL at it; it keeps Discord's per-route and global limits for the bot token, and
 * answers 429 with Retry-After when a request would break them, so the replica waits and retries
 * a request that was never sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRequests } from '@discordjs/proxy';
// The ESM build of @discordjs/rest, as the proxy imports it: discord.js loads the CommonJS one,
// whose RateLimitError the proxy does not recognise, so a 429 left as an empty 200 (a lost post).
import { REST } from '@discordjs/rest';
import { Routes } from 'discord.js';
import { z } from 'zod';
import type { Logger } from './logger.js';
import { portError } from './ports.js';

const schema = z.object({
  DISCORD_TOKEN: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  /** Where the proxy sends requests: Discord unless set (a test double, another proxy). */
  REST_PROXY_UPSTREAM: z.url({ error: 'must be a URL such as https://discord.com/api' }).optional(),
  REST_PROXY_HOST: z.string().trim().min(1).default('127.0.0.1'),
  REST_PROXY_PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be a port number').max(65_535, 'must be a port number').default(8080),
  /** The token's global limit: Discord's 50 requests/s, unless Discord raised it for this bot. */
  REST_PROXY_GLOBAL_PER_SECOND: z.coerce.number({ error: 'must be a number of requests per second' }).int('must be a whole number of requests per second').min(1, 'must be at least 1').default(50),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type RestProxyConfig = z.infer<typeof schema>;

/** Reads the proxy's settings; a bad one throws one sentence naming the variable. */
export function loadRestProxyConfig(env: NodeJS.ProcessEnv = process.env): RestProxyConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'configuration');
  const detail = env[name] === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
  throw new Error(`Configuration error: ${name} ${detail}. Set it in .env (see .env.example).`);
}

export interface RunningProxy {
  /** What replicas set as DISCORD_API_URL. */
  url: string;
  /** Requests forwarded so far. */
  readonly forwarded: number;
  /** 429 answers given to replicas so far (a limit Discord or the proxy's own count reached). */
  readonly rateLimited: number;
  close(): Promise<void>;
}

export async function startRestProxy(config: RestProxyConfig, logger: Logger): Promise<RunningProxy> {
  // Rate limits are answered with 429 rather than queued here: the replica's own REST client
  // waits as told, and nothing piles up in the proxy.
  const rest = new REST({ rejectOnRateLimit: () => true, retries: 0, globalRequestsPerSecond: config.REST_PROXY_GLOBAL_PER_SECOND, ...(config.REST_PROXY_UPSTREAM ? { api: config.REST_PROXY_UPSTREAM } : {}) }).setToken(config.DISCORD_TOKEN);
  // A proxy for another bot's token would mix two budgets: check the token first.
  const me = (await rest.get(Routes.user())) as { id: string; username: string };
  const handle = proxyRequests(rest);
  let forwarded = 0;
  let rateLimited = 0;
  const server = createServer((req, res) => {
    forwarded++;
    res.once('finish', () => {
      if (res.statusCode === 429) rateLimited++;
    });
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      logger.error({ err: error, method: req.method }, 'proxy request failed');
      // The proxy ends the response even when it rethrows: then there is nothing left to say.
      if (res.writableEnded) return;
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"message":"proxy error","code":0}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.REST_PROXY_PORT, config.REST_PROXY_HOST, () => resolve());
  }).catch((error: unknown) => {
    throw portError(error, {
      what: 'The REST proxy',
      variable: 'REST_PROXY_PORT',
      port: config.REST_PROXY_PORT,
      host: { variable: 'REST_PROXY_HOST', value: config.REST_PROXY_HOST },
      then: ", and point the bots' DISCORD_API_URL at it",
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.REST_PROXY_HOST}:${port}/api`;
  logger.info({ url, bot: me.username }, 'REST proxy ready');
  return {
    url,
    get forwarded() {
      return forwarded;
    },
    get rateLimited() {
      return rateLimited;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
