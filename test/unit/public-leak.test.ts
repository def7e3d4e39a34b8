/**
 * Hidden information (hands, deck order, face-down dumped cards) must not reach anything public:
 * two states that differ only in hidden facts give identical public views, byte-identical board
 * images and identical public message text.
 */
import { describe, expect, it } from 'vitest';
import { cloneJson, playout, type LogEvent } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { cardOf } from '../../src/games/r-eco/constants.js';
import type { REcoState } from '../../src/games/r-eco/types.js';
import { localise } from '../../src/i18n/index.js';
import { boardMessage, finalMessage, payloadOf, statusEmbed } from '../../src/discord/messages/index.js';
import type { GameRecord } from '../../src/store/game-store.js';
import { renderers } from '../../src/catalog.js';

const game = gameById('r-eco')!;

function record(state: REcoState, status: GameRecord['status'] = 'active'): GameRecord {
  const at = new Date(0);
  return {
    id: 7, guildId: '1', channelId: '2', gameType: 'r-eco', status, options: {}, language: 'en',
    state, version: 12, seed: 's', creatorId: 'u0', lobbyMessageId: null, boardMessageId: null, postedThrough: 0, boardFrom: 1, settings: { reminderMinutes: 0, deadlineMinutes: 0, pace: 'auto' }, createdAt: at, updatedAt: at, finishedAt: null,
    seats: state.players.map((_, i) => ({ position: i, userId: i === 2 ? null : `10000000000000000${i}`, isBot: i === 2, displayName: `Player ${i}` })),
  };
}

/** A mid-game state after `moves` bot moves. */
function midGame(seed: string, moves: number): REcoState {
  const { log } = playout<REcoState>(game, { seats: 4, options: { twoPlayer: false }, seed });
  let state = game.setup({ seats: 4, options: { twoPlayer: false }, seed }) as REcoState;
  for (const entry of log.slice(0, moves)) {
    const r = game.apply(state, entry.seat, entry.move);
    if (!r.ok) throw new Error(r.error.key);
    state = r.state as REcoState;
  }
  return state;
}

/** Same public facts, different secrets: hand cards traded with the deck, deck reordered. */
function withOtherSecrets(state: REcoState): REcoState {
  const other = cloneJson(state);
  for (const player of other.players) {
    for (let i = 0; i < player.hand.length; i++) {
      const j = other.drawPile.findIndex((d) => cardOf(d).colour !== cardOf(player.hand[i]!).colour || cardOf(d).value !== cardOf(player.hand[i]!).value);
      if (j < 0) continue;
      [player.hand[i], other.drawPile[j]] = [other.drawPile[j]!, player.hand[i]!];
    }
    for (let i = 0; i < player.dumped.length && other.drawPile.length > 0; i++) {
      [player.dumped[i], other.drawPile[0]] = [other.drawPile[0]!, player.dumped[i]!];
    }
  }
  other.drawPile.reverse();
  other.rng = [1, 2, 3, 4];
  return other;
}

function publicText(payload: { content?: string; embeds?: { toJSON(): unknown }[] }): string {
  return JSON.stringify({ content: payload.content, embeds: payload.embeds?.map((e) => e.toJSON()) });
}

describe('hidden information never reaches public output', () => {
  const states = [midGame('leak-a', 10), midGame('leak-b', 25), midGame('leak-c', 40)];

  it.each(states.map((s, i) => [i, s] as const))('state %i: different secrets give the same public view, PNG and texts', (_, state) => {
    const other = withOtherSecrets(state);
    // The secrets really differ.
    expect(other.players.map((p) => p.hand)).not.toEqual(state.players.map((p) => p.hand));
    expect(other.drawPile).not.toEqual(state.drawPile);

    expect(game.publicView(other)).toEqual(game.publicView(state));
    const ctx = { names: ['A', 'B', 'C', 'D'], t: (k: string) => k };
    const png = renderers['r-eco']!.board(game.publicView(state), ctx);
    expect(renderers['r-eco']!.board(game.publicView(other), ctx).equals(png)).toBe(true);

    const events: LogEvent[] = [{ key: 'r-eco.log.gameOver', visibleTo: 'all' }, { key: 'r-eco.log.youDumped', args: { count: 1, cards: 'SECRET' }, visibleTo: [0] }];
    const a = boardMessage(record(state), payloadOf(record(state), events), null);
    const b = boardMessage(record(other), payloadOf(record(other), events), null);
    expect(publicText(b)).toEqual(publicText(a));
    expect(publicText(a)).not.toContain('SECRET');
    expect(JSON.stringify(statusEmbed(record(other), 'en').toJSON())).toEqual(JSON.stringify(statusEmbed(record(state), 'en').toJSON()));
    expect(JSON.stringify(statusEmbed(record(other), 'fr').toJSON())).toEqual(JSON.stringify(statusEmbed(record(state), 'fr').toJSON()));
  });

  it('no public message names the cards of any hand', () => {
    for (const state of states) {
      const text = publicText(boardMessage(record(state), payloadOf(record(state), []), null)) + JSON.stringify(statusEmbed(record(state), 'en').toJSON());
      for (let seat = 0; seat < state.players.length; seat++) {
        const lines = game.present.hand(game.seatView(state, seat)).map((m) => localise('en', m));
        const handLine = lines[0]!;
        expect(handLine).toMatch(/Your hand/);
        expect(text).not.toContain(handLine);
        expect(text).not.toContain(handLine.split(': ')[1]!);
      }
    }
  });

  it('the final scoring is the same whatever was left in hands', () => {
    const { state } = playout<REcoState>(game, { seats: 4, options: { twoPlayer: false }, seed: 'leak-final' });
    const other = withOtherSecrets(state);
    const a = finalMessage(record(state, 'finished'), null);
    const b = finalMessage(record(other, 'finished'), null);
    expect(publicText(b)).toEqual(publicText(a));
  });
});

describe('embeds', () => {
  it('never put mentions where Discord does not render them (titles and field names)', () => {
    const { state } = playout<REcoState>(game, { seats: 4, options: { twoPlayer: false }, seed: 'embeds' });
    const mid = midGame('embeds', 12);
    const embeds = [
      statusEmbed(record(mid), 'en').toJSON(),
      boardMessage(record(mid), payloadOf(record(mid), []), null).embeds[0]!.toJSON(),
      finalMessage(record(state, 'finished'), null).embeds[0]!.toJSON(),
    ];
    for (const embed of embeds) {
      expect(embed.title ?? '').not.toMatch(/<@/);
      for (const field of embed.fields ?? []) expect(field.name).not.toMatch(/<@/);
    }
    expect(JSON.stringify(embeds[0])).toContain('Player 0');
  });
});
