/**
 * Strong bots through the real client and the Discord double: every game played to its end by
 * one person against strong bots thinking in the worker pool, bot levels in the lobby, and a
 * suggested move for a learner. The think budget is small so five whole games fit a busy machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { Player, boards, componentsOf, finalMessage, findComponent, lobbyMessage, pressLobby, settled, startWorld, suggestedAnswers, textOf, variedAnswers, type World } from './harness.js';
import type { MessageRecord } from '../double/types.js';

/** Clicks a decision's choice, as a button or in a select. */
async function choose(world: World, p: Player, hand: MessageRecord, step: string, ids: string[]) {
  const comps = componentsOf(hand);
  const button = comps.find((c) => c.custom_id?.startsWith('mv:') && c.custom_id.endsWith(`:${step}:${ids[0]}`));
  if (button?.custom_id && ids.length === 1) return settled(world.double, await p.click(hand, button.custom_id));
  const select = comps.find((c) => c.custom_id?.startsWith('mv:') && c.custom_id.endsWith(`:${step}`) && c.options?.some((o) => o.value === ids[0]));
  if (!select?.custom_id) throw new Error(`no choice ${ids.join()} of ${step}`);
  return settled(world.double, await p.select(hand, select.custom_id, ids));
}

/**
 * Plays the person's seat whenever the store says it is pending (a sealed bid posts no new
 * board), the way a cautious newcomer would: a form's suggested values, else the first choice,
 * else the first one-click answer. Bots play on their own in between.
 */
async function playAgainstBots(world: World, channel: string, person: Player, gameId: number) {
  const store = world.bot.store;
  for (let turn = 0; turn < 2000; turn++) {
    await world.bot.runner.flush();
    const record = (await store.get(gameId))!;
    if (record.status !== 'active') return world.double.waitFor(() => finalMessage(world, channel), 20_000);
    const game = gameById(record.gameType)!;
    if (game.pending(record.state).includes(0)) {
      const d = game.decision(record.state, 0)!;
      const hand = await person.openHand(channel);
      // A bot moved meanwhile: look again.
      if (!componentsOf(hand).some((c) => c.custom_id?.includes(`:${record.version}:${d.id}`))) continue;
      if (d.kind === 'form') {
        let reply = await person.submitForm(channel, hand, suggestedAnswers);
        if (reply.content.includes('⚠️')) reply = await person.submitForm(channel, await person.openHand(channel), variedAnswers);
        // Still refused: a one-click answer if there is one, never "Back", which only leads to
        // the same form again (a newcomer short of cash would loop); else it is played for them below.
        const answer = d.shortcuts?.find((sc) => sc.id !== 'back');
        if (reply.content.includes('⚠️') && answer) {
          const view = await person.openHand(channel);
          const button = componentsOf(view).find((c) => c.custom_id?.startsWith('sc:') && c.custom_id.endsWith(`:${answer.id}`));
          if (button) await person.click(view, button.custom_id!);
        }
      } else if (d.choices.length > 0) {
        await choose(world, person, hand, d.id, d.choices.slice(0, d.kind === 'pick' ? Math.max(1, d.min) : 1).map((c) => c.id));
      } else {
        await person.press(hand, 'sc:');
      }
      await world.bot.runner.flush();
      // A newcomer's guess the rules refuse (a purchase beyond the cash): the move is played for
      // the seat as when its time runs out, so the bots' game goes on.
      if ((await store.get(gameId))!.version === record.version) await world.bot.runner.playForDeadline(gameId, 0);
    }
    await world.double.waitFor(async () => {
      const now = (await store.get(gameId))!;
      return now.version !== record.version || now.status !== 'active' || null;
    }, 20_000);
  }
  throw new Error('no end after 2000 turns');
}

const GAMES: { game: string; options: Record<string, string | boolean> }[] = [
  { game: 'r-eco', options: {} },
  { game: 'mark', options: { 'mark-short': true } },
  { game: 'mull-money', options: {} },
  { game: 'phoneimpact', options: { 'phoneimpact-20min': true } },
  { game: 'palermo', options: { 'palermo-turns': '5' } },
];

