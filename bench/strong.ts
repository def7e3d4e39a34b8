/**
 * Strong bots against standard ones: win share with seats rotated, and the time a decision takes.
 * The search runs in this process with a per-decision time budget (smaller than the bot's own
 * `BOT_THINK_MS` when asked, so hundreds of games finish in minutes).
 */
import { ismctsMove, rngFromSeed, searchMove, type AnyGame, type GameOptions, type Seat } from '../src/engine/index.js';
import { STRONG_SEARCH } from '../src/discord/runtime/think-task.js';
import { gameById } from '../src/catalog.js';
import { percentile } from './stats.js';

export interface StrongMatch {
  game: string;
  seats: number;
  games: number;
  /** Strong seat's share of wins (ties split), 0..1, and its 95 % Wilson interval. */
  share: number;
  low: number;
  high: number;
  decisionP50Ms: number;
  decisionP99Ms: number;
  decisions: number;
}

/** 95 % Wilson score interval of a proportion. */
export function wilson(share: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const centre = share + (z * z) / (2 * n);
  const spread = z * Math.sqrt((share * (1 - share)) / n + (z * z) / (4 * n * n));
  return { low: (centre - spread) / d, high: (centre + spread) / d };
}

/**
 * Plays one game: `strong` searches, every other seat is the standard bot. Returns its win share.
 * A negative `thinkMs` is a rollout count instead of a time budget.
 */
export type StrongSearch = 'flat' | 'ismcts';

