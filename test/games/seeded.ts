/** Seeded bot games for the tests that look at states all along a game (images, alt text, the contract). */
import { playout, type AnyGame, type GameOptions } from '../../src/engine/index.js';

/** The game's options as a new table gets them, parsed; a default the game refuses fails the test. */
export function defaultOptions(game: AnyGame): GameOptions {
  const raw: GameOptions = {};
  for (const o of game.options) raw[o.name] = o.default;
  const parsed = game.parseOptions(raw);
  if (!parsed.ok) throw new Error(`${game.id}: default options refused (${parsed.error.key})`);
  return parsed.options;
}

/** About `count` states spread along one seeded bot game, and its end. */
export function statesAlong(game: AnyGame, seats: number, options: GameOptions, seed: string, count: number): unknown[] {
  const input = { seats, options, seed };
  const { log } = playout<unknown>(game, input);
  let s = game.setup(input);
  const out: unknown[] = [s];
  const every = Math.max(1, Math.floor(log.length / count));
  log.forEach(({ seat, move }, i) => {
    const r = game.apply(s, seat, move);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    if (i % every === every - 1) out.push(s);
  });
  out.push(s);
  return out;
}
