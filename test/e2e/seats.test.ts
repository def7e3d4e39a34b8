/**
 * Seats that change hands, through Discord with a clock the test moves by hand: every logged
 * line names whoever held the seat when it happened (live posts, /game log, /history, the final
 * post and its alt text); take-overs follow the table's setting (the host's approval, anyone,
 * nobody), with refusal and expiry; and after a settings change the clocks keep to the turn's
 * own start, checked to the minute in reminders, time-outs and /status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRecord } from '../double/types.js';
import { Player, boards, componentsOf, fakeClock, finalMessage, latestBoard, pressLobby, settled, startWorld, textOf, peopleOf, type World } from './harness.js';
import { gameById } from '../../src/catalog.js';
import { SEAT_REQUEST_MINUTES, TAKER_DEADLINE_MINUTES, WARN_SHARE } from '../../src/store/clocks.js';
import type { GameRecord } from '../../src/store/game-store.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const rEco = gameById('r-eco')!;

describe('seats that change hands', () => {
  let world: World;
  const clock = fakeClock();
  beforeAll(async () => {
    world = await startWorld({ channels: 4, clock, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const { person } = peopleOf(() => world);
  const game = async (id: number) => (await world.bot.store.get(id))!;
  const pendingOf = (record: GameRecord): number[] => (record.status === 'active' ? rEco.pending(record.state) : []);
  const messages = (channel: string) => world.double.channelMessages(channel);
  /** Discord's own time stamp for a moment, as /status shows it. */
  const stamp = (at: number, style: 'f' | 'R') => `<t:${Math.floor(at / 1000)}:${style}>`;

  async function open(host: Player, channel: string, others: Player[], options: Record<string, string | boolean>, bots = 0) {
    const created = await host.command(channel, 'game', { subcommand: 'new', options });
    expect(created.ephemeral).toBe(false);
    for (const p of others) await pressLobby(p, channel, 'join');
    for (let i = 0; i < bots; i++) await pressLobby(host, channel, 'bot');
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[0]);
    return (await world.bot.store.openInChannel(channel))!.id;
  }

  /**
   * Plays on until `done` says so: present people answer what they are asked, bots play on their
   * own, and the clock moves by `step` whenever only absent people are awaited.
   */
  async function drive(channel: string, gameId: number, present: Player[], done: (record: GameRecord) => boolean | Promise<boolean>, step = HOUR) {
    const byId = new Map(present.map((p) => [p.id, p]));
    for (let i = 0; i < 1500; i++) {
      await world.bot.runner.flush();
      const record = await game(gameId);
      if ((await done(record)) || record.status !== 'active') return record;
      const pending = pendingOf(record);
      const human = pending.map((s) => byId.get(record.seats[s]?.userId ?? '')).find(Boolean);
      // The table moved on: whatever the next step is, it starts from a newer version.
      const movedOn = () => world.double.waitFor(async () => (await game(gameId)).version !== record.version);
      if (human) {
        if (!(await human.tryPlayOnce(channel))) await movedOn();
      } else if (pending.some((s) => !record.seats[s]!.isBot)) {
        clock.advance(step);
        await world.bot.scheduler.tick();
      } else {
        await movedOn();
      }
    }
    throw new Error('the game did not get there');
  }

  /** Who each "plays" line of a text names, in order. */
  const players = (text: string) => [...text.matchAll(/(<@\d+>|\*\*Bot \w+\*\*) plays /g)].map((m) => m[1]!);

  it('names the player who held the seat at each line, in posts, /game log, /history and the final post', async () => {
    const channel = world.channels[0]!;
    const [ann, ben, cat, dan] = [person('ann'), person('ben'), person('cat'), person('dan')];
    const gameId = await open(ann, channel, [ben, cat], { game: 'r-eco', reminder: '60', deadline: '1440', takeover: 'anyone' });
    const seat = (await game(gameId)).seats.find((s) => s.userId === cat.id)!.position;

    // Cat never plays: three turns run out, then a bot holds the seat and plays a turn.
    let record = await drive(channel, gameId, [ann, ben], (r) => r.seats[seat]!.isBot);
    const handedAt = record.holders!.find((h) => h.seat === seat && h.isBot)!.fromSequence;
    record = await drive(channel, gameId, [ann, ben], async () => (await world.bot.store.moveLog(gameId)).some((m, i) => i + 1 >= handedAt && m.seat === seat));
    const bot = record.seats[seat]!.displayName;

    // The live post of the third time-out names Cat, credits Cat's move to Cat, and says a bot plays on.
    const third = messages(channel).map(textOf).find((t) => t.includes('once more'))!;
    const lines = third.split('\n');
    const at = lines.findIndex((l) => l.includes('once more'));
    expect(lines[at]).toBe(`⏰ Time ran out for <@${cat.id}> once more (3 turns in a row): a move was played for them, and **${bot}** plays the seat from now on.`);
    expect(third).not.toMatch(/stays theirs/);
    expect(lines[at + 1]).toMatch(new RegExp(`^<@${cat.id}> plays `));

    const beforeTakeOver = textOf(await settled(world.double, await ben.command(channel, 'game', { subcommand: 'log' })));

    // Dan, who was watching, takes the seat (this table lets anyone) and plays a turn.
    const took = await dan.press(latestBoard(world, channel), 'take:');
    expect(took.ephemeral).toBe(false);
    expect(textOf(await settled(world.double, took))).toContain(`<@${dan.id}> takes over the seat of ${bot}`);
    await drive(channel, gameId, [ann, ben, dan], async () => (await world.bot.store.moveLog(gameId)).some((m) => m.actorId === dan.id));

    // /game log: Cat's turns, then the bot's, then Dan's, each under its own name.
    // (The time-out line names the bot to come as well: it is checked above.)
    const eras = (text: string) =>
      [...text.split('\n').filter((l) => !l.includes('once more')).join('\n').matchAll(/<@\d+>|\*\*Bot \w+\*\*/g)].map((m) => [`<@${cat.id}>`, `**${bot}**`, `<@${dan.id}>`].indexOf(m[0])).filter((era) => era >= 0);
    const gameLog = async () => textOf(await settled(world.double, await ben.command(channel, 'game', { subcommand: 'log' })));
    const early = eras(beforeTakeOver);
    expect(new Set(early)).toEqual(new Set([0, 1]));
    expect(early).toEqual([...early].sort());
    const later = eras(await gameLog());
    expect(later).toContain(2);
    expect(later).toEqual([...later].sort());

    // To the end: the final post names Dan, with those who held the seat before.
    const final: MessageRecord = await drive(channel, gameId, [ann, ben, dan], () => false).then(() => world.double.waitFor(() => finalMessage(world, channel), 10_000));
    expect(textOf(final)).toContain(`<@${dan.id}> (seat held before by <@${cat.id}>, **${bot}**)`);
    expect(final.attachments[0]!.description).toContain(`dan (seat held before by cat, ${bot})`);
    const posts = messages(channel).map(textOf).join('\n');
    expect(posts).toMatch(new RegExp(`<@${dan.id}> plays `));

    // /history: everyone who held the seat, and the latest lines under their own names.
    const history = textOf(await settled(world.double, await ann.command(channel, 'history', { options: { game: gameId } })));
    expect(history).toContain(`cat → ${bot} → dan`);
    expect(history).toContain(`dan (seat held before by cat, ${bot})`);
    const latest = players(history).filter((n) => [`<@${cat.id}>`, `**${bot}**`, `<@${dan.id}>`].includes(n));
    expect(latest).toContain(`<@${dan.id}>`);
    expect(latest.slice(latest.indexOf(`<@${dan.id}>`))).toEqual(latest.slice(latest.indexOf(`<@${dan.id}>`)).map(() => `<@${dan.id}>`));

    // /profile counts the game once for each person who held a seat in it, the timed-out one included.
    for (const p of [cat, dan, ann]) {
      const profile = textOf(await settled(world.double, await ben.command(channel, 'profile', { options: { player: p.id } })));
      expect(profile).toMatch(/1 finished game\b/);
    }
    expect(world.double.violations).toEqual([]);
  }, 180_000);

  it('takes a seat over only as the table allows: the host accepts or refuses, requests expire, removed people ask the host', async () => {
    const channel = world.channels[1]!;
    const [eve, fay, gil, hub] = [person('eve'), person('fay'), person('gil'), person('hub')];
    const gameId = await open(eve, channel, [], { game: 'r-eco' }, 2);
    const lobby = messages(channel)[0]!;
    expect(textOf(lobby)).toContain("Taking over a bot's seat during play: **with the host's approval**");
    expect(textOf(lobby)).toContain('Whoever takes over a seat has **24 h** per turn.');

    // By default a request goes to the host, with Accept / Refuse; the seat stays the bot's.
    const ask = async (who: Player) => {
      const rec = await who.press(latestBoard(world, channel), 'take:');
      const request = await settled(world.double, rec);
      expect(request.ephemeral).toBe(false);
      expect(textOf(request)).toContain(`🙋 <@${who.id}> asks to take over the seat of **Bot Ada**`);
      expect(textOf(request)).toContain(`<@${eve.id}> or a moderator`);
      await world.double.waitFor(() => rec.followUps.find((m) => m.ephemeral && /request went to the host/.test(m.content)));
      return request;
    };
    const first = await ask(fay);
    expect((await game(gameId)).seats[1]).toMatchObject({ isBot: true });
    expect(textOf(await settled(world.double, await fay.press(latestBoard(world, channel), 'take:')))).toMatch(/already asked/);
    // Only the host (or a moderator) answers; the host refuses.
    expect(textOf(await settled(world.double, await gil.press(first, 'seatreq:')))).toMatch(/Only the host/);
    await eve.click(first, componentsOf(first).find((c) => c.custom_id?.endsWith(':no'))!.custom_id!);
    await world.double.waitFor(() => world.double.message(first.id)!.content.startsWith('❌') || undefined);
    expect(world.double.message(first.id)!.content).toBe(`❌ <@${eve.id}> refused the request of <@${fay.id}> to take over the seat of Bot Ada in game #${gameId}.`);
    expect(world.double.message(first.id)!.components).toEqual([]);
    expect((await game(gameId)).seats[1]).toMatchObject({ isBot: true });

    // A request not answered in time expires: a late Accept seats nobody.
    const second = await ask(fay);
    clock.advance(SEAT_REQUEST_MINUTES * MINUTE);
    const late = await eve.press(second, 'seatreq:');
    await world.double.waitFor(() => world.double.message(second.id)!.content.startsWith('⌛') || undefined);
    await world.double.waitFor(() => late.followUps.find((m) => m.ephemeral && /has expired/.test(m.content)));
    expect((await game(gameId)).seats[1]).toMatchObject({ isBot: true });

    // Asked again and accepted: Fay holds the seat, and with no table deadline gets the default one.
    const third = await ask(fay);
    await eve.press(third, 'seatreq:');
    await world.double.waitFor(() => world.double.message(third.id)!.content.startsWith('✅') || undefined);
    expect(world.double.message(third.id)!.content).toBe(`✅ <@${eve.id}> accepted: <@${fay.id}> takes over the seat of Bot Ada in game #${gameId}.`);
    expect((await game(gameId)).seats[1]).toMatchObject({ isBot: false, userId: fay.id });
    await drive(channel, gameId, [eve], (r) => pendingOf(r).includes(1));
    const since = (await world.bot.store.clockOf(gameId, 1))!.since.getTime();
    expect((await world.bot.store.clockOf(gameId, 1))!.deadlineAt!.getTime()).toBe(since + TAKER_DEADLINE_MINUTES * MINUTE);
    const status = textOf(await settled(world.double, await gil.command(channel, 'status')));
    expect(status).toContain(`⏰ <@${fay.id}>: a move is played for them ${stamp(since + 24 * HOUR, 'R')} (${stamp(since + 24 * HOUR, 'f')}).`);

    // "Anyone": a watcher takes the other bot's seat at once; once kicked, they must ask the host.
    await settled(world.double, await eve.command(channel, 'game', { subcommand: 'settings', options: { takeover: 'anyone' } }));
    const took = await gil.press(latestBoard(world, channel), 'take:');
    expect(textOf(await settled(world.double, took))).toContain(`<@${gil.id}> takes over the seat of Bot Blaise`);
    const kicked = await settled(world.double, await eve.command(channel, 'game', { subcommand: 'kick', options: { player: gil.id } }));
    const again = await gil.press(kicked, 'take:');
    const request = await settled(world.double, again);
    expect(textOf(request)).toContain(`🙋 <@${gil.id}> asks to take over the seat of`);
    expect(textOf(request)).toContain(`<@${gil.id}> was removed from this game earlier`);
    expect((await game(gameId)).seats.some((s) => s.userId === gil.id)).toBe(false);
    // Left unanswered, the request runs out by itself: its message loses Accept / Refuse.
    await world.double.waitFor(() => again.followUps.find((m) => /request went to the host/.test(m.content)));
    clock.advance(SEAT_REQUEST_MINUTES * MINUTE);
    await world.bot.scheduler.tick();
    await world.double.waitFor(() => world.double.message(request.id)!.content.startsWith('⌛') || undefined);
    expect(world.double.message(request.id)!.content).toMatch(new RegExp(`^⌛ The request of <@${gil.id}> to take over the seat of Bot \\w+ in game #${gameId} has expired\\.$`));
    expect(world.double.message(request.id)!.components).toEqual([]);

    // "Nobody": no button on new boards or news, and the command is refused.
    const changed = await settled(world.double, await eve.command(channel, 'game', { subcommand: 'settings', options: { takeover: 'nobody' } }));
    expect(textOf(changed)).toContain("Taking over a bot's seat during play: **nobody**");
    const refused = await hub.command(channel, 'game', { subcommand: 'take-seat' });
    expect(refused.ephemeral).toBe(true);
    expect(textOf(await settled(world.double, refused))).toMatch(/Nobody may take over a seat in this game/);
    const before = boards(world, channel).length;
    await drive(channel, gameId, [eve, fay], () => boards(world, channel).length > before, 24 * HOUR);
    expect(componentsOf(latestBoard(world, channel)).some((c) => c.custom_id?.startsWith('take:'))).toBe(false);
    expect(world.double.violations).toEqual([]);
    await settled(world.double, await eve.command(channel, 'game', { subcommand: 'cancel' }));

    // The French table shows the setting in French.
    await settled(world.double, await eve.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', language: 'fr', takeover: 'anyone' } }));
    expect(textOf(messages(channel).at(-1)!)).toContain('Reprise de la place d’un bot en cours de partie\u00a0: **tout le monde, aussitôt**');
    await settled(world.double, await eve.command(channel, 'game', { subcommand: 'cancel' }));
  }, 180_000);

  it('keeps reminders and deadlines on the turn\'s own clock after a settings change, to the minute', async () => {
    const channel = world.channels[2]!;
    const [ida, jon] = [person('ida'), person('jon')];
    const gameId = await open(ida, channel, [jon], { game: 'r-eco', 'two-player': true, reminder: '60', deadline: '1440' });
    const who = async (seat: number) => { const seats = (await game(gameId)).seats; return [ida, jon].find((p) => p.id === seats[seat]!.userId)!; };
    const first = pendingOf((await game(gameId)))[0]!;
    const t0 = (await world.bot.store.clockOf(gameId, first))!.since.getTime();
    const reminders = () => messages(channel).filter((m) => m.content.startsWith('⏰ <@'));
    /** Moves the clock to `ms` after t0 and lets the scheduler act; returns what this game got. */
    const at = async (ms: number) => {
      const [pings, played] = [reminders().length, (await world.bot.store.moveLog(gameId)).length];
      clock.advance(t0 + ms - clock.now().getTime());
      await world.bot.scheduler.tick();
      await world.bot.runner.flush();
      return { reminders: reminders().length - pings, moves: (await world.bot.store.moveLog(gameId)).length - played };
    };
    const nothing = { reminders: 0, moves: 0 };
    const reminded = { reminders: 1, moves: 0 };
    const timedOut = { reminders: 0, moves: 1 };

    // Mid-turn: reminded at 1 h and 3 h, then the host sets 12 h / 72 h five hours in.
    expect(await at(HOUR)).toEqual(reminded);
    expect(await at(3 * HOUR)).toEqual(reminded);
    expect(await at(5 * HOUR)).toEqual(nothing);
    await settled(world.double, await ida.command(channel, 'game', { subcommand: 'settings', options: { reminder: '720', deadline: '4320' } }));
    let clockRow = (await world.bot.store.clockOf(gameId, first))!;
    expect(clockRow.remindAt!.getTime()).toBe(t0 + 12 * HOUR);
    expect(clockRow.deadlineAt!.getTime()).toBe(t0 + 72 * HOUR);
    const status = textOf(await settled(world.double, await jon.command(channel, 'status')));
    expect(status).toContain(`a move is played for them ${stamp(t0 + 72 * HOUR, 'R')}`);
    expect(await at(12 * HOUR - MINUTE)).toEqual(nothing);
    expect(await at(12 * HOUR)).toEqual(reminded);
    expect(reminders().at(-1)!.content).toMatch(new RegExp(`^⏰ <@${(await who(first)).id}>, game waiting on you for 12 hours\\.`));
    expect((await world.bot.store.clockOf(gameId, first))!.remindAt!.getTime()).toBe(t0 + 36 * HOUR);

    // Again mid-turn, to 24 h / 48 h: the next reminder and the deadline count from t0.
    expect(await at(13 * HOUR)).toEqual(nothing);
    await settled(world.double, await ida.command(channel, 'game', { subcommand: 'settings', options: { reminder: '1440', deadline: '2880' } }));
    clockRow = (await world.bot.store.clockOf(gameId, first))!;
    expect(clockRow.remindAt!.getTime()).toBe(t0 + 24 * HOUR);
    expect(clockRow.deadlineAt!.getTime()).toBe(t0 + 48 * HOUR);
    expect(await at(24 * HOUR - MINUTE)).toEqual(nothing);
    expect(await at(24 * HOUR)).toEqual(reminded);
    expect(reminders().at(-1)!.content).toMatch(/game waiting on you for 24 hours\./);
    // The last warning falls at 80 % of the deadline, counted from t0 as well.
    const warning = WARN_SHARE * 48 * HOUR;
    expect(await at(warning - MINUTE)).toEqual(nothing);
    expect(await at(warning)).toEqual(reminded);
    expect(reminders().at(-1)!.content).toContain(`<t:${(t0 + 48 * HOUR) / 1000}:R>`);
    expect(await at(48 * HOUR - MINUTE)).toEqual(nothing);
    expect(await at(48 * HOUR)).toEqual(timedOut);
    expect(messages(channel).map(textOf).join('\n')).toContain(`Time ran out for <@${(await who(first)).id}>`);

    // Between turns: the next player's turn runs on the new settings from its own start.
    await drive(channel, gameId, [await who(first)], (r) => pendingOf(r).some((s) => s !== first), 48 * HOUR);
    const next = pendingOf((await game(gameId)))[0]!;
    const t1 = (await world.bot.store.clockOf(gameId, next))!.since.getTime();
    const base = t1 - t0;
    expect((await world.bot.store.clockOf(gameId, next))).toMatchObject({ remindAt: new Date(t1 + 24 * HOUR), deadlineAt: new Date(t1 + 48 * HOUR) });
    // The host shortens the deadline between two of this player's reminders: 24 h still counts from t1.
    expect(await at(base + 2 * HOUR)).toEqual(nothing);
    await settled(world.double, await ida.command(channel, 'game', { subcommand: 'settings', options: { reminder: '240', deadline: '1440' } }));
    expect((await world.bot.store.clockOf(gameId, next))).toMatchObject({ remindAt: new Date(t1 + 4 * HOUR), deadlineAt: new Date(t1 + 24 * HOUR) });
    expect(await at(base + 4 * HOUR - MINUTE)).toEqual(nothing);
    expect(await at(base + 4 * HOUR)).toEqual(reminded);
    expect(reminders().at(-1)!.content).toMatch(new RegExp(`^⏰ <@${(await who(next)).id}>, game waiting on you for 4 hours\\.`));
    expect((await world.bot.store.clockOf(gameId, next))!.remindAt!.getTime()).toBe(t1 + 12 * HOUR);
    // The 12 h reminder falls due on the way; the move is played at 24 h, not a minute before.
    expect(await at(base + 24 * HOUR - MINUTE)).toEqual(reminded);
    expect(await at(base + 24 * HOUR)).toEqual(timedOut);
    expect((await world.bot.store.moveLog(gameId)).at(-1)).toMatchObject({ seat: next, actorId: null });
    expect(world.double.violations).toEqual([]);
    await settled(world.double, await ida.command(channel, 'game', { subcommand: 'cancel' }));
  }, 120_000);
});
