/** `npm start`: read .env, validate the configuration, start the bot, stop cleanly on signals. */
import 'dotenv/config';
import { startBot } from './bot.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (error) => logger.error({ err: error }, 'uncaught exception'));

  let bot;
  try {
    bot = await startBot(config, logger);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: error }, `could not start: ${message}`);
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    bot.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
