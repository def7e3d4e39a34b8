/** Every slash command. Each file exports `data` (the definition) and `execute`. */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Command } from '../src/discord/context.js';
import * as away from './away.js';
import * as game from './game.js';
import * as hand from './hand.js';
import * as help from './help.js';
import * as history from './history.js';
import * as leaderboard from './leaderboard.js';
import * as notify from './notify.js';
import * as profile from './profile.js';
import * as rules from './rules.js';
import * as session from './session.js';
import * as status from './status.js';

export type { Command };

export const COMMANDS: Command[] = [game, hand, status, rules, help, notify, away, history, leaderboard, profile, session];

export function commandMap(): Map<string, Command> {
  return new Map(COMMANDS.map((c) => [c.data.name, c]));
}

export function commandsJson(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return COMMANDS.map((c) => c.data.toJSON());
}
