/** The class screen's address: a session gets its page token the first time one is asked for. */
import type { StoreContext } from '../context.js';
import { newWebToken } from '../rows/games.js';
import { sessionTokenRow, setSessionToken } from '../rows/session-pages.js';

/** The session's page token, made now when it has none; null for an unknown session. */
export function ensureSessionToken(ctx: StoreContext, sessionId: number): Promise<string | null> {
  return ctx.backend.write(async (tx) => {
    const row = await sessionTokenRow(tx, ctx.schema, sessionId);
    if (!row) return null;
    if (row.token) return row.token;
    const token = newWebToken();
    await setSessionToken(tx, ctx.schema, sessionId, token);
    return token;
  });
}
