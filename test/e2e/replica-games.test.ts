/**
 * M.A.R.K., Müll + Money, PhoneImpact and Palermo on two replicas that keep dying
 * (`replica-kit.ts`, as `replicas.test.ts` does for R-Eco): each game ends and is announced once,
 * every post goes out once, no move is lost or doubled, and every click is answered except those
 * a killed replica held. Short tables with bots in the other seats keep the run short; the bots'
 * turns are jobs, so they too pass from dead replicas to living ones. Skipped without PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { gameById } from '../../src/catalog.js';
import type { PalermoMove, PalermoState } from '../../src/games/palermo/index.js';
import type { PhoneImpactState } from '../../src/games/phoneimpact/types.js';
import type { Decision } from '../../src/engine/index.js';
import { hasPg } from '../pg/pg.js';
import { clickChoice, palermoDefault, playPhoneImpact } from './answers.js';
import { componentsOf } from './harness.js';
import { KILL_MOMENTS, playKilledGame, type Answer, type KilledGame, type KillMoment } from './replica-kit.js';

const anyAnswer: Answer = (p, { channel }) => p.tryPlayOnce(channel);

/** Palermo as its one-human test plays it: straight to the refill in phase C, default answers otherwise. */
const palermoAnswer: Answer = async (p, { channel, record, seat }) => {
  const d = gameById('palermo')!.decision(record.state as PalermoState, seat) as Decision<PalermoMove>;
  const hand = await p.openHand(channel);
  // A bot moved meanwhile: the view asks something else now.
  if (!componentsOf(hand).some((c) => c.custom_id?.includes(`:${record.version}:${d.id}`))) return false;
  return d.id === 'menu' ? clickChoice(p, hand, 'menu', 'refill') : palermoDefault(p, channel, hand, d);
};

describe.runIf(hasPg)('the other games on replicas killed at random moments', () => {
  /** Kill moments met so far: each game has two kills or more, the four together every moment. */
  const met = new Set<KillMoment>();
  const play = async (spec: KilledGame) => {
    for (const kind of (await playKilledGame(spec)).kinds) met.add(kind);
  };

  it('M.A.R.K. (short game, one person and two bots)', async () => {
    await play({ game: 'mark', options: { 'mark-short': true }, people: 1, bots: 2, answer: anyAnswer });
  }, 600_000);

  it('Müll + Money (one person and a bot)', async () => {
    await play({ game: 'mull-money', people: 1, bots: 1, answer: anyAnswer });
  }, 600_000);

  it('PhoneImpact (the 20-minute game, two people and a bot)', async () => {
    await play({
      game: 'phoneimpact',
      options: { 'phoneimpact-20min': true },
      people: 2,
      bots: 1,
      answer: (p, { channel, record }) => playPhoneImpact(p, channel, record.state as PhoneImpactState),
      gap: [4, 8],
    });
  }, 600_000);

  it('Palermo (5 turns, one person and a bot)', async () => {
    // Few clicks of its own (the bot plays most moves): kills come closer, so two always fall in the game.
    await play({ game: 'palermo', options: { 'palermo-turns': '5' }, people: 1, bots: 1, answer: palermoAnswer, gap: [3, 6] });
  }, 600_000);

  it('killed replicas at every moment across the four games', () => {
    expect(met).toEqual(new Set(KILL_MOMENTS));
  });
});
