/**
 * Channels by id, with no gateway cache needed: HTTP interactions mode has no guild cache, so a
 * channel comes from the interaction payload or from REST, and is kept once known.
 */
import type { Channel, Client } from 'discord.js';

type ChannelAdder = { _add(data: unknown, guild: null, opts: { cache: boolean; allowUnknownGuild: boolean }): Channel | null };

/** A channel from the cache, else from REST (also when its server is not cached). */
export async function channelById(client: Client, id: string): Promise<Channel | null> {
  const cached = client.channels.cache.get(id);
  if (cached) return cached;
  const channel = await client.channels.fetch(id, { allowUnknownGuild: true });
  if (channel) client.channels.cache.set(id, channel);
  return channel;
}

/** Keeps the partial channel an interaction payload carries, so `interaction.channel` works. */
export function rememberChannel(client: Client, data: unknown): void {
  if (!data || typeof data !== 'object' || typeof (data as { id?: unknown }).id !== 'string') return;
  // Known already. Adding it again would patch it, and a thread whose server is not cached then
  // throws (discord.js looks up its parent through the server).
  if (client.channels.cache.has((data as { id: string }).id)) return;
  const channel = (client.channels as unknown as ChannelAdder)._add(data, null, { cache: false, allowUnknownGuild: true });
  if (channel) client.channels.cache.set(channel.id, channel);
}
