/**
 * How each person is told it is their turn, one transaction each: a /notify choice, the claim of
 * a daily digest, a DM Discord refused, and a table muted from its private view.
 */
import { followingDigest, nextDigestAt } from '../digest-time.js';
import type { StoreContext } from '../context.js';
import { fail, type GameRecord, type StoreResult } from '../records.js';
import { loadGame } from '../rows/games.js';
import { queuePost } from '../rows/posts.js';
import { setSeat } from '../rows/seats.js';
import * as users from '../rows/users.js';
import { waitingOn, type WaitingGame } from '../rows/waiting.js';

/** `locale`: the language the person chose in, for what reaches them outside a game (the digest). */
export type NotifyChoice = ({ mode: 'channel' | 'dm' } | { mode: 'digest'; hour: number; offsetMinutes: number }) & { locale?: string };

/** A /notify choice; returns when the next digest comes (null without one). */
export function chooseNotify(ctx: StoreContext, userId: string, choice: NotifyChoice): Promise<Date | null> {
  return ctx.backend.write(async (tx) => {
    const now = ctx.now();
    const digestAt = choice.mode === 'digest' ? nextDigestAt(now, choice.hour, choice.offsetMinutes) : null;
    await users.setNotifyChoice(tx, ctx.schema, userId, choice.mode === 'digest'
      ? { notify: 'digest', digestHour: choice.hour, utcOffsetMinutes: choice.offsetMinutes, digestAt, locale: choice.locale }
      : { notify: choice.mode, digestAt: null, locale: choice.locale });
    await ctx.jobs?.digest?.(tx, userId, digestAt, now);
    return digestAt;
  });
}

/** A digest this process claimed: what to list (nothing while the person is away), and where DMs stand. */
export interface DigestClaim {
  userId: string;
  games: WaitingGame[];
  dmClosed: boolean;
  /** The language the person chose /notify in (null: unknown, before it was kept). */
  locale: string | null;
}

/**
 * Claims a person's due digest: moves `digest_at` on by whole days if nobody moved it first
 * (compare-and-set), so two processes never send one digest twice. Null when none was due.
 */
export function claimDigest(ctx: StoreContext, userId: string): Promise<DigestClaim | null> {
  return ctx.backend.write(async (tx) => {
    const now = ctx.now();
    const row = await users.userRow(tx, ctx.schema, userId);
    if (!row?.digestAt || row.notify !== 'digest' || row.digestAt > now) return null;
    const next = followingDigest(row.digestAt, now);
    if (!(await users.moveDigest(tx, ctx.schema, userId, row.digestAt, next))) return null;
    await ctx.jobs?.digest?.(tx, userId, next, now);
    const away = !!row.awayUntil && row.awayUntil > now;
    return { userId, games: away ? [] : await waitingOn(tx, ctx.schema, userId), dmClosed: row.dmClosed, locale: row.locale };
  });
}

/** Re-adds a person's digest job at its stored time (after the job ran, whatever it did). */
export function rescheduleDigest(ctx: StoreContext, userId: string): Promise<void> {
  return ctx.backend.write(async (tx) => {
    const row = await users.userRow(tx, ctx.schema, userId);
    await ctx.jobs?.digest?.(tx, userId, row?.notify === 'digest' ? row.digestAt : null, ctx.now());
  });
}

/**
 * Discord refused a DM to this person: from now on they are mentioned in the channel, and the
 * game's channel says so once (a line in its outbox, in the same transaction). True when this
 * change noted it first.
 */
export function closeDms(ctx: StoreContext, userId: string, gameId: number | null): Promise<boolean> {
  return ctx.backend.write(async (tx) => {
    if (!(await users.closeDms(tx, ctx.schema, userId))) return false;
    const record = gameId === null ? null : await loadGame(tx, ctx.schema, gameId);
    const seat = record?.seats.find((s) => s.userId === userId && !s.isBot);
    if (record && seat && record.status === 'active') {
      await queuePost(tx, ctx.schema, ctx.jobs, record.id, 'log', {
        version: record.version,
        view: null,
        lines: [{ key: 'digest.dmClosed', args: { seat: { seat: seat.position } } }],
        pending: [],
        ping: [seat.position],
        over: false,
      }, ctx.now());
    }
    return true;
  }, gameId ?? undefined);
}

/** Mutes or unmutes one table for the person holding a seat there. */
export function setMuted(ctx: StoreContext, gameId: number, userId: string, muted: boolean): Promise<StoreResult<GameRecord>> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active') return fail('error.gameClosed');
    const seat = record.seats.find((s) => s.userId === userId && !s.isBot);
    if (!seat) return fail('error.notInGame');
    await setSeat(tx, ctx.schema, gameId, seat.position, { muted });
    return { ok: true as const, value: (await loadGame(tx, ctx.schema, gameId))! };
  }, gameId);
}
