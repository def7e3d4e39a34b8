/** `npm run deploy-commands`: registers the slash commands now, whether or not they changed. */
import './node-version.js';
import 'dotenv/config';
import { REST, Routes } from 'discord.js';
import { commandsJson } from '../commands/index.js';
import { loadConfig } from './config.js';
import { registerCommands } from './discord/transport/register-commands.js';
import { createLogger } from './logger.js';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
const app = (await rest.get(Routes.currentApplication())) as { id: string; verify_key?: string; interactions_endpoint_url?: string | null };
await registerCommands(rest, app.id, config.DISCORD_GUILD_ID, commandsJson(), { logger, force: true });
if (config.INTERACTIONS === 'http') {
  // HTTP mode also needs two settings of the Developer Portal (General Information page).
  if (app.verify_key && app.verify_key.toLowerCase() !== config.DISCORD_PUBLIC_KEY!.toLowerCase()) {
    console.error('DISCORD_PUBLIC_KEY is not the public key of this application: copy it from the General Information page of the Developer Portal.');
    process.exit(1);
  }
  const endpoint = app.interactions_endpoint_url;
  console.log(
    endpoint
      ? `Interactions Endpoint URL: ${endpoint} (Discord sends every interaction there).`
      : 'Interactions Endpoint URL is not set: start the bot, then enter https://<your host>/interactions on the General Information page of the Developer Portal.',
  );
}
