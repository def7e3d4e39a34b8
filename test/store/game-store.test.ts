import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { backends } from './backends.js';

const rEco = gameById('r-eco')!;

async function lobby(store: GameStore, channelId = '100000000000000001'): Promise<GameRecord> {
  const result = (await store.createLobby({
    guildId: '200000000000000001',
    channelId,
    gameType: 'r-eco',
    options: {},
    language: 'en',
    seed: 'store-test-seed',
    creator: { id: 'u1', name: 'Alice' },
  }));
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
}

async function started(store: GameStore): Promise<GameRecord> {
  const game = await lobby(store);
  await store.join(game.id, { id: 'u2', name: 'Bob' });
  await store.addBot(game.id, 'u1');
  const result = await store.start(game.id, 'u1');
  if (!result.ok) throw new Error(result.error.key);
  return result.value;
}

function botMove(record: GameRecord) {
  const seat = rEco.pending(record.state)[0]!;
  return { seat, move: rEco.legalMoves(record.state, seat)[0] };
}

describe.each(backends)('game store on $name', ({ open, kind }) => {
  let store: GameStore;
  beforeEach(async () => {
    store = new GameStore(await open());
  });
  afterEach(async () => {
    await store.close();
  });

  it('opens a lobby with the creator seated', async () => {
    const game = await lobby(store);
    expect(game.status).toBe('lobby');
    expect(game.seats).toEqual([{ position: 0, userId: 'u1', isBot: false, botLevel: 'standard', displayName: 'Alice', timeouts: 0, sinceSequence: 0, muted: false }]);
    expect((await store.openInChannel('100000000000000001'))?.id).toBe(game.id);
  });

  it('stores the level of each bot seat, lets only the host change it before the start, and stand-ins play standard', async () => {
    const game = await lobby(store);
    await store.join(game.id, { id: 'u2', name: 'Bob' });
    const added = await store.addBot(game.id, 'u1', 'strong');
    if (!added.ok) throw new Error(added.error.key);
    expect(added.value.seats.map((s) => s.botLevel)).toEqual(['standard', 'standard', 'strong']);
    expect(await store.setBotLevel(game.id, 'u2', 2, 'standard')).toEqual({ ok: false, error: { key: 'error.hostOnly' } });
    expect(await store.setBotLevel(game.id, 'u1', 1, 'strong')).toEqual({ ok: false, error: { key: 'error.noSuchBot' } });
    const lowered = await store.setBotLevel(game.id, 'u1', 2, 'standard');
    expect(lowered.ok && lowered.value.seats[2]!.botLevel).toBe('standard');
    expect((await store.setBotLevel(game.id, 'u1', 2, 'strong')).ok).toBe(true);
    // The lobby closes up when a player leaves; the bot keeps its level.
    expect((await store.leave(game.id, 'u2')).ok).toBe(true);
    await store.join(game.id, { id: 'u2', name: 'Bob' });
    const start = await store.start(game.id, 'u1');
    if (!start.ok) throw new Error(start.error.key);
    expect(start.value.seats.map((s) => [s.isBot, s.botLevel])).toEqual([[false, 'standard'], [true, 'strong'], [false, 'standard']]);
    expect((await store.setBotLevel(game.id, 'u1', 1, 'standard')).ok).toBe(false);
    // A person takes the strong bot's seat, then leaves: the bot that stands in plays standard.
    expect((await store.takeSeat(game.id, 1, { id: 'u3', name: 'Cleo' })).ok).toBe(true);
    const left = await store.handOverToBot(game.id, 'u3');
    expect(left.ok && left.value.seats[1]).toMatchObject({ isBot: true, botLevel: 'standard' });
  });

  it('allows one open game per channel, and many channels at once', async () => {
    await lobby(store);
    const second = (await store.createLobby({
      guildId: null, channelId: '100000000000000001', gameType: 'r-eco', options: {}, language: 'en', seed: 's', creator: { id: 'u9', name: 'Z' },
    }));
    expect(second).toEqual({ ok: false, error: { key: 'error.channelBusy' } });
    expect((await lobby(store, '100000000000000002')).status).toBe('lobby');
  });

  it('joins, refuses double joins and full tables, and bumps the version', async () => {
    const game = await lobby(store);
    const joined = await store.join(game.id, { id: 'u2', name: 'Bob' });
    expect(joined.ok && joined.value.version).toBe(game.version + 1);
    expect((await store.join(game.id, { id: 'u2', name: 'Bob' }))).toMatchObject({ ok: false, error: { key: 'error.alreadyJoined' } });
    await store.join(game.id, { id: 'u3', name: 'C' });
    await store.join(game.id, { id: 'u4', name: 'D' });
    await store.addBot(game.id, 'u1');
    expect((await store.join(game.id, { id: 'u6', name: 'F' }))).toMatchObject({ ok: false, error: { key: 'error.lobbyFull' } });
    expect((await store.get(game.id))!.seats).toHaveLength(5);
  });

  it('refuses a start by anyone but the creator, or with too few players', async () => {
    const game = await lobby(store);
    await store.join(game.id, { id: 'u2', name: 'Bob' });
    expect((await store.start(game.id, 'u2'))).toMatchObject({ ok: false, error: { key: 'error.onlyCreatorStarts' } });
    expect((await store.start(game.id, 'u1'))).toMatchObject({ ok: false, error: { key: 'error.tooFewPlayers', args: { min: 3, count: 2 } } });
    expect((await store.get(game.id))!.status).toBe('lobby');
  });

  it('hands the host role on when the creator leaves, and cancels an empty lobby', async () => {
    const game = await lobby(store);
    await store.join(game.id, { id: 'u2', name: 'Bob' });
    const left = await store.leave(game.id, 'u1');
    expect(left.ok && left.value.creatorId).toBe('u2');
    expect(left.ok && left.value.seats.map((s) => s.userId)).toEqual(['u2']);
    const gone = await store.leave(game.id, 'u2');
    expect(gone.ok && gone.value.status).toBe('cancelled');
    expect((await store.openInChannel(game.channelId))).toBeNull();
  });

  it('starts with a dealt state and refuses lobby changes afterwards', async () => {
    const game = await started(store);
    expect(game.status).toBe('active');
    expect(rEco.pending(game.state)).toHaveLength(1);
    expect((await store.join(game.id, { id: 'u7', name: 'Late' }))).toMatchObject({ ok: false, error: { key: 'error.alreadyStarted' } });
  });

  it('applies a move in one transaction and appends it to the log', async () => {
    const game = await started(store);
    const { seat, move } = botMove(game);
    const result = await store.applyMove(game.id, { expectedVersion: game.version, seat, actorId: 'u1', move, interactionId: 'i-1' });
    expect(result.ok).toBe(true);
    const after = (await store.get(game.id))!;
    expect(after.version).toBe(game.version + 1);
    expect((await store.moveLog(game.id))).toEqual([{ sequence: 1, seat, move, actorId: 'u1', interactionId: 'i-1' }]);
    expect((await store.lastMoveOf(game.id, seat))).toMatchObject({ sequence: 1, version: game.version, actorId: 'u1' });
    expect((await store.lastMoveOf(game.id, (seat + 1) % 3))).toBeNull();
    expect(after.state).toEqual((rEco.apply(game.state, seat, move) as { state: unknown }).state);
  });

  it('changes nothing for a stale version or a replayed interaction', async () => {
    const game = await started(store);
    const { seat, move } = botMove(game);
    await store.applyMove(game.id, { expectedVersion: game.version, seat, actorId: 'u1', move, interactionId: 'i-1' });
    const before = (await store.get(game.id))!;
    expect((await store.applyMove(game.id, { expectedVersion: game.version, seat, actorId: 'u1', move, interactionId: 'i-2' }))).toMatchObject({
      ok: false,
      error: { key: 'error.stale' },
    });
    const next = botMove(before);
    expect((await store.applyMove(game.id, { expectedVersion: before.version, seat: next.seat, actorId: 'u1', move: next.move, interactionId: 'i-1' }))).toMatchObject({
      ok: false,
      error: { key: 'error.alreadyDone' },
    });
    expect((await store.get(game.id))).toEqual(before);
    expect((await store.moveLog(game.id))).toHaveLength(1);
  });

  it('leaves the state untouched when the rules refuse a move', async () => {
    const game = await started(store);
    const seat = rEco.pending(game.state)[0]!;
    const other = (seat + 1) % 3;
    const result = await store.applyMove(game.id, { expectedVersion: game.version, seat: other, actorId: 'x', move: { type: 'play', cards: [] }, interactionId: 'i-9' });
    expect(result.ok).toBe(false);
    expect((await store.get(game.id))).toEqual(game);
    expect((await store.moveLog(game.id))).toEqual([]);
  });

  it('keeps finished games in the history and frees the channel', async () => {
    let game = await started(store);
    while (game.status === 'active') {
      const seat = rEco.pending(game.state)[0]!;
      const move = rEco.bot(rEco.seatView(game.state, seat), rngFromSeed(`bot:${game.version}`));
      const result = await store.applyMove(game.id, { expectedVersion: game.version, seat, actorId: null, move, interactionId: null });
      if (!result.ok) throw new Error(result.error.key);
      game = result.value.game;
    }
    expect(game.status).toBe('finished');
    expect(game.finishedAt).toBeInstanceOf(Date);
    expect((await store.openInChannel(game.channelId))).toBeNull();
    expect((await store.latestInChannel(game.channelId))?.id).toBe(game.id);
    expect((await lobby(store)).id).not.toBe(game.id);
  });

  it.runIf(kind === 'sqlite')('keeps everything across a reopen of the same file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'recyclerie-')), 'db.sqlite');
    const first = openDatabase(path);
    const game = await started(new GameStore(first));
    await first.close();
    const second = openDatabase(path);
    expect(await new GameStore(second).get(game.id)).toEqual(game);
    expect(second.client.pragma('journal_mode', { simple: true })).toBe('wal');
    await second.close();
  });

  it('writes the opening board with the start, and each move\'s post and events with the move', async () => {
    const game = await started(store);
    const opening = await store.postsOf(game.id);
    expect(opening.map((p) => p.kind)).toEqual(['board']);
    expect(opening[0]!.payload.lines.map((l) => l.key)).toEqual(['board.started']);
    expect((await store.nextPost(game.id))!.id).toBe(opening[0]!.id);
    await store.markPosted((await store.nextPost(game.id))!, 'm1');
    expect((await store.nextPost(game.id))).toBeNull();
    expect((await store.get(game.id))!.boardMessageId).toBe('m1');

    // Play until the game ends: every move stores its events, and the outbox ends with the scores.
    let record = (await store.get(game.id))!;
    while (record.status === 'active') {
      const { seat, move } = botMove(record);
      const result = await store.applyMove(record.id, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null });
      if (!result.ok) throw new Error(result.error.key);
      record = result.value.game;
    }
    const all = await store.postsOf(game.id);
    expect(all.slice(-2).map((p) => p.kind)).toEqual(['board', 'final']);
    expect(all.at(-1)!.payload.outcome!.standings).toHaveLength(3);
    // The public log rebuilt from the store holds every public line the posts carried.
    let state = rEco.setup({ seats: 3, options: {}, seed: record.seed });
    const replayed: string[] = [];
    for (const m of (await store.moveLog(game.id))) {
      const r = rEco.apply(state, m.seat, m.move);
      if (!r.ok) throw new Error(r.error.key);
      replayed.push(...r.events.filter((e) => e.visibleTo === 'all').map((e) => JSON.stringify({ key: e.key, args: e.args })));
      state = r.state;
    }
    expect((await store.publicLog(game.id)).map((l) => JSON.stringify({ key: l.key, args: l.args }))).toEqual(replayed);
    expect((await store.publicLog(game.id)).at(-1)!.key).toBe('r-eco.log.gameOver');
    // Posts are public: no private line ever reaches one.
    expect(JSON.stringify(all.map((p) => p.payload))).not.toContain('youDumped');
    expect((await store.gamesWithUnsentPosts())).toEqual([game.id]);
  });

  it('keeps each seat\'s private lines since its own last move', async () => {
    const game = await started(store);
    let record = (await store.get(game.id))!;
    for (let i = 0; i < 200 && record.status === 'active'; i++) {
      const { seat, move } = botMove(record);
      const result = await store.applyMove(record.id, { expectedVersion: record.version, seat, actorId: null, move, interactionId: null });
      if (!result.ok) throw new Error(result.error.key);
      record = result.value.game;
      const dumped = result.value.events.find((e) => e.key === 'r-eco.log.youDumped');
      if (dumped) {
        expect((await store.linesSinceOwnMove(game.id, seat)).map((l) => l.event.key)).toContain('r-eco.log.youDumped');
        const sequence = (await store.moveLog(game.id)).length;
        for (const other of [0, 1, 2].filter((s) => s !== seat)) {
          expect((await store.linesSinceOwnMove(game.id, other)).some((l) => l.event.key === 'r-eco.log.youDumped' && l.sequence === sequence)).toBe(false);
        }
        return;
      }
    }
    throw new Error('no dump in 200 moves');
  });
});

