/**
 * M.A.R.K. through the Discord double: a whole 3-player game with private money, driven only by
 * clicks and form answers, including sealed auctions where several players bid at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World } from './harness.js';

const { Player, boards, finalMessage, latestBoard, mentionedOnBoard, openAndStart, startWorld, textOf } = await import('./harness.js');

describe('M.A.R.K. through Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays a short 3-player private-money game to the end with clicks, forms and secret bids', async () => {
    const channel = world.channels[0]!;
    const players = ['ann', 'bob', 'cat'].map((n) => new Player(world, world.double.addUser({ username: n })));
    await openAndStart(players[0]!, channel, players.slice(1), 0, { game: 'mark', 'mark-private-money': true, 'mark-short': true });
    const id = (await world.bot.store.openInChannel(channel))!.id;
    let refusedOnce = false;
    // A private view that waits names whom it waits for, as /status does.
    let namedWait = false;
    for (let step = 0; step < 2000 && !finalMessage(world, channel); step++) {
      const record = (await world.bot.store.get(id))!;
      if (record.status !== 'active') break;
      const mentioned = mentionedOnBoard(latestBoard(world, channel));
      const order = [...players].sort((a, b) => Number(mentioned.includes(b.id)) - Number(mentioned.includes(a.id)));
      for (const p of order) {
        const hand = await p.openHand(channel);
        const waits = /(?:Waiting for|still to bid:) ([^\n]*)/.exec(hand.content);
        if (waits) {
          expect(waits[1]).toMatch(/\b(?:ann|bob|cat)\b/);
          expect(waits[1]).not.toContain('another player');
          namedWait = true;
        }
        // Once, a bid above one's cash is refused privately and changes nothing.
        if (!refusedOnce && hand.content.includes('secret bid')) {
          const refused = await p.submitForm(channel, hand, () => ({ value: '999' }));
          expect(refused.content).toContain('⚠️');
          expect((await world.bot.store.get(id))!.version).toBe(record.version);
          refusedOnce = true;
        }
        if (await p.tryPlayOnce(channel)) {
          break;
        }
      }
      // Someone moved, or nobody could and a bot is to move: either way the game moves on.
      await world.double.waitFor(async () => (await world.bot.store.get(id))!.version > record.version || finalMessage(world, channel));
    }
    const final = await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    expect(textOf(final)).toMatch(/🏆/);
    const moves = await world.bot.store.moveLog(id);
    expect(moves.some((m) => (m.move as { type: string }).type === 'bid')).toBe(true);
    expect(refusedOnce).toBe(true);
    expect(namedWait).toBe(true);
    // Private money: no public message before the end names anyone's cash.
    const publicBefore = world.double.channelMessages(channel).filter((m) => m !== final && boards(world, channel).includes(m));
    for (const m of publicBefore) expect(textOf(m)).not.toMatch(/Cash: \d/);
    expect(world.double.violations).toEqual([]);
  }, 240_000);

  it('plays one human against three bots to the end', async () => {
    const channel = world.channels[1]!;
    const human = new Player(world, world.double.addUser({ username: 'solo' }));
    await openAndStart(human, channel, [], 3, { game: 'mark', 'mark-short': true });
    const id = (await world.bot.store.openInChannel(channel))!.id;
    for (let step = 0; step < 3000 && !finalMessage(world, channel); step++) {
      const record = (await world.bot.store.get(id))!;
      if (record.status !== 'active') break;
      // Either the human moves, or a bot is to move: wait for the game to move on either way.
      await human.tryPlayOnce(channel);
      await world.double.waitFor(async () => (await world.bot.store.get(id))!.version > record.version || finalMessage(world, channel));
    }
    const final = await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    expect(textOf(final)).toMatch(/🏆/);
    const seats = new Set((await world.bot.store.moveLog(id)).map((m) => m.seat));
    expect(seats.size).toBe(4);
    expect(world.double.violations).toEqual([]);
  }, 240_000);
});
