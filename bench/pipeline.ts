/**
 * One move through the whole pipeline without Discord: load from SQLite, apply, commit, and
 * render the public board PNG. Also rendering alone, and the PNG size.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rngFromSeed } from '../src/engine/index.js';
import { gameById } from '../src/catalog.js';
import { t } from '../src/i18n/index.js';
import { openDatabase } from '../src/store/database.js';
import { GameStore, type GameRecord } from '../src/store/game-store.js';
import { renderers } from '../src/catalog.js';
import { median, percentile, releaseImages } from './stats.js';

export async function startedGame(store: GameStore, channelId: string, seed: string, seats = 4, gameType = 'r-eco'): Promise<GameRecord> {
  const lobby = await store.createLobby({ guildId: '1', channelId, gameType, options: {}, language: 'en', seed, creator: { id: `${channelId}-0`, name: 'Alice' } });
  if (!lobby.ok) throw new Error(lobby.error.key);
  for (let i = 1; i < seats; i++) await store.join(lobby.value.id, { id: `${channelId}-${i}`, name: `Player ${i}` });
  const started = await store.start(lobby.value.id, `${channelId}-0`);
  if (!started.ok) throw new Error(started.error.key);
  return started.value;
}

/** Plays bot moves through the store until the game ends (or `limit` moves). */
export async function playThroughStore(store: GameStore, record: GameRecord, limit = Infinity): Promise<GameRecord> {
  const game = gameById(record.gameType)!;
  let current = record;
  for (let n = 0; n < limit && current.status === 'active'; n++) {
    const seat = game.pending(current.state)[0]!;
    const move = game.bot(game.seatView(current.state, seat), rngFromSeed(`${current.seed}:${current.version}`));
    const result = await store.applyMove(current.id, { expectedVersion: current.version, seat, actorId: null, move, interactionId: null });
    if (!result.ok) throw new Error(result.error.key);
    current = result.value.game;
  }
  return current;
}

export async function benchPipeline(gameType = 'r-eco', opts = { moves: 1500 }) {
  const game = gameById(gameType)!;
  const store = new GameStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-bench-')), 'bench.sqlite')));
  const ctx = { names: ['Alice', 'Bob', 'Chloé', 'Dmitri'], t: (key: string, args?: Record<string, string | number>) => t('en', key, args) };
  const render = renderers[gameType]!.board;
  // Warm the caches of the renderer and the prepared statements.
  render(game.publicView((await startedGame(store, 'warm', 'warm', 4, gameType)).state), ctx);

  const total: number[] = [];
  const storeOnly: number[] = [];
  const renderOnly: number[] = [];
  const sizes: number[] = [];
  for (let g = 0; total.length < opts.moves; g++) {
    let record = await startedGame(store, `c${g}`, `pipeline-${g}`, 4, gameType);
    while (record.status === 'active' && total.length < opts.moves) {
      const t0 = performance.now();
      const loaded = (await store.get(record.id))!;
      const seat = game.pending(loaded.state)[0]!;
      const move = game.bot(game.seatView(loaded.state, seat), rngFromSeed(`${loaded.seed}:${loaded.version}`));
      const result = await store.applyMove(loaded.id, { expectedVersion: loaded.version, seat, actorId: null, move, interactionId: null });
      if (!result.ok) throw new Error(result.error.key);
      const t1 = performance.now();
      const png = render(game.publicView(result.value.game.state), ctx);
      const t2 = performance.now();
      total.push(t2 - t0);
      storeOnly.push(t1 - t0);
      renderOnly.push(t2 - t1);
      sizes.push(png.length);
      record = result.value.game;
      await releaseImages();
    }
  }
  await store.close();
  return {
    moves: total.length,
    moveP50Ms: median(total),
    moveP99Ms: percentile(total, 99),
    storeP99Ms: percentile(storeOnly, 99),
    renderP50Ms: median(renderOnly),
    renderP99Ms: percentile(renderOnly, 99),
    pngMedianKB: median(sizes) / 1024,
    pngMaxKB: Math.max(...sizes) / 1024,
  };
}