describe('seat holders', () => {
  it('name each public line by the holder of its move, after a reopen too; older games fall back to the holders of today', async () => {
    const { publicLogLines } = await import('../../src/discord/messages/index.js');
    const path = join(mkdtempSync(join(tmpdir(), 'recyclerie-store-')), 'holders.sqlite');
    const store = new GameStore(openDatabase(path));
    const game = await started(store);
    const play = async () => {
      const record = (await store.get(game.id))!;
      const { seat, move } = botMove(record);
      const result = (await store.applyMove(game.id, { expectedVersion: record.version, seat, actorId: record.seats[seat]!.userId, move, interactionId: null }));
      if (!result.ok) throw new Error(result.error.key);
      return seat;
    };
    // Bob plays, is kicked (a bot holds his seat), then Carl takes it over and plays.
    while ((await play()) !== 1);
    const bobMoves = (await store.moveCount(game.id));
    expect((await store.handOverToBot(game.id, 'u2', 'kicked')).ok).toBe(true);
    expect((await store.takeSeat(game.id, 1, { id: 'u3', name: 'Carl' })).ok).toBe(true);
    while ((await play()) !== 1);

    await store.close();
    const reopened = new GameStore(openDatabase(path));
    const record = (await reopened.get(game.id))!;
    // The bot that held the seat for no move at all gives way to Carl at the same move.
    expect(record.holders!.filter((h) => h.seat === 1).map((h) => [h.fromSequence, h.userId, h.displayName])).toEqual([
      [0, 'u2', 'Bob'],
      [bobMoves + 1, 'u3', 'Carl'],
    ]);
    const lines = (await reopened.publicLines(game.id)).filter((l) => JSON.stringify(l.line.args ?? {}).includes('{"seat":1}'));
    const texts = publicLogLines(record, lines.map((l) => l.line), 'en', lines.map((l) => l.sequence));
    expect(new Set(lines.map((l) => l.sequence <= bobMoves))).toEqual(new Set([true, false]));
    expect(texts.filter((_, i) => lines[i]!.sequence <= bobMoves).every((t) => t.includes('<@u2>') && !t.includes('<@u3>'))).toBe(true);
    expect(texts.filter((_, i) => lines[i]!.sequence > bobMoves).every((t) => t.includes('<@u3>') && !t.includes('<@u2>'))).toBe(true);
    // A record without holders (a game from before them) names today's holder throughout.
    expect(publicLogLines({ ...record, holders: undefined }, lines.map((l) => l.line), 'en', lines.map((l) => l.sequence)).every((t) => !t.includes('<@u2>'))).toBe(true);
  });
});

