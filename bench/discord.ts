/**
 * Through the Discord double, many channels playing at once: how long from a click to its
 * acknowledgement, and from a click to the new board in the channel.
 */
import { GUILD_ID, Player, boards, firstAnswer, launchBot, mentionedOnBoard, openAndStart, sendAnswer, settled, tempDatabase, type World } from '../test/e2e/harness.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DiscordDouble, type RateLimitOptions } from '../test/double/discord-double.js';
import { rngFromSeed } from '../src/engine/index.js';
import { ImagePool } from '../src/discord/runtime/images.js';
import { StageProfiler, STAGES } from './cpu-stages.js';
import { median, percentile } from './stats.js';

/** What the channel shows before a click: how many boards, and the latest one as it is. */
export function boardMark(world: World, channel: string): { count: number; id: string; edited: number | undefined } {
  const latest = boards(world, channel).at(-1)!;
  return { count: boards(world, channel).length, id: latest.id, edited: latest.editedAt };
}

/** When the click's result showed: a new board for the next turn, or the latest one redrawn for a sub-step. */
export function boardShownAt(world: World, channel: string, mark: ReturnType<typeof boardMark>): Promise<number> {
  return world.double.waitFor(() => {
    const fresh = boards(world, channel)[mark.count];
    if (fresh) return fresh.createdAt;
    const again = world.double.message(mark.id)!;
    return again.editedAt !== mark.edited ? again.editedAt : undefined;
  }, 120_000);
}

/**
 * `thinkMs` is how long a player looks at the board before clicking (uniform between half and
 * one and a half times it): people read the board, so a channel never clicks back to back.
 * With 0, every channel clicks again the moment its board arrives: a stress test.
 */
