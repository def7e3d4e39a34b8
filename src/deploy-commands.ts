/** `npm run deploy-commands`: registers the slash commands now, whether or not they changed. */
import './node-version.js';
import 'dotenv/config';
import { REST, Routes } from 'discord.js';
import { loadConfig } from './config.js';
import { registerCommands } from './discord/register-commands.js';
import { createLogger } from './logger.js';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const rest = new REST(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}).setToken(config.DISCORD_TOKEN);
const app = (await rest.get(Routes.currentApplication())) as { id: string };
await registerCommands(rest, app.id, config.DISCORD_GUILD_ID, { logger, force: true });
