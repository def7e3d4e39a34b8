/**
 * Time off and the last warning before a deadline, through Discord with a clock the test moves
 * by hand: a player away for 5 days at a 24 h table is not timed out and is reminded once after
 * coming back; `/away end` restarts the clocks at once and gives back the days not begun; seats
 * say "away until" on the board, in /status and in the lobby; the yearly budget refuses more
 * than is left; a table that refuses time off still times out; a table whose bots play for away
 * players keeps the seat and counts no time-out; the warning at 80 % of a deadline goes out
 * once, never after the move, and after a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRecord } from '../double/types.js';
import { Player, boards, fakeClock, launchBot, lobbyMessage, pressLobby, settled, startWorld, textOf, type World } from './harness.js';
import { gameById } from '../../src/catalog.js';
import { STAND_IN_DELAY_MS } from '../../src/store/clocks.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const rEco = gameById('r-eco')!;

describe('time off and the last warning', () => {
  let world: World;
  const clock = fakeClock();
  beforeAll(async () => {
    world = await startWorld({ channels: 5, clock, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const person = (name: string) => new Player(world, world.double.addUser({ username: name }));
  const said = (channel: string, pattern: (p: Player) => string) => (p: Player) => world.double.channelMessages(channel).filter((m: MessageRecord) => textOf(m).includes(pattern(p)));
  const away = async (p: Player, channel: string, subcommand: string, options?: Record<string, number>) => {
    const rec = await p.command(channel, 'away', { subcommand, ...(options ? { options } : {}) });
    expect(rec.ephemeral).toBe(true);
    return textOf(await settled(world.double, rec));
  };

  async function openGame(host: Player, channel: string, others: Player[], options: Record<string, string | boolean>): Promise<number> {
    await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', 'two-player': true, ...options } });
    for (const p of others) await pressLobby(p, channel, 'join');
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[0]);
    return (await world.bot.store.openInChannel(channel))!.id;
  }

  /** The others play until `target` must act; returns target's seat. */
  async function untilPending(gameId: number, channel: string, target: Player, others: Player[]): Promise<number> {
    for (let i = 0; i < 50; i++) {
      await world.bot.runner.flush();
      const record = (await world.bot.store.get(gameId))!;
      const seat = rEco.pending(record.state)[0]!;
      const who = record.seats[seat]!.userId;
      if (who === target.id) return seat;
      await others.find((p) => p.id === who)!.playOnce(channel);
      await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > record.version || null);
    }
    throw new Error('never their turn');
  }

  async function tickEvery(ms: number, total: number): Promise<void> {
    for (let t = 0; t < total; t += ms) {
      clock.advance(Math.min(ms, total - t));
      await world.bot.scheduler.tick();
    }
    await world.bot.runner.flush();
  }

  it('holds the clocks of a player away for 5 days at a 24 h table: no time-out, one reminder after coming back', async () => {
    const channel = world.channels[0]!;
    const [kim, lou] = [person('kim'), person('lou')];
    const reminders = said(channel, (p) => `<@${p.id}>, game waiting on you`);
    const warnings = said(channel, (p) => `<@${p.id}>, your move will be played for you`);
    const timeouts = said(channel, (p) => `Time ran out for <@${p.id}>`);
    await kim.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', 'two-player': true, reminder: '720', deadline: '1440' } });
    const went = await away(lou, channel, 'start', { days: 5 });
    expect(went).toMatch(/You are away until <t:\d+:f> \(<t:\d+:R>\)/);
    expect(went).toMatch(/Time off left this year: 25 days of 30\./);
    expect(await away(lou, channel, 'start', { days: 2 })).toMatch(/already away until <t:\d+:f>/);
    // The lobby, the board and /status say until when.
    await pressLobby(lou, channel, 'join');
    expect(textOf(lobbyMessage(world, channel))).toMatch(new RegExp(`<@${lou.id}> \\(away until <t:\\d+:D>\\)`));
    await pressLobby(kim, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[0]);
    const gameId = (await world.bot.store.openInChannel(channel))!.id;
    expect(boards(world, channel)[0]!.content).toMatch(/💤 lou is away until <t:\d+:D>\./);
    const status = textOf(await settled(world.double, await kim.command(channel, 'status')));
    expect(status).toMatch(new RegExp(`<@${lou.id}> \\(away until <t:\\d+:D>\\)`));

    const seat = await untilPending(gameId, channel, lou, [kim]);
    const held = (await world.bot.store.clockOf(gameId, seat))!;
    expect(held).toMatchObject({ remindAt: null, deadlineAt: null, warnAt: null });
    const back = held.resumeAt!.getTime();
    const moves = (await world.bot.store.moveLog(gameId)).length;
    // Nearly five days pass: nothing at all for Lou.
    await tickEvery(6 * HOUR, back - clock.now().getTime() - HOUR);
    expect([reminders(lou), warnings(lou), timeouts(lou)].map((m) => m.length)).toEqual([0, 0, 0]);
    expect((await world.bot.store.moveLog(gameId)).length).toBe(moves);
    // Back: the clock restarts afresh from that moment.
    clock.advance(back - clock.now().getTime());
    expect(await world.bot.scheduler.tick()).toBe(1);
    const running = (await world.bot.store.clockOf(gameId, seat))!;
    expect(running).toMatchObject({ since: new Date(back), resumeAt: null, deadlineAt: new Date(back + DAY), remindAt: new Date(back + 12 * HOUR) });
    // 20 hours later: one reminder (at 12 h) and the last warning (at 19.2 h), still no time-out.
    await tickEvery(HOUR, 20 * HOUR);
    expect([reminders(lou), warnings(lou), timeouts(lou)].map((m) => m.length)).toEqual([1, 1, 0]);
    expect((await world.bot.store.moveLog(gameId)).length).toBe(moves);
    expect(world.double.violations).toEqual([]);
    await settled(world.double, await kim.command(channel, 'game', { subcommand: 'cancel' }));
  }, 120_000);

  it('restarts the clocks at once on /away end, gives back the days not begun, and refuses beyond the budget', async () => {
    const channel = world.channels[1]!;
    const [max, ned] = [person('max'), person('ned')];
    const timeouts = said(channel, (p) => `Time ran out for <@${p.id}>`);
    const gameId = await openGame(max, channel, [ned], { deadline: '1440', reminder: '0' });
    const seat = await untilPending(gameId, channel, ned, [max]);
    expect((await world.bot.store.clockOf(gameId, seat))!.deadlineAt).not.toBeNull();
    expect(await away(ned, channel, 'start', { days: 3 })).toMatch(/27 days of 30/);
    // Held at once, in the same transaction as the time off.
    expect((await world.bot.store.clockOf(gameId, seat))!).toMatchObject({ deadlineAt: null, warnAt: null, remindAt: null });
    await tickEvery(6 * HOUR, 30 * HOUR);
    expect(timeouts(ned)).toHaveLength(0);
    // 42 hours of the 72 left: one whole day not begun goes back.
    const ended = await away(ned, channel, 'end');
    expect(ended).toMatch(/Welcome back! Your clocks restart now; 1 whole day goes back to your budget\./);
    expect(ended).toMatch(/28 days of 30/);
    const now = clock.now().getTime();
    expect((await world.bot.store.clockOf(gameId, seat))!).toMatchObject({ since: new Date(now), resumeAt: null, deadlineAt: new Date(now + DAY), warnAt: new Date(now + 0.8 * DAY) });
    expect(await away(ned, channel, 'status')).toMatch(/You are not away\. Time off left this year: 28 days of 30\./);
    expect(await away(ned, channel, 'end')).toMatch(/⚠️ You are not away\./);
    expect(await away(ned, channel, 'start', { days: 29 })).toMatch(/⚠️ You have 28 days of time off left this year\./);
    expect(await away(ned, channel, 'status')).toMatch(/28 days of 30/);
    // The restarted clock runs: its deadline plays for Ned.
    await tickEvery(HOUR, DAY);
    expect(timeouts(ned)).toHaveLength(1);
    await settled(world.double, await max.command(channel, 'game', { subcommand: 'cancel' }));
  }, 120_000);

  it('still times out a player away at a table that refuses time off', async () => {
    const channel = world.channels[2]!;
    const [oli, pam] = [person('oli'), person('pam')];
    const timeouts = said(channel, (p) => `Time ran out for <@${p.id}>`);
    const gameId = await openGame(oli, channel, [pam], { deadline: '1440', reminder: '0', 'time-off': 'off' });
    await away(pam, channel, 'start', { days: 4 });
    const seat = await untilPending(gameId, channel, pam, [oli]);
    expect((await world.bot.store.clockOf(gameId, seat))!).toMatchObject({ resumeAt: null, standIn: false });
    expect((await world.bot.store.clockOf(gameId, seat))!.deadlineAt).not.toBeNull();
    await tickEvery(6 * HOUR, DAY);
    expect(timeouts(pam)).toHaveLength(1);
    await away(pam, channel, 'end');
    await settled(world.double, await oli.command(channel, 'game', { subcommand: 'cancel' }));
  }, 120_000);

  it("lets the seat's bot play for an away player where the table says so: seat kept, no time-out", async () => {
    const channel = world.channels[3]!;
    const [quin, rita] = [person('quin'), person('rita')];
    const gameId = await openGame(quin, channel, [rita], { deadline: '1440', reminder: '60', 'while-away': 'bot' });
    await away(rita, channel, 'start', { days: 2 });
    const seat = await untilPending(gameId, channel, rita, [quin]);
    expect((await world.bot.store.clockOf(gameId, seat))!).toMatchObject({ standIn: true, remindAt: null, warnAt: null });
    const before = await world.bot.store.moveLog(gameId);
    clock.advance(STAND_IN_DELAY_MS - 1);
    expect(await world.bot.scheduler.tick()).toBe(0);
    clock.advance(1);
    expect(await world.bot.scheduler.tick()).toBe(1);
    await world.bot.runner.flush();
    const after = await world.bot.store.moveLog(gameId);
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ seat, actorId: null });
    expect((await world.bot.store.get(gameId))!.seats[seat]).toMatchObject({ userId: rita.id, isBot: false, timeouts: 0 });
    expect(await world.bot.store.departuresOf(gameId)).toEqual([]);
    expect(world.double.channelMessages(channel).map(textOf).join('\n')).toContain(`💤 <@${rita.id}> is away: their bot played for them.`);
    expect(world.double.channelMessages(channel).map(textOf).join('\n')).not.toMatch(/Time ran out/);
    await away(rita, channel, 'end');
    await settled(world.double, await quin.command(channel, 'game', { subcommand: 'cancel' }));
  }, 120_000);

  it('warns once at 80 % of a deadline, again after a restart only if still owed, and never after the move', async () => {
    const channel = world.channels[4]!;
    const [sam, tia] = [person('sam'), person('tia')];
    const warnings = said(channel, (p) => `<@${p.id}>, your move will be played for you`);
    const gameId = await openGame(sam, channel, [tia], { deadline: '1440', reminder: '0' });
    const seat = await untilPending(gameId, channel, tia, [sam]);
    const turn = (await world.bot.store.clockOf(gameId, seat))!;
    expect(turn.warnAt).toEqual(new Date(turn.since.getTime() + 0.8 * DAY));
    clock.advance(turn.warnAt!.getTime() - clock.now().getTime() - 1);
    expect(await world.bot.scheduler.tick()).toBe(0);
    // The bot is down when the warning falls due: it goes out once after the restart.
    await world.bot.stop();
    clock.advance(HOUR);
    world.bot = await launchBot(world.double, world.dbPath, { RENDER_WORKERS: '0' }, clock);
    const warning = await world.double.waitFor(() => warnings(tia)[0], 30_000);
    await world.bot.scheduler.tick();
    await world.bot.runner.flush();
    expect(warnings(tia)).toHaveLength(1);
    expect(warning.content).toMatch(new RegExp(`^⏰ <@${tia.id}>, your move will be played for you <t:${Math.floor(turn.deadlineAt!.getTime() / 1000)}:R> unless you play\\. Board: https://discord\\.com/channels/\\d+/${channel}/\\d+$`));
    expect(warning.pinged).toContain(tia.id);
    expect((await world.bot.store.clockOf(gameId, seat))!.warnAt).toBeNull();
    // Tia plays: no warning of that turn comes after the move.
    await tia.playOnce(channel);
    await world.bot.runner.flush();
    await tickEvery(HOUR, 3 * HOUR);
    expect(warnings(tia)).toHaveLength(1);
    expect(world.double.channelMessages(channel).map(textOf).join('\n')).not.toMatch(new RegExp(`Time ran out for <@${tia.id}>`));
    expect(world.double.violations).toEqual([]);
    await settled(world.double, await sam.command(channel, 'game', { subcommand: 'cancel' }));
  }, 120_000);
});
