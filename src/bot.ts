/** Wires the bot together: database, store, Discord client, router and the game tables. */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { commandMap } from '../commands/index.js';
import type { Config } from './config.js';
import type { BotContext } from './discord/context.js';
import { createImages } from './discord/images.js';
import { registerCommands } from './discord/register-commands.js';
import { createRouter } from './discord/router.js';
import { Scheduler, systemClock, type Clock } from './discord/scheduler.js';
import { Tables } from './discord/tables.js';
import type { Logger } from './logger.js';
import { openDatabase } from './store/database.js';
import { GameStore } from './store/game-store.js';

export interface RunningBot extends BotContext {
  stop(): Promise<void>;
}

export async function startBot(config: Config, logger: Logger, opts: { clock?: Clock } = {}): Promise<RunningBot> {
  const clock = opts.clock ?? systemClock;
  const db = openDatabase(config.DATABASE_PATH);
  const store = new GameStore(db, () => clock.now());
  logger.info({ database: config.DATABASE_PATH }, 'database ready');
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    ...(config.DISCORD_API_URL ? { rest: { api: config.DISCORD_API_URL } } : {}),
  });
  const images = createImages(config.RENDER_WORKERS, logger);
  const tables = new Tables(store, client, logger, config.BOT_MOVE_DELAY_MS, images, config.RECYCLERIE_TEST_HOLD_POSTS);
  const scheduler = new Scheduler(store, tables, logger, clock);
  tables.onClocksChanged = () => scheduler.poke();
  const ctx: BotContext = { config, logger, store, client, tables, images, scheduler, clock };

  client.on(Events.InteractionCreate, createRouter(ctx, commandMap()));
  client.on(Events.Error, (error) => logger.error({ err: error }, 'client error'));
  client.on(Events.ShardDisconnect, (_event, shard) => logger.warn({ shard }, 'gateway disconnected'));

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.DISCORD_TOKEN);
    await ready;
    await registerCommands(client.rest, client.application!.id, config.DISCORD_GUILD_ID, { store, logger });
  } catch (error) {
    await client.destroy();
    await images.close();
    db.$client.close();
    throw error;
  }
  tables.resume();
  scheduler.start();
  logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'bot ready');

  let stopped = false;
  return {
    ...ctx,
    async stop() {
      if (stopped) return;
      stopped = true;
      scheduler.stop();
      tables.stop();
      await tables.flush();
      await client.destroy();
      await images.close();
      db.$client.close();
      logger.info('bot stopped');
    },
  };
}