describe('strong bots', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: GAMES.length + 1, env: { BOT_THINK_MS: '40', THINK_WORKERS: '1' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it.each(GAMES.map((g, i) => ({ ...g, i })))('$game: one person against two strong bots, to the end', async ({ game, options, i }) => {
    const channel = world.channels[i]!;
    const host = new Player(world, world.double.addUser({ username: `learner-${game}` }));
    const created = await host.command(channel, 'game', { subcommand: 'new', options: { game, ...options } });
    expect(created.ephemeral).toBe(false);
    // One strong bot by command, one standard bot by button, raised to strong by the host.
    const added = await host.command(channel, 'game', { subcommand: 'add-bot', options: { level: 'strong' } });
    expect(added.ephemeral).toBe(true);
    await pressLobby(host, channel, 'bot');
    const lobby = lobbyMessage(world, channel);
    expect(textOf(lobby)).toMatch(/🤖 strong[\s\S]*🤖 standard/);
    expect(textOf(lobby)).not.toMatch(/🤖 strong[\s\S]*🤖 strong/);
    const raise = findComponent(lobby, 'lvl:')!.custom_id!.replace(/:1:standard$/, ':2:strong');
    await settled(world.double, await host.click(lobby, raise));
    const raised = (await world.bot.store.openInChannel(channel))!;
    expect(raised.seats.map((s) => s.isBot && s.botLevel)).toEqual([false, 'strong', 'strong']);
    expect(textOf(world.double.message(lobby.id)!)).not.toContain('🤖 standard');

    const before = boards(world, channel).length;
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[before]);
    const status = await host.press(boards(world, channel).at(-1)!, 'status:');
    expect(textOf(await settled(world.double, status))).toContain('(strong)');

    const final = await playAgainstBots(world, channel, host, raised.id);
    const record = (await world.bot.store.get(raised.id))!;
    expect(record.status).toBe('finished');
    expect(gameById(game)!.isOver(record.state)).toBe(true);
    expect(textOf(final)).toContain('Bot Ada');
    // Strong bots' moves went through the same log as the person's.
    const log = await world.bot.store.moveLog(record.id);
    expect(log.filter((m) => m.actorId === null).length).toBeGreaterThan(2);
    expect(world.double.violations).toEqual([]);
  }, 300_000);

  it('a table with hints offers a learner the strong move, privately, with why', async () => {
    const channel = world.channels[GAMES.length]!;
    const host = new Player(world, world.double.addUser({ username: 'classroom' }));
    await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco', hints: true } });
    expect(textOf(lobbyMessage(world, channel))).toContain('Suggested moves: **on**');
    await pressLobby(host, channel, 'bot');
    await pressLobby(host, channel, 'bot');
    const before = boards(world, channel).length;
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[before]);
    const record = (await world.bot.store.openInChannel(channel))!;
    const game = gameById('r-eco')!;
    await world.double.waitFor(async () => game.pending((await world.bot.store.get(record.id))!.state).includes(0) || null, 20_000);
    const hand = await host.openHand(channel);
    expect(findComponent(hand, 'hint:')).toBeDefined();
    const rec = await host.press(hand, 'hint:');
    const answer = await settled(world.double, rec, 20_000);
    expect(rec.ephemeral || answer.flags === 64).toBe(true);
    expect(answer.content).toMatch(/💡 Suggested move: \*\*.+\*\*/);
    expect(answer.content).toMatch(/Why: /);
    // Nothing about it reached the channel.
    expect(world.double.channelMessages(channel).some((m) => m.content.includes('💡'))).toBe(false);
    // The suggestion is a move the table accepts: playing it goes through like any click.
    expect((await world.bot.store.get(record.id))!.settings.hints).toBe(true);
  }, 120_000);
});
