/**
 * The runtime side of notifications: reads the people's choices a post's reach depends on, and
 * sends direct messages, noting a person whose DMs Discord refuses (error 50007) so they are
 * mentioned in the channel from then on, and told so once.
 */
import type { Client, MessageCreateOptions } from 'discord.js';
import type { Logger } from '../../logger.js';
import type { GameRecord, GameStore } from '../../store/game-store.js';
import type { PostPayload } from '../../store/schema.js';
import { reachOf, reachUsers, type Reach } from '../messages/mentions.js';

/** Discord's "Cannot send messages to this user": the person closed their DMs to the bot. */
export const DMS_CLOSED = 50007;

export async function reachFor(store: GameStore, record: GameRecord, post: PostPayload): Promise<Reach> {
  const users = reachUsers(record, post);
  return reachOf(record, post, users.length ? await store.noticesOf(users) : new Map());
}

/**
 * Sends one DM. Closed DMs are noted (the channel of `gameId` says so once); any other failure
 * is only logged: a DM is never worth failing the work it follows.
 */
export async function sendDirect(
  deps: { client: Client; store: GameStore; logger: Logger },
  userId: string,
  gameId: number | null,
  message: MessageCreateOptions,
): Promise<'sent' | 'closed' | 'failed'> {
  try {
    const user = await deps.client.users.fetch(userId);
    await user.send({ ...message, allowedMentions: { parse: [] } });
    return 'sent';
  } catch (error) {
    if ((error as { code?: unknown }).code === DMS_CLOSED) {
      await deps.store.closeDms(userId, gameId).catch((e: unknown) => deps.logger.error({ err: e, userId }, 'could not note closed DMs'));
      return 'closed';
    }
    deps.logger.warn({ err: error, gameId }, 'direct message not delivered');
    return 'failed';
  }
}
