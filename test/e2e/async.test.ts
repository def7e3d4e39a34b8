/**
 * Asynchronous play through Discord, with a clock the test moves by hand: a player who never
 * acts cannot stall a table, an absent bidder cannot block sealed bids, the host can kick, a
 * watcher can take a bot's seat, pings reach DMs when asked (and closed DMs are no error),
 * finished games feed /history, /leaderboard and /profile, a rematch reopens the table, and a
 * deadline that fell due while the bot was down is acted on once after the restart.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageRecord } from '../double/types.js';
import type { World } from './harness.js';

vi.mock('../../src/catalog.js', async (importOriginal) => (await import('./fixtures/registry.js')).catalogWith(await importOriginal(), ['sealed-bid']));

const { Player, boards, componentsOf, fakeClock, finalMessage, launchBot, pressLobby, settled, startWorld, textOf } = await import('./harness.js');
const { gameById } = await import('../../src/catalog.js');

const HOUR = 3_600_000;

describe('asynchronous play', () => {
  let world: World;
  const clock = fakeClock();
  beforeAll(async () => {
    world = await startWorld({ channels: 4, clock, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const people = new Map<string, InstanceType<typeof Player>>();
  const person = (name: string, extra: { dmsClosed?: boolean } = {}) => {
    if (!people.has(name)) {
      const user = world.double.addUser({ username: name });
      if (extra.dmsClosed) user.dmsClosed = true;
      people.set(name, new Player(world, user));
    }
    return people.get(name)!;
  };
  const texts = (channel: string) => world.double.channelMessages(channel).map(textOf).join('\n');

  async function open(host: InstanceType<typeof Player>, channel: string, others: InstanceType<typeof Player>[], options: Record<string, string | boolean>) {
    const created = await host.command(channel, 'game', { subcommand: 'new', options });
    expect(created.ephemeral).toBe(false);
    for (const p of others) await pressLobby(p, channel, 'join');
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[0]);
    return (await world.bot.store.openInChannel(channel))!.id;
  }

  /**
   * Plays the game on: present humans answer what they are asked, an absent one never does, and
   * the test moves the clock whenever only the absent one is awaited.
   */
  async function playOn(channel: string, gameId: number, present: InstanceType<typeof Player>[], step: number) {
    const byId = new Map(present.map((p) => [p.id, p]));
    for (let i = 0; i < 800; i++) {
      await world.bot.runner.flush();
      const record = (await world.bot.store.get(gameId))!;
      if (record.status !== 'active') return record;
      const pending: number[] = gameById(record.gameType)!.pending(record.state);
      const human = pending.map((s) => byId.get(record.seats[s]?.userId ?? '')).find(Boolean);
      if (human) {
        await human.tryPlayOnce(channel);
      } else if (pending.some((s) => !record.seats[s]!.isBot)) {
        clock.advance(step);
        await world.bot.scheduler.tick();
        continue;
      }
      // A person moved, or a bot is to move: either way the game moves on.
      await world.double.waitFor(async () => { const now = (await world.bot.store.get(gameId))!; return now.version > record.version || now.status !== 'active'; }, 30_000);
    }
    throw new Error('the game did not end');
  }

  it('finishes a game in which one player never acts: reminders, timed-out moves, then a bot', async () => {
    const channel = world.channels[0]!;
    const [ann, ben, cat] = [person('ann'), person('ben'), person('cat')];
    const gameId = await open(ann, channel, [ben, cat], { game: 'r-eco', reminder: '60', deadline: '1440' });
    const lobby = world.double.channelMessages(channel)[0]!;
    expect(textOf(lobby)).toMatch(/Reminder after: \*\*1 h\*\*/);
    expect(textOf(lobby)).toMatch(/after: \*\*1 day|24 h/);

    // Cat is asked first at some point: a reminder comes after an hour, as one line with a link.
    const record = await playOn(channel, gameId, [ann, ben], HOUR);
    expect(record.status).toBe('finished');
    expect(finalMessage(world, channel)).toBeDefined();
    const all = texts(channel);
    expect(all).toMatch(new RegExp(`⏰ <@${cat.id}>, game waiting on you for 1 hour\\.`));
    expect(all).toMatch(/https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+/);
    expect(all).toMatch(/Time ran out for/);
    expect(all).toMatch(new RegExp(`Time ran out for <@${cat.id}> once more \\(3 turns in a row\\): a move was played for them, and \\*\\*Bot Ada\\*\\* plays the seat from now on\\.`));
    const catSeat = await world.bot.store.departuresOf(gameId);
    expect(catSeat).toEqual([expect.objectContaining({ userId: cat.id, reason: 'timeout' })]);
    // Reminders never carry a board image.
    for (const m of world.double.channelMessages(channel).filter((x) => x.content.startsWith('⏰'))) expect(m.attachments).toEqual([]);
    expect(world.double.violations).toEqual([]);
  }, 120_000);

  it('feeds /history, /leaderboard and /profile, and reopens the table with a rematch', async () => {
    const channel = world.channels[0]!;
    const [ann, ben, cat] = [person('ann'), person('ben'), person('cat')];
    const history = await settled(world.double, await ann.command(channel, 'history'));
    expect(textOf(history)).toMatch(/#1 · R-Eco/);
    const one = await settled(world.double, await ann.command(channel, 'history', { options: { game: 1 } }));
    expect(textOf(one)).toMatch(/Public log/);
    expect(textOf(one)).not.toMatch(/You dumped/);

    const board = await settled(world.double, await ben.command(channel, 'leaderboard'));
    // Ann and Ben finished the game; Cat timed out of it and counts as last.
    const text = textOf(board);
    for (const p of [ann, ben, cat]) expect(text).toContain(`<@${p.id}>`);
    expect(text.indexOf(`<@${cat.id}>`)).toBeGreaterThan(Math.max(text.indexOf(`<@${ann.id}>`), text.indexOf(`<@${ben.id}>`)));
    const profile = await settled(world.double, await ben.command(channel, 'profile', { options: { player: ann.id } }));
    expect(textOf(profile)).toMatch(/1 finished game/);
    expect(textOf(profile)).toMatch(/R-Eco\*\*: rating/);

    // Rematch: the same game and settings, the bots stay, humans join again.
    const final = finalMessage(world, channel)!;
    const rec = await ben.press(final, 'rematch:');
    const lobby = await settled(world.double, rec);
    expect(lobby.ephemeral).toBe(false);
    expect(textOf(lobby)).toMatch(/R-Eco/);
    expect(textOf(lobby)).toMatch(/Bot Ada/);
    expect(textOf(lobby)).toMatch(/Reminder after: \*\*1 h\*\*/);
    expect(textOf(lobby)).toContain(`<@${ben.id}>`);
    expect(textOf(lobby)).not.toContain(`<@${ann.id}>`);
    await settled(world.double, await ben.command(channel, 'game', { subcommand: 'cancel' }));
  }, 180_000);

  it('does not let an absent bidder block sealed bids', async () => {
    const channel = world.channels[1]!;
    const [dan, eve, fay] = [person('dan'), person('eve'), person('fay')];
    const gameId = await open(dan, channel, [eve, fay], { game: 'sealed-bid', deadline: '1440' });
    for (const p of [dan, eve]) {
      const view = await p.openHand(channel);
      await settled(world.double, await p.press(view, 'sc:'));
    }
    await world.bot.runner.flush();
    expect(texts(channel)).not.toContain('sealed-bid.reveal');
    clock.advance(24 * HOUR);
    expect(await world.bot.scheduler.tick()).toBe(1);
    await world.bot.runner.flush();
    expect(texts(channel)).toContain('sealed-bid.reveal');
    expect(texts(channel)).toMatch(new RegExp(`Time ran out for <@${fay.id}>`));
    expect((await world.bot.store.moveLog(gameId)).map((m) => m.seat).sort()).toEqual([0, 1, 2]);
    await settled(world.double, await dan.command(channel, 'game', { subcommand: 'cancel' }));
  });

  it('lets the host kick an absent player, and a watcher take over a bot seat', async () => {
    const channel = world.channels[2]!;
    const [gus, hal, ivy, joe] = [person('gus'), person('hal'), person('ivy'), person('joe')];
    const gameId = await open(gus, channel, [hal, ivy], { game: 'r-eco', takeover: 'anyone' });
    // Only the host (or a moderator) may kick.
    const refused = await hal.command(channel, 'game', { subcommand: 'kick', options: { player: ivy.id } });
    expect(refused.ephemeral).toBe(true);
    expect(textOf(await settled(world.double, refused))).toMatch(/Only the host/);
    const kicked = await gus.command(channel, 'game', { subcommand: 'kick', options: { player: ivy.id } });
    expect(kicked.ephemeral).toBe(false);
    const news = await settled(world.double, kicked);
    expect(textOf(news)).toMatch(new RegExp(`handed the seat of <@${ivy.id}>`));
    let record = (await world.bot.store.get(gameId))!;
    expect(record.seats[2]).toMatchObject({ isBot: true, userId: null });

    // Joe, who was only watching, takes the bot's seat from the button under the news.
    expect(componentsOf(news).some((c) => c.custom_id === `take:${gameId}:2`)).toBe(true);
    const seated = await hal.press(news, 'take:');
    expect(textOf(await settled(world.double, seated))).toMatch(/already/i);
    const took = await joe.press(news, 'take:');
    expect(took.ephemeral).toBe(false);
    expect(textOf(await settled(world.double, took))).toMatch(new RegExp(`<@${joe.id}> takes over the seat`));
    record = (await world.bot.store.get(gameId))!;
    expect(record.seats[2]).toMatchObject({ isBot: false, userId: joe.id });
    const hand: MessageRecord = await settled(world.double, await joe.command(channel, 'hand'));
    expect(hand.content).toMatch(/Your hand/);
    // The earlier holders' private lines are not handed over with the seat.
    expect(hand.content).not.toMatch(/Since your last move/);
    await settled(world.double, await gus.command(channel, 'game', { subcommand: 'cancel' }));
  });

  it('sends a direct message to those who ask for one, and skips closed DMs silently', async () => {
    const channel = world.channels[3]!;
    const kim = person('kim');
    const lou = person('lou', { dmsClosed: true });
    for (const p of [kim, lou]) {
      const set = await p.command(channel, 'notify', { options: { mode: 'dm' } });
      expect(textOf(await settled(world.double, set))).toMatch(/direct message/);
    }
    const gameId = await open(kim, channel, [lou], { game: 'r-eco', 'two-player': true });
    // Play a few turns: each new turn pings one of them.
    for (let i = 0; i < 6; i++) {
      await world.bot.runner.flush();
      const record = (await world.bot.store.get(gameId))!;
      const seat = gameById('r-eco')!.pending(record.state)[0]!;
      const mover = [kim, lou].find((p) => p.id === record.seats[seat]!.userId)!;
      await mover.playOnce(channel);
    }
    await world.bot.runner.flush();
    // Whoever must act now can mute their reminders for this turn from their private view.
    const now = (await world.bot.store.get(gameId))!;
    const waiting = [kim, lou].find((p) => p.id === now.seats[gameById('r-eco')!.pending(now.state)[0]!]!.userId)!;
    const view = await waiting.openHand(channel);
    const snoozed = await settled(world.double, await waiting.press(view, 'snooze:'));
    expect(snoozed.content).toMatch(/No more reminders/);
    expect((await world.bot.store.clockOf(gameId, now.seats.find((s) => s.userId === waiting.id)!.position))!.snoozed).toBe(true);
    const dm = world.double.dmChannelId(kim.user);
    expect(dm).toBeDefined();
    const dms = world.double.channelMessages(dm!);
    expect(dms.length).toBeGreaterThan(0);
    expect(dms[0]!.content).toMatch(/Your turn in R-Eco/);
    // Lou's closed DMs changed nothing for the game.
    expect(world.double.channelMessages(world.double.dmChannelId(lou.user) ?? 'none')).toEqual([]);
    expect((await world.bot.store.get(gameId))!.status).toBe('active');
    await settled(world.double, await kim.command(channel, 'game', { subcommand: 'cancel' }));
  });

  it('acts once on a deadline that fell due while the bot was down', async () => {
    const channel = world.channels[3]!;
    const [mia, ned] = [person('mia'), person('ned')];
    const gameId = await open(mia, channel, [ned], { game: 'r-eco', 'two-player': true, deadline: '1440', reminder: '0' });
    const before = (await world.bot.store.moveLog(gameId)).length;
    await world.bot.stop();
    clock.advance(3 * 24 * HOUR);
    world.bot = await launchBot(world.double, world.dbPath, { RENDER_WORKERS: '0' }, clock);
    await world.double.waitFor(async () => (await world.bot.store.moveLog(gameId)).length > before, 30_000);
    // Whatever else fell due is handled by now: a tick waits for any tick in progress.
    await world.bot.scheduler.tick();
    const log = await world.bot.store.moveLog(gameId);
    // One move for the seat that was waiting, no burst; the next seat's clock starts now.
    expect(log.length).toBe(before + 1);
    expect(log.at(-1)!.actorId).toBeNull();
    await world.bot.runner.flush();
    expect(texts(channel).match(/Time ran out/g)).toHaveLength(1);
  });
});
