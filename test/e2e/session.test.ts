/**
 * Class sessions through the Discord double: /session new opens a thread per table, students
 * join (balanced), the facilitator starts, pauses (a move is refused), resumes and ends every
 * table; the debrief post and the CSV export match the stored games. Also an anonymous session,
 * and a restart of the bot in the middle (the session and its buttons live in the database).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import type { GameRecord } from '../../src/store/game-store.js';
import type { MessageRecord } from '../double/types.js';
import { GUILD_ID, Player, e2eOnPostgres, boards, componentsOf, findComponent, finalMessage, firstAnswer, latestBoard, launchBot, playToEnd, settled, startWorld, textOf, type World } from './harness.js';
import { TEACHER_PERMS, exportCsv, openSession, panel, pressPanel } from './session-kit.js';

let world: World | null = null;
afterEach(async () => {
  await world?.stop();
  world = null;
});

async function open(w: World, teacher: Player, options: Record<string, string | number | boolean>): Promise<MessageRecord> {
  return openSession(w, teacher, options);
}

async function tablesOf(w: World): Promise<GameRecord[]> {
  const session = await w.bot.store.sessions.inChannel(w.channels[0]!);
  return w.bot.store.sessions.tables(session!.id);
}

describe('a class session', () => {
  it('seats 18 students at 6 tables, starts, pauses, resumes and ends them all, with the debrief and the export', async () => {
    world = await startWorld();
    const w = world;
    const channel = w.channels[0]!;
    const teacher = new Player(w, w.double.addUser({ username: 'teacher', permissions: TEACHER_PERMS }));
    const students = Array.from({ length: 18 }, (_, i) => new Player(w, w.double.addUser({ username: `student${i + 1}` })));

    // Someone without Manage Threads cannot open a session.
    const refused = await settled(w.double, await students[0]!.command(channel, 'session', { subcommand: 'new', options: { game: 'r-eco', tables: 2 } }));
    expect(refused.content).toContain('⚠️');

    // The table settings of /game new, given to every table and shown in each thread.
    let message = await open(w, teacher, { game: 'r-eco', tables: 6, seats: 4, reminder: '60', pace: 'live' });
    expect((await tablesOf(w)).map((t) => t.tableNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const table of await tablesOf(w)) {
      expect([table.settings.reminderMinutes, table.settings.pace]).toEqual([60, 'live']);
      const intro = w.double.channelMessages(table.channelId);
      expect(intro.length).toBe(1);
      expect(intro[0]!.content).toContain('Table settings:');
      expect(intro[0]!.content).toContain('Reminder after: **1 h**');
    }

    for (const student of students) {
      message = w.double.message(message.id)!;
      const rec = await student.press(message, 'ses:');
      const joined = await w.double.waitFor(() => rec.followUps[0]);
      expect(joined.content).toMatch(/table \d/);
    }
    // The least filled table each time: 3 at each.
    expect((await tablesOf(w)).map((t) => t.seats.length)).toEqual([3, 3, 3, 3, 3, 3]);
    // A student is at one table at most; /game join in a table's thread is refused too.
    const again = await students[0]!.press(w.double.message(message.id)!, 'ses:');
    expect((await settled(w.double, again)).content).toContain('⚠️');
    const firstTable = (await tablesOf(w))[0]!;
    const outsider = new Player(w, w.double.addUser({ username: 'outsider' }));
    expect((await settled(w.double, await outsider.command(firstTable.channelId, 'game', { subcommand: 'join' }))).content).toContain('⚠️');

    // The facilitator moves a student from table 1 to table 2, then back.
    const moved = students.find((s) => firstTable.seats.some((seat) => seat.userId === s.id))!;
    await settled(w.double, await teacher.command(channel, 'session', { subcommand: 'move', options: { student: moved.id, table: 2 } }));
    expect((await tablesOf(w)).map((t) => t.seats.length)).toEqual([2, 4, 3, 3, 3, 3]);
    await settled(w.double, await teacher.command(channel, 'session', { subcommand: 'move', options: { student: moved.id, table: 1 } }));

    // A restart before the start: everything is in the database (the SQLite file; a PostgreSQL
    // world's address is the harness's own).
    if (!e2eOnPostgres) {
      await w.bot.stop();
      w.bot = await launchBot(w.double, w.dbPath);
      w.stop = async () => {
        await w.bot.stop();
        await w.double.close();
      };
    }

    expect(await pressPanel(w, teacher, 'start')).toContain('6');
    const tables = await tablesOf(w);
    expect(tables.every((t) => t.status === 'active' && t.seats.length === 4 && t.seats.filter((s) => s.isBot).length === 1)).toBe(true);
    for (const table of tables) await w.double.waitFor(() => boards(w, table.channelId).length > 0, 30_000);
    // Once the games run, a student moves into the other table's bot seat, and a bot plays on in theirs.
    const [one, two] = tables;
    const oldSeat = one!.seats.find((seat) => seat.userId === moved.id)!.position;
    const botSeat = two!.seats.find((seat) => seat.isBot)!;
    const during = await settled(w.double, await teacher.command(channel, 'session', { subcommand: 'move', options: { student: moved.id, table: 2 } }));
    expect(during.ephemeral).toBe(true);
    expect(during.content).toContain('is now at table 2');
    const after = await tablesOf(w);
    expect(after[0]!.seats[oldSeat]).toMatchObject({ isBot: true, userId: null });
    expect(after[1]!.seats[botSeat.position]).toMatchObject({ isBot: false, userId: moved.id });
    expect(after.map((t) => t.seats.filter((seat) => !seat.isBot).length)).toEqual([2, 4, 3, 3, 3, 3]);
    // No departure counts against a student the facilitator moved.
    expect(await w.bot.store.departuresOf(one!.id)).toEqual([]);
    const told = await w.double.waitFor(() => w.double.channelMessages(two!.channelId).find((m) => m.content.includes('joins from table 1')), 15_000);
    expect(told.content).toContain(`<@${moved.id}> joins from table 1 and takes over the seat of **${botSeat.displayName}**`);
    await w.double.waitFor(() => w.double.channelMessages(one!.channelId).find((m) => m.content.includes('moves to table 2')), 15_000);
    // Table 2 has no bot seat left, and the last person at a table stays.
    const other = students.find((st) => after[0]!.seats.some((seat) => seat.userId === st.id))!;
    const full = await settled(w.double, await teacher.command(channel, 'session', { subcommand: 'move', options: { student: other.id, table: 2 } }));
    expect(full.content).toContain('Table 2 has no bot seat to take');
    expect((await tablesOf(w)).map((t) => t.seats.length)).toEqual([4, 4, 4, 4, 4, 4]);

    // Pause all: a person whose turn it is cannot move; every table says it is paused.
    const byId = new Map(students.map((s) => [s.id, s]));
    const table = await w.double.waitFor(async () => {
      for (const t of await tablesOf(w)) {
        const pending = gameById(t.gameType)!.pending(t.state).map((seat: number) => t.seats[seat]?.userId).filter(Boolean);
        if (pending.length) return { t, player: byId.get(pending[0] as string)! };
      }
      return undefined;
    }, 30_000);
    const hand = await table.player.openHand(table.t.channelId);
    expect(await pressPanel(w, teacher, 'pause')).toMatch(/paused/i);
    for (const t of await tablesOf(w)) {
      expect(t.pausedAt).toBeInstanceOf(Date);
      await w.double.waitFor(() => w.double.channelMessages(t.channelId).some((m) => m.content.includes('Paused by the facilitator')), 30_000);
      // The current board itself says so at its top, redrawn in place.
      await w.double.waitFor(() => latestBoard(w, t.channelId).content.startsWith('⏸ Paused by the facilitator.'), 30_000);
    }
    const status = await settled(w.double, await table.player.command(table.t.channelId, 'status'));
    expect(textOf(status)).toContain('Paused by the facilitator');
    const version = (await w.bot.store.get(table.t.id))!.version;
    const answer = firstAnswer(hand);
    if (answer) {
      const rec = await table.player.answer(hand, answer);
      const refusal = await settled(w.double, rec);
      expect(textOf(refusal)).toContain('Paused by the facilitator');
    } else {
      const played = await table.player.playOnce(table.t.channelId);
      expect(textOf(played)).toContain('Paused by the facilitator');
    }
    expect((await w.bot.store.get(table.t.id))!.version).toBe(version);

    // Resume all: the same player moves.
    expect(await pressPanel(w, teacher, 'resume')).toMatch(/plays on/i);
    expect((await tablesOf(w)).every((t) => !t.pausedAt)).toBe(true);
    for (const t of await tablesOf(w)) await w.double.waitFor(() => !latestBoard(w, t.channelId).content.includes('⏸'), 30_000);
    await table.player.playOnce(table.t.channelId);
    await w.double.waitFor(async () => (await w.bot.store.get(table.t.id))!.version > version, 30_000);

    // End all now: every table ends ranked as it stands, stopped early, unrated.
    expect(await pressPanel(w, teacher, 'end')).toMatch(/ended/i);
    const ended = await tablesOf(w);
    for (const t of ended) {
      expect(t.status).toBe('finished');
      expect(t.stoppedEarly).toBe(true);
      await w.double.waitFor(() => finalMessage(w, t.channelId), 30_000);
    }
    expect(await w.bot.store.leaderboard(GUILD_ID, 'r-eco')).toEqual([]);
    const debrief = await w.double.waitFor(() => w.double.channelMessages(channel).find((m) => textOf(m).includes('Debrief')), 30_000);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(textOf(debrief)).toContain(`Table ${n}`);
    expect(textOf(debrief)).toContain('stopped early');

    // The CSV: one line per seat, ranks and scores as the stored games stand.
    const [header, ...rows] = await exportCsv(w, teacher);
    expect(header!.slice(0, 8)).toEqual(['table', 'seat', 'player', 'user_id', 'bot', 'rank', 'score', 'stopped_early']);
    expect(rows).toHaveLength(24);
    for (const t of ended) {
      const outcome = gameById(t.gameType)!.standingsNow(t.state);
      for (const s of outcome.standings) {
        const row = rows.find((r) => r[0] === String(t.tableNumber) && r[1] === String(s.seat + 1))!;
        expect(row[2]).toBe(t.seats[s.seat]!.displayName);
        expect(row[3]).toBe(t.seats[s.seat]!.userId ?? '');
        expect([row[5], row[6], row[7]]).toEqual([String(s.rank), String(s.score), 'true']);
      }
    }
    // The session message no longer offers a seat.
    await w.double.waitFor(() => (w.double.message(message.id)!.components.length === 0 ? true : undefined), 10_000);
  }, 240_000);

  it('posts the debrief by itself, once, when every table has finished on its own', async () => {
    world = await startWorld();
    const w = world;
    const teacher = new Player(w, w.double.addUser({ username: 'teacher', permissions: TEACHER_PERMS }));
    const students = ['ana', 'bo'].map((username) => new Player(w, w.double.addUser({ username })));
    const message = await open(w, teacher, { game: 'r-eco', tables: 2, seats: 3 });
    for (const student of students) {
      const rec = await student.press(w.double.message(message.id)!, 'ses:');
      await w.double.waitFor(() => rec.followUps[0]);
    }
    expect(await pressPanel(w, teacher, 'start')).toContain('2');
    const tables = await tablesOf(w);
    const debriefs = () => w.double.channelMessages(w.channels[0]!).filter((m) => textOf(m).includes('Debrief'));
    for (const [i, t] of tables.entries()) {
      await w.double.waitFor(() => boards(w, t.channelId)[0], 30_000);
      await playToEnd(w, t.channelId, students);
      // The first table to finish leaves the session running: no debrief yet.
      if (i === 0) {
        expect((await w.bot.store.sessions.get(t.sessionId!))!.status).toBe('running');
        expect(debriefs()).toEqual([]);
      }
    }
    const debrief = await w.double.waitFor(() => debriefs()[0], 30_000);
    for (const t of await tablesOf(w)) {
      expect([t.status, t.stoppedEarly]).toEqual(['finished', false]);
      const outcome = gameById(t.gameType)!.outcome(t.state)!;
      for (const s of outcome.standings) expect(textOf(debrief)).toContain(`${s.rank}. ${t.seats[s.seat]!.displayName} — ${String(s.score).replace('-', '−')}`);
    }
    expect(textOf(debrief)).not.toContain('stopped early');
    expect((await w.bot.store.sessions.get(tables[0]!.sessionId!))!.status).toBe('ended');
    // The session message says it ended; End all has nothing left to do, and posts nothing more.
    await w.double.waitFor(() => textOf(w.double.message(message.id)!).includes('Ended.'), 10_000);
    const ended = await panel(w, teacher);
    expect(componentsOf(ended).find((c) => c.custom_id?.endsWith(':end'))?.disabled).toBe(true);
    await w.bot.runner.flush();
    expect(debriefs()).toHaveLength(1);
  }, 240_000);

  it('names players "Table 2 · seat 3" in an anonymous session', async () => {
    world = await startWorld();
    const w = world;
    const teacher = new Player(w, w.double.addUser({ username: 'teacher', permissions: TEACHER_PERMS }));
    const students = ['zoé', 'yann', 'xavier'].map((username) => new Player(w, w.double.addUser({ username })));
    const message = await open(w, teacher, { game: 'r-eco', tables: 2, seats: 3, anonymous: true });
    for (const student of students) {
      const rec = await student.press(w.double.message(message.id)!, 'ses:');
      await w.double.waitFor(() => rec.followUps[0]);
    }
    expect(await pressPanel(w, teacher, 'start')).toContain('2');
    expect(await pressPanel(w, teacher, 'end')).toMatch(/ended/i);
    const debrief = await w.double.waitFor(() => w.double.channelMessages(w.channels[0]!).find((m) => textOf(m).includes('Debrief')), 30_000);
    expect(textOf(debrief)).toContain('Table 1 · seat 1');
    for (const s of students) expect(textOf(debrief)).not.toContain(s.user.username);
    const [header, ...rows] = await exportCsv(w, teacher);
    expect(header).not.toContain('user_id');
    expect(rows.map((r) => r[2])).toContain('Table 2 · seat 1');
    expect(rows.flat().join(' ')).not.toMatch(/zoé|yann|xavier|\d{17,}/);
    expect(findComponent(w.double.message(message.id)!, 'ses:')).toBeUndefined();
  }, 120_000);
});
