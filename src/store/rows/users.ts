/** What the bot keeps per person (how they are told it is their turn) and for itself (`meta`). */
import { eq, sql } from 'drizzle-orm';
import { frequent, type Q, type Schema } from '../backend.js';
import type { NotifyMode } from '../schema.js';

export async function notifyOf(q: Q, { users }: Schema, userId: string): Promise<NotifyMode> {
  return (await frequent(q, 'notify', (q) => q.select({ notify: users.notify }).from(users).where(eq(users.userId, sql.placeholder('userId'))).limit(1), { userId }))[0]?.notify ?? 'channel';
}

export async function setNotify(tx: Q, { users }: Schema, userId: string, notify: NotifyMode): Promise<void> {
  await tx.insert(users).values({ userId, notify }).onConflictDoUpdate({ target: users.userId, set: { notify } });
}

export async function getMeta(q: Q, { meta }: Schema, key: string): Promise<string | null> {
  return (await q.select().from(meta).where(eq(meta.key, key)).limit(1))[0]?.value ?? null;
}

export async function setMeta(tx: Q, { meta }: Schema, key: string, value: string): Promise<void> {
  await tx.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}
