/**
 * The store's face for class sessions (`GameStore.sessions`): reads are row helpers in
 * `backend.read`, changes are the functions of `changes/sessions.ts`.
 */
import type { Q } from './backend.js';
import * as changes from './changes/sessions.js';
import type { StoreContext } from './context.js';
import type { GameRecord, StoreResult } from './records.js';
import { loadGames } from './rows/games.js';
import * as rows from './rows/sessions.js';
import type { SessionTables } from './session-model.js';

export type { SessionRow, FlagRow } from './rows/sessions.js';
export type { NewSession, Seated } from './changes/sessions.js';
export { gameOptionsOf, seatsPerTable } from './changes/sessions.js';

export class SessionStore {
  constructor(private readonly ctx: StoreContext) {}

  private read<T>(fn: (q: Q) => Promise<T>): Promise<T> {
    return this.ctx.backend.read(fn);
  }

  get(id: number): Promise<rows.SessionRow | null> {
    return this.read((q) => rows.loadSession(q, this.ctx.schema, id));
  }

  /** The session of a channel, or of the table whose thread this is. */
  inChannel(channelId: string): Promise<rows.SessionRow | null> {
    return this.read(async (q) => {
      const id = (await rows.sessionIdIn(q, this.ctx.schema, channelId)) ?? (await rows.sessionIdOfThread(q, this.ctx.schema, channelId));
      return id === null ? null : rows.loadSession(q, this.ctx.schema, id);
    });
  }

  tables(sessionId: number): Promise<GameRecord[]> {
    return this.read(async (q) => loadGames(q, this.ctx.schema, await rows.tableIds(q, this.ctx.schema, sessionId)));
  }

  /** Everything the panel, the debrief and the exports read, in one go. */
  snapshot(sessionId: number): Promise<SessionTables | null> {
    return this.read(async (q) => {
      const session = await rows.loadSession(q, this.ctx.schema, sessionId);
      if (!session) return null;
      const tables = await loadGames(q, this.ctx.schema, await rows.tableIds(q, this.ctx.schema, sessionId));
      const ids = tables.map((t) => t.id);
      return { session, tables, flags: await rows.flagsOf(q, this.ctx.schema, ids), moves: await rows.moveStats(q, this.ctx.schema, ids), waiting: await rows.waitingSince(q, this.ctx.schema, ids) };
    });
  }

  create(input: changes.NewSession): ReturnType<typeof changes.createSession> {
    return changes.createSession(this.ctx, input);
  }

  setMessage(sessionId: number, messageId: string): Promise<void> {
    return changes.setSessionMessage(this.ctx, sessionId, messageId);
  }

  join(sessionId: number, user: { id: string; name: string }, table?: number): Promise<StoreResult<changes.Seated>> {
    return changes.joinSession(this.ctx, sessionId, user, table);
  }

  move(sessionId: number, user: { id: string; name: string }, table: number): ReturnType<typeof changes.moveStudent> {
    return changes.moveStudent(this.ctx, sessionId, user, table);
  }

  /** Start all: fill and close tables, then deal each one still in its lobby. */
  async startAll(sessionId: number): Promise<StoreResult<GameRecord[]>> {
    const prepared = await changes.prepareStart(this.ctx, sessionId);
    if (!prepared.ok) return prepared;
    const session = (await this.get(sessionId))!;
    await changes.startTables(this.ctx, session, prepared.value);
    return { ok: true, value: await this.tables(sessionId) };
  }

  pauseAll(sessionId: number): Promise<StoreResult<GameRecord[]>> {
    return changes.pauseAll(this.ctx, sessionId);
  }

  resumeAll(sessionId: number): Promise<StoreResult<GameRecord[]>> {
    return changes.resumeAll(this.ctx, sessionId);
  }

  endAll(sessionId: number): Promise<StoreResult<GameRecord[]>> {
    return changes.endAll(this.ctx, sessionId);
  }

  markEnded(sessionId: number): Promise<boolean> {
    return changes.markEnded(this.ctx, sessionId);
  }

  flag(flag: { gameId: number; seat: number; userId: string; item: string }): Promise<boolean> {
    return changes.addFlag(this.ctx, flag);
  }
}