/** The options a strong-bot row plays with: Palermo's shortest game, R-Eco's two-player variant for two. */
export function strongOptions(gameId: string, seats: number): GameOptions {
  const game = gameById(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const raw: GameOptions = gameId === 'palermo' ? { 'palermo-turns': PALERMO_BENCH_TURNS } : gameId === 'r-eco' && seats === 2 ? { 'two-player': true } : {};
  const parsed = game.parseOptions(raw);
  if (!parsed.ok) throw new Error(parsed.error.key);
  return parsed.options;
}

/** The search the strong level uses for a game (`think-task.ts`). */
export const strongSearch = (gameId: string): StrongSearch => STRONG_SEARCH[gameId] ?? 'flat';

/** A whole Palermo game is about 300 decisions: the rows play its shortest game, so 300 games fit in the run. */
export const PALERMO_BENCH_TURNS = '5';

export function playStrongGame(game: AnyGame, seats: number, options: GameOptions, seed: string, strong: Seat, thinkMs: number, times: number[], search: StrongSearch = 'flat'): number {
  let state = game.setup({ seats, options, seed });
  const rng = rngFromSeed(`strong-bench:${seed}`);
  for (let n = 0; !game.isOver(state); n++) {
    if (n > 20_000) throw new Error(`${game.id} ${seed}: no end`);
    const pending: Seat[] = game.pending(state);
    // Simultaneous answers: the strong seat is asked like any other, in seat order.
    const seat = pending[0]!;
    const view = game.seatView(state, seat);
    let move: unknown;
    if (seat === strong) {
      const start = performance.now();
      move = (search === 'ismcts' ? ismctsMove : searchMove)(game, seat, view, rng, thinkMs > 0 ? { now: () => performance.now(), until: start + thinkMs } : { iterations: -thinkMs }).move;
      times.push(performance.now() - start);
    } else {
      move = game.bot(view, rng);
    }
    const r = game.apply(state, seat, move);
    if (!r.ok) throw new Error(`${game.id} ${seed}: move refused: ${r.error.key}`);
    state = r.state;
  }
  const standings = game.outcome(state)!.standings;
  const firsts = standings.filter((s) => s.rank === 1);
  return firsts.some((s) => s.seat === strong) ? 1 / firsts.length : 0;
}

export function benchStrong(gameId: string, opts: { seats: number; games: number; thinkMs: number; options?: GameOptions; search?: StrongSearch }): StrongMatch {
  const game = gameById(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const options = opts.options ?? strongOptions(gameId, opts.seats);
  const times: number[] = [];
  let wins = 0;
  for (let g = 0; g < opts.games; g++) {
    // Paired seeds: each deal is played with the strong bot in every seat in turn.
    const deal = Math.floor(g / opts.seats);
    wins += playStrongGame(game, opts.seats, options, `strong-${gameId}-${opts.seats}-${deal}`, g % opts.seats, opts.thinkMs, times, opts.search ?? strongSearch(gameId));
  }
  const share = wins / opts.games;
  return { game: gameId, seats: opts.seats, games: opts.games, share, ...wilson(share, opts.games), decisionP50Ms: percentile(times, 50), decisionP99Ms: percentile(times, 99), decisions: times.length };
}

/**
 * Decision time through the real worker pool at the bot's own budget, and the main thread's
 * event-loop delay while `channels` games with two strong bots each play at once (the main
 * thread applies moves and builds views, as the bot does; the workers think). Memory is the
 * pool threads' heap, idle after a warm-up and at its highest under that load.
 */
export async function benchStrongLoad(opts: { thinkMs: number; channels: number; decisionsPerChannel: number; threads: number }) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const { PoolThinker } = await import('../src/discord/runtime/thinker.js');
  const { createLogger } = await import('../src/logger.js');
  const thinker = new PoolThinker(opts.threads, createLogger('silent'));
  // Pool threads do not keep the process alive by themselves.
  const alive = setInterval(() => {}, 1000);
  const games = ['r-eco', 'mark', 'mull-money', 'phoneimpact', 'palermo'];
  await thinker.warm();
  await new Promise((r) => setTimeout(r, 200));
  const idle = await thinker.memory();
  const rssIdle = process.memoryUsage().rss;
  const times: number[] = [];
  let fallbacks = 0;
  let peakHeap = idle.heapUsedMb;
  let peakRss = rssIdle;
  const { loadavg } = await import('node:os');
  const loadBefore = loadavg()[0]!;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const channel = async (c: number) => {
    const game = gameById(games[c % games.length]!)!;
    const parsed = game.parseOptions(game.id === 'palermo' ? { 'palermo-turns': '5' } : {});
    if (!parsed.ok) throw new Error(parsed.error.key);
    let state = game.setup({ seats: 3, options: parsed.options, seed: `load-${c}` });
    const rng = rngFromSeed(`load-${c}`);
    for (let d = 0; d < opts.decisionsPerChannel && !game.isOver(state); ) {
      const seat: Seat = game.pending(state)[0]!;
      const view = game.seatView(state, seat);
      let move: unknown;
      // Seat 0 plays standard (the person), seats 1 and 2 strong.
      if (seat === 0) move = game.bot(view, rng);
      else {
        const start = performance.now();
        const answer = await thinker.think({ gameType: game.id, seat, view, seed: `load-${c}-${d}`, budgetMs: opts.thinkMs });
        times.push(performance.now() - start);
        if (answer.fallback) fallbacks++;
        move = answer.move;
        d++;
      }
      const r = game.apply(state, seat, move);
      if (!r.ok) throw new Error(`${game.id}: ${r.error.key}`);
      state = r.state;
      if (d % 10 === 0) {
        const m = await thinker.memory();
        peakHeap = Math.max(peakHeap, m.heapUsedMb);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.channels }, (_, c) => channel(c)));
  loop.disable();
  await thinker.close();
  clearInterval(alive);
  return {
    decisions: times.length,
    fallbacks,
    decisionP50Ms: percentile(times, 50),
    decisionP99Ms: percentile(times, 99),
    loopDelayP99Ms: loop.percentile(99) / 1e6,
    loopDelayMaxMs: loop.max / 1e6,
    poolHeapIdleMb: idle.heapUsedMb,
    poolHeapLoadMb: peakHeap,
    processRssIdleMb: rssIdle / 1024 / 1024,
    processRssLoadMb: peakRss / 1024 / 1024,
    /** The machine's one-minute load average before and after: the time rows mean little on a busy machine. */
    loadAverage: Math.max(loadBefore, loadavg()[0]!),
  };
}

/** The strong-bot rows of `npm run bench`, with stable names. */
export async function strongRows(add: (measure: string, value: number, unit: string, goal?: string) => void, env: NodeJS.ProcessEnv = process.env) {
  const games = Number(env.STRONG_BENCH_GAMES ?? 300);
  // A rollout count per decision rather than a clock: the same strength on a busy or idle machine.
  const rollouts = Number(env.STRONG_BENCH_ROLLOUTS ?? 100);
  const thinkMs = Number(env.BOT_THINK_MS ?? 300);
  // The two searches side by side on the same deals, at the same rollout count (fewer games).
  const compare = Number(env.STRONG_BENCH_COMPARE_GAMES ?? 60);
  const only = env.STRONG_BENCH_GAMES_LIST?.split(',');
  const raw: Record<string, unknown> = {};
  for (const gameId of only ?? ['r-eco', 'mark', 'mull-money', 'phoneimpact', 'palermo']) {
    const game = gameById(gameId)!;
    const two = strongOptions(gameId, 2);
    const seatCounts = game.players(two).min <= 2 ? [3, 2] : [3];
    const palermo = gameId === 'palermo' ? `, ${PALERMO_BENCH_TURNS} turns` : '';
    for (const seats of games > 0 ? seatCounts : []) {
      console.log(`${gameId}: strong against standard, ${seats} players, ${games} games at ${rollouts} rollouts a decision…`);
      const r = benchStrong(gameId, { seats, games, thinkMs: -rollouts });
      raw[`${gameId}-${seats}`] = r;
      const fair = 1 / seats;
      const search = strongSearch(gameId) === 'flat' ? 'flat search' : 'ISMCTS';
      add(`${gameId}: strong win share, ${seats} players vs standard`, r.share * 100, `% (95 %: ${(r.low * 100).toFixed(0)}-${(r.high * 100).toFixed(0)}, fair ${(fair * 100).toFixed(0)}, ${search}${palermo})`, seats === 3 ? '≥ 50' : '');
    }
    if (compare > 0) {
      console.log(`${gameId}: flat search against ISMCTS, ${compare} games each…`);
      for (const search of ['flat', 'ismcts'] as const) {
        const r = benchStrong(gameId, { seats: 3, games: compare, thinkMs: -rollouts, search });
        raw[`${gameId}-3-${search}`] = r;
        add(`${gameId}: ${search === 'flat' ? 'flat search' : 'ISMCTS'} win share, 3 players vs standard (comparison)`, r.share * 100, `% (95 %: ${(r.low * 100).toFixed(0)}-${(r.high * 100).toFixed(0)}, ${r.decisionP50Ms.toFixed(0)} ms a decision${palermo})`);
      }
    }
  }
  console.log(`Strong decisions through the worker pool at ${thinkMs} ms, four channels at once…`);
  const load = await benchStrongLoad({ thinkMs, channels: 4, decisionsPerChannel: Number(env.STRONG_BENCH_DECISIONS ?? 30), threads: Number(env.THINK_WORKERS ?? 2) });
  raw.load = load;
  add('Strong decision time p50 (pool, 4 channels)', load.decisionP50Ms, 'ms');
  add('Strong decision time p99 (pool, 4 channels)', load.decisionP99Ms, 'ms', `≤ ${thinkMs + 50}`);
  add('Strong decisions that fell back to standard', load.fallbacks, `of ${load.decisions}`);
  add('Main event-loop delay p99, 4 strong channels', load.loopDelayP99Ms, 'ms', '< 20');
  add('Thinking pool heap, idle', load.poolHeapIdleMb, 'MB');
  add('Thinking pool heap, 4 strong channels', load.poolHeapLoadMb, 'MB');
  add('Process RSS with the pool, idle', load.processRssIdleMb, 'MB');
  add('Process RSS with the pool, 4 strong channels', load.processRssLoadMb, 'MB');
  add('Load average during the strong pool rows', load.loadAverage, 'runnable (1 min)');
  return raw;
}
