/**
 * The store's face for the class screens (`GameStore.classScreens`): a session's page data, the
 * fingerprints its live pages poll, and its page token. Reads are row helpers in `backend.read`;
 * the token is `changes/session-pages.ts`.
 */
import { ensureSessionToken } from './changes/session-pages.js';
import type { StoreContext } from './context.js';
import * as rows from './rows/session-pages.js';

export { fingerprintOfPage, type SessionPageData, type SessionTable } from './rows/session-pages.js';

export class ClassScreenStore {
  constructor(private readonly ctx: StoreContext) {}

  /** A session's tables and flags, by its id or by its page token. */
  page(by: { id: number } | { token: string }): Promise<rows.SessionPageData | null> {
    return this.ctx.backend.read(async (q) => {
      const id = 'id' in by ? by.id : await rows.sessionIdByWebToken(q, this.ctx.schema, by.token);
      return id === null ? null : rows.loadSessionPage(q, this.ctx.schema, id);
    });
  }

  /** Changes whenever a session's page would: the class screens poll it for every watched session. */
  fingerprints(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return Promise.resolve(new Map());
    return this.ctx.backend.read((q) => rows.sessionFingerprints(q, this.ctx.schema, ids));
  }

  /** The class screen's token, made at the first ask; null for an unknown session. */
  token(sessionId: number): Promise<string | null> {
    return ensureSessionToken(this.ctx, sessionId);
  }
}
