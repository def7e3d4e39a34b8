/**
 * Notifications each person chooses, through Discord with a clock the test moves by hand: the
 * daily digest (one DM a day at the local hour chosen, listing the games of every server that
 * wait on the person, with links to their boards; no channel ping on their turn), DMs Discord
 * refuses (mentions in the channel instead, said once), a muted table (no ping, no reminder, but
 * the last warning before a deadline), and on PostgreSQL two processes that both try to send one
 * digest: it goes out once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { gameById } from '../../src/catalog.js';
import type { RunningBot } from '../../src/bot.js';
import type { GameRecord } from '../../src/store/game-store.js';
import { DiscordDouble } from '../double/discord-double.js';
import type { MessageRecord } from '../double/types.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { GUILD_ID, Player, boards, customIdOf, fakeClock, launchBot, latestBoard, pressLobby, settled, startWorld, tempDatabase, type World } from './harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OTHER_GUILD = '300000000000000002';
// Commands registered for every server, so people use them in both.
const ENV = { RENDER_WORKERS: '0', DISCORD_GUILD_ID: '' };

/** Who must act in a game now. */
function pendingUsers(record: GameRecord): string[] {
  return gameById(record.gameType)!.pending(record.state).map((seat: number) => record.seats[seat]?.userId ?? '');
}

/** Messages of a channel that notified a person. */
function pingsOf(world: { double: DiscordDouble }, channel: string, userId: string): MessageRecord[] {
  return world.double.channelMessages(channel).filter((m) => m.pinged?.includes(userId));
}

async function open(world: World | { double: DiscordDouble; bot: RunningBot }, host: Player, channel: string, others: Player[], options: Record<string, string | boolean> = {}): Promise<number> {
  const created = await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', 'two-player': true, ...options } });
  expect(created.ephemeral).toBe(false);
  for (const p of others) await pressLobby(p, channel, 'join');
  await pressLobby(host, channel, 'start');
  await world.double.waitFor(() => boards(host.world, channel)[0]);
  return (await world.bot.store.openInChannel(channel))!.id;
}

/** `who` plays until someone else must act. */
async function playOut(world: World, gameId: number, channel: string, who: Player): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await world.bot.runner.flush();
    const record = (await world.bot.store.get(gameId))!;
    if (!pendingUsers(record).includes(who.id)) return;
    await who.playOnce(channel);
    await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > record.version, 30_000);
  }
  throw new Error(`${who.user.username} is still asked`);
}

/** Plays the others' turns until `who` must act. */
async function turnOf(world: World, gameId: number, channel: string, who: Player, others: Player[]): Promise<GameRecord> {
  for (let i = 0; i < 30; i++) {
    await world.bot.runner.flush();
    const record = (await world.bot.store.get(gameId))!;
    const pending = pendingUsers(record);
    if (pending.includes(who.id)) return record;
    const mover = others.find((p) => pending.includes(p.id));
    if (!mover) throw new Error(`nobody to play in game ${gameId}`);
    await mover.playOnce(channel);
    await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > record.version, 30_000);
  }
  throw new Error(`${who.user.username} was never asked`);
}

