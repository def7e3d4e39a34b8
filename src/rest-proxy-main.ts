/** `npm run rest-proxy`: one REST proxy for every replica, with the token from .env. */
import './node-version.js';
import 'dotenv/config';
import { describeStartError } from './bot.js';
import { createLogger } from './logger.js';
import { PortError } from './ports.js';
import { loadRestProxyConfig, startRestProxy } from './rest-proxy.js';

let config;
try {
  config = loadRestProxyConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
try {
  const proxy = await startRestProxy(config, logger);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  logger.debug({ err: error }, 'start-up failed');
  // Here the upstream is REST_PROXY_UPSTREAM, not the bot's DISCORD_API_URL; a port error means the bots' one.
  const sentence = error instanceof PortError ? describeStartError(error) : describeStartError(error).replace('DISCORD_API_URL', 'REST_PROXY_UPSTREAM');
  console.error(`Could not start the REST proxy: ${sentence}`);
  process.exit(1);
}
