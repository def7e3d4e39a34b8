/**
 * Through the Discord double, many channels playing at once: how long from a click to its
 * acknowledgement, and from a click to the new board in the channel.
 */
import { GUILD_ID, Player, boards, firstAnswer, launchBot, mentionedOnBoard, openAndStart, sendAnswer, settled, tempDatabase, type World } from '../test/e2e/harness.js';
import { DiscordDouble } from '../test/double/discord-double.js';
import { rngFromSeed } from '../src/engine/index.js';
import { median, percentile } from './stats.js';

/**
 * `thinkMs` is how long a player looks at the board before clicking (uniform between half and
 * one and a half times it): people read the board, so a channel never clicks back to back.
 * With 0, every channel clicks again the moment its board arrives: a stress test.
 */
export async function benchDiscord(opts = { channels: 20, turnsPerChannel: 15, thinkMs: 1000 }) {
  const think = async (seed: string) => {
    if (opts.thinkMs <= 0) return;
    const jitter = rngFromSeed(seed).next();
    await new Promise((r) => setTimeout(r, opts.thinkMs * (0.5 + jitter)));
  };
  const double = await DiscordDouble.start();
  double.addGuild({ id: GUILD_ID });
  const channels = Array.from({ length: opts.channels }, (_, i) => double.addChannel(GUILD_ID, { name: `bench-${i}` }).id);
  const dbPath = tempDatabase();
  const bot = await launchBot(double, dbPath);
  const world: World = { double, bot, dbPath, channels, stop: async () => {} };

  const clickToAck: number[] = [];
  const clickToBoard: number[] = [];
  const handToAck: number[] = [];

  async function runChannel(channel: string, index: number) {
    const players = [0, 1, 2].map((i) => new Player(world, double.addUser({ username: `c${index}p${i}` })));
    await openAndStart(players[0]!, channel, players.slice(1));
    const byId = new Map(players.map((p) => [p.id, p]));
    for (let turn = 0; turn < opts.turnsPerChannel; turn++) {
      const board = boards(world, channel).at(-1)!;
      const mover = byId.get(mentionedOnBoard(board)[0] ?? '');
      if (!mover) break;
      await think(`${index}:${turn}:look`);
      const handClick = await mover.press(board, 'hand:');
      handToAck.push(handClick.latencyMs!);
      const hand = await settled(double, handClick);
      const answer = firstAnswer(hand)!;
      await think(`${index}:${turn}:pick`);
      const count = boards(world, channel).length;
      const current = boards(world, channel).at(-1)!;
      const edited = current.editedAt;
      const rec = await sendAnswer(double, mover.user, hand, answer);
      await rec.response();
      clickToAck.push(rec.latencyMs!);
      // A new board for the next turn, or the current one redrawn for a sub-step.
      const shown = await double.waitFor(() => {
        const fresh = boards(world, channel)[count];
        if (fresh) return fresh.createdAt;
        const again = double.message(current.id)!;
        return again.editedAt !== edited ? again.editedAt : undefined;
      }, 10_000);
      clickToBoard.push(shown - rec.sentAt);
      await settled(double, rec);
    }
  }

  const started = performance.now();
  await Promise.all(channels.map((c, i) => runChannel(c, i)));
  const seconds = (performance.now() - started) / 1000;
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
    violations,
  };
}
