/**
 * Decides what the channel gets for a move, from the game's `publish` hint and who must act
 * before and after it. Kept pure so the rule is tested on its own; the store writes its answer
 * in the same transaction as the move.
 */
import type { Publish, Seat } from '../engine/index.js';
import type { PostKind } from './schema.js';

export interface PostPlanInput {
  publish: Publish;
  before: readonly Seat[];
  after: readonly Seat[];
  isBot(seat: Seat): boolean;
  over: boolean;
}

export interface PostPlan {
  kinds: PostKind[];
  /** Humans who newly have to act: notified once, by this post. */
  ping: Seat[];
}

/**
 * - The end: the last board and the final scores.
 * - A human newly has to act: a new board (or a text line when the game asked for 'log' or
 *   'quiet'), which pings them.
 * - Only bots have to act: nothing yet. Their moves are gathered into the post made when a
 *   human must act next.
 * - The same humans still have to act: a sub-step redraws the current board in place; a 'log'
 *   move adds a text line; a 'quiet' one (a secret bid) posts nothing.
 */
export function planPost({ publish, before, after, isBot, over }: PostPlanInput): PostPlan {
  if (over) return { kinds: ['board', 'final'], ping: [] };
  const ping = after.filter((seat) => !before.includes(seat) && !isBot(seat));
  if (ping.length > 0) return { kinds: [publish === 'board' ? 'board' : 'log'], ping };
  if (after.every(isBot)) return { kinds: [], ping: [] };
  if (publish === 'board') return { kinds: ['edit'], ping: [] };
  if (publish === 'log') return { kinds: ['log'], ping: [] };
  return { kinds: [], ping: [] };
}
