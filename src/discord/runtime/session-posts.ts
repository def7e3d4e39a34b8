/**
 * A session's debrief post, sent from a table's outbox to the session's channel (the outbox keeps
 * it exactly once, its nonce a repeat after a crash), then the session message redrawn as ended.
 */
import type { Client } from 'discord.js';
import type { Logger } from '../../logger.js';
import type { GameRecord, GameStore } from '../../store/game-store.js';
import { debriefMessage, sessionMessage } from '../messages/session.js';
import { channelById } from '../transport/channels.js';

export async function sendDebrief(client: Client, store: GameStore, logger: Logger, record: GameRecord, nonce: string): Promise<string | null> {
  const snapshot = record.sessionId ? await store.sessions.snapshot(record.sessionId) : null;
  if (!snapshot) return null;
  const { session } = snapshot;
  const channel = await channelById(client, session.channelId);
  if (!channel) throw new Error(`channel ${session.channelId} could not be read`);
  if (!channel.isSendable()) throw Object.assign(new Error(`channel ${session.channelId} cannot receive messages`), { code: 10003 });
  const message = await channel.send({ ...debriefMessage(snapshot), nonce, enforceNonce: true });
  if (session.messageId && 'messages' in channel) {
    await channel.messages.edit(session.messageId, sessionMessage(session, snapshot.tables)).catch((error: unknown) => logger.warn({ err: error, sessionId: session.id }, 'could not edit the session message'));
  }
  return message.id;
}