export async function benchDiscord(opts: {
  channels: number;
  turnsPerChannel: number;
  thinkMs: number;
  env?: Record<string, string>;
  rateLimits?: RateLimitOptions;
  /** Started once the games are open, stopped when they are played (web spectators). */
  alongside?: (world: World) => Promise<() => Promise<void>>;
}) {
  const think = async (seed: string) => {
    if (opts.thinkMs <= 0) return;
    const jitter = rngFromSeed(seed).next();
    await new Promise((r) => setTimeout(r, opts.thinkMs * (0.5 + jitter)));
  };
  const double = await DiscordDouble.start(opts.rateLimits ? { rateLimits: opts.rateLimits } : {});
  double.addGuild({ id: GUILD_ID });
  const channels = Array.from({ length: opts.channels }, (_, i) => double.addChannel(GUILD_ID, { name: `bench-${i}` }).id);
  const dbPath = tempDatabase();
  const bot = await launchBot(double, dbPath, opts.env ?? {});
  // The main process's event-loop delay while the channels play.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const world: World = { double, bot, dbPath, channels, stop: async () => {} };

  const clickToAck: number[] = [];
  const clickToBoard: number[] = [];
  /** The same, without each channel's first click (all channels make it within the same moment). */
  const laterClickToBoard: number[] = [];
  const handToAck: number[] = [];

  // Games are opened a few at a time before the clock starts: the measure is play, not set-up.
  const tables = new Map<string, Player[]>();
  for (let i = 0; i < channels.length; i += 5) {
    await Promise.all(
      channels.slice(i, i + 5).map(async (channel, j) => {
        const players = [0, 1, 2].map((p) => new Player(world, double.addUser({ username: `c${i + j}p${p}` })));
        await openAndStart(players[0]!, channel, players.slice(1));
        tables.set(channel, players);
      }),
    );
  }

  async function runChannel(channel: string, index: number) {
    const players = tables.get(channel)!;
    const byId = new Map(players.map((p) => [p.id, p]));
    for (let turn = 0; turn < opts.turnsPerChannel; turn++) {
      const board = boards(world, channel).at(-1)!;
      const mover = byId.get(mentionedOnBoard(board)[0] ?? '');
      if (!mover) break;
      await think(`${index}:${turn}:look`);
      const handClick = await mover.press(board, 'hand:');
      handToAck.push(handClick.latencyMs!);
      const hand = await settled(double, handClick, 120_000);
      const answer = firstAnswer(hand)!;
      await think(`${index}:${turn}:pick`);
      const mark = boardMark(world, channel);
      const rec = await sendAnswer(double, mover.user, hand, answer);
      await rec.response();
      clickToAck.push(rec.latencyMs!);
      const ms = (await boardShownAt(world, channel, mark)) - rec.sentAt;
      clickToBoard.push(ms);
      if (turn > 0) laterClickToBoard.push(ms);
      await settled(double, rec, 120_000);
    }
  }

  const stopAlongside = opts.alongside ? await opts.alongside(world) : null;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const pool = bot.images instanceof ImagePool ? bot.images : null;
  const poolBefore = pool?.stats();
  const profiler = new StageProfiler();
  await profiler.start();
  loopDelay.enable();
  await Promise.all(channels.map((c, i) => runChannel(c, i)));
  loopDelay.disable();
  const stageMs = await profiler.stop();
  const seconds = (performance.now() - started) / 1000;
  await stopAlongside?.();
  const rateLimited = double.rateLimiter?.hits.length ?? 0;
  const cpu = process.cpuUsage(cpuBefore);
  const poolAfter = pool?.stats();
  const moves = clickToAck.length || 1;
  const violations = double.violations.length;
  await bot.stop();
  await double.close();
  return {
    channels: opts.channels,
    thinkMs: opts.thinkMs,
    clicks: clickToAck.length,
    seconds,
    clickToAckP50Ms: median(clickToAck),
    clickToAckP99Ms: percentile(clickToAck, 99),
    handButtonToAckP99Ms: percentile(handToAck, 99),
    clickToBoardP50Ms: median(clickToBoard),
    clickToBoardP99Ms: percentile(clickToBoard, 99),
    laterClickToBoardP99Ms: percentile(laterClickToBoard, 99),
    /** Share of the time the main process's thread was busy (its profile's samples that were not idle). */
    mainBusy: STAGES.reduce((a, stage) => a + stageMs[stage], 0) / (seconds * 1000),
    /** Share of the image workers' time spent drawing and encoding while the channels played. */
    imageWorkersBusy: poolAfter && poolBefore ? (sum(poolAfter.renderMs) - sum(poolBefore.renderMs)) / (seconds * 1000 * (pool?.size ?? 1)) : NaN,
    violations,
    rateLimited,
    eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    // CPU per move: this process (the bot's main thread, and here the double and the players
    // too) and the image workers' drawing and encoding.
    mainCpuPerMoveMs: (cpu.user + cpu.system) / 1000 / moves,
    boardRenderPerMoveMs: poolAfter && poolBefore ? (poolAfter.renderMs.board + poolAfter.renderMs.final - poolBefore.renderMs.board - poolBefore.renderMs.final) / moves : NaN,
    handRenderPerMoveMs: poolAfter && poolBefore ? (poolAfter.renderMs.hand - poolBefore.renderMs.hand) / moves : NaN,
    imagesPerMove: poolAfter && poolBefore ? (poolAfter.rendered - poolBefore.rendered) / moves : NaN,
    peakImageQueue: poolAfter?.peakQueued ?? NaN,
    /**
     * CPU per move by stage, in ms: the main process's from its profile, drawing and encoding
     * from the image workers' own timing.
     */
    stagePerMoveMs: {
      ...Object.fromEntries(STAGES.map((stage) => [stage, stageMs[stage] / moves])),
      render: poolAfter && poolBefore ? (sum(poolAfter.renderMs) - sum(poolBefore.renderMs) - (poolAfter.encodeMs - poolBefore.encodeMs)) / moves : NaN,
      encode: poolAfter && poolBefore ? (poolAfter.encodeMs - poolBefore.encodeMs) / moves : NaN,
    } as Record<(typeof STAGES)[number] | 'render' | 'encode', number>,
  };
}

const sum = (ms: Record<string, number>) => Object.values(ms).reduce((a, b) => a + b, 0);
