import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { Player, boards, finalMessage, mentionedOnBoard, openAndStart, playToEnd, startWorld, textOf, type World } from './harness.js';

describe('bot seats and parallel channels', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 3 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays a game of one human against two bot seats, bots moving on their own', async () => {
    const channel = world.channels[0]!;
    const human = new Player(world, world.double.addUser({ username: 'solo' }));
    await openAndStart(human, channel, [], 2);
    const record = (await world.bot.store.openInChannel(channel))!;
    expect(record.seats.map((s) => s.isBot)).toEqual([false, true, true]);

    // A second private view of a turn already played is refused, even once the turn comes back.
    await world.double.waitFor(() => mentionedOnBoard(boards(world, channel).at(-1)!).includes(human.id), 30_000);
    const old = await human.openHand(channel);
    await human.playOnce(channel);
    // Finish the turn (a dump step may follow), then wait until the bots have played since.
    const humanPending = async () => gameById('r-eco')!.pending((await world.bot.store.get(record.id))!.state).includes(0);
    const afterHumanMove = async () => (await world.bot.store.lastMoveOf(record.id, 0))!.version + 1;
    while ((await humanPending()) && (await world.bot.store.get(record.id))!.version === (await afterHumanMove())) await human.playOnce(channel);
    await world.double.waitFor(async () => {
      const current = (await world.bot.store.get(record.id))!;
      return current.status !== 'active' || ((await humanPending()) && current.version > (await afterHumanMove())) ? current : null;
    }, 10_000);
    expect((await world.bot.store.get(record.id))!.status).toBe('active');
    const version = (await world.bot.store.get(record.id))!.version;
    const stale = await human.answer(old);
    await world.double.waitFor(() => stale.followUps[0]);
    expect(stale.followUps[0]!.content).toMatch(/Your move was already played/);
    expect((await world.bot.store.get(record.id))!.version).toBe(version);

    const final = await playToEnd(world, channel, [human]);
    expect(textOf(final)).toContain('Bot Ada');
    // Bot turns are logged like human ones, with the bot's name.
    const botLines = boards(world, channel).filter((b) => /\*\*Bot (Ada|Blaise)\*\*/.test(textOf(b)));
    expect(botLines.length).toBeGreaterThan(3);
    // Boards only ever ping the human, never a bot.
    for (const b of boards(world, channel)) for (const id of mentionedOnBoard(b)) expect(id).toBe(human.id);
    // Bot turns are grouped: between the opening and the last board, every board is the human's
    // turn, carrying the lines of all the bot moves since the human last played.
    const all = boards(world, channel);
    for (const b of all.slice(1, -1)) expect(mentionedOnBoard(b)).toEqual([human.id]);
    const log = await world.bot.store.moveLog(record.id);
    const humanTurns = log.filter((m, i) => m.actorId === human.id && log[i - 1]?.actorId !== human.id).length;
    expect(all.length).toBeLessThanOrEqual(humanTurns + 2);
    const moves = await world.bot.store.moveLog(record.id);
    expect(moves.filter((m) => m.actorId === null).length).toBeGreaterThan(0);
    expect(moves.filter((m) => m.actorId === human.id).length).toBeGreaterThan(0);
  });

  it('runs two channels at once without crossing their games', async () => {
    const [c1, c2] = [world.channels[1]!, world.channels[2]!];
    const a = [0, 1, 2].map((i) => new Player(world, world.double.addUser({ username: `a${i}` })));
    const b = [0, 1, 2].map((i) => new Player(world, world.double.addUser({ username: `b${i}` })));
    await Promise.all([openAndStart(a[0]!, c1, a.slice(1)), openAndStart(b[0]!, c2, b.slice(1))]);
    const [f1, f2] = await Promise.all([playToEnd(world, c1, a), playToEnd(world, c2, b)]);
    for (const p of a) expect(textOf(f1)).toContain(`<@${p.id}>`);
    for (const p of b) expect(textOf(f2)).toContain(`<@${p.id}>`);
    // No board of one channel ever mentions a player of the other.
    for (const m of boards(world, c1)) for (const p of b) expect(textOf(m)).not.toContain(p.id);
    for (const m of boards(world, c2)) for (const p of a) expect(textOf(m)).not.toContain(p.id);
    expect(finalMessage(world, c1)).toBeDefined();
    expect(finalMessage(world, c2)).toBeDefined();
    expect(world.double.violations).toEqual([]);
    // Two whole games of about 60 clicks each: give a loaded machine room.
  }, 120_000);
});
