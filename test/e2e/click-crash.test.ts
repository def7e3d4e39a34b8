/**
 * A click Discord shows as accepted is stored; a click the bot dies on before storing it fails
 * visibly ("This interaction failed"), so the player knows to click again. The bot runs as its
 * own process and is killed with SIGKILL at those moments: the instant its first answer to a move
 * click reaches Discord, and while a test hook holds the move just before it is stored. On SQLite
 * over the gateway, and on PostgreSQL with HTTP interactions (skipped without PostgreSQL).
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/store/game-store.js';
import { openDatabase } from '../../src/store/database.js';
import { openPostgres } from '../../src/store/postgres.js';
import { DiscordDouble } from '../double/discord-double.js';
import type { InteractionRecord } from '../double/types.js';
import { freePort } from '../pg/cluster.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import { GUILD_ID, Player, botEnv, firstAnswer, openAndStart, sendAnswer, tempDatabase, type World } from './harness.js';
import { exited, kill9, startBotProcess } from './process.js';

interface Mode {
  name: string;
  http: boolean;
  /** Where the game is kept: the SQLite file, or a fresh PostgreSQL database. */
  database(): Promise<{ env: Record<string, string>; open(): Promise<GameStore> }>;
}

const MODES: Mode[] = [
  {
    name: 'SQLite over the gateway',
    http: false,
    async database() {
      const path = tempDatabase();
      return { env: { DATABASE_PATH: path }, open: async () => new GameStore(openDatabase(path)) };
    },
  },
  ...(hasPg
    ? [
        {
          name: 'PostgreSQL with HTTP interactions',
          http: true,
          async database() {
            const url = await freshPgDatabase();
            return { env: { DATABASE_URL: url }, open: async () => new GameStore(await openPostgres(url, { max: 2 })) };
          },
        },
      ]
    : []),
];

const isMoveClick = (rec: InteractionRecord) => /^(mv|sc):/.test(rec.payload.data?.custom_id ?? '') || rec.type === 5;

describe.each(MODES)('a move click and a crash, $name', (mode) => {
  let double: DiscordDouble | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child) await kill9(child);
    await double?.close();
    double = child = undefined;
  });

  /** The bot process with a game of R-Eco started: one person against two bots, the person's turn first or soon. */
  async function setUp(extra: Record<string, string> = {}) {
    double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
    const db = await mode.database();
    const port = mode.http ? await freePort() : 0;
    const http: Record<string, string> = mode.http ? { INTERACTIONS: 'http', PORT: String(port), DISCORD_PUBLIC_KEY: double.http.publicKey } : {};
    const identifies = double.gatewayStats.identifies;
    child = startBotProcess(botEnv(double, tempDatabase(), { ...db.env, ...http, RENDER_WORKERS: '0', ...extra }));
    const running = child;
    if (mode.http) {
      const url = `http://127.0.0.1:${port}/interactions`;
      await double.waitFor(async () => {
        if (running.exitCode !== null) throw new Error(`the bot stopped with ${running.exitCode}`);
        return double!.http.ping(url).then((a) => a.status === 200, () => false);
      }, 90_000);
      await double.http.setUrls([url]);
    } else {
      await double.waitFor(() => double!.connectedClients === 1 && double!.gatewayStats.identifies > identifies, 90_000);
    }
    const channel = double.addChannel(GUILD_ID, { name: 'click-crash' }).id;
    const world = { double, channels: [channel] } as unknown as World;
    const ann = new Player(world, double.addUser({ username: 'ann' }));
    await openAndStart(ann, channel, [], 2);
    // Ann's private view once the bots have played up to her turn.
    const hand = await double.waitFor(async () => {
      const view = await ann.openHand(channel);
      return firstAnswer(view) ? view : undefined;
    }, 60_000);
    const store = await db.open();
    const gameId = (await store.openInChannel(channel))!.id;
    return { double, ann, hand, store, gameId };
  }

  it('stores a click whose acknowledgement reached Discord, though the bot died that instant', async () => {
    const { double, ann, hand, store, gameId } = await setUp();
    const victim = child!;
    let killedAt: InteractionRecord | undefined;
    double.onFirstAnswer = (rec) => {
      if (killedAt || !isMoveClick(rec)) return;
      killedAt = rec;
      victim.kill('SIGKILL');
    };
    const rec = await sendAnswer(double, ann.user, hand, firstAnswer(hand)!);
    await exited(victim);
    try {
      expect(killedAt?.id).toBe(rec.id);
      // Discord took the answer: the player sees their click accepted.
      await double.waitFor(() => rec.ackAt !== undefined, 10_000);
      const log = await store.moveLog(gameId);
      expect(log.map((m) => m.interactionId)).toContain(rec.id);
    } finally {
      await store.close();
    }
  }, 240_000);

  it('fails a click visibly when the bot is stopped before its move is stored', async () => {
    const { double, ann, hand, store, gameId } = await setUp({ RECYCLERIE_TEST_HOLD_MOVES: 'before-commit' });
    const before = await store.moveLog(gameId);
    const rec = await sendAnswer(double, ann.user, hand, firstAnswer(hand)!);
    // Discord's deadline passes with no acknowledgement: "This interaction failed" on screen.
    await expect(rec.response()).rejects.toThrow();
    await kill9(child!);
    try {
      expect(rec.ackAt).toBeUndefined();
      if (mode.http) expect(double.http.deliveries.find((d) => d.interactionId === rec.id)?.status).toBe(500);
      else expect(rec.deadlineMissed).toBe(true);
      const log = await store.moveLog(gameId);
      expect(log).toHaveLength(before.length);
      expect(log.map((m) => m.interactionId)).not.toContain(rec.id);
    } finally {
      await store.close();
    }
  }, 240_000);
});
