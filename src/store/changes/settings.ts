/**
 * What people and the bot set, one transaction each: a table's settings (running clocks follow
 * at once), a person's notify choice, the bot's own notes (`meta`), a game's page address.
 */
import type { StoreContext } from '../context.js';
import { fail, tookOver, type GameRecord, type StoreResult } from '../records.js';
import { retimeClocks } from '../rows/clocks.js';
import { loadGame, newWebToken, setGame, webTokenRow } from '../rows/games.js';
import * as users from '../rows/users.js';
import type { GameSettings } from '../schema.js';
import { followUps } from './follow-ups.js';

/** The host changes how the table is paced; running clocks follow at once. */
export function updateSettings(ctx: StoreContext, gameId: number, settings: GameSettings): Promise<StoreResult<GameRecord>> {
  return ctx.backend.write(async (tx) => {
    const record = await loadGame(tx, ctx.schema, gameId);
    if (!record) return fail('error.noGame');
    if (record.status !== 'active' && record.status !== 'lobby') return fail('error.gameClosed');
    await setGame(tx, ctx.schema, gameId, { settings, updatedAt: ctx.now() });
    await retimeClocks(tx, ctx.schema, gameId, settings, (seat) => tookOver(record, seat), ctx.now());
    return { ok: true as const, value: await followUps(ctx, tx, gameId, false) };
  }, gameId);
}

export function setNotify(ctx: StoreContext, userId: string, notify: 'channel' | 'dm'): Promise<void> {
  return ctx.backend.write((tx) => users.setNotify(tx, ctx.schema, userId, notify));
}

export function setMeta(ctx: StoreContext, key: string, value: string): Promise<void> {
  return ctx.backend.write((tx) => users.setMeta(tx, ctx.schema, key, value));
}

/** The game's web page token, made now for a game from before tokens existed. */
export function webTokenOf(ctx: StoreContext, gameId: number): Promise<string | null> {
  return ctx.backend.write(async (tx) => {
    const row = await webTokenRow(tx, ctx.schema, gameId);
    if (!row) return null;
    if (row.token) return row.token;
    const token = newWebToken();
    await setGame(tx, ctx.schema, gameId, { webToken: token });
    return token;
  }, gameId);
}
