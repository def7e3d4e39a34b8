/** Wires the bot together: database, store, Discord client, router and the game runner. */
import { Client, Events, GatewayIntentBits, Options } from 'discord.js';
import { commandMap, commandsJson } from '../commands/index.js';
import type { Config } from './config.js';
import type { BotContext } from './discord/context.js';
import { createImages } from './discord/runtime/images.js';
import { HttpInteractions } from './discord/transport/interactions-http.js';
import { registerCommands } from './discord/transport/register-commands.js';
import { splitRestBudget } from './discord/transport/rest-budget.js';
import { createRouter } from './discord/handlers/router.js';
import { Scheduler, systemClock, type Clock } from './discord/runtime/scheduler.js';
import { Digests } from './discord/runtime/digest.js';
import { LocalRunner } from './discord/runtime/local-runner.js';
import { QueuedRunner } from './discord/runtime/queued-runner.js';
import { createThinker } from './discord/runtime/thinker.js';
import type { Logger } from './logger.js';
import { PortError, portError } from './ports.js';
import { DatabaseError, type Backend } from './store/backend.js';
import { openDatabase } from './store/database.js';
import { GameStore } from './store/game-store.js';
import type { JobRunner } from './store/jobs.js';
import type { PgBackend } from './store/postgres.js';
import { setPublicUrl } from './discord/messages/web-link.js';
import { BoardCache } from './web/board-cache.js';
import { WebPages } from './web/server.js';

export interface RunningBot extends BotContext {
  /** HTTP mode: the URL of the interactions endpoint. */
  interactionsUrl?: string;
  /** PUBLIC_URL set: the game pages, and the local address they answer at. */
  web?: WebPages;
  webUrl?: string;
  stop(): Promise<void>;
}

/** A start-up failure, with one sentence that says what to fix. */
export class StartError extends Error {}

const CLEANUP_TIMEOUT_MS = 5_000;
/** Messages kept per channel by discord.js (see the client's options). */
export const MESSAGES_KEPT = 10;

// Network errors as Node and undici name them, directly or as the cause of "fetch failed".
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown }; name?: unknown } | null;
  if (typeof e?.code === 'string') return e.code;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  return typeof e?.name === 'string' ? e.name : undefined;
}

