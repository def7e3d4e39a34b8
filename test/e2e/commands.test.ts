import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { GUILD_ID, botEnv, launchBot, tempDatabase } from './harness.js';

describe('slash command registration', () => {
  let double: DiscordDouble;
  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  });
  afterAll(async () => {
    await double?.close();
  });

  it('registers globally without a server id, on the server with one, and only when something changed', async () => {
    const dbPath = tempDatabase();
    const names = (set: unknown[]) => (set as { name: string }[]).map((c) => c.name).sort();

    let bot = await launchBot(double, dbPath, { DISCORD_GUILD_ID: '' });
    expect(double.commandPuts).toBe(1);
    expect(names(double.commands.global)).toEqual(['away', 'game', 'hand', 'help', 'history', 'leaderboard', 'notify', 'profile', 'rules', 'session', 'status']);
    expect(double.commands.guild.get(GUILD_ID) ?? []).toEqual([]);
    await bot.stop();

    bot = await launchBot(double, dbPath, { DISCORD_GUILD_ID: '' });
    expect(double.commandPuts).toBe(1);
    await bot.stop();

    bot = await launchBot(double, dbPath);
    expect(double.commandPuts).toBe(2);
    expect(names(double.commands.guild.get(GUILD_ID)!)).toEqual(['away', 'game', 'hand', 'help', 'history', 'leaderboard', 'notify', 'profile', 'rules', 'session', 'status']);
    const game = (double.commands.guild.get(GUILD_ID) as { name: string; name_localizations?: Record<string, string> }[]).find((c) => c.name === 'game')!;
    expect(game.name_localizations?.fr).toBe('partie');
    await bot.stop();
  });

  it('registers again on demand with `npm run deploy-commands`', async () => {
    const before = double.commandPuts;
    const root = fileURLToPath(new URL('../..', import.meta.url));
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/deploy-commands.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...botEnv(double, tempDatabase()) },
      timeout: 20_000,
    });
    expect(double.commandPuts).toBe(before + 1);
    expect((double.commands.guild.get(GUILD_ID) as unknown[]).length).toBe(11);
  });
});
