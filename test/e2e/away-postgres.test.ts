/**
 * Time off and the last warning on PostgreSQL, where each game's next clock check is a job:
 * `/away start` moves the job to the end of the time off in its own transaction, `/away end`
 * moves it back to the restarted clock, and the warning at 80 % of the deadline goes out once
 * from a clock job. Skipped without PostgreSQL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { DiscordDouble } from '../double/discord-double.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { GUILD_ID, Player, boards, fakeClock, launchBot, pressLobby, settled, tempDatabase, textOf, type World } from './harness.js';

const DAY = 24 * 3_600_000;
const rEco = gameById('r-eco')!;

describe.runIf(hasPg)('time off and the last warning on PostgreSQL', () => {
  let double: DiscordDouble;
  beforeAll(async () => {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
  });
  afterAll(async () => {
    await double?.close();
  });

  it('holds an away player\'s clock and moves its job, restarts it on /away end, and warns once from a clock job', async () => {
    const url = await freshPgDatabase();
    const clock = fakeClock(Date.now());
    const bot = await launchBot(double, tempDatabase(), { DATABASE_URL: url, JOB_SWEEP_MS: '200', RENDER_WORKERS: '0' }, clock);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const channel = double.addChannel(GUILD_ID, { name: 'pg-away' }).id;
      const world = { double, bot, channels: [channel] } as unknown as World;
      const [uma, vic] = ['uma', 'vic'].map((name) => new Player(world, double.addUser({ username: `${name}-away` })));
      await uma!.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', 'two-player': true, deadline: '1440', reminder: '0' } });
      await pressLobby(vic!, channel, 'join');
      await pressLobby(uma!, channel, 'start');
      await double.waitFor(() => boards(world, channel)[0], 15_000);
      const gameId = (await bot.store.openInChannel(channel))!.id;
      // Uma plays until Vic must act.
      let seat = -1;
      for (let i = 0; i < 50 && seat < 0; i++) {
        const record = (await bot.store.get(gameId))!;
        const pending = rEco.pending(record.state)[0]!;
        if (record.seats[pending]!.userId === vic!.id) seat = pending;
        else {
          await uma!.playOnce(channel);
          await double.waitFor(async () => (await bot.store.get(gameId))!.version > record.version || null, 15_000);
        }
      }
      expect(seat).toBeGreaterThanOrEqual(0);
      // Seconds from now until the game's clock job runs (the queue runs on real time).
      const jobIn = async () => {
        const { rows } = await client.query<{ wait: string }>('select extract(epoch from (run_at - now())) as wait from graphile_worker._private_jobs where key = $1', [`clock:${gameId}`]);
        return rows[0] ? Number(rows[0].wait) : null;
      };
      const near = (seconds: number | null, expected: number) => expect(Math.abs((seconds ?? Infinity) - expected)).toBeLessThan(120);
      near(await jobIn(), (0.8 * DAY) / 1000);

      const away = async (subcommand: string, options?: Record<string, number>) => textOf(await settled(double, await vic!.command(channel, 'away', { subcommand, ...(options ? { options } : {}) })));
      expect(await away('start', { days: 2 })).toMatch(/You are away until/);
      expect((await bot.store.clockOf(gameId, seat))!).toMatchObject({ deadlineAt: null, warnAt: null, remindAt: null });
      near(await jobIn(), (2 * DAY) / 1000);
      expect(await away('end')).toMatch(/Welcome back/);
      const restarted = (await bot.store.clockOf(gameId, seat))!;
      expect(restarted).toMatchObject({ resumeAt: null, since: clock.now() });
      near(await jobIn(), (0.8 * DAY) / 1000);

      // The warning falls due on the bots' clock: the job, moved to now, sends it once.
      const warnings = () => double.channelMessages(channel).filter((m) => m.content.includes(`<@${vic!.id}>, your move will be played for you`));
      clock.advance(restarted.warnAt!.getTime() - clock.now().getTime());
      await bot.store.rescheduleClock(gameId);
      await double.waitFor(() => warnings()[0], 15_000);
      await double.waitFor(async () => (await bot.store.postsOf(gameId)).every((p) => p.sentAt !== null) || null, 15_000);
      expect(warnings()).toHaveLength(1);
      expect((await bot.store.postsOf(gameId)).filter((p) => p.payload.warning)).toHaveLength(1);
      expect((await bot.store.clockOf(gameId, seat))!.warnAt).toBeNull();
      near(await jobIn(), (0.2 * DAY) / 1000);
      expect(double.violations).toEqual([]);
    } finally {
      await client.end();
      await bot.stop();
    }
  }, 120_000);
});