describe('the seat holders migration', () => {
  it('gives games dealt before it their current holders from the deal', async () => {
    const { cpSync, readFileSync, writeFileSync } = await import('node:fs');
    const { default: Database } = await import('better-sqlite3');
    const { drizzle } = await import('drizzle-orm/better-sqlite3');
    const { migrate } = await import('drizzle-orm/better-sqlite3/migrator');
    const dir = mkdtempSync(join(tmpdir(), 'recyclerie-migrate-'));
    // The migrations as they stood before seat holders.
    const before = join(dir, 'migrations');
    cpSync(new URL('../../migrations', import.meta.url), before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0004');
    writeFileSync(journalPath, JSON.stringify(journal));
    const path = join(dir, 'old.sqlite');
    const sqlite = new Database(path);
    migrate(drizzle({ client: sqlite }), { migrationsFolder: before });
    sqlite.exec(`INSERT INTO games (id, channel_id, game_type, status, options, language, seed, creator_id, created_at, updated_at) VALUES
      (1, 'c1', 'r-eco', 'active', '{}', 'en', 's', 'u1', 0, 0), (2, 'c2', 'r-eco', 'lobby', '{}', 'en', 's', 'u1', 0, 0)`);
    sqlite.exec(`INSERT INTO seats (game_id, position, user_id, is_bot, display_name, joined_at) VALUES
      (1, 0, 'u1', 0, 'Alice', 0), (1, 1, NULL, 1, 'Bot Ada', 0), (2, 0, 'u1', 0, 'Alice', 0)`);
    sqlite.close();

    const store = new GameStore(openDatabase(path));
    expect((await store.get(1))!.holders).toEqual([
      { seat: 0, fromSequence: 0, userId: 'u1', isBot: false, displayName: 'Alice' },
      { seat: 1, fromSequence: 0, userId: null, isBot: true, displayName: 'Bot Ada' },
    ]);
    // A lobby gets its holders when it is dealt.
    expect((await store.get(2))!.holders).toEqual([]);
  });
});
