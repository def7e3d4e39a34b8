/**
 * A class session played through two bot processes on one PostgreSQL database: the joins and
 * Start all through one, moves through either, then the first killed with SIGKILL just after it
 * answered a move, and the other carries the session on: a move refused during Pause all, Resume
 * all, End all now. The debrief post and the CSV match the stored outcomes, and every table's
 * posts, the debrief and every move are there once. Skipped without PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { expectPostedOnce } from './pg-posts.js';
import { kill9, processesOnPostgres } from './process.js';
import { GUILD_ID, Player, boards, finalMessage, firstAnswer, sendAnswer, settled, textOf, type World } from './harness.js';
import { TEACHER_PERMS, exportCsv, openSession, pressPanel } from './session-kit.js';

describe.runIf(hasPg)('a class session on two bot processes sharing one PostgreSQL database', () => {
  const bots = processesOnPostgres();

  it('survives a killed process mid-session: pause, resume, end all, one debrief and a CSV that match the stored games', async () => {
    const url = await freshPgDatabase();
    const reader = new GameStore(await openPostgres(url, { max: 2 }));
    try {
      const a = await bots.launch(url);
      const channel = bots.double.addChannel(GUILD_ID, { name: 'class-pg' }).id;
      const world = { double: bots.double, channels: [channel] } as unknown as World;
      const teacher = new Player(world, bots.double.addUser({ username: 'teacher-pg', permissions: TEACHER_PERMS }));
      const students = Array.from({ length: 6 }, (_, i) => new Player(world, bots.double.addUser({ username: `pupil${i + 1}-pg` })));
      const byId = new Map(students.map((s) => [s.id, s]));

      // Opening, joins and Start all: one process only.
      const message = await openSession(world, teacher, { game: 'r-eco', tables: 3, seats: 3 });
      for (const student of students) {
        const rec = await student.press(bots.double.message(message.id)!, 'ses:');
        await bots.double.waitFor(() => rec.followUps[0], 30_000);
      }
      const session = (await reader.sessions.inChannel(channel))!;
      const tables = () => reader.sessions.tables(session.id);
      expect((await tables()).map((t) => t.seats.length)).toEqual([2, 2, 2]);
      expect(await pressPanel(world, teacher, 'start')).toContain('3');
      for (const t of await tables()) await bots.double.waitFor(() => boards(world, t.channelId)[0], 30_000);

      // From now on interactions alternate between the two processes.
      const b = await bots.launch(url);

      /** A table where a person must play now, and that person. */
      const someoneToPlay = () =>
        bots.double.waitFor(async () => {
          for (const t of await tables()) {
            if (t.status !== 'active') continue;
            const seat = gameById(t.gameType)!.pending(t.state).find((s: number) => !t.seats[s]!.isBot);
            if (seat !== undefined) return { t, player: byId.get(t.seats[seat]!.userId!)! };
          }
          return undefined;
        }, 30_000);
      /** One move by a person, through whichever process gets the interactions; waits for it to be stored. */
      const playOne = async () => {
        const { t, player } = await someoneToPlay();
        if (await player.tryPlayOnce(t.channelId)) await bots.double.waitFor(async () => (await reader.get(t.id))!.version > t.version, 30_000);
      };
      for (let i = 0; i < 6; i++) await playOne();

      // Moves at several tables answered at once (consecutive interactions go to both processes),
      // then the first process dies just after answering: the posts and bot turns it held pass
      // to the other, and every move it acknowledged is stored.
      {
        const waiting: { t: GameRecord; player: Player }[] = [];
        for (const t of await tables()) {
          const seat = gameById(t.gameType)!.pending(t.state).find((s: number) => !t.seats[s]!.isBot);
          if (seat !== undefined) waiting.push({ t, player: byId.get(t.seats[seat]!.userId!)! });
        }
        if (waiting.length === 0) waiting.push(await someoneToPlay());
        const hands = await Promise.all(waiting.map(({ t, player }) => player.openHand(t.channelId)));
        const sent = await Promise.all(waiting.map(({ player }, i) => {
          const answer = firstAnswer(hands[i]!);
          return answer ? sendAnswer(bots.double, player.user, hands[i]!, answer) : null;
        }));
        await Promise.all(sent.map((rec) => rec?.response(30_000)));
        await kill9(a);
        await bots.double.waitFor(() => bots.double.connectedClients === 1, 30_000);
        for (const [i, rec] of sent.entries()) {
          if (!rec || rec.ackType !== 6) continue;
          // Acknowledged as an update only once the move committed (or refused as stale, privately).
          const refused = rec.followUps.some((m) => m.content.includes('⚠️'));
          if (!refused) expect((await reader.moveLog(waiting[i]!.t.id)).some((m) => m.interactionId === rec.id)).toBe(true);
        }
      }
      for (let i = 0; i < 3; i++) await playOne();

      // Pause all through the living process: a move is refused, nothing changes.
      const { t: paused, player } = await someoneToPlay();
      const hand = await player.openHand(paused.channelId);
      expect(await pressPanel(world, teacher, 'pause')).toMatch(/paused/i);
      for (const t of await tables()) {
        if (t.status !== 'active') continue;
        expect(t.pausedAt).toBeInstanceOf(Date);
        await bots.double.waitFor(() => boards(world, t.channelId).at(-1)!.content.startsWith('⏸'), 30_000);
      }
      const version = (await reader.get(paused.id))!.version;
      const answer = firstAnswer(hand);
      const refusal = answer ? await settled(bots.double, await sendAnswer(bots.double, player.user, hand, answer), 30_000) : await player.playOnce(paused.channelId);
      expect(textOf(refusal)).toContain('Paused by the facilitator');
      expect((await reader.get(paused.id))!.version).toBe(version);

      expect(await pressPanel(world, teacher, 'resume')).toMatch(/plays on/i);
      await playOne();
      expect(await pressPanel(world, teacher, 'end')).toMatch(/ended/i);

      // Everything went out, once: every table's posts and the debrief.
      const ended: GameRecord[] = await tables();
      const owed = async () => {
        for (const t of ended) if ((await reader.postsOf(t.id)).some((p) => p.sentAt === null)) return false;
        return true;
      };
      await bots.double.waitFor(owed, 60_000);
      for (const t of ended) {
        expect(t.status).toBe('finished');
        expect(finalMessage(world, t.channelId)).toBeDefined();
        await expectPostedOnce(url, world, t.channelId, t.id, `table ${t.tableNumber}`);
        const log = await reader.moveLog(t.id);
        expect(new Set(log.map((m) => m.sequence)).size).toBe(log.length);
        const clicks = log.map((m) => m.interactionId).filter(Boolean);
        expect(new Set(clicks).size).toBe(clicks.length);
      }
      const debriefPosts = (await Promise.all(ended.map((t) => reader.postsOf(t.id)))).flat().filter((p) => p.kind === 'debrief');
      expect(debriefPosts).toHaveLength(1);
      const posted = bots.double.channelMessages(channel).filter((m) => (m as { nonce?: string }).nonce?.startsWith('rc'));
      expect(posted.map((m) => m.id)).toEqual([debriefPosts[0]!.messageId]);
      const debrief = textOf(posted[0]!);
      expect(debrief).toContain('Debrief');
      expect((await reader.sessions.get(session.id))!.status).toBe('ended');

      // The debrief and the CSV rank every seat as its stored game stands.
      const [header, ...rows] = await exportCsv(world, teacher);
      expect(header!.slice(0, 8)).toEqual(['table', 'seat', 'player', 'user_id', 'bot', 'rank', 'score', 'stopped_early']);
      expect(rows).toHaveLength(9);
      for (const t of ended) {
        const outcome = gameById(t.gameType)!.standingsNow(t.state);
        expect(debrief).toContain(`Table ${t.tableNumber}`);
        for (const s of outcome.standings) {
          const name = t.seats[s.seat]!.displayName;
          // Scores are shown with a true minus sign.
          expect(debrief).toContain(`${s.rank}. ${name} — ${String(s.score).replace('-', '−')}`);
          const row = rows.find((r) => r[0] === String(t.tableNumber) && r[1] === String(s.seat + 1))!;
          expect([row[2], row[3], row[5], row[6], row[7]]).toEqual([name, t.seats[s.seat]!.userId ?? '', String(s.rank), String(s.score), 'true']);
        }
      }
      expect(b.exitCode).toBeNull();
      expect(bots.double.violations).toEqual([]);
      await kill9(b);
    } finally {
      await reader.close();
    }
  }, 300_000);
});
