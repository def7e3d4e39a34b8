/** Process configuration: read from the environment (and `.env`), validated once at start-up. */
import { availableParallelism } from 'node:os';
import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/** Whether proxy-addr accepts this trust list (it throws on a malformed address or range). */
function validTrust(list: string[]): boolean {
  try {
    proxyAddr.compile(list);
    return true;
  } catch {
    return false;
  }
}

const snowflake = /^\d{17,20}$/;

const schema = z.object({
  DISCORD_TOKEN: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  DISCORD_GUILD_ID: z
    .string()
    .trim()
    .regex(snowflake, 'must be a server id (17 to 20 digits)')
    .optional(),
  DISCORD_API_URL: z
    .url({ error: 'must be a URL such as http://127.0.0.1:8080/api' })
    .optional(),
  DATABASE_PATH: z.string().trim().min(1, 'must not be empty').default('./data/recyclerie.sqlite'),
  /** PostgreSQL instead of SQLite, so several processes can share the games. */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a URL such as postgres://user:password@localhost:5432/recyclerie')
    .optional(),
  /** PostgreSQL mode: jobs (posts, bot turns, clocks) this process runs at once. */
  JOB_WORKERS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(32).default(2),
  /** PostgreSQL mode: how often the jobs of a process that died are freed, in milliseconds. */
  JOB_SWEEP_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(100).max(600_000).default(2000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  BOT_MOVE_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(1500),
  /** How long a bot waits before it plays while the person who moved before it may still take the move back. */
  UNDO_BOT_WAIT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(60_000).default(5000),
  /** Days of time off (/away) each person may take per calendar year (UTC), in every server together. */
  AWAY_DAYS_PER_YEAR: z.coerce.number({ error: 'must be a whole number of days' }).int('must be a whole number of days').min(0, 'must be between 0 and 366').max(366, 'must be between 0 and 366').default(30),
  /** Time a strong bot may think per decision; it counts toward BOT_MOVE_DELAY_MS, not on top of it. */
  BOT_THINK_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(10).max(10_000).default(300),
  /**
   * Worker threads strong bots think in; 0 thinks on the main thread (tests only). Decisions
   * beyond this many at once wait for a thread and think for what is left of their budget.
   */
  THINK_WORKERS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(8).default(2),
  /**
   * Requests a second the bot's token may make (Discord's global limit: 50, more when Discord
   * raised it for a large bot). Interaction answers and private views do not count.
   */
  DISCORD_GLOBAL_LIMIT: z.coerce.number({ error: 'must be a number of requests a second' }).int().min(1).max(100_000).default(50),
  /** Processes that draw images; 0 draws on the main thread. */
  RENDER_WORKERS: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(0)
    .max(16)
    .default(Math.max(1, Math.min(2, availableParallelism() - 1))),
  /** How interactions arrive: the gateway connection (default) or Discord's signed HTTP POSTs. */
  INTERACTIONS: z.enum(['gateway', 'http'], { error: 'must be gateway or http' }).default('gateway'),
  /** HTTP mode: the port of the interactions endpoint (0 picks a free one). */
  PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be a port number').max(65_535, 'must be a port number').optional(),
  /** HTTP mode: the application's public key, as the Developer Portal shows it. */
  DISCORD_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64 hexadecimal characters of the application\'s public key (General Information page of the Developer Portal)')
    .optional(),
  /** The address the web pages are reached at (https://games.example.org); unset, no page is served. */
  PUBLIC_URL: z
    .url({ error: 'must be a URL such as https://games.example.org' })
    .regex(/^https?:\/\//, 'must be an http or https URL such as https://games.example.org')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** The port the web pages are served on, unless INTERACTIONS=http shares PORT (0 picks a free one). */
  WEB_PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be a port number').max(65_535, 'must be a port number').optional(),
  /** Requests one address may make per minute to the web pages (a burst of as many is allowed). */
  WEB_RATE_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be between 1 and 1000000').max(1_000_000, 'must be between 1 and 1000000').default(300),
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For, as WEB_PROXY_ADDRESSES allows. */
  WEB_TRUST_PROXY: z.stringbool({ error: 'must be true or false' }).default(false),
  /**
   * The addresses the reverse proxy connects from (addresses or ranges, comma-separated; `loopback`
   * for the same machine): X-Forwarded-For is believed only from them, so no one reaching the port
   * directly can pick the address the rate limit counts.
   */
  WEB_PROXY_ADDRESSES: z
    .string()
    .default('loopback')
    .transform((text) => text.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((list) => list.length > 0 && validTrust(list), 'must be addresses or ranges such as 127.0.0.1, 10.0.0.0/8 or loopback, separated by commas'),
  /** The address the pages' own server listens on (all interfaces when unset; 127.0.0.1 behind a proxy on this machine). */
  WEB_HOST: z.string().trim().min(1, 'must be an address such as 127.0.0.1').optional(),
  /** Test hook only: holds the poster to simulate a crash before or after a post is sent. */
  RECYCLERIE_TEST_HOLD_POSTS: z.enum(['before-send', 'after-send']).optional(),
  /** Test hook only: holds a player's move just before it is stored, to simulate a crash there. */
  RECYCLERIE_TEST_HOLD_MOVES: z.enum(['before-commit']).optional(),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Parses the environment. A bad value throws one sentence naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable left empty (as in a copied .env.example) counts as unset, so defaults apply.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const result = schema.safeParse(given);
  if (result.success) {
    const config = result.data;
    if (config.INTERACTIONS === 'http') {
      // HTTP mode cannot answer anything without these two.
      if (config.DISCORD_PUBLIC_KEY === undefined) throw new ConfigError('Configuration error: DISCORD_PUBLIC_KEY is required when INTERACTIONS=http. Set it in .env (see .env.example).');
      if (config.PORT === undefined) throw new ConfigError('Configuration error: PORT is required when INTERACTIONS=http. Set it in .env (see .env.example).');
    }
    if (config.PUBLIC_URL !== undefined && config.INTERACTIONS !== 'http' && config.WEB_PORT === undefined) {
      throw new ConfigError('Configuration error: WEB_PORT is required when PUBLIC_URL is set (or INTERACTIONS=http, whose PORT then serves the pages too). Set it in .env (see .env.example).');
    }
    return config;
  }
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'configuration');
  const value = env[name];
  const detail = value === undefined && issue.code === 'invalid_type' ? 'is required' : issue.message;
  throw new ConfigError(`Configuration error: ${name} ${detail}. Set it in .env (see .env.example).`);
}
