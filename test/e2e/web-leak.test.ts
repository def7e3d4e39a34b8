/**
 * Leak test of the game pages: for a whole game of each game, every live page, every event
 * stream payload, the replay data and every replay step page are exactly what the same game
 * gives when every state's secrets (hands, deck order, hidden cash, sealed bids) are dealt
 * again with `withOtherSecrets`. So no page can carry a secret the public views do not.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InlineImages } from '../../src/discord/runtime/images.js';
import { rngFromSeed, type AnyGame, type GameOptions } from '../../src/engine/index.js';
import { GAMES } from '../../src/catalog.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { BoardCache } from '../../src/web/board-cache.js';
import { livePage, replayPage } from '../../src/web/html.js';
import { liveModel, replayModel } from '../../src/web/model.js';
import { LIVE_MOVES, WebPages } from '../../src/web/server.js';
import { readEvents } from './web-events.js';

let store: GameStore;
let web: WebPages;
let origin: string;

beforeAll(async () => {
  store = new GameStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-web-leak-')), 'db.sqlite')));
  web = new WebPages({ store, images: new BoardCache(new InlineImages()), logger: createLogger('silent'), ratePerMinute: 1_000_000, trustProxy: false });
  origin = `http://127.0.0.1:${await web.listen(0)}`;
});
afterAll(async () => {
  await web?.close();
  await store?.close();
});

/** The same record with its state's secrets dealt again. */
function otherSecrets(game: AnyGame, record: GameRecord, salt: string): GameRecord {
  return { ...record, state: game.withOtherSecrets(record.state, rngFromSeed(`other:${salt}`)) };
}

async function get(path: string): Promise<string> {
  const res = await fetch(`${origin}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

describe('game pages show no secret', () => {
  it.each(Object.keys(GAMES))('%s: every page and event of a whole game', async (gameType) => {
    const game = GAMES[gameType]!;
    const options = {} as GameOptions;
    const defaults = game.parseOptions(options);
    const { min, max } = game.players(defaults.ok ? defaults.options : options);
    const seats = Math.min(Math.max(min, 3), max);
    const created = await store.createLobby({ guildId: '1', channelId: `leak-${gameType}`, gameType, options, language: 'en', seed: `web-leak-${gameType}`, creator: { id: '100000000000000001', name: 'Host' } });
    if (!created.ok) throw new Error(created.error.key);
    const id = created.value.id;
    for (let i = 1; i < seats; i++) expect((await store.addBot(id, '100000000000000001')).ok).toBe(true);
    expect((await store.start(id, '100000000000000001')).ok).toBe(true);
    const token = created.value.webToken!;
    const base = `/g/${token}`;
    const rng = rngFromSeed(`bots:${gameType}`);
    let record = (await store.get(id))!;
    let checked = 0;
    for (let move = 0; record.status === 'active'; move++) {
      // The live page and a fresh stream's payload, against the same game with other secrets.
      const [post, lines] = await Promise.all([store.latestBoardPost(id), store.publicLinesBetween(id, record.postedThrough - LIVE_MOVES + 1, record.postedThrough)]);
      const model = liveModel(otherSecrets(game, record, `${gameType}:${move}`), post, lines, 'en', base);
      expect(await get(base)).toBe(livePage(model, 'en', base));
      const events = await readEvents(`${origin}${base}/events`);
      expect(await events.next()).toEqual(JSON.parse(JSON.stringify(model)));
      events.close();
      checked++;
      const seat = game.pending(record.state)[0]!;
      const played = await store.applyMove(id, {
        expectedVersion: record.version,
        seat,
        actorId: record.seats[seat]!.userId,
        move: game.bot(game.seatView(record.state, seat), rng),
        interactionId: null,
      });
      if (!played.ok) throw new Error(played.error.key);
      record = played.value.game;
    }
    expect(record.status).toBe('finished');
    expect(checked).toBeGreaterThan(10);

    // The replay: rebuilt here from the moves, every state's secrets dealt again.
    const log = await store.moveLog(id);
    const parsed = game.parseOptions(options);
    let state = game.setup({ seats, options: parsed.ok ? parsed.options : options, seed: record.seed });
    const states = [state];
    for (const entry of log) {
      const r = game.apply(state, entry.seat, entry.move);
      if (!r.ok) throw new Error(r.error.key);
      states.push((state = r.state));
    }
    const others = states.map((s, i) => (i === states.length - 1 ? s : game.withOtherSecrets(s, rngFromSeed(`replay:${i}`))));
    const lines = await store.publicLines(id);
    for (const language of ['en', 'fr'] as const) {
      const model = replayModel(record, others, log, lines, language, base);
      expect(JSON.parse(await get(`${base}/replay.json?lang=${language}`))).toEqual(JSON.parse(JSON.stringify(model)));
      // replay.json holds every step; the pages are checked at some 50 steps, the last included.
      const stride = Math.max(1, Math.floor(states.length / 50));
      for (let step = states.length - 1; step >= 0; step -= stride) {
        expect(await get(`${base}/${step}?lang=${language}`)).toBe(replayPage(model, step, language, base));
      }
    }
    // The last page, and a stream opened after the end.
    const final = replayModel(record, others, log, lines, 'en', base);
    expect(await get(base)).toBe(replayPage(final, states.length - 1, 'en', base));
    const late = await readEvents(`${origin}${base}/events`);
    const recent = await store.publicLinesBetween(id, record.postedThrough - LIVE_MOVES + 1, record.postedThrough);
    expect(await late.next()).toEqual(JSON.parse(JSON.stringify(liveModel(record, await store.latestBoardPost(id), recent, 'en', base))));
    late.close();
    // A Palermo game is several hundred moves: a busy machine needs more than the default.
  }, 300_000);
});