/** One sentence a person running the bot can act on. */
export function describeStartError(error: unknown): string {
  // Before the codes below: a host that cannot be looked up is not Discord being unreachable.
  if (error instanceof PortError) return `${error.message}.`;
  const code = errorCode(error);
  const status = (error as { status?: unknown } | null)?.status;
  if (code === 'TokenInvalid' || status === 401) {
    return 'Discord refused the token: check DISCORD_TOKEN in .env (the Bot page of the Discord developer portal can reset it).';
  }
  if (code === 'DisallowedIntents') return 'Discord refused the requested gateway intents: check the bot settings in the Discord developer portal.';
  if ((code && NETWORK_CODES.has(code)) || code === 'AbortError' || code === 'TimeoutError') {
    return `Discord could not be reached (${code}): check the network connection, and DISCORD_API_URL if it is set.`;
  }
  if (status === 403) return 'Discord refused to register the commands (403): check that the bot was invited to the server with the applications.commands scope.';
  const message = error instanceof Error ? error.message : String(error);
  return `${message.replace(/\.$/, '')}.`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function startBot(config: Config, logger: Logger, opts: { clock?: Clock } = {}): Promise<RunningBot> {
  const clock = opts.clock ?? systemClock;
  let backend: Backend;
  // PostgreSQL's driver and the job queue load only when used: they weigh tens of megabytes.
  const jobs = config.DATABASE_URL ? await import('./store/jobs.js') : null;
  try {
    backend = config.DATABASE_URL ? await (await import('./store/postgres.js')).openPostgres(config.DATABASE_URL, { alsoMigrate: jobs!.migrateJobs }) : openDatabase(config.DATABASE_PATH);
  } catch (error) {
    throw new StartError(error instanceof DatabaseError ? `${error.message}.` : describeStartError(error), { cause: error });
  }
  const store = new GameStore(backend, { now: () => clock.now(), botDelayMs: config.BOT_MOVE_DELAY_MS, undoWaitMs: config.UNDO_BOT_WAIT_MS });
  // PostgreSQL: posts, bot turns and clocks are jobs any process may run (src/store/jobs.ts).
  const queued = backend.kind === 'postgres';
  if (queued) store.jobs = jobs!.pgJobSink;
  logger.info({ database: queued ? 'postgres' : config.DATABASE_PATH }, 'database ready');
  // HTTP mode: interactions arrive at our endpoint and no gateway connection is made.
  const http = config.INTERACTIONS === 'http' ? new HttpInteractions(config.DISCORD_PUBLIC_KEY!, logger) : null;
  const restOptions = { globalRequestsPerSecond: config.DISCORD_GLOBAL_LIMIT, ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}), ...(http ? { makeRequest: http.makeRequest } : {}) };
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // Enough gateway connections for the number of servers, as Discord recommends.
    shards: 'auto',
    rest: restOptions,
    // discord.js keeps the last 200 messages of every channel for ever, about 7 KB each: a day of
    // games grew the process by megabytes per channel. The bot reads back only the board it
    // redraws, its latest message there; a channel quiet for an hour keeps none.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: MESSAGES_KEPT }),
    sweepers: { ...Options.DefaultSweeperSettings, messages: { interval: 3_600, lifetime: 3_600 } },
  });
  splitRestBudget(client, restOptions);
  http?.attach(client);
  const images = createImages(config.RENDER_WORKERS, logger);
  // Game pages (PUBLIC_URL): boards the poster draws are kept for them, and their links shown.
  setPublicUrl(config.PUBLIC_URL);
  const boards = config.PUBLIC_URL ? new BoardCache(images) : null;
  const web = boards
    ? new WebPages({ store, images: boards, logger, ratePerMinute: config.WEB_RATE_PER_MINUTE, trustProxy: config.WEB_TRUST_PROXY ? config.WEB_PROXY_ADDRESSES : false })
    : null;
  if (http && web) http.otherRequests = (req, res) => web.handle(req, res);
  const runner = new (queued ? QueuedRunner : LocalRunner)(store, client, logger, config.BOT_MOVE_DELAY_MS, boards ?? images, config.RECYCLERIE_TEST_HOLD_POSTS);
  const thinker = createThinker(config.THINK_WORKERS, logger);
  runner.strongBots = { thinker, thinkMs: config.BOT_THINK_MS };
  const scheduler = new Scheduler(store, runner, logger, clock);
  runner.onClocksChanged = () => scheduler.poke();
  const digests = new Digests({ store, client, logger, runner }, clock);
  const ctx: BotContext = { config, logger, store, client, runner, images, scheduler, digests, clock, thinker };

  client.on(Events.InteractionCreate, createRouter(ctx, commandMap()));
  client.on(Events.Error, (error) => logger.error({ err: error }, 'client error'));
  client.on(Events.ShardDisconnect, (_event, shard) => logger.warn({ shard }, 'gateway disconnected'));

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  let interactionsUrl: string | undefined;
  let webUrl: string | undefined;
  try {
    let applicationId: string;
    if (http) {
      applicationId = (await http.identify(config.DISCORD_TOKEN)).applicationId;
    } else {
      await client.login(config.DISCORD_TOKEN);
      await ready;
      applicationId = client.application!.id;
    }
    await registerCommands(client.rest, applicationId, config.DISCORD_GUILD_ID, commandsJson(), { store, logger });
    if (http) {
      interactionsUrl = await http.listen(config.PORT!).catch((error: unknown) => {
        throw portError(error, { what: 'The interactions endpoint', variable: 'PORT', port: config.PORT! });
      });
    }
    if (web) {
      const port = http ? null : await web.listen(config.WEB_PORT!, config.WEB_HOST).catch((error: unknown) => {
        throw portError(error, { what: 'The game pages', variable: 'WEB_PORT', port: config.WEB_PORT! });
      });
      webUrl = port === null ? interactionsUrl!.replace(/\/interactions$/, '') : `http://127.0.0.1:${port}`;
    }
  } catch (error) {
    // Clean up, but never let a stuck clean-up hide why the start failed.
    await withTimeout(
      (async () => {
        await http?.close();
        await web?.close();
        await client.destroy();
        await images.close();
        await thinker.close();
        await store.close();
      })(),
      CLEANUP_TIMEOUT_MS,
    ).catch((cleanup: unknown) => logger.debug({ err: cleanup }, 'clean-up after a failed start failed'));
    throw new StartError(describeStartError(error), { cause: error });
  }
  // The thinking threads start at the first strong decision or hint, not here: most tables have
  // none, and each thread holds tens of megabytes.
  let jobRunner: JobRunner | null = null;
  if (backend.kind === 'postgres') {
    jobRunner = await jobs!.startJobRunner({
      pool: (backend as PgBackend).pool,
      concurrency: config.JOB_WORKERS,
      sweepMs: config.JOB_SWEEP_MS,
      tasks: {
        post: ({ gameId, postId }) => runner.sendThrough(gameId, postId),
        bot_turn: ({ gameId }) => runner.playBot(gameId),
        clock: async ({ gameId }) => {
          await scheduler.runGame(gameId);
          await store.rescheduleClock(gameId);
        },
        digest: async ({ userId }) => {
          await digests.runUser(userId);
          await store.rescheduleDigest(userId);
        },
      },
      onError: (error, what) => logger.error({ err: error, what }, 'job queue error'),
    });
  }
  await runner.resume();
  scheduler.start();
  digests.start();
  if (web) logger.info({ publicUrl: config.PUBLIC_URL, local: webUrl }, 'game pages served');
  if (http) logger.info({ url: interactionsUrl }, 'bot ready: interactions over HTTP');
  else logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size, shards: client.ws.shards.size }, 'bot ready');

  let stopped = false;
  return {
    ...ctx,
    ...(interactionsUrl ? { interactionsUrl } : {}),
    ...(web ? { web, webUrl: webUrl! } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      await web?.close();
      await http?.close();
      scheduler.stop();
      digests.stop();
      await jobRunner?.stop();
      runner.stop();
      await runner.flush();
      await client.destroy();
      await images.close();
      await thinker.close();
      await store.close();
      logger.info('bot stopped');
    },
  };
}