describe('notifications each person chooses', () => {
  let world: World;
  const clock = fakeClock(); // Monday 2 November 2026, 09:00 UTC
  const people = new Map<string, Player>();
  const person = (name: string, dmsClosed = false, locale?: string) => {
    if (!people.has(name)) {
      const user = world.double.addUser({ username: name, locale });
      if (dmsClosed) user.dmsClosed = true;
      people.set(name, new Player(world, user));
    }
    return people.get(name)!;
  };
  // Refused DMs are Discord's answer to people who closed them, not the bot's mistakes.
  const violations = () => world.double.violations.filter((v) => v.code !== 50007);
  const dms = (p: Player) => world.double.channelMessages(world.double.dmChannelId(p.user) ?? 'none');
  let elsewhere: string;

  beforeAll(async () => {
    // SQLite on purpose (a restart below reopens the file); PostgreSQL has its own test below.
    world = await startWorld({ channels: 6, clock, dbPath: tempDatabase(), env: ENV });
    world.double.addGuild({ id: OTHER_GUILD, name: 'Second club' });
    elsewhere = world.double.addChannel(OTHER_GUILD, { name: 'far-table' }).id;
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('sends one DM a day at the chosen local hour, listing the games of two servers with links to their boards', async () => {
    const [here] = world.channels;
    const [ann, ben, cat] = [person('ann'), person('ben'), person('cat')];
    // 08:00 at UTC+2 is 06:00 UTC: the next one is tomorrow's.
    const chosen = await settled(world.double, await ann.command(here!, 'notify', { options: { mode: 'digest', hour: 8, 'utc-offset': '+2' } }));
    expect(chosen.ephemeral).toBe(true);
    const first = Date.UTC(2026, 10, 3, 6);
    expect(chosen.content).toContain(`<t:${first / 1000}:F>`);
    expect(chosen.content).toMatch(/\*\*08:00\*\* \(UTC\+2\)/);
    // A bad offset is refused and changes nothing.
    const refused = await settled(world.double, await ann.command(here!, 'notify', { options: { mode: 'digest', hour: 9, 'utc-offset': '+25' } }));
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/⚠️ “\+25” is not an offset from UTC/);
    const noHour = await settled(world.double, await ann.command(here!, 'notify', { options: { mode: 'digest' } }));
    expect(noHour.content).toMatch(/⚠️ Choose the hour/);
    expect((await world.bot.store.nextDigestDue())?.getTime()).toBe(first);

    const near = await open(world, ann, here!, [ben], { reminder: '60' });
    const far = await open(world, cat, elsewhere, [ann]);
    // Ben's turn first (whoever the deal made first), so that a ping of his is there to compare.
    await turnOf(world, near, here!, ben, [ann]);
    await turnOf(world, near, here!, ann, [ben]);
    await turnOf(world, far, elsewhere, ann, [cat]);
    await world.bot.runner.flush();

    // Her turns are named in bold and never ping her; the others are pinged as before.
    for (const channel of [here!, elsewhere]) expect(pingsOf(world, channel, ann.id)).toEqual([]);
    expect(boards(world, here!).some((b) => b.content.includes('**ann**'))).toBe(true);
    expect(latestBoard(world, here!).content).not.toContain(`<@${ann.id}>`);
    expect(pingsOf(world, here!, ben.id).length).toBeGreaterThan(0);
    // No per-turn DM either, and reminders name her without a ping.
    expect(dms(ann)).toEqual([]);
    clock.advance(61 * 60_000);
    await world.bot.scheduler.tick();
    await world.bot.runner.flush();
    const reminder = world.double.channelMessages(here!).find((m) => m.content.startsWith('⏰'));
    expect(reminder?.content).toMatch(/⏰ \*\*ann\*\*, game waiting on you/);
    expect(reminder?.pinged).toEqual([]);

    // Not a minute early.
    clock.advance(first - 60_000 - clock.now().getTime());
    expect(await world.bot.digests.tick()).toBe(0);
    clock.advance(60_000);
    expect(await world.bot.digests.tick()).toBe(1);
    expect(await world.bot.digests.tick()).toBe(0);
    const digest = dms(ann);
    expect(digest).toHaveLength(1);
    const text = digest[0]!.content;
    expect(text).toMatch(/📬 \*\*Your daily digest\*\*: 2 games are waiting on you\./);
    for (const [gameId, guild, channel] of [[near, GUILD_ID, here!], [far, OTHER_GUILD, elsewhere]] as const) {
      const record = (await world.bot.store.get(gameId))!;
      expect(text).toContain(`**R-Eco** game #${gameId} in <#${channel}>, waiting for`);
      expect(text).toContain(`https://discord.com/channels/${guild}/${channel}/${record.boardMessageId}`);
    }
    expect(text).toMatch(/waiting for 21 hours/);

    // The next day at the same hour, once.
    clock.advance(DAY - 1);
    expect(await world.bot.digests.tick()).toBe(0);
    clock.advance(1);
    expect(await world.bot.digests.tick()).toBe(1);
    expect(dms(ann)).toHaveLength(2);

    // Three days and a few hours with the bot down: one digest at the restart, the hour kept.
    await world.bot.stop();
    clock.advance(3 * DAY + 5 * HOUR);
    world.bot = await launchBot(world.double, world.dbPath, ENV, clock);
    await world.double.waitFor(() => dms(ann).length === 3, 30_000);
    expect(await world.bot.digests.tick()).toBe(0);
    expect(dms(ann)).toHaveLength(3);
    expect((await world.bot.store.nextDigestDue())?.getTime()).toBe(first + 5 * DAY);

    // Nothing waiting on her: no DM that day.
    await playOut(world, near, here!, ann);
    await playOut(world, far, elsewhere, ann);
    for (const gameId of [near, far]) expect(pendingUsers((await world.bot.store.get(gameId))!)).not.toContain(ann.id);
    clock.advance(first + 5 * DAY - clock.now().getTime());
    expect(await world.bot.digests.tick()).toBe(0);
    expect(dms(ann)).toHaveLength(3);
    expect((await world.bot.store.nextDigestDue())?.getTime()).toBe(first + 6 * DAY);

    // Back to mentions: the digest stops and her turns ping her again.
    await settled(world.double, await ann.command(here!, 'notify', { options: { mode: 'channel' } }));
    expect(await world.bot.store.nextDigestDue()).toBeNull();
    await turnOf(world, near, here!, ann, [ben]);
    await world.bot.runner.flush();
    expect(pingsOf(world, here!, ann.id).length).toBeGreaterThan(0);
    for (const gameId of [near, far]) await world.bot.store.cancel(gameId);
    expect(violations()).toEqual([]);
  }, 180_000);

  it('falls back to channel mentions when DMs are closed, and says so once', async () => {
    const [, digestTable, dmTable] = world.channels;
    const [dot, eve] = [person('dot', true), person('eve')];
    const [fay, gil] = [person('fay', true), person('gil')];
    const notice = (p: Player) => `<@${p.id}>, your direct messages are closed, so I will mention you here from now on.`;
    const notices = (channel: string, p: Player) => world.double.channelMessages(channel).filter((m) => m.content === notice(p));

    // A digest reader whose DMs are closed: the digest cannot go, so the channel says so.
    await settled(world.double, await dot.command(digestTable!, 'notify', { options: { mode: 'digest', hour: 7 } }));
    const dotGame = await open(world, eve, digestTable!, [dot]);
    await turnOf(world, dotGame, digestTable!, dot, [eve]);
    await world.bot.runner.flush();
    expect(pingsOf(world, digestTable!, dot.id)).toEqual([]);
    clock.advance((await world.bot.store.nextDigestDue())!.getTime() - clock.now().getTime());
    expect(await world.bot.digests.tick()).toBe(0);
    await world.double.waitFor(() => notices(digestTable!, dot)[0], 15_000);
    expect(notices(digestTable!, dot)[0]!.pinged).toEqual([dot.id]);
    // From now on she is mentioned on her turns, and told only once.
    await playOut(world, dotGame, digestTable!, dot);
    await turnOf(world, dotGame, digestTable!, dot, [eve]);
    await world.bot.runner.flush();
    expect(pingsOf(world, digestTable!, dot.id).length).toBeGreaterThan(1);
    clock.advance(DAY);
    expect(await world.bot.digests.tick()).toBe(0);
    await world.bot.runner.flush();
    expect(notices(digestTable!, dot)).toHaveLength(1);

    // A DM reader whose DMs are closed: mentioned as ever, and told once.
    await settled(world.double, await fay.command(dmTable!, 'notify', { options: { mode: 'dm' } }));
    const fayGame = await open(world, gil, dmTable!, [fay]);
    for (let turn = 1; turn <= 2; turn++) {
      await turnOf(world, fayGame, dmTable!, fay, [gil]);
      await world.double.waitFor(() => notices(dmTable!, fay)[0], 15_000);
      await world.bot.runner.flush();
      // Her turn's post and the notice, then each turn's post.
      expect(pingsOf(world, dmTable!, fay.id).length).toBeGreaterThanOrEqual(turn + 1);
      await playOut(world, fayGame, dmTable!, fay);
    }
    expect(notices(dmTable!, fay)).toHaveLength(1);
    // Choosing again gives DMs another try, and the channel says so again if they still fail.
    await settled(world.double, await fay.command(dmTable!, 'notify', { options: { mode: 'dm' } }));
    await turnOf(world, fayGame, dmTable!, fay, [gil]);
    await world.double.waitFor(() => notices(dmTable!, fay).length === 2, 15_000);
    expect(dms(fay)).toEqual([]);
    for (const gameId of [dotGame, fayGame]) await world.bot.store.cancel(gameId);
    expect(violations()).toEqual([]);
  }, 180_000);

  it('mutes one table from its private view: no ping and no reminder there, until unmuted', async () => {
    const channel = world.channels[3]!;
    const [gus, hal] = [person('gus'), person('hal')];
    const gameId = await open(world, gus, channel, [hal], { reminder: '60' });
    await world.bot.runner.flush();
    const before = pingsOf(world, channel, gus.id).length;
    const view = await gus.openHand(channel);
    const muted = await settled(world.double, await gus.click(view, customIdOf(view, `mute:${gameId}:on`)));
    expect(muted.content).toMatch(/🔕 This table no longer pings you/);
    expect(customIdOf(muted, 'mute:')).toBe(`mute:${gameId}:off`);
    expect((await world.bot.store.get(gameId))!.seats.find((s) => s.userId === gus.id)!.muted).toBe(true);

    await turnOf(world, gameId, channel, gus, [hal]);
    await world.bot.runner.flush();
    const reminders = () => world.double.channelMessages(channel).filter((m) => m.content.startsWith('⏰'));
    clock.advance(61 * 60_000);
    await world.bot.scheduler.tick();
    await world.bot.runner.flush();
    expect(pingsOf(world, channel, gus.id)).toHaveLength(before);
    expect(reminders()).toEqual([]);
    // The other player of the table is pinged and reminded as before.
    await playOut(world, gameId, channel, gus);
    await turnOf(world, gameId, channel, hal, [gus]);
    clock.advance(61 * 60_000);
    await world.bot.scheduler.tick();
    await world.bot.runner.flush();
    expect(reminders().map((m) => m.pinged)).toEqual([[hal.id]]);

    const again = await gus.openHand(channel);
    const unmuted = await settled(world.double, await gus.click(again, customIdOf(again, `mute:${gameId}:off`)));
    expect(unmuted.content).toMatch(/🔔 This table pings you again/);
    await playOut(world, gameId, channel, hal);
    await turnOf(world, gameId, channel, gus, [hal]);
    await world.bot.runner.flush();
    expect(pingsOf(world, channel, gus.id).length).toBeGreaterThan(before);
    // Someone without a seat cannot mute it.
    expect(await world.bot.store.setMuted(gameId, person('ida').id, true)).toMatchObject({ ok: false, error: { key: 'error.notInGame' } });
    await world.bot.store.cancel(gameId);
    expect(violations()).toEqual([]);
  }, 180_000);

  it('still gives a muted table the last warning before a deadline', async () => {
    const channel = world.channels[4]!;
    const [jay, kit] = [person('jay'), person('kit')];
    const gameId = await open(world, jay, channel, [kit], { deadline: '1440', reminder: '0' });
    await world.bot.runner.flush();
    const before = pingsOf(world, channel, jay.id).length;
    const result = await world.bot.store.setMuted(gameId, jay.id, true);
    expect(result.ok).toBe(true);
    await turnOf(world, gameId, channel, jay, [kit]);
    await world.bot.runner.flush();
    expect(pingsOf(world, channel, jay.id)).toHaveLength(before);
    // The warning falls at 80 % of the day.
    clock.advance(20 * HOUR);
    await world.bot.scheduler.tick();
    await world.double.waitFor(() => pingsOf(world, channel, jay.id).length > before, 15_000);
    await world.bot.store.cancel(gameId);
  }, 120_000);

  it('never sends one digest twice when two runs claim it at once, and writes it in the language /notify was chosen in', async () => {
    // A channel of its own: an earlier test's board there could be taken for this game's.
    const channel = world.channels[5]!;
    // Léa's Discord speaks French; the table plays in English.
    const [lea, max] = [person('lea', false, 'fr'), person('max')];
    const chosen = await settled(world.double, await lea.command(channel, 'notify', { options: { mode: 'digest', hour: 12, 'utc-offset': '-5' } }));
    const due = Number(/<t:(\d+):F>/.exec(chosen.content)![1]) * 1000;
    // 12:00 at UTC−5 is 17:00 UTC.
    expect(new Date(due).getUTCHours()).toBe(17);
    const gameId = await open(world, max, channel, [lea]);
    await turnOf(world, gameId, channel, lea, [max]);
    clock.advance(due - clock.now().getTime());
    const runs = await Promise.all([world.bot.digests.runUser(lea.id), world.bot.digests.runUser(lea.id), world.bot.digests.tick()]);
    expect(runs.filter((r) => r === true || r === 1)).toHaveLength(1);
    expect(dms(lea)).toHaveLength(1);
    expect((await world.bot.store.get(gameId))!.language).toBe('en');
    expect(dms(lea)[0]!.content).toMatch(/📬 \*\*Votre résumé du jour\*\*\u00a0: 1 partie vous attend\./);
    await world.bot.store.cancel(gameId);
  }, 120_000);
});

describe.runIf(hasPg)('the daily digest on PostgreSQL', () => {
  let double: DiscordDouble;
  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
    double.spreadInteractions();
  });
  afterAll(async () => {
    await double?.close();
  });

  it('is a job either of two processes may run, and goes out once', async () => {
    const url = await freshPgDatabase();
    const clock = fakeClock(Date.now());
    const env = { DATABASE_URL: url, JOB_SWEEP_MS: '200', RENDER_WORKERS: '0' };
    const first = await launchBot(double, tempDatabase(), env, clock);
    const second = await launchBot(double, tempDatabase(), env, clock);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const channel = double.addChannel(GUILD_ID, { name: 'pg-digest' }).id;
      const world = { double, bot: first, channels: [channel] } as unknown as World;
      const [ned, ola] = ['ned', 'ola'].map((name) => new Player(world, double.addUser({ username: `${name}-digest` })));
      const hour = (clock.now().getUTCHours() + 2) % 24;
      await settled(double, await ned!.command(channel, 'notify', { options: { mode: 'digest', hour } }));
      const jobs = async () => (await client.query<{ key: string; due: boolean; locked: boolean }>(
        `select j.key, j.run_at <= now() as due, j.locked_at is not null as locked from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'digest'`)).rows;
      expect(await jobs()).toEqual([{ key: `digest:${ned!.id}`, due: false, locked: false }]);
      const gameId = await open(world, ola!, channel, [ned!]);
      await turnOf(world, gameId, channel, ned!, [ola!]);

      // Due on the bots' clock: the job is moved to now, and both processes also try at once.
      clock.advance((await first.store.nextDigestDue())!.getTime() - clock.now().getTime());
      await first.store.rescheduleDigest(ned!.id);
      const runs = await Promise.all([first.digests.runUser(ned!.id), second.digests.runUser(ned!.id)]);
      const dm = () => double.channelMessages(double.dmChannelId(ned!.user) ?? 'none');
      await double.waitFor(() => dm()[0], 15_000);
      // Whatever ran, the job is back for tomorrow and nothing else is pending.
      await double.waitFor(async () => { const rows = await jobs(); return rows.length === 1 && !rows[0]!.due && !rows[0]!.locked; }, 15_000);
      expect(runs.filter(Boolean).length).toBeLessThanOrEqual(1);
      expect(dm()).toHaveLength(1);
      expect(dm()[0]!.content).toContain(`https://discord.com/channels/${GUILD_ID}/${channel}/`);
      expect((await first.store.nextDigestDue())!.getUTCHours()).toBe(hour);
      expect(double.violations).toEqual([]);
    } finally {
      await client.end();
      await first.stop();
      await second.stop();
    }
  }, 120_000);
});
