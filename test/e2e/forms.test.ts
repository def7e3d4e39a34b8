/**
 * Compound answers through Discord with a test-only game: one modal with three counts and a
 * select, one-click shortcuts beside it, and a private line for a seat that did not move.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { World } from './harness.js';

vi.mock('../../src/catalog.js', async (importOriginal) => (await import('./fixtures/registry.js')).catalogWith(await importOriginal(), ['cube-market']));

const { Player, boards, componentsOf, finalMessage, mentionedOnBoard, playToEnd, pressLobby, settled, startWorld } = await import('./harness.js');

describe('forms and shortcuts through Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('answers several values in one modal, or in one click, and tells the paid seat privately', async () => {
    const channel = world.channels[0]!;
    const [ann, bob] = ['ann', 'bob'].map((n) => new Player(world, world.double.addUser({ username: n })));
    await ann!.command(channel, 'game', { subcommand: 'new', options: { game: 'cube-market' } });
    await pressLobby(bob!, channel, 'join');
    await pressLobby(ann!, channel, 'start');
    const first = await world.double.waitFor(() => boards(world, channel)[0]);
    expect(mentionedOnBoard(first)).toEqual([ann!.id]);

    // Ann's view: the form button, two shortcuts, and the notes with the prices.
    const view = await ann!.openHand(channel);
    const ids = componentsOf(view).map((c) => c.custom_id ?? '');
    expect(ids.filter((id) => id.startsWith('sc:')).map((id) => id.split(':')[4])).toEqual(['none', 'all']);
    expect(ids.some((id) => id.startsWith('form:'))).toBe(true);
    expect(view.content).toContain('cube-market.prices');

    // A count above the bound is refused privately, naming the field; nothing changes.
    const record = (await world.bot.store.openInChannel(channel))!;
    const refused = await ann!.submitForm(channel, view, () => ({ red: '5', blue: '0', green: '0', to: ['s1'] }));
    expect(refused.content).toContain('⚠️');
    expect((await world.bot.store.get(record.id))!.version).toBe(record.version);

    // One modal answers three counts and a select at once.
    const fresh = await ann!.openHand(channel);
    await ann!.submitForm(channel, fresh, (modal) => {
      // The modal shows the prompt, then one labelled input per field, prefilled.
      expect(modal.components.map((c) => c.type)).toEqual([10, 18, 18, 18, 18]);
      return { red: '1', blue: '0', green: '1', to: ['s1'] };
    });
    await world.double.waitFor(() => boards(world, channel).length === 2);
    const [move] = (await world.bot.store.moveLog(record.id));
    expect(move!.move).toEqual({ sell: [1, 0, 1], to: 1 });
    // Bob did not move, yet his private view tells him he was paid the tax.
    const bobView = await bob!.openHand(channel);
    expect(bobView.content).toContain('cube-market.taxReceived');
    expect(world.double.channelMessages(channel).map((m) => m.content).join('\n')).not.toContain('taxReceived');

    // A shortcut is a whole answer in one click.
    await settled(world.double, await bob!.press(bobView, 'sc:'));
    await world.double.waitFor(async () => (await world.bot.store.moveLog(record.id)).length === 2);
    expect((await world.bot.store.moveLog(record.id))[1]!.move).toEqual({ sell: [0, 0, 0], to: 0 });

    const final = await playToEnd(world, channel, [ann!, bob!]);
    expect(final).toBe(finalMessage(world, channel));
    expect(world.double.violations).toEqual([]);
  });
});
