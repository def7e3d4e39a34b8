/**
 * The facilitator's panel says who has not played for long, and what that means: people asked to
 * play for over IDLE_MINUTES (bots never), in both languages; a paused table counts no time.
 */
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import { rngFromSeed } from '../../src/engine/index.js';
import { panelMessage } from '../../src/discord/messages/session.js';
import { DEFAULT_SETTINGS } from '../../src/store/clocks.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore } from '../../src/store/game-store.js';
import { IDLE_MINUTES } from '../../src/store/session-model.js';

const MINUTE = 60_000;

describe('the session panel', () => {
  it(`lists people waiting over ${IDLE_MINUTES} minutes to play, and says so`, async () => {
    let now = Date.UTC(2026, 10, 2, 9);
    const store = new GameStore(openDatabase(':memory:'), () => new Date(now));
    try {
      const created = await store.sessions.create({
        guildId: 'g', channelId: 'c', gameType: 'r-eco', options: {}, tableSeats: 3, settings: DEFAULT_SETTINGS, language: 'en', botLevel: 'standard',
        anonymous: false, facilitatorId: 'teacher', threads: ['t1'], seeds: ['seed'],
      });
      if (!created.ok) throw new Error(created.error.key);
      const id = created.value.session.id;
      await store.sessions.join(id, { id: 'u1', name: 'Zoé' });
      await store.sessions.join(id, { id: 'u2', name: 'Yann' });
      await store.sessions.startAll(id);
      // Let the bot seats play until a person must act.
      const game = gameById('r-eco')!;
      for (let i = 0; i < 50; i++) {
        const table = (await store.sessions.tables(id))[0]!;
        const seat = game.pending(table.state)[0]!;
        if (!table.seats[seat]!.isBot) break;
        const move = game.bot(game.seatView(table.state, seat), rngFromSeed(`b${i}`));
        await store.applyMove(table.id, { expectedVersion: table.version, seat, actorId: null, move, interactionId: null });
      }
      const table = (await store.sessions.tables(id))[0]!;
      const waiting = table.seats[game.pending(table.state)[0]!]!;
      expect(waiting.isBot).toBe(false);
      const text = async (at: number, language: 'en' | 'fr') => JSON.stringify(panelMessage((await store.sessions.snapshot(id))!, language, new Date(at)).embeds.map((e) => e.toJSON()));
      expect(await text(now + (IDLE_MINUTES - 1) * MINUTE, 'en')).not.toContain('waiting over');
      expect(await text(now + (IDLE_MINUTES + 1) * MINUTE, 'en')).toContain(`waiting over ${IDLE_MINUTES} minutes to play: ${waiting.displayName}`);
      expect(await text(now + (IDLE_MINUTES + 1) * MINUTE, 'fr')).toContain(`doit jouer depuis plus de ${IDLE_MINUTES} minutes\u00a0: ${waiting.displayName}`);
      // Paused after a minute for an hour: the time paused does not count, during the pause or after it.
      now += MINUTE;
      expect((await store.sessions.pauseAll(id)).ok).toBe(true);
      expect(await text(now + 60 * MINUTE, 'en')).not.toContain('waiting over');
      now += 60 * MINUTE;
      expect((await store.sessions.resumeAll(id)).ok).toBe(true);
      expect(await text(now + (IDLE_MINUTES - 2) * MINUTE, 'en')).not.toContain('waiting over');
      expect(await text(now + IDLE_MINUTES * MINUTE, 'en')).toContain('waiting over');
    } finally {
      await store.close();
    }
  });
});
