/**
 * The engine contract and the generic decision UI with a game unlike R-Eco: everyone bids at once
 * and in secret through a modal (`number`), then the winner picks with buttons (`choose`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InteractionRecord, MessageRecord } from '../double/types.js';
import type { World } from './harness.js';

vi.mock('../../src/catalog.js', async (importOriginal) => (await import('./fixtures/registry.js')).catalogWith(await importOriginal(), ['sealed-bid']));

const { Player, boards, componentsOf, customIdOf, findComponent, finalMessage, mentionedOnBoard, settled, startWorld, textOf } = await import('./harness.js');

describe('simultaneous secret choices through Discord', () => {
  let world: World;
  beforeAll(async () => {
    // The fixture's renderer lives in this process only.
    world = await startWorld({ env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  /** Opens the bid modal from a player's private view and submits `value`. */
  async function bid(player: InstanceType<typeof Player>, channel: string, value: string): Promise<InteractionRecord> {
    const view = await player.openHand(channel);
    const open = await player.press(view, 'form:');
    expect(open.ackType).toBe(9);
    const modal = open.modal as { custom_id: string };
    const rec = await world.double.submitModal(player.user, channel, modal.custom_id, { value }, view);
    await rec.response();
    return rec;
  }

  it('collects bids from everyone at once, keeps them secret, then lets the winner choose', async () => {
    const channel = world.channels[0]!;
    const [a, b, c] = ['ann', 'bob', 'cat'].map((n) => new Player(world, world.double.addUser({ username: n })));
    await a!.command(channel, 'game', { subcommand: 'new', options: { game: 'sealed-bid' } });
    for (const p of [b!, c!]) {
      const lobby = world.double.channelMessages(channel).at(-1)!;
      await p.click(lobby, customIdOf(lobby, 'lobby:').replace(/:[a-z]+$/, ':join'));
    }
    const lobby = world.double.channelMessages(channel).at(-1)!;
    await a!.click(lobby, customIdOf(lobby, 'lobby:').replace(/:[a-z]+$/, ':start'));
    const first = await world.double.waitFor(() => boards(world, channel)[0]);
    // Everyone must act: the board names all three.
    expect(mentionedOnBoard(first).sort()).toEqual([a!.id, b!.id, c!.id].sort());
    expect(first.content).toMatch(/Waiting for/);

    // A bad number is refused privately and changes nothing.
    const version = (await world.bot.store.openInChannel(channel))!.version;
    const bad = await bid(a!, channel, 'lots');
    await world.double.waitFor(() => bad.followUps[0]);
    expect(bad.followUps[0]!.ephemeral).toBe(true);
    expect(bad.followUps[0]!.content).toMatch(/whole number from 0 to 10/);
    expect((await world.bot.store.openInChannel(channel))!.version).toBe(version);

    // Two bids drawn at the same version, submitted one after the other, both count.
    const viewB = await b!.openHand(channel);
    const viewC = await c!.openHand(channel);
    const openB = await b!.press(viewB, 'form:');
    const rb = await world.double.submitModal(b!.user, channel, (openB.modal as { custom_id: string }).custom_id, { value: '7' }, viewB);
    await settled(world.double, rb);
    // Cat's view predates Bob's bid: its button still opens the modal.
    const openC = await c!.press(viewC, 'form:');
    expect(openC.ackType).toBe(9);
    const rc = await world.double.submitModal(c!.user, channel, (openC.modal as { custom_id: string }).custom_id, { value: '2' }, viewC);
    await settled(world.double, rc);
    expect(rc.followUps.filter((f) => /⚠️/.test(f.content))).toEqual([]);
    const record0 = (await world.bot.store.openInChannel(channel))!;
    await world.double.waitFor(async () => (await world.bot.store.moveLog(record0.id)).length === 2);
    await world.bot.runner.flush(record0.id);
    // Once a player has bid, their view has no controls and a second bid is refused.
    const done = await b!.openHand(channel);
    expect(findComponent(done, 'form:')).toBeUndefined();

    // A secret bid posts nothing: the channel learns nothing until the last bid is in.
    const publicText = () => world.double.channelMessages(channel).map(textOf).join('\n');
    const messagesBefore = world.double.channelMessages(channel).length;
    expect(publicText()).not.toContain('sealed-bid.someoneBid');
    expect(publicText()).not.toContain('sealed-bid.youBid');
    expect(publicText()).not.toContain('sealed-bid.reveal');
    expect(textOf(world.double.message(viewB.id)!)).toContain('sealed-bid.youBid');

    const ra = await bid(a!, channel, '3');
    await settled(world.double, ra);
    await world.double.waitFor(() => publicText().includes('sealed-bid.reveal'));
    // The reveal is one text post (no new board) with every bid, pinging the winner.
    const reveal = world.double.channelMessages(channel).at(-1)!;
    expect(world.double.channelMessages(channel).length).toBe(messagesBefore + 1);
    expect(reveal.attachments).toEqual([]);
    expect(reveal.content).toContain('sealed-bid.someoneBid');
    expect(mentionedOnBoard(reveal)).toEqual([b!.id]);
    expect(publicText()).not.toContain('sealed-bid.youWon');

    // Bob did not make the last move, yet his private line about winning reaches him.
    const bobView = await b!.openHand(channel);
    expect(bobView.content).toContain('sealed-bid.youWon');
    expect((await a!.openHand(channel)).content).not.toContain('sealed-bid.youWon');
    const prizes: MessageRecord = bobView;
    const buttons = componentsOf(prizes).filter((x) => x.custom_id?.startsWith('mv:'));
    expect(buttons.map((x) => x.custom_id!.split(':').slice(3).join(':'))).toEqual(['prize:p0', 'prize:p1', 'prize:p2']);
    const notWinner = await a!.openHand(channel);
    expect(findComponent(notWinner, 'mv:')).toBeUndefined();
    await settled(world.double, await b!.click(prizes, buttons[1]!.custom_id!));

    // Round two, then the end.
    await world.double.waitFor(() => mentionedOnBoard(boards(world, channel).at(-1)!).length === 3);
    for (const [p, amount] of [[a!, '1'], [b!, '0'], [c!, '4']] as const) await settled(world.double, await bid(p, channel, amount));
    await world.double.waitFor(() => {
      const last = world.double.channelMessages(channel).at(-1)!;
      return last.content.includes('sealed-bid.reveal') && mentionedOnBoard(last).join() === c!.id;
    });
    const last = await c!.openHand(channel);
    await settled(world.double, await c!.press(last, 'mv:'));
    const final = await world.double.waitFor(() => finalMessage(world, channel));
    expect(textOf(final)).toMatch(/🏆/);
    const record = (await world.bot.store.latestInChannel(channel))!;
    expect(record.status).toBe('finished');
    expect((await world.bot.store.moveLog(record.id)).map((m) => m.seat)).toEqual([1, 2, 0, 1, 0, 1, 2, 2]);
    expect(world.double.violations).toEqual([]);
  });
});
