import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_KEPT } from '../../src/bot.js';
import { gameById } from '../../src/catalog.js';
import {
  Player,
  boards,
  componentsOf,
  finalMessage,
  lobbyMessage,
  mentionedOnBoard,
  pressLobby,
  settled,
  startWorld,
  textOf,
  type World,
} from './harness.js';

describe('a full 3-player R-Eco game through Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('goes from /game new to the final scores with commands and clicks only', async () => {
    const channel = world.channels[0]!;
    const alice = new Player(world, world.double.addUser({ username: 'alice' }));
    const bob = new Player(world, world.double.addUser({ username: 'bob', locale: 'fr' }));
    const chloe = new Player(world, world.double.addUser({ username: 'chloe' }));

    // The lobby: a public message with the five buttons.
    const created = await alice.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    expect(created.ephemeral).toBe(false);
    const lobby = lobbyMessage(world, channel);
    expect(componentsOf(lobby).map((c) => c.custom_id?.split(':')[2])).toEqual(['join', 'leave', 'bot', 'start', 'cancel']);
    expect(textOf(lobby)).toContain(`<@${alice.id}>`);

    // Joining by button and by command both update the lobby.
    await pressLobby(bob, channel, 'join');
    const joined = await chloe.command(channel, 'game', { subcommand: 'join' });
    expect(joined.ephemeral).toBe(true);
    await world.double.waitFor(() => textOf(lobbyMessage(world, channel)).includes(`<@${chloe.id}>`));
    expect(textOf(lobbyMessage(world, channel))).toContain(`<@${bob.id}>`);

    await pressLobby(alice, channel, 'start');
    const first = await world.double.waitFor(() => boards(world, channel)[0]);
    expect(first.ephemeral).toBe(false);
    expect(first.attachments[0]!.data.subarray(1, 4).toString()).toBe('PNG');
    expect(componentsOf(first).map((c) => c.custom_id?.split(':')[0])).toEqual(['hand', 'status', 'rules']);
    const [firstMover] = mentionedOnBoard(first);
    expect([alice.id, bob.id, chloe.id]).toContain(firstMover);

    // The private hand: ephemeral, for its owner, with text, an image and the play controls.
    const mover = [alice, bob, chloe].find((p) => p.id === firstMover)!;
    const hand = await mover.openHand(channel);
    expect(hand.ephemeral).toBe(true);
    expect(hand.visibleTo).toBe(mover.id);
    expect(hand.attachments.map((a) => a.filename)).toEqual(['hand.png']);
    // One button per distinct play of the 3 cards dealt, each saying what it does.
    const plays = componentsOf(hand).filter((c) => c.custom_id?.startsWith('mv:'));
    expect(plays.length).toBeGreaterThanOrEqual(2);
    expect(plays.every((c) => c.type === 2)).toBe(true);
    // Bob reads French; the others English.
    expect(hand.content).toMatch(mover === bob ? /Usine \d\/4/ : /Factory \d\/4/);
    expect(world.double.channelMessages(channel).some((m) => m.id === hand.id)).toBe(false);

    // Somebody else's hand has no controls: it is not their turn.
    const waiting = [alice, bob, chloe].find((p) => p.id !== firstMover)!;
    const otherHand = await waiting.openHand(channel);
    expect(componentsOf(otherHand).some((c) => c.custom_id?.startsWith('mv:'))).toBe(false);

    // Play to the end.
    const players = [alice, bob, chloe];
    const byId = new Map(players.map((p) => [p.id, p]));
    let turns = 0;
    while (!finalMessage(world, channel)) {
      const count = boards(world, channel).length;
      const board = boards(world, channel).at(-1)!;
      const mentioned = mentionedOnBoard(board);
      if (mentioned.length === 0) {
        // The last board says the game is over; the final scoring follows it.
        expect(board.content).toContain('game is over');
        await world.double.waitFor(() => finalMessage(world, channel));
        break;
      }
      const next = byId.get(mentioned[0]!)!;
      const edited = board.editedAt;
      const after = await next.playOnce(channel);
      // The private view after a move draws its image only when the seat acts again from it;
      // otherwise the text carries the hand and Refresh draws it.
      const actsAgain = componentsOf(after).some((c) => /^(mv|form|sc):/.test(c.custom_id ?? ''));
      expect(after.attachments.map((a) => a.filename)).toEqual(actsAgain ? ['hand.png'] : []);
      expect(after.content).toMatch(/Your hand|Votre main/);
      if (turns === 0) {
        const refreshed = await settled(world.double, await next.press(after, 'hand:'));
        expect(refreshed.attachments.map((a) => a.filename)).toEqual(['hand.png']);
      }
      // A new board for the next turn, or this board redrawn for a sub-step of the same turn.
      await world.double.waitFor(() => boards(world, channel).length > count || world.double.message(board.id)!.editedAt !== edited);
      const posted = boards(world, channel).at(-1)!;
      // Each turn is logged publicly with the mover's mention.
      expect(textOf(posted)).toContain(`<@${next.id}>`);
      turns++;
      expect(turns).toBeLessThan(400);
    }
    const final = await world.double.waitFor(() => finalMessage(world, channel));
    const finalText = textOf(final);
    for (const p of players) expect(finalText).toContain(`<@${p.id}>`);
    expect(finalText).toMatch(/🏆/);
    expect(final.attachments.map((a) => a.filename)).toEqual(['final.png']);

    // One board per turn: the opening board, one when each turn passes to the next seat, and
    // the last one; sub-steps (the dump) redrew the current board instead of posting.
    const record = (await world.bot.store.latestInChannel(channel))!;
    const log = await world.bot.store.moveLog(record.id);
    const turnChanges = log.filter((m, i) => i > 0 && m.seat !== log[i - 1]!.seat).length;
    const all = boards(world, channel);
    expect(all.length).toBe(1 + turnChanges + 1);
    // A whole game posted far more messages than the bot keeps of a channel.
    expect(world.double.channelMessages(channel).length).toBeGreaterThan(MESSAGES_KEPT);
    const kept = world.bot.client.channels.cache.get(channel);
    if (!kept || !('messages' in kept)) throw new Error('the bot has no cached channel to post in');
    expect(kept.messages.cache.size).toBeGreaterThan(0);
    expect(kept.messages.cache.size).toBeLessThanOrEqual(MESSAGES_KEPT);
    expect(log.length).toBeGreaterThan(all.length);
    // Nothing else reached the channel: the lobby, the boards and the final scores.
    expect(world.double.channelMessages(channel).length).toBe(1 + all.length + 1);
    // Only the current board keeps its buttons; every older one lost them.
    for (const old of all.slice(0, -1)) expect(old.components).toEqual([]);
    // Every board image carries an alt text saying whose turn it is.
    for (const b of all) expect(b.attachments[0]!.description ?? '').toMatch(/R-Eco/);
    expect(all.at(-2)!.attachments[0]!.description).toMatch(/turn|tour/i);

    // The final ranking agrees with the rules' own outcome for the stored state.
    expect(record.status).toBe('finished');
    const outcome = gameById('r-eco')!.outcome(record.state)!;
    const winner = outcome.standings.find((s) => s.rank === 1)!;
    expect(final.content).toContain(`<@${record.seats[winner.seat]!.userId}>`);

    // /status after the end shows the final ranking, to the asker only.
    const status = await bob.command(channel, 'status');
    const statusReply = await settled(world.double, status);
    expect(status.ephemeral).toBe(true);
    expect(textOf(statusReply)).toContain('Classement final');

    // The channel is free for a new game.
    const again = await alice.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    expect(again.ephemeral).toBe(false);
    expect(world.double.violations).toEqual([]);
  });

  it('shows a join made before the lobby message was saved', async () => {
    const channel = world.channels[1]!;
    const dana = new Player(world, world.double.addUser({ username: 'dana' }));
    const eli = new Player(world, world.double.addUser({ username: 'eli' }));
    // Hold the saving of the lobby message's id until eli's join is stored: the join finds no
    // message to edit, so the lobby must be redrawn by the one who posted it.
    const store = world.bot.store;
    const save = store.setLobbyMessage.bind(store);
    let joinStored!: () => void;
    const joined = new Promise<void>((resolve) => (joinStored = resolve));
    store.setLobbyMessage = async (gameId, messageId) => {
      await joined;
      return save(gameId, messageId);
    };
    try {
      const created = await dana.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
      expect(created.ephemeral).toBe(false);
      const lobby = lobbyMessage(world, channel);
      expect(textOf(lobby)).not.toContain(`<@${eli.id}>`);
      const join = await eli.command(channel, 'game', { subcommand: 'join' });
      expect(join.ephemeral).toBe(true);
      joinStored();
      await world.double.waitFor(() => world.double.message(lobby.id)?.editedAt);
      expect(textOf(world.double.message(lobby.id)!)).toContain(`<@${eli.id}>`);
      expect(textOf(world.double.message(lobby.id)!)).toContain(`<@${dana.id}>`);
    } finally {
      store.setLobbyMessage = save;
    }
  });
});
