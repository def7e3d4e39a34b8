import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, boards, openAndStart, playToEnd, settled, startWorld, textOf, type World } from './harness.js';

describe('leaving a running game', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('hands the seat and its cards to a bot, and the others play on to the end', async () => {
    const channel = world.channels[0]!;
    const [ada, bea, cy] = ['ada', 'bea', 'cy'].map((n) => new Player(world, world.double.addUser({ username: n })));
    await openAndStart(ada!, channel, [bea!, cy!]);
    const before = (await world.bot.store.openInChannel(channel))!;
    const leaving = await cy!.command(channel, 'game', { subcommand: 'leave' });
    expect(leaving.ephemeral).toBe(false);
    expect((await settled(world.double, leaving)).content).toMatch(/takes over their seat and cards/);
    const after = (await world.bot.store.openInChannel(channel))!;
    const seat = before.seats.find((s) => s.userId === cy!.id)!.position;
    expect(after.seats[seat]).toMatchObject({ isBot: true, userId: null });
    // The hand stays with the seat: nothing about the game changed but who plays it.
    expect(after.state).toEqual(before.state);

    const final = await playToEnd(world, channel, [ada!, bea!]);
    expect(textOf(final)).toContain(after.seats[seat]!.displayName);
    expect(boards(world, channel).some((b) => textOf(b).includes(`**${after.seats[seat]!.displayName}**`))).toBe(true);
  });

  it('cancels the game when the last human leaves', async () => {
    const channel = world.channels[1]!;
    const solo = new Player(world, world.double.addUser({ username: 'solo' }));
    // This time with the subcommands only: they answer privately and edit the lobby message.
    await solo.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    for (let i = 0; i < 2; i++) expect((await solo.command(channel, 'game', { subcommand: 'add-bot' })).ephemeral).toBe(true);
    const started = await solo.command(channel, 'game', { subcommand: 'start' });
    expect(started.ephemeral).toBe(true);
    const lobby = world.double.channelMessages(channel)[0]!;
    await world.double.waitFor(() => world.double.message(lobby.id)!.components.length === 0);
    expect(textOf(world.double.message(lobby.id)!)).toMatch(/has started/);
    expect(textOf(world.double.message(lobby.id)!)).toContain('Bot Blaise');
    await world.double.waitFor(() => boards(world, channel)[0]);
    const leaving = await solo.command(channel, 'game', { subcommand: 'leave' });
    expect((await settled(world.double, leaving)).content).toMatch(/the game is cancelled/);
    expect((await world.bot.store.openInChannel(channel))).toBeNull();
    const again = await solo.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    expect(again.ephemeral).toBe(false);
  });
});
