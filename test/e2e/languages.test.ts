/**
 * A whole game of each game in German, Spanish and Italian, played through Discord: a person whose
 * Discord speaks that language opens the table in it (`/game new language:`), plays against bots
 * to the final scores, and every text they were shown (public boards and logs, private views,
 * buttons, selects, embeds, image alt texts, the final scores, /status and /rules) is in that
 * language: no English word left, no locale key shown instead of a text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import type { Decision } from '../../src/engine/index.js';
import type { PalermoMove } from '../../src/games/palermo/index.js';
import type { Language } from '../../src/i18n/index.js';
import type { GameRecord } from '../../src/store/game-store.js';
import type { MessageRecord } from '../double/types.js';
import { englishLeft } from '../games/english-words.js';
import { clickChoice, palermoDefault } from './answers.js';
import { Player, componentsOf, finalMessage, openAndStart, settled, startWorld, textOf, type World } from './harness.js';

const GAMES: { game: string; bots: number; options: Record<string, string | boolean> }[] = [
  { game: 'r-eco', bots: 2, options: {} },
  { game: 'mark', bots: 2, options: { 'mark-short': true } },
  { game: 'palermo', bots: 2, options: { 'palermo-turns': '5' } },
  { game: 'phoneimpact', bots: 2, options: { 'phoneimpact-20min': true } },
  { game: 'mull-money', bots: 1, options: {} },
];

/** Every text of a message a person reads: content, embeds, components, alt texts of images. */
function readable(message: MessageRecord): string[] {
  const out = [textOf(message), ...message.attachments.map((a) => (a as { description?: string }).description ?? '')];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (typeof v === 'string' && ['label', 'placeholder', 'description', 'content', 'text', 'name'].includes(k)) out.push(v);
        else if (typeof v === 'object') walk(v);
      }
    }
  };
  walk(message.components);
  walk(message.embeds.map((e: { footer?: unknown; author?: unknown }) => ({ footer: e.footer, author: e.author })));
  return out.filter(Boolean);
}

/** A locale key shown instead of its text: "mark.log.bid", "render.board.title" (a web address is none). */
const RAW_KEY = /(?<![\w/.:-])(?:[a-z][\w-]*\.){1,4}(?!(?:fr|org|com|net|de|es|it|io)(?![\w.]))[a-z]\w*(?:_(?:one|other|zero))?(?![\w(/.-])/;

const palermo = gameById('palermo')!;

/**
 * One move of the person, if it is theirs: the first answer offered, except at Palermo, where
 * the first answers can keep a table going round (offers declined for ever), so the person plays
 * its suggested answers and goes straight to the refill in phase C, as its own test does.
 */
async function playOnce(human: Player, channel: string, record: GameRecord): Promise<void> {
  if (record.gameType !== 'palermo') return void (await human.tryPlayOnce(channel));
  const seat = record.seats.findIndex((s) => s.userId === human.id);
  if (!palermo.pending(record.state).includes(seat)) return;
  const d = palermo.decision(record.state, seat) as Decision<PalermoMove>;
  const hand = await human.openHand(channel);
  if (!componentsOf(hand).some((c) => c.custom_id?.includes(`:${record.version}:${d.id}`))) return;
  if (d.id === 'menu') await clickChoice(human, hand, 'menu', 'refill');
  else await palermoDefault(human, channel, hand, d);
}

describe.each(['de', 'es', 'it'] as Language[])('a whole game of each game in %s', (language) => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: GAMES.length, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  it.each(GAMES.map((g, i) => ({ ...g, i })))('$game, one person against bots, to the final scores', async ({ game, bots, options, i }) => {
    const channel = world.channels[i]!;
    const human = new Player(world, world.double.addUser({ username: `solo${language}${i}`, locale: language === 'es' ? 'es-419' : language }));
    await openAndStart(human, channel, [], bots, { game, language, ...options });
    const id = (await world.bot.store.openInChannel(channel))!.id;
    for (let step = 0; step < 3000 && !finalMessage(world, channel); step++) {
      const record = (await world.bot.store.get(id))!;
      if (record.status !== 'active') break;
      await playOnce(human, channel, record);
      await world.double.waitFor(async () => (await world.bot.store.get(id))!.version > record.version || finalMessage(world, channel), 30_000);
    }
    await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    await settled(world.double, await human.command(channel, 'status', {}));
    await settled(world.double, await human.command(channel, 'rules', { options: { game } }));
    await world.bot.runner.flush();

    const shown = [...world.double.channelMessages(channel), ...world.double.ephemeralMessages(human.user, channel)];
    expect(shown.length).toBeGreaterThan(5);
    const english = new Set<string>();
    const keys = new Set<string>();
    for (const message of shown) {
      for (const text of readable(message)) {
        // Mentions, custom emoji, timestamps and links are not words.
        const plain = text.replace(/<[@#][!&]?\d+>|<a?:\w+:\d+>|<t:\d+(?::\w)?>|https?:\/\/\S+|`[^`]*`/g, ' ');
        for (const hit of englishLeft(plain, language)) english.add(hit);
        const key = RAW_KEY.exec(plain.replace(/M\.A\.R\.K\./g, ''));
        if (key) keys.add(key[0]);
      }
    }
    expect([...english], 'English words left').toEqual([]);
    expect([...keys], 'locale keys shown as text').toEqual([]);
    expect(world.double.violations).toEqual([]);
  }, 240_000);
});
