/**
 * Müll + Money through the Discord double: a whole 3-player game driven only by clicks and form
 * answers (lot choices, card plays, auction bids, alerts), and one human against two bots with
 * the experimental variant. Cash is secret: no public message, embed or image alt text names
 * anyone's cash before the final scoring.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, type LogEvent } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import type { MullState } from '../../src/games/mull-money/types.js';
import type { MessageRecord } from '../double/types.js';
import type { World } from './harness.js';

const { Player, finalMessage, latestBoard, mentionedOnBoard, openAndStart, startWorld, textOf, findComponent } = await import('./harness.js');

/** Text a public message shows anyone: content, embeds and the alt text of its images. */
function publicText(m: MessageRecord): string {
  return [textOf(m), ...m.attachments.map((a) => a.description ?? '')].join('\n');
}

/** Public messages posted while the game was running (the end post and the ranking reveal cash). */
function beforeTheEnd(world: World, channel: string): MessageRecord[] {
  const all = world.double.channelMessages(channel);
  const end = all.findIndex((m) => textOf(m).includes('🏁 The game is over'));
  expect(end).toBeGreaterThan(0);
  return all.slice(0, end);
}

const CASH = /(cash|argent)[^\n\d]{0,16}\d|💶 Your cash|Votre argent/i;

/** Every log event of a game, rebuilt from its seed and move log. */
async function eventsOf(world: World, id: number): Promise<LogEvent[]> {
  const record = (await world.bot.store.get(id))!;
  const game = gameById('mull-money')!;
  const parsed = game.parseOptions(record.options);
  if (!parsed.ok) throw new Error('options');
  let state = game.setup({ seats: record.seats.length, options: parsed.options, seed: record.seed }) as MullState;
  const events: LogEvent[] = [];
  for (const { seat, move } of (await world.bot.store.moveLog(id))) {
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(r.error.key);
    events.push(...r.events);
    state = r.state as MullState;
  }
  expect(replay<MullState>(game, { seats: record.seats.length, options: parsed.options, seed: record.seed }, (await world.bot.store.moveLog(id)))).toEqual(state);
  return events;
}

describe('Müll + Money through Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays a whole 3-player game with clicks and forms, with auctions and alerts, and keeps cash secret', async () => {
    const channel = world.channels[0]!;
    const players = ['ann', 'bob', 'cat'].map((n) => new Player(world, world.double.addUser({ username: n })));
    await openAndStart(players[0]!, channel, players.slice(1), 0, { game: 'mull-money' });
    const id = (await world.bot.store.openInChannel(channel))!.id;
    let quickBid = false;
    for (let step = 0; step < 3000 && !finalMessage(world, channel); step++) {
      const record = (await world.bot.store.get(id))!;
      if (record.status !== 'active') break;
      const mentioned = mentionedOnBoard(latestBoard(world, channel));
      const order = [...players].sort((a, b) => Number(mentioned.includes(b.id)) - Number(mentioned.includes(a.id)));
      for (const p of order) {
        const hand = await p.openHand(channel);
        // The private view shows the seat its own cash, and the bid form says what loans a bid takes.
        if (findComponent(hand, 'mv:') || findComponent(hand, 'form:')) expect(hand.content).toMatch(/Your cash \(secret\): \d+ M/);
        if (!quickBid && findComponent(hand, 'form:') && hand.content.includes('Auction')) {
          expect(hand.content).toMatch(/need no loan/);
          const quick = findComponent(hand, 'sc:');
          expect(quick).toBeDefined();
          await p.press(hand, 'sc:');
          quickBid = true;
          break;
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
    const moves = (await world.bot.store.moveLog(id)).map((m) => (m.move as { type: string }).type);
    expect(moves).toContain('bid');
    expect(moves).toContain('lot');
    expect(quickBid).toBe(true);
    const keys = (await eventsOf(world, id)).map((e) => e.key);
    expect(keys).toContain('mull-money.log.finalAlert');
    expect(keys.filter((k) => k === 'mull-money.log.bid').length).toBeGreaterThan(0);
    // Nothing public before the end names anyone's cash: content, embeds, image alt texts.
    const publicBefore = beforeTheEnd(world, channel);
    expect(publicBefore.length).toBeGreaterThan(10);
    for (const m of publicBefore) expect(publicText(m)).not.toMatch(CASH);
    expect(world.double.violations).toEqual([]);
  }, 300_000);

  it('plays one human against two bots with the experimental variant to the end', async () => {
    const channel = world.channels[1]!;
    const human = new Player(world, world.double.addUser({ username: 'solo' }));
    await openAndStart(human, channel, [], 2, { game: 'mull-money', 'mull-experimental': true });
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
    expect(seats.size).toBe(3);
    const state = (await world.bot.store.get(id))!.state as MullState;
    expect(state.experimental).toBe(true);
    const publicBefore = beforeTheEnd(world, channel);
    for (const m of publicBefore) expect(publicText(m)).not.toMatch(CASH);
    expect(world.double.violations).toEqual([]);
  }, 300_000);
});
