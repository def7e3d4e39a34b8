import { afterAll, beforeAll, expect, it } from 'vitest';
import type { World } from '../e2e/harness.js';
const { Player, boards, fakeClock, pressLobby, settled, startWorld, textOf, latestBoard } = await import('../e2e/harness.js');
const { gameById } = await import('../../src/games/index.js');
const HOUR = 3_600_000;
let world: World;
const clock = fakeClock();
beforeAll(async () => { world = await startWorld({ channels: 1, clock, env: { RENDER_WORKERS: '0' } }); });
afterAll(async () => { await world?.stop(); });

it('repro', async () => {
  const t0 = clock.now().getTime();
  const h = () => (clock.now().getTime() - t0) / HOUR;
  const channel = world.channels[0]!;
  const ann = new Player(world, world.double.addUser({ username: 'ann' }));
  const wat = new Player(world, world.double.addUser({ username: 'wat' }));
  await ann.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
  await pressLobby(ann, channel, 'bot'); await pressLobby(ann, channel, 'bot');
  await pressLobby(ann, channel, 'start');
  await world.double.waitFor(() => boards(world, channel)[0]);
  const gameId = world.bot.store.openInChannel(channel)!.id;
  await settled(world.double, await ann.command(channel, 'game', { subcommand: 'settings', options: { reminder: '720', deadline: '4320' } }));
  clock.advance(3 * HOUR);
  await settled(world.double, await ann.command(channel, 'game', { subcommand: 'settings', options: { reminder: '1440', deadline: '2880' } }));
  const took = await wat.press(latestBoard(world, channel), 'take:');
  console.log(textOf(await settled(world.double, took)));
  const log: string[] = [];
  for (let i = 0; i < 400; i++) {
    await world.bot.tables.flush();
    const r = world.bot.store.get(gameId)!;
    if (r.status !== 'active') break;
    const pending: number[] = gameById('r-eco')!.pending(r.state);
    if (pending.some((s) => r.seats[s]!.userId === ann.id)) { if (!(await ann.tryPlayOnce(channel))) await new Promise((x) => setTimeout(x, 10)); continue; }
    if (pending.some((s) => r.seats[s]!.userId === wat.id)) {
      const c = world.bot.store.clockOf(gameId, pending[0]!);
      log.push(`${h()}h since=${c && (c.since.getTime() - t0) / HOUR} remind=${c?.remindAt && (c.remindAt.getTime() - t0) / HOUR} dl=${c?.deadlineAt && (c.deadlineAt.getTime() - t0) / HOUR}`);
      clock.advance(3 * HOUR); await world.bot.scheduler.tick(); continue;
    }
    await new Promise((x) => setTimeout(x, 10));
    if (log.length > 60) break;
  }
  console.log(log.join('\n'));
  console.log(world.double.channelMessages(channel).map(textOf).filter((x) => /⏰/.test(x)).join('\n'));
  expect(1).toBe(1);
}, 120_000);
