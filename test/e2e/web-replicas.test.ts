/**
 * Any replica serves any page: a live page served by one process learns of a move that another
 * process wrote to the database (here, two stores on one SQLite file), without being told.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { InlineImages } from '../../src/discord/runtime/images.js';
import { rngFromSeed } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore } from '../../src/store/game-store.js';
import { BoardCache } from '../../src/web/board-cache.js';
import { WebPages } from '../../src/web/server.js';
import { readEvents } from './web-events.js';

it('a live page follows moves written by another process', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'recyclerie-web-replicas-')), 'db.sqlite');
  const writer = new GameStore(openDatabase(path));
  const reader = new GameStore(openDatabase(path));
  const web = new WebPages({ store: reader, images: new BoardCache(new InlineImages()), logger: createLogger('silent'), ratePerMinute: 1000, trustProxy: false, pollMs: 50 });
  try {
    const origin = `http://127.0.0.1:${await web.listen(0)}`;
    const host = { id: '100000000000000001', name: 'Host' };
    const created = await writer.createLobby({ guildId: '1', channelId: '2', gameType: 'mark', options: {}, language: 'en', seed: 'replicas', creator: host });
    if (!created.ok) throw new Error(created.error.key);
    const id = created.value.id;
    const events = await readEvents(`${origin}/g/${created.value.webToken}/events`);
    expect((await events.next()).mode).toBe('lobby');
    await writer.addBot(id, host.id);
    await writer.addBot(id, host.id);
    await writer.start(id, host.id);
    // The lobby changes and the start arrive as the page's next state(s): wait for the board.
    let model = await events.next();
    while (model.mode !== 'live' || !model.image) model = await events.next();
    const game = gameById('mark')!;
    const rng = rngFromSeed('moves');
    // Moves until a new board is posted (bots' moves are gathered into the next human turn).
    const shown = model.image.src as string;
    const first = (await writer.latestBoardPost(id))!.id;
    for (let record = (await writer.get(id))!; ; record = (await writer.get(id))!) {
      const seat = game.pending(record.state)[0]!;
      const played = await writer.applyMove(id, { expectedVersion: record.version, seat, actorId: record.seats[seat]!.userId, move: game.bot(game.seatView(record.state, seat), rng), interactionId: null });
      if (!played.ok) throw new Error(played.error.key);
      if ((await writer.latestBoardPost(id))!.id !== first) break;
    }
    const version = (await writer.get(id))!.version;
    do model = await events.next();
    while (model.version < version);
    expect(model.image.src).not.toBe(shown);
    expect(model.lines.length).toBeGreaterThan(0);
    events.close();
  } finally {
    await web.close();
    await reader.close();
    await writer.close();
  }
});
