/**
 * Registers the slash commands (their definitions handed in by the caller, from commands/): on one server at once when DISCORD_GUILD_ID is set, otherwise
 * globally. Skipped when the same set was already registered for this application and target.
 */
import { createHash } from 'node:crypto';
import { Routes, type REST, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Logger } from '../../logger.js';
import type { GameStore } from '../../store/game-store.js';

const META_KEY = 'commands.hash';

type CommandJson = RESTPostAPIChatInputApplicationCommandsJSONBody;

export function commandsHash(applicationId: string, guildId: string | undefined, commands: CommandJson[]): string {
  const body = JSON.stringify({ applicationId, guildId: guildId ?? null, commands });
  return createHash('sha256').update(body).digest('hex');
}

export async function registerCommands(
  rest: REST,
  applicationId: string,
  guildId: string | undefined,
  commands: CommandJson[],
  opts: { store?: GameStore; logger: Logger; force?: boolean },
): Promise<boolean> {
  const hash = commandsHash(applicationId, guildId, commands);
  if (!opts.force && (await opts.store?.getMeta(META_KEY)) === hash) {
    opts.logger.info({ guildId: guildId ?? 'global' }, 'slash commands unchanged');
    return false;
  }
  const route = guildId ? Routes.applicationGuildCommands(applicationId, guildId) : Routes.applicationCommands(applicationId);
  await rest.put(route, { body: commands });
  await opts.store?.setMeta(META_KEY, hash);
  opts.logger.info({ guildId: guildId ?? 'global', count: commands.length }, 'slash commands registered');
  return true;
}
