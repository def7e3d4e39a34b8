import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { REcoState } from '../../src/games/r-eco/types.js';
import { cardOf } from '../../src/games/r-eco/constants.js';
import { rEco } from '../../src/games/r-eco/index.js';
import {
  Player,
  boards,
  componentsOf,
  findComponent,
  firstAnswer,
  latestBoard,
  mentionedOnBoard,
  openAndStart,
  pressLobby,
  sendAnswer,
  settled,
  startWorld,
  textOf,
  type World,
} from './harness.js';
import type { InteractionRecord } from '../double/types.js';

const BASE_PERMS =
  PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.AttachFiles | PermissionFlagsBits.ReadMessageHistory;

/** The ephemeral error text the bot sent for an interaction. */
async function errorText(world: World, rec: InteractionRecord): Promise<string> {
  const message = await settled(world.double, rec);
  const text = rec.followUps.length ? rec.followUps.map((m) => m.content).join('\n') : message.content;
  expect(rec.followUps.length ? rec.followUps.every((m) => m.ephemeral) : rec.ephemeral).toBe(true);
  return text;
}

describe('what users get when something is not allowed', () => {
  let world: World;
  let n = 0;
  const user = (name: string, opts: { locale?: string; permissions?: bigint } = {}) => new Player(world, world.double.addUser({ username: `${name}${n++}`, ...opts }));
  const channel = () => world.double.addChannel('300000000000000001', { name: `c${n++}` }).id;

  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('refuses a second game in a busy channel', async () => {
    const c = channel();
    const host = user('host');
    await host.command(c, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    const second = await user('other').command(c, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    expect(await errorText(world, second)).toMatch(/already has a game/);
  });

  it('refuses joining a full or started game and starting with too few players', async () => {
    const c = channel();
    const host = user('host');
    const late = user('late', { locale: 'fr' });
    await host.command(c, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    const tooFew = await pressLobby(host, c, 'start');
    expect(await errorText(world, tooFew)).toMatch(/Not enough players yet: 1 seated, 3 needed/);
    for (let i = 0; i < 4; i++) await pressLobby(host, c, 'bot');
    const full = await pressLobby(late, c, 'join');
    expect(await errorText(world, full)).toMatch(/complète \(5 joueurs au plus\)/);
    const notHost = await pressLobby(late, c, 'start');
    expect(await errorText(world, notHost)).toMatch(/Seule la personne qui a ouvert/);
    await pressLobby(host, c, 'start');
    await world.double.waitFor(() => boards(world, c)[0]);
    const started = await late.command(c, 'game', { subcommand: 'join' });
    expect(await errorText(world, started)).toMatch(/déjà commencé/);
  });

  it('lets only the host or a moderator cancel', async () => {
    const c = channel();
    const host = user('host');
    const guest = user('guest');
    const moderator = user('mod', { permissions: BASE_PERMS | PermissionFlagsBits.ManageChannels });
    await openAndStart(host, c, [guest, user('third')]);
    const refused = await guest.command(c, 'game', { subcommand: 'cancel' });
    expect(await errorText(world, refused)).toMatch(/Only the player who opened the game, or someone with Manage Channels/);
    expect((await world.bot.store.openInChannel(c))?.status).toBe('active');
    const cancelled = await moderator.command(c, 'game', { subcommand: 'cancel' });
    expect(cancelled.ephemeral).toBe(false);
    expect((await settled(world.double, cancelled)).content).toMatch(/was cancelled by/);
    expect((await world.bot.store.openInChannel(c))).toBeNull();
    // Buttons of the cancelled game now answer that it is closed, and change nothing.
    const stale = await guest.press(latestBoard(world, c), 'hand:');
    expect(await errorText(world, stale)).toMatch(/over or was cancelled/);
  });

  it('answers non-players, out-of-turn clicks and stale buttons without changing the game', async () => {
    const c = channel();
    const players = [user('p'), user('q'), user('r')];
    const outsider = user('outsider');
    await openAndStart(players[0]!, c, players.slice(1));
    const notInGame = await outsider.press(latestBoard(world, c), 'hand:');
    expect(await errorText(world, notInGame)).toMatch(/not playing in this game/);
    const outsiderLeave = await outsider.command(c, 'game', { subcommand: 'leave' });
    expect(await errorText(world, outsiderLeave)).toMatch(/not playing in this game/);

    const mover = players.find((p) => p.id === mentionedOnBoard(latestBoard(world, c))[0])!;
    // Two private views of the same turn; the second goes stale once the first is used.
    const first = await mover.openHand(c);
    const second = await mover.openHand(c);
    const version = (await world.bot.store.openInChannel(c))!.version;
    await settled(world.double, await mover.answer(first));
    await world.double.waitFor(async () => (await world.bot.store.openInChannel(c))!.version > version);
    const record = (await world.bot.store.openInChannel(c))!;
    const stale = await mover.answer(second);
    // Its own move already moved the game on: the player is told so, not given an error.
    expect(await errorText(world, stale)).toMatch(/Your move was already played/);
    // The stale private view is redrawn without controls: it is no longer this player's turn.
    await world.double.waitFor(() => !findComponent(world.double.message(second.id)!, 'mv:'));
    expect((await world.bot.store.openInChannel(c))!.version).toBe(record.version);
    expect((await world.bot.store.moveLog(record.id))).toHaveLength(1);
  });

  it('offers each legal play as one button, none mixing colours', async () => {
    const c = channel();
    const players = [user('p'), user('q'), user('r')];
    await openAndStart(players[0]!, c, players.slice(1));
    // Find a turn whose player holds two colours; play the first button until then.
    for (let attempt = 0; attempt < 30; attempt++) {
      await world.bot.runner.flush();
      const record = (await world.bot.store.openInChannel(c))!;
      const state = record.state as REcoState;
      const mover = players.find((p) => p.id === mentionedOnBoard(latestBoard(world, c))[0])!;
      const hand = state.players[state.current]!.hand;
      const colours = new Set(hand.map((id) => cardOf(id).colour));
      const view = await mover.openHand(c);
      if (state.phase === 'play' && colours.size >= 2) {
        const buttons = componentsOf(view).filter((x) => x.custom_id?.startsWith('mv:'));
        const decision = rEco.decision(state, state.current)!;
        if (decision.kind !== 'choose') throw new Error('expected one button per play');
        expect(buttons.map((b) => b.custom_id!.split(':').at(-1))).toEqual(decision.choices.map((x) => x.id));
        for (const choice of decision.choices) {
          const cards = decision.toMove(choice.id)!.cards;
          expect(new Set(cards.map((id) => cardOf(id).colour)).size).toBe(1);
        }
        // Each button's effect is spelled out next to it.
        expect(view.content.match(/Factory \d\/4/g)?.length).toBe(decision.choices.length);
        expect((await world.bot.store.get(record.id))).toEqual(record);
        return;
      }
      const count = boards(world, c).length;
      await settled(world.double, await mover.answer(view));
      await world.double.waitFor(() => boards(world, c).length > count);
    }
    throw new Error('never found a hand with two colours');
  });

  it('applies two clicks landing at the same moment once', async () => {
    const c = channel();
    const players = [user('p'), user('q'), user('r')];
    await openAndStart(players[0]!, c, players.slice(1));
    const mover = players.find((p) => p.id === mentionedOnBoard(latestBoard(world, c))[0])!;
    const view = await mover.openHand(c);
    const answer = firstAnswer(view)!;
    const record = (await world.bot.store.openInChannel(c))!;
    const [a, b] = await Promise.all([sendAnswer(world.double, mover.user, view, answer), sendAnswer(world.double, mover.user, view, answer)]);
    await Promise.all([settled(world.double, a), settled(world.double, b)]);
    await world.bot.runner.flush(record.id);
    expect((await world.bot.store.moveLog(record.id))).toHaveLength(1);
    expect((await world.bot.store.get(record.id))!.version).toBe(record.version + 1);
    // Exactly one of the two was told it came too late.
    const refused = (r: InteractionRecord) => r.followUps.some((f) => f.ephemeral && /already played/.test(f.content));
    await world.double.waitFor(() => refused(a) || refused(b));
    expect([a, b].filter(refused)).toHaveLength(1);
  });

  it('lets two players race for the last seat: one joins, one is told it is full', async () => {
    const c = channel();
    const host = user('host');
    await host.command(c, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    for (let i = 0; i < 3; i++) await pressLobby(host, c, 'bot');
    const [x, y] = [user('x'), user('y')];
    const [rx, ry] = await Promise.all([pressLobby(x, c, 'join'), pressLobby(y, c, 'join')]);
    await Promise.all([rx.response(), ry.response()]);
    const seats = (await world.bot.store.openInChannel(c))!.seats;
    expect(seats).toHaveLength(5);
    const joined = [x, y].filter((p) => seats.some((s) => s.userId === p.id));
    expect(joined).toHaveLength(1);
    const loser = joined[0] === x ? ry : rx;
    expect(loser.ephemeral).toBe(true);
  });

  it.each([
    ['Attach Files', PermissionFlagsBits.AttachFiles],
    ['Send Messages', PermissionFlagsBits.SendMessages],
  ])('names the missing permission %s instead of failing silently', async (name, flag) => {
    const c = channel();
    world.double.setBotPermissions(c, (BASE_PERMS | PermissionFlagsBits.SendMessagesInThreads) & ~flag);
    const rec = await user('host').command(c, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    expect(await errorText(world, rec)).toContain(name);
    expect((await world.bot.store.openInChannel(c))).toBeNull();
  });

  it('apologises for an unexpected error and keeps running', async () => {
    const c = channel();
    const host = user('host');
    await host.command(c, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    const store = world.bot.store;
    const original = store.latestInChannel.bind(store);
    store.latestInChannel = () => {
      throw new Error('disk on fire');
    };
    try {
      const rec = await host.command(c, 'status');
      expect(await errorText(world, rec)).toMatch(/Sorry, something went wrong/);
    } finally {
      store.latestInChannel = original;
    }
    const ok = await host.command(c, 'status');
    expect(textOf(await settled(world.double, ok))).toMatch(/lobby/);
  });

  it('answers every interaction before the deadline and breaks no Discord limit', () => {
    expect(world.double.violations).toEqual([]);
    expect(componentsOf).toBeTypeOf('function');
  });
});
