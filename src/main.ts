/** `npm start`: read .env, validate the configuration, start the bot, stop cleanly on signals. */
import './node-version.js';
import 'dotenv/config';
import { StartError, describeStartError, startBot } from './bot.js';
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
    // One plain sentence on stderr; the details go to the debug log.
    logger.debug({ err: error }, 'start-up failed');
    const sentence = error instanceof StartError ? error.message : describeStartError(error);
    console.error(`Could not start the bot: ${sentence}`);
    process.exit(1);
  }
  const running = bot;
  let stopping = false;
  let signalled = false;
  const shutdown = (signal: string, isSignal = true) => {
    // Only a second real signal forces the exit: a group stop often reaches us just after the
    // parent check has seen sh die, and that one SIGTERM must still stop cleanly.
    if (stopping && signalled && isSignal) {
      logger.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    signalled ||= isSignal;
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A stop that hangs (a stuck request) must not keep the process alive forever.
    setTimeout(() => {
      logger.error('could not stop within 10 s: exiting');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // `npm start` runs us through `sh -c`, and sh does not pass a SIGTERM it gets from npm on: it
  // dies and leaves us running. Re-parented means whoever started us is gone, so stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent && !stopping) shutdown('parent exited', false);
  }, PARENT_CHECK_MS).unref();
}

const PARENT_CHECK_MS = 500;

const STOP_TIMEOUT_MS = 10_000;

void main();
