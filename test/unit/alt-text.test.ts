/**
 * The board image's alt text: within Discord's 1,024 characters, never cut inside a fact, and
 * naming every player, over seeded games of all five games at the most players, with the
 * longest names, in English and French.
 */
import { describe, expect, it } from 'vitest';
import { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import { type AnyGame, type GameOptions, type Msg } from '../../src/engine/index.js';
import { GAMES } from '../../src/catalog.js';
import { localise, t, type Language } from '../../src/i18n/index.js';
import { altText, payloadOf, seatNamer } from '../../src/discord/messages/index.js';
import { withImage } from '../../src/discord/messages/image-jobs.js';
import { LIMITS, fitLines } from '../../src/discord/messages/limits.js';
import type { GameRecord } from '../../src/store/game-store.js';
import { defaultOptions, statesAlong } from '../games/seeded.js';
import { LONG_NAMES } from '../renderers/bounds.js';

function recordOf(game: AnyGame, state: unknown, names: readonly string[], language: Language, options: GameOptions): GameRecord {
  const at = new Date(0);
  return {
    id: 4242, guildId: '1', channelId: '2', gameType: game.id, status: game.isOver(state) ? 'finished' : 'active', options, language, state, version: 1, seed: 's',
    creatorId: '100', lobbyMessageId: null, boardMessageId: null, postedThrough: 0, boardFrom: 1,
    settings: { reminderMinutes: 720, deadlineMinutes: 0, pace: 'auto', takeover: 'host' },
    createdAt: at, updatedAt: at, finishedAt: null,
    // People and bots alike: alt text names both by their plain name.
    seats: names.map((displayName, i) => ({ position: i, userId: i % 2 ? null : `10000000000000000${i}`, isBot: i % 2 === 1, displayName })),
  } as GameRecord;
}

/**
 * The alt text's lines that are not a run of whole /status facts of one field ("Name: fact; fact"),
 * with the title and the turn line first. Empty when nothing was cut.
 */
function cutLines(alt: string, record: GameRecord, language: Language): string[] {
  const game = GAMES[record.gameType]!;
  const plain = seatNamer(record, 'plain');
  const say = (m: Msg) => localise(language, m, plain).replace(/\*\*/g, '');
  const fields = game.present.status(game.publicView(record.state)).map((f: { name: Msg; lines: Msg[] }) => ({ name: say(f.name), facts: f.lines.map(say) }));
  const separator = t(language, 'board.altSeparator');
  const wholeFacts = (rest: string, facts: string[]): boolean =>
    facts.some((f, i) => {
      const others = facts.filter((_, j) => j !== i);
      return rest === f || (rest.startsWith(f + separator) && wholeFacts(rest.slice(f.length + separator.length), others));
    });
  const [, , ...body] = alt.split('\n');
  return body.filter(
    (line) =>
      !fields.some((f) => {
        const prefix = t(language, 'board.altFact', { name: f.name, facts: '' });
        return line === f.name || (line.startsWith(prefix) && wholeFacts(line.slice(prefix.length), f.facts));
      }),
  );
}

describe.each(Object.keys(GAMES))('%s board alt text', (id) => {
  const game = GAMES[id]!;
  const options = defaultOptions(game);
  const { max } = game.players(options);
  const names = LONG_NAMES.slice(0, max);

  it(`fits, is never cut and names all ${max} players, in English and French`, () => {
    for (const state of statesAlong(game, max, options, `alt-${id}`, 10)) {
      for (const language of ['en', 'fr'] as const) {
        const record = recordOf(game, state, names, language, options);
        const alt = altText(record, payloadOf(record), language);
        const where = `${id} ${language}:\n${alt}`;
        expect(alt.length, where).toBeLessThanOrEqual(LIMITS.altText);
        expect(alt.endsWith('…'), where).toBe(false);
        expect(alt.split('\n')[0], where).toBe(`${t(language, 'board.title', { game: t(language, game.nameKey), id: 4242 })}.`);
        expect(cutLines(alt, record, language), where).toEqual([]);
        for (const name of names) expect(alt, where).toContain(name);
        // One line per player, whatever else fits.
        expect(alt.split('\n').length, where).toBeGreaterThanOrEqual(2 + max);
      }
    }
  });
});

describe('alt text with names far longer than Discord allows', () => {
  it('still fits in whole lines and names everyone, waiting seats counted rather than named', () => {
    const game = GAMES['phoneimpact']!;
    const options = defaultOptions(game);
    const names = Array.from({ length: 5 }, (_, i) => `${'Ünïcode-Long-Name '.repeat(9)}${i}`);
    const state = statesAlong(game, 5, options, 'alt-long', 4)[2];
    for (const language of ['en', 'fr'] as const) {
      const record = recordOf(game, state, names, language, options);
      // As when an event asks every seat at once: the turn line would list all five names.
      const alt = altText(record, { ...payloadOf(record), pending: [0, 1, 2, 3, 4] }, language);
      expect(alt.length).toBeLessThanOrEqual(LIMITS.altText);
      expect(alt.split('\n')[1]).toBe(t(language, 'board.waitingForCount', { count: 5 }));
      expect(cutLines(alt, record, language)).toEqual([]);
      for (const name of names) expect(alt).toContain(name);
    }
  });
});

describe('the image attachment', () => {
  it('keeps whole lines of a description over the limit, never part of one', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i}: ${'word '.repeat(8).trim()}`);
    const text = lines.join('\n');
    const kept = fitLines(text, LIMITS.altText);
    expect(kept.length).toBeLessThanOrEqual(LIMITS.altText);
    expect(lines.slice(0, kept.split('\n').length).join('\n')).toBe(kept);
    const [file] = withImage(new EmbedBuilder(), Buffer.from('png'), 'board.png', text) as AttachmentBuilder[];
    expect(file!.description).toBe(kept);
    expect(fitLines('short', LIMITS.altText)).toBe('short');
  });
});
