/** The pure rules of notifications: when a digest falls, and whom a post mentions or DMs. */
import { describe, expect, it } from 'vitest';
import { decodeCustomId, encodeCustomId } from '../../src/discord/messages/custom-id.js';
import { reachOf, type Notice } from '../../src/discord/messages/mentions.js';
import { followingDigest, formatUtcOffset, nextDigestAt, parseUtcOffset } from '../../src/store/digest-time.js';
import type { GameRecord } from '../../src/store/game-store.js';
import type { PostPayload } from '../../src/store/schema.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('digest times', () => {
  it('reads offsets as people write them, and refuses the rest', () => {
    expect(['+2', '2', '-5', '−5', '+5:30', '+0530', 'UTC+1', 'gmt-3', '0', '+14', '-12', '+5:45'].map(parseUtcOffset)).toEqual([120, 120, -300, -300, 330, 330, 60, -180, 0, 840, -720, 345]);
    for (const bad of ['', '+15', '-13', '+5:20', '+5:60', 'two', '+2h30m', '++2', '+123']) expect(parseUtcOffset(bad), bad).toBeNull();
    expect([120, -300, 330, 0].map(formatUtcOffset)).toEqual(['+2', '−5', '+5:30', '+0']);
  });

  it('falls at the next local hour, strictly after now', () => {
    const now = new Date(Date.UTC(2026, 10, 2, 9));
    // 08:00 at UTC+2 is 06:00 UTC, already past today.
    expect(nextDigestAt(now, 8, 120).toISOString()).toBe('2026-11-03T06:00:00.000Z');
    // 12:00 at UTC−5 is 17:00 UTC, still ahead today.
    expect(nextDigestAt(now, 12, -300).toISOString()).toBe('2026-11-02T17:00:00.000Z');
    // Exactly now is the next day's; a half-hour offset keeps its half hour.
    expect(nextDigestAt(now, 9, 0).toISOString()).toBe('2026-11-03T09:00:00.000Z');
    expect(nextDigestAt(now, 20, 330).toISOString()).toBe('2026-11-02T14:30:00.000Z');
    // Late in the UTC day, the local date is already tomorrow.
    expect(nextDigestAt(new Date(Date.UTC(2026, 10, 2, 23)), 7, 600).toISOString()).toBe('2026-11-03T21:00:00.000Z');
  });

  it('moves on by whole days from the due time, once however late', () => {
    const due = new Date(Date.UTC(2026, 10, 3, 6));
    expect(followingDigest(due, due).getTime()).toBe(due.getTime() + DAY);
    expect(followingDigest(due, new Date(due.getTime() + 5 * 60_000)).getTime()).toBe(due.getTime() + DAY);
    expect(followingDigest(due, new Date(due.getTime() + DAY)).getTime()).toBe(due.getTime() + 2 * DAY);
    expect(followingDigest(due, new Date(due.getTime() + 3 * DAY + 5 * HOUR)).getTime()).toBe(due.getTime() + 4 * DAY);
  });
});

describe('who a post reaches', () => {
  const seats = ['a', 'b', 'c', 'd'].map((userId, position) => ({ position, userId, isBot: false, displayName: userId, muted: userId === 'd' }));
  const record = { seats: [...seats, { position: 4, userId: null, isBot: true, displayName: 'Bot Ada' }] } as unknown as GameRecord;
  const post = (ping: number[], extra: Partial<PostPayload> = {}): PostPayload => ({ version: 1, view: null, lines: [], pending: ping, ping, over: false, ...extra });
  const notices = new Map<string, Notice>([
    ['a', { notify: 'channel', dmClosed: false }],
    ['b', { notify: 'dm', dmClosed: false }],
    ['c', { notify: 'digest', dmClosed: false }],
    ['d', { notify: 'dm', dmClosed: false }],
  ]);

  it('mentions channel and DM readers, DMs the DM readers, and leaves digest readers and muted tables quiet', () => {
    const reach = reachOf(record, post([0, 1, 2, 3, 4]), notices);
    expect(reach.mention).toEqual(['a', 'b']);
    expect(reach.dm).toEqual(['b']);
    expect([...reach.quiet]).toEqual(['c', 'd']);
  });

  it('treats people with closed DMs and people never seen as channel readers', () => {
    const closed = new Map<string, Notice>([['b', { notify: 'dm', dmClosed: true }], ['c', { notify: 'digest', dmClosed: true }]]);
    const reach = reachOf(record, post([0, 1, 2]), closed);
    expect(reach.mention).toEqual(['a', 'b', 'c']);
    expect(reach.dm).toEqual([]);
    expect(reach.quiet.size).toBe(0);
  });

  it('always mentions the last warning before a deadline, even on a muted table or for a digest reader', () => {
    const reach = reachOf(record, post([2, 3], { warning: true }), notices);
    expect(reach.mention).toEqual(['c', 'd']);
    expect(reach.dm).toEqual(['d']);
  });

  it('names the pending people it does not ping without a mention only when they chose quiet', () => {
    const reach = reachOf(record, post([0], { pending: [0, 1, 2] }), notices);
    expect(reach.mention).toEqual(['a']);
    expect([...reach.quiet]).toEqual(['c']);
  });
});

describe('the mute button', () => {
  it('carries the game and what it does, and refuses anything else', () => {
    for (const on of [true, false]) expect(decodeCustomId(encodeCustomId({ kind: 'mute', gameId: 12, on }))).toEqual({ kind: 'mute', gameId: 12, on });
    expect(encodeCustomId({ kind: 'mute', gameId: 12, on: true })).toBe('mute:12:on');
    for (const bad of ['mute:12', 'mute:12:yes', 'mute:x:on', 'mute:12:on:1']) expect(decodeCustomId(bad), bad).toBeNull();
  });
});
