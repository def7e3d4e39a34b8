import { describe, expect, it } from 'vitest';
import { planPost } from '../../src/store/outbox.js';

const bots = new Set([2, 3]);
const isBot = (seat: number) => bots.has(seat);
const plan = (publish: 'board' | 'log' | 'quiet', before: number[], after: number[], over = false) => planPost({ publish, before, after, isBot, over });

describe('what the channel gets for a move', () => {
  it('posts a new board that pings a human who newly has to act', () => {
    expect(plan('board', [0], [1])).toEqual({ kinds: ['board'], ping: [1] });
  });

  it('redraws the current board for a sub-step of the same turn, pinging nobody again', () => {
    expect(plan('board', [0], [0])).toEqual({ kinds: ['edit'], ping: [] });
  });

  it('gathers bot turns: nothing while only bots must act', () => {
    expect(plan('board', [0], [2])).toEqual({ kinds: [], ping: [] });
    expect(plan('board', [2], [3])).toEqual({ kinds: [], ping: [] });
    expect(plan('board', [3], [0])).toEqual({ kinds: ['board'], ping: [0] });
  });

  it('posts nothing for a secret bid, and a text line once someone new must act', () => {
    expect(plan('quiet', [0, 1, 2], [1, 2])).toEqual({ kinds: [], ping: [] });
    expect(plan('quiet', [1], [0])).toEqual({ kinds: ['log'], ping: [0] });
  });

  it('posts an auction bid as a text line, pinging the next bidder', () => {
    expect(plan('log', [0], [1])).toEqual({ kinds: ['log'], ping: [1] });
    expect(plan('log', [0, 1], [1])).toEqual({ kinds: ['log'], ping: [] });
  });

  it('ends with the last board and the final scores', () => {
    expect(plan('quiet', [0], [], true)).toEqual({ kinds: ['board', 'final'], ping: [] });
  });
});
