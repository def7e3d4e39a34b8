/**
 * Taking back a move through Discord: the Undo button of the private view puts the board message
 * back (edited, not a new post) with one log line, clocks as before the move and the next player's
 * mention gone; `/game undo` does the same; refusals (someone played since, a move that revealed
 * something) are private; a bot after an undoable move waits UNDO_BOT_WAIT_MS before it plays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { replay, type Decision, type Seat } from '../../src/engine/index.js';
import { revealsNothing } from '../../src/engine/undo.js';
import type { PalermoMove } from '../../src/games/palermo/index.js';
import type { GameRecord } from '../../src/store/game-store.js';
import type { MessageRecord } from '../double/types.js';
import { palermoDefault } from './answers.js';
import { Player, boards, fakeClock, findComponent, pressLobby, settled, startWorld, textOf, peopleOf, type World } from './harness.js';

const palermo = gameById('palermo')!;
const UNDO_WAIT = 1500;

describe('taking back a move', () => {
  let world: World;
  const clock = fakeClock();
  beforeAll(async () => {
    world = await startWorld({ channels: 3, clock, env: { RENDER_WORKERS: '0', UNDO_BOT_WAIT_MS: String(UNDO_WAIT) } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const { person, byId } = peopleOf(() => world);

  async function open(channel: string, host: Player, others: Player[], bots: number): Promise<number> {
    await host.command(channel, 'game', { subcommand: 'new', options: { game: 'palermo', reminder: '60', deadline: '1440' } });
    for (const p of others) await pressLobby(p, channel, 'join');
    for (let i = 0; i < bots; i++) await pressLobby(host, channel, 'bot');
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[0]);
    return (await world.bot.store.openInChannel(channel))!.id;
  }

  interface Played {
    player: Player;
    seat: number;
    before: GameRecord;
    clocks: unknown[];
    hand: MessageRecord;
    after: GameRecord;
    undoable: boolean;
    /** Taken before the click, so never later than the move's commit. */
    startedAt: number;
    /** What the engine says of the move itself, read from the log: may it be taken back, who is next. */
    madeUndoable: boolean;
    nextAfterMove: Seat[];
  }

  /** Lets the people play their default answers until a move of theirs fits `wanted`. */
  /** `reopen`: a deal may end before such a move comes up; then play on at a new table in the channel. */
  async function playUntil(channel: string, first: number, wanted: (p: Played) => boolean, reopen?: () => Promise<number>): Promise<Played> {
    let gameId = first;
    let stuck = 0;
    for (let i = 0; i < 900; i++) {
      await world.bot.runner.flush();
      const before = (await world.bot.store.get(gameId))!;
      if (before.status !== 'active') {
        if (!reopen) break;
        gameId = await reopen();
        continue;
      }
      const seat = palermo.pending(before.state).find((s: number) => !before.seats[s]!.isBot);
      if (seat === undefined) {
        await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > before.version, 30_000);
        continue;
      }
      const player = byId(before.seats[seat]!.userId)!;
      const clocks = await Promise.all(before.seats.map((s) => world.bot.store.clockOf(gameId, s.position)));
      clock.advance(7 * 60_000);
      const view = await player.openHand(channel);
      const startedAt = Date.now();
      // A refused suggestion leaves the state as it was: then any other answer will do.
      const hand = await palermoDefault(player, channel, view, palermo.decision(before.state, seat) as Decision<PalermoMove>).catch(() => player.playOnce(channel));
      const after = (await world.bot.store.get(gameId))!;
      // The move itself, from the log: a bot may already have played after it on a busy machine.
      const logged = (await world.bot.store.moveLog(gameId)).slice(-(after.version - before.version));
      const mine = logged[0]?.actorId === player.id ? logged[0] : undefined;
      const applied = mine ? palermo.apply(before.state, seat, mine.move) : undefined;
      const madeUndoable = !!applied?.ok && revealsNothing(palermo, before.state, seat, mine!.move, applied.state, { seats: before.seats.length });
      const nextAfterMove = applied?.ok ? palermo.pending(applied.state) : [];
      const played = { player, seat, before, clocks, hand, after, undoable: (await world.bot.store.undoableBy(after)) === seat, startedAt, madeUndoable, nextAfterMove };
      if (after.version > before.version && wanted(played)) return played;
      // A table where nothing moves any more is a fault to report, not a reason to wait.
      stuck = after.version === before.version ? stuck + 1 : 0;
      if (stuck >= 20) throw new Error(`game ${gameId} stuck at version ${after.version}; ${player.user.username} was shown: ${textOf(hand).slice(0, 300)}`);
    }
    throw new Error('no such move');
  }

  const nextHuman = (p: Played) => palermo.pending(p.after.state).find((s: number) => s !== p.seat && !p.after.seats[s]!.isBot);

  it('puts the board back with the Undo button, and /game undo does too', async () => {
    const channel = world.channels[0]!;
    const [ann, ben] = [person('ann'), person('ben')];
    const reopen = () => open(channel, ann, [ben], 0);

    const played = await playUntil(channel, await reopen(), (p) => p.undoable && nextHuman(p) !== undefined, reopen);
    let gameId = played.after.id;
    await world.bot.runner.flush();
    const next = nextHuman(played)!;
    const nextPlayer = byId(played.after.seats[next]!.userId)!;
    const board = (await world.bot.store.get(gameId))!.boardMessageId!;
    expect(world.double.channelMessages(channel).find((m) => m.id === board)!.content).toContain(`<@${nextPlayer.id}>`);
    const messages = world.double.channelMessages(channel).length;

    // The next player has their controls open when the move is taken back.
    const nextView = await nextPlayer.openHand(channel);
    const undo = findComponent(played.hand, 'undo:');
    expect(undo?.custom_id).toBe(`undo:${gameId}:${played.after.version}`);
    const reply = await settled(world.double, await played.player.click(played.hand, undo!.custom_id!));
    expect(reply.content).toMatch(/You took back your move/);
    expect(findComponent(reply, 'undo:')).toBeUndefined();
    await world.bot.runner.flush();

    // The same board message, edited back: it names the mover again and no longer the next player.
    const now = (await world.bot.store.get(gameId))!;
    expect(now.state).toEqual(played.before.state);
    expect(world.double.channelMessages(channel)).toHaveLength(messages);
    expect(now.boardMessageId).toBe(board);
    const edited = world.double.channelMessages(channel).find((m) => m.id === board)!;
    expect(edited.content).toContain(`<@${played.player.id}>`);
    expect(edited.content).not.toContain(`<@${nextPlayer.id}>`);
    expect(textOf(edited)).toContain(`<@${played.player.id}> took back their move`);
    expect(await Promise.all(now.seats.map((s) => world.bot.store.clockOf(gameId, s.position)))).toEqual(played.clocks);
    // Their click on those controls is refused, and says why.
    const control = findComponent(nextView, 'mv:') ?? findComponent(nextView, 'sc:') ?? findComponent(nextView, 'form:');
    expect(control?.custom_id, JSON.stringify(nextView.components)).toBeDefined();
    const late = control!.options
      ? await nextPlayer.select(nextView, control!.custom_id!, [control!.options[0]!.value])
      : await nextPlayer.click(nextView, control!.custom_id!);
    expect(textOf(await settled(world.double, late))).toContain(`Too late: ${played.player.user.username} took back their move first`);
    expect((await world.bot.store.get(gameId))!.version).toBe(now.version);
    const log = await settled(world.double, await ann.command(channel, 'game', { subcommand: 'log' }));
    expect(textOf(log)).toMatch(/took back their move/);
    const parsed = palermo.parseOptions(now.options);
    const replayed = replay(palermo, { seats: now.seats.length, options: parsed.ok ? parsed.options : now.options, seed: now.seed }, await world.bot.store.moveLog(gameId));
    expect(replayed).toEqual(now.state);

    // /game undo, on the next move that may be taken back.
    const again = await playUntil(channel, gameId, (p) => p.undoable, reopen);
    gameId = again.after.id;
    const byCommand = await settled(world.double, await again.player.command(channel, 'game', { subcommand: 'undo' }));
    expect(byCommand.ephemeral).toBe(true);
    expect(byCommand.content).toMatch(/You took back your move/);
    expect((await world.bot.store.get(gameId))!.state).toEqual(again.before.state);
    expect(world.double.violations).toEqual([]);
  }, 180_000);

  it('refuses once someone played since, and a move that revealed something', async () => {
    const channel = world.channels[0]!;
    const reopen = () => open(channel, person('ann'), [person('ben')], 0);
    const open0 = await world.bot.store.openInChannel(channel);
    let gameId = open0?.id ?? (await reopen());
    // An undoable move, then another player's: the deal may end in between, then the next one.
    let first: Played | undefined;
    for (let table = 0; !first && table < 3; table++) {
      const found = await playUntil(channel, gameId, (p) => p.undoable && nextHuman(p) !== undefined, reopen);
      gameId = found.after.id;
      const next = await playUntil(channel, gameId, (p) => p.seat !== found.seat, reopen);
      // Another player's move in the same deal, or the deal ended first: then look again.
      if (next.after.id === gameId) first = found;
      else gameId = next.after.id;
    }
    if (!first) throw new Error('no undoable move followed by another player’s in three deals');
    const late = await settled(world.double, await first.player.command(channel, 'game', { subcommand: 'undo' }));
    expect(late.ephemeral).toBe(true);
    expect(late.content).toMatch(/Too late: .+ has already played/);

    // A move that stands, at a fresh table of its own.
    const other = world.channels[2]!;
    const reopenOther = () => open(other, person('ann'), [person('ben')], 0);
    const stands = await playUntil(other, await reopenOther(), (p) => !p.undoable && p.after.status === 'active', reopenOther);
    const version = (await world.bot.store.openInChannel(other))!.version;
    const refused = await settled(world.double, await stands.player.command(other, 'game', { subcommand: 'undo' }));
    expect(refused.content).toMatch(/drew a card or showed something hidden, so it stands/);
    expect((await world.bot.store.openInChannel(other))!.version).toBe(version);
  }, 240_000);

  it('holds the next bot for the undo window', async () => {
    const channel = world.channels[1]!;
    const reopen = () => open(channel, person('cat'), [], 1);
    const played = await playUntil(channel, await reopen(), (p) => p.madeUndoable && p.nextAfterMove.some((s) => p.before.seats[s]!.isBot), reopen);
    const gameId = played.after.id;
    const moved = played.before.version + 1;
    // The bot plays no sooner than the undo window after the click that made the move.
    await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > moved, 30_000);
    expect(Date.now() - played.startedAt).toBeGreaterThanOrEqual(UNDO_WAIT);
  }, 180_000);
});
