/**
 * What a whole game sends to its channel: public posts (new boards, in-place redraws, text
 * lines, final scores) and the bytes of every image, for each registered game, with all seats
 * human and with one human against bots.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rngFromSeed } from '../src/engine/index.js';
import { GAMES } from '../src/catalog.js';
import { renderImage } from '../src/discord/runtime/render-image.js';
import { releaseImages } from './stats.js';
import { openDatabase } from '../src/store/database.js';
import { GameStore } from '../src/store/game-store.js';

export interface PostCounts {
  game: string;
  table: string;
  moves: number;
  posts: number;
  boards: number;
  redraws: number;
  lines: number;
  imageKB: number;
}

export async function benchPosts(opts = { games: 5 }): Promise<PostCounts[]> {
  const store = new GameStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-posts-')), 'posts.sqlite')));
  const out: PostCounts[] = [];
  let channel = 0;
  for (const game of Object.values(GAMES)) {
    const parsed = game.parseOptions({});
    if (!parsed.ok) continue;
    const seats = Math.max(3, game.players(parsed.options).min);
    for (const table of ['humans', '1 human + bots'] as const) {
      const sum = { moves: 0, posts: 0, boards: 0, redraws: 0, lines: 0, bytes: 0 };
      for (let g = 0; g < opts.games; g++) {
        const host = `h${channel}`;
        const lobby = await store.createLobby({ guildId: '1', channelId: `p${channel++}`, gameType: game.id, options: {}, language: 'en', seed: `posts-${game.id}-${g}`, creator: { id: host, name: 'Alice' } });
        if (!lobby.ok) throw new Error(lobby.error.key);
        for (let i = 1; i < seats; i++) {
          if (table === 'humans') (await store.join(lobby.value.id, { id: `${host}-${i}`, name: `Player ${i}` }));
          else (await store.addBot(lobby.value.id, host));
        }
        const started = await store.start(lobby.value.id, host);
        if (!started.ok) throw new Error(started.error.key);
        let record = started.value;
        while (record.status === 'active') {
          const seat = game.pending(record.state)[0]!;
          const move = game.bot(game.seatView(record.state, seat), rngFromSeed(`${record.seed}:${record.version}`));
          const result = await store.applyMove(record.id, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null });
          if (!result.ok) throw new Error(result.error.key);
          record = result.value.game;
          sum.moves++;
        }
        for (const post of (await store.postsOf(record.id))) {
          sum.posts += post.kind === 'edit' ? 0 : 1;
          if (post.kind === 'board') sum.boards++;
          if (post.kind === 'edit') sum.redraws++;
          if (post.kind === 'log') sum.lines++;
          if (post.kind === 'log') continue;
          const kind = post.kind === 'final' ? 'final' : 'board';
          const png = renderImage({ gameType: game.id, kind, view: post.payload.view, outcome: post.payload.outcome, names: record.seats.map((s) => s.displayName), language: 'en' });
          sum.bytes += png.length;
          await releaseImages();
        }
      }
      const n = opts.games;
      out.push({ game: game.id, table, moves: sum.moves / n, posts: sum.posts / n, boards: sum.boards / n, redraws: sum.redraws / n, lines: sum.lines / n, imageKB: sum.bytes / n / 1024 });
    }
  }
  await store.close();
  return out;
}
