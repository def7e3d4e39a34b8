import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { REWARD_STACK_2 } from '../../src/games/r-eco/constants.js';
import type { REcoState } from '../../src/games/r-eco/types.js';
import { Player, openAndStart, playToEnd, pressLobby, settled, startWorld, textOf, type World } from './harness.js';

describe('the 2-player variant as a /game new option', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('is off by default: two players cannot start', async () => {
    const channel = world.channels[0]!;
    const host = new Player(world, world.double.addUser({ username: 'host' }));
    await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    await pressLobby(host, channel, 'bot');
    const refused = await pressLobby(host, channel, 'start');
    expect((await settled(world.double, refused)).content).toMatch(/2 seated, 3 needed/);
  });

  it('with two-player:true, a human and a bot play the 2-player stacks to the end', async () => {
    const channel = world.channels[1]!;
    const host = new Player(world, world.double.addUser({ username: 'duo', locale: 'fr' }));
    await openAndStart(host, channel, [], 1, { 'two-player': true });
    const record = (await world.bot.store.openInChannel(channel))!;
    expect(record.options).toEqual({ 'two-player': true });
    const state = record.state as REcoState;
    expect(state.centres.red.stack).toEqual(REWARD_STACK_2);
    const lobby = world.double.channelMessages(channel)[0]!;
    expect(textOf(lobby)).toMatch(/Autoriser 2 joueurs.*: \*\*oui\*\*/);
    const final = await playToEnd(world, channel, [host]);
    expect(textOf(final)).toMatch(/🏆/);
    expect(gameById('r-eco')!.isOver((await world.bot.store.latestInChannel(channel))!.state)).toBe(true);
  });
});
