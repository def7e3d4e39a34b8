import { describe, expect, it } from 'vitest';
import { decodeCustomId, encodeCustomId, type CustomId } from '../../src/discord/messages/custom-id.js';
import { LIMITS } from '../../src/discord/messages/limits.js';

const samples: CustomId[] = [
  { kind: 'lobby', gameId: 12, action: 'join' },
  { kind: 'lobby', gameId: 12, action: 'cancel' },
  { kind: 'hand', gameId: 7 },
  { kind: 'status', gameId: 7 },
  { kind: 'rules', gameType: 'r-eco' },
  { kind: 'move', gameId: 99, version: 41, step: 'play' },
  { kind: 'move', gameId: 99, version: 41, step: 'bid', choice: 'c17' },
  { kind: 'ask-form', gameId: 3, version: 2, step: 'bid' },
  { kind: 'shortcut', gameId: 3, version: 2, step: 'bid', choice: 'pass' },
  { kind: 'page', gameId: 3, version: 2, step: 'pick', page: 4 },
  { kind: 'bot-level', gameId: 5, seat: 2, level: 'strong' },
  { kind: 'bot-level', gameId: 5, seat: 1, level: 'standard' },
  { kind: 'hint', gameId: 8, version: 31 },
  { kind: 'undo', gameId: 8, version: 32 },
];

describe('custom ids', () => {
  it.each(samples)('round-trips %o', (id) => {
    const encoded = encodeCustomId(id);
    expect(encoded.length).toBeLessThanOrEqual(LIMITS.customId);
    expect(decodeCustomId(encoded)).toEqual(id);
  });

  it('stays under the 100-character limit with the largest ids', () => {
    const id: CustomId = { kind: 'move', gameId: 999_999_999_999, version: 999_999_999, step: 'a'.repeat(32), choice: 'b'.repeat(32) };
    expect(encodeCustomId(id).length).toBeLessThanOrEqual(LIMITS.customId);
  });

  it.each(['', 'lobby', 'lobby:x:join', 'lobby:1:dance', 'hand:1:2', 'mv:1:x:play', 'mv:1:2:', 'mv:1:2:pl ay', 'page:1:2:s', 'other:1', 'mv:1:2:a:b:c', 'rules:../etc', 'lvl:1:2:expert', 'lvl:1:x:strong', 'hint:1', 'hint:1:2:3', 'undo:1', 'undo:1:x', 'undo:1:2:3'])(
    'rejects malformed id %j',
    (raw) => {
      expect(decodeCustomId(raw)).toBeNull();
    },
  );
});
