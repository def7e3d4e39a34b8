/** What every command and component handler receives besides the interaction. */
import type { ChatInputCommandInteraction, Client, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { GameStore } from '../store/game-store.js';
import type { Digests } from './runtime/digest.js';
import type { Images } from './runtime/images.js';
import type { Clock, Scheduler } from './runtime/scheduler.js';
import type { GameRunner } from './runtime/runner.js';
import type { Thinker } from './runtime/thinker.js';

export interface BotContext {
  config: Config;
  logger: Logger;
  store: GameStore;
  client: Client;
  /** Runs the games: moves, posts, bot turns (`runner.ts`). */
  runner: GameRunner;
  images: Images;
  scheduler: Scheduler;
  /** Daily digests (`runtime/digest.ts`). */
  digests: Digests;
  clock: Clock;
  /** Where strong bots and hints think. */
  thinker: Thinker;
}

/** A slash command: its definition for Discord and what it does (one file each in commands/). */
export interface Command {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void>;
}
