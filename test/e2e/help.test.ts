/**
 * /help opens with the three steps to a first move, in the reader's language, naming the exact
 * command and the labels of the buttons the bot really shows for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, boards, componentsOf, lobbyMessage, pressLobby, settled, startWorld, textOf, type World } from './harness.js';
import type { MessageRecord } from '../double/types.js';

/** The label of the first button whose custom id starts with `prefix` and ends with `suffix`. */
function labelOf(message: MessageRecord, prefix: string, suffix = ''): string {
  const button = componentsOf(message).find((c) => c.custom_id?.startsWith(prefix) && c.custom_id.endsWith(suffix)) as { label?: string } | undefined;
  if (!button?.label) throw new Error(`no ${prefix}…${suffix} button on ${JSON.stringify(message.components)}`);
  return button.label;
}

describe('/help', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const cases = [
    { locale: 'en-US', heading: '**Start in three steps**', command: '`/game new`', rest: '**Playing**' },
    { locale: 'fr', heading: '**Démarrer en trois étapes**', command: '`/partie nouvelle`', rest: '**Jouer**' },
  ];

  it.each(cases.map((c, i) => ({ ...c, i })))('starts with three steps that name the real command and buttons ($locale)', async ({ locale, heading, command, rest, i }) => {
    const channel = world.channels[i]!;
    const host = new Player(world, world.double.addUser({ username: `helper${i}`, locale }));

    const help = await settled(world.double, await host.command(channel, 'help'));
    expect(help.ephemeral, 'only the reader sees /help').toBe(true);
    const description = (help.embeds as { description: string }[])[0]!.description;
    expect(description.startsWith(`${heading}\n1. `), description).toBe(true);
    const steps = description.slice(0, description.indexOf(rest));
    expect(steps.split('\n').filter((l) => /^\d\. /.test(l))).toHaveLength(3);
    expect(steps).toContain(command);
    expect(description.length).toBeLessThanOrEqual(4096);

    // The buttons the steps name, as a table in the reader's language shows them.
    const created = await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    expect(created.ephemeral, textOf(created.reply!)).toBeFalsy();
    const lobby = lobbyMessage(world, channel);
    const join = labelOf(lobby, 'lobby:', ':join');
    const start = labelOf(lobby, 'lobby:', ':start');
    for (let b = 0; b < 2; b++) await pressLobby(host, channel, 'bot');
    await pressLobby(host, channel, 'start');
    const board = await world.double.waitFor(() => boards(world, channel)[0]);
    const hand = labelOf(board, 'hand:');
    expect(hand).toMatch(/My hand \/ Play|Ma main \/ Jouer/);

    const stepLines = steps.split('\n');
    expect(stepLines[1]).toContain(command);
    expect(stepLines[2]).toContain(`**${join}**`);
    expect(stepLines[2]).toContain(`**${start}**`);
    expect(stepLines[3]).toContain(`**${hand}**`);
    // The commands reference follows, as before.
    expect(textOf(help)).toContain(rest);
  });
});
