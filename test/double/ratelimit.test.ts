/**
 * The double's rate limits: Discord's headers and 429 answers, and a real REST client (the one
 * discord.js uses) pacing itself by them without a single 429 and without reordering.
 */
import { REST, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordDouble, type RateLimitOptions } from './discord-double.js';

describe('Discord double rate limits', () => {
  let double: DiscordDouble | undefined;
  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  async function start(rateLimits: RateLimitOptions) {
    double = await DiscordDouble.start({ rateLimits });
    const guild = double.addGuild({ name: 'club' });
    const channel = double.addChannel(guild.id, { name: 'table' });
    const post = (content: string) =>
      fetch(`${double!.apiUrl}/v10/channels/${channel.id}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bot ${double!.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content }),
      });
    return { double, channel, post };
  }

  it('are off unless asked: no headers, no 429', async () => {
    double = await DiscordDouble.start();
    const guild = double.addGuild({ name: 'club' });
    const channel = double.addChannel(guild.id, { name: 'table' });
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${double.apiUrl}/v10/channels/${channel.id}/messages`, {
        method: 'POST',
        headers: { Authorization: `Bot ${double.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: `m${i}` }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    expect(double.rateLimiter).toBeUndefined();
  });

  it('answers a channel’s sixth message in its window with 429, Retry-After and the bucket headers, and keeps it out', async () => {
    const { double, channel, post } = await start({ messageWindowMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      const res = await post(`m${i}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
      expect(Number(res.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
      expect(res.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]+$/);
    }
    const refused = await post('m5');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-scope')).toBe('user');
    const body = (await refused.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(double.channelMessages(channel.id).map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(double.rateLimiter!.hits).toHaveLength(1);
  });

  it('applies the global limit to bot requests, not to interaction callbacks', async () => {
    const { double, channel } = await start({ globalPerSecond: 3, globalWindowMs: 60_000 });
    const get = () => fetch(`${double.apiUrl}/v10/channels/${channel.id}`, { headers: { Authorization: `Bot ${double.token}` } });
    for (let i = 0; i < 3; i++) expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-global')).toBe('true');
    expect(refused.headers.get('x-ratelimit-scope')).toBe('global');
    expect(((await refused.json()) as { global: boolean }).global).toBe(true);
    // It counts what it saw in its window, the refused request too, and leaves callbacks out.
    expect(double.rateLimiter!.globalWindows).toEqual([4]);
    expect(double.rateLimiter!.globalArrivals).toHaveLength(4);
    // An unknown interaction's callback is refused for what it is (404), not for the rate.
    const callback = await fetch(`${double.apiUrl}/v10/interactions/1/x/callback`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":6}' });
    expect(callback.status).toBe(404);
    expect(double.rateLimiter!.globalWindows).toEqual([4]);
  });

  it('lets a client that reads the headers post in order with no 429', async () => {
    const { double, channel } = await start({ messagesPerWindow: 2, messageWindowMs: 300 });
    const rest = new REST({ api: double.apiUrl }).setToken(double.token);
    const sent = await Promise.all(Array.from({ length: 7 }, (_, i) => rest.post(Routes.channelMessages(channel.id), { body: { content: `m${i}` } })));
    expect(sent).toHaveLength(7);
    expect(double.channelMessages(channel.id).map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(double.rateLimiter!.hits).toEqual([]);
  });
});
