import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST, type RateLimitData } from '@discordjs/rest';
import { Client, Routes } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { holdGlobalLimit, splitRestBudget } from '../../src/discord/transport/rest-budget.js';

/** An API that answers every request at once and counts what it saw, with and without the token. */
async function api(): Promise<{ url: string; server: Server; seen: { path: string; auth: boolean }[] }> {
  const seen: { path: string; auth: boolean }[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization !== undefined });
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server, seen };
}

describe('the global REST budget', () => {
  let stop: () => Promise<void> = async () => {};
  afterEach(() => stop());

  async function clientWithBudget(perSecond: number) {
    const { url, server, seen } = await api();
    const options = { api: url, globalRequestsPerSecond: perSecond };
    const client = new Client({ intents: [], rest: options });
    client.rest.setToken('token');
    splitRestBudget(client, options);
    const limited: RateLimitData[] = [];
    client.rest.on('rateLimited', (data) => limited.push(data));
    stop = async () => {
      await client.destroy();
      await new Promise((resolve) => server.close(resolve));
    };
    return { client, seen, limited };
  }

  it('never makes interaction webhook requests (private views, follow-ups) wait for it', async () => {
    const { client, seen, limited } = await clientWithBudget(1);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.rest.patch(Routes.webhookMessage('123456789012345678', `token${i % 2}`, '@original'), { auth: false, body: { content: 'x' } })),
    );
    expect(seen).toHaveLength(6);
    expect(seen.every((r) => !r.auth)).toBe(true);
    expect(limited).toEqual([]);
  });

  it('still paces requests made with the bot token', async () => {
    const { client, seen, limited } = await clientWithBudget(1);
    await Promise.all([client.rest.get(Routes.channel('123456789012345678')), client.rest.get(Routes.channel('223456789012345678'))]);
    expect(seen.map((r) => r.auth)).toEqual([true, true]);
    expect(limited.some((l) => l.global)).toBe(true);
  });
});

describe('the global limit, held as requests leave', () => {
  /** A REST client whose requests go nowhere and note when they left, on the monotonic clock. */
  function restHeldTo(perSecond: number, offset: number) {
    const sent: { url: string; at: number }[] = [];
    const rest = new REST({
      globalRequestsPerSecond: perSecond,
      offset,
      makeRequest: async (url) => {
        sent.push({ url, at: performance.now() });
        return new Response('{}') as never;
      },
    });
    holdGlobalLimit(rest);
    return { sent, send: (url: string) => rest.options.makeRequest(url, {}) };
  }

  /** Busy-waits until the wall clock reads `ms`, as a loaded machine holds the event loop. */
  function busyUntil(ms: number): void {
    while (Date.now() < ms);
  }

  it('lets no more than the limit leave within any second plus the margin, in the order asked', async () => {
    const { sent, send } = restHeldTo(4, 50);
    const urls = Array.from({ length: 10 }, (_, i) => `https://discord.test/${i}`);
    await Promise.all(urls.map(send));
    expect(sent.map((s) => s.url)).toEqual(urls);
    // The fifth request after any one leaves 1,050 ms after it or later.
    for (let i = 0; i + 4 < sent.length; i++) expect(sent[i + 4]!.at - sent[i]!.at).toBeGreaterThanOrEqual(1050);
    // Up to the limit leave at once.
    expect(sent[3]!.at - sent[0]!.at).toBeLessThan(1000);
  });

  it('keeps the order and the limit when the event loop is busy as held requests fall due', async () => {
    const { sent, send } = restHeldTo(4, 50);
    const urls = Array.from({ length: 10 }, (_, i) => `https://discord.test/${i}`);
    // Requests asked over 80 ms while the first ones leave, on whole milliseconds of the wall
    // clock: a throttle that plans from Date.now() gives the fifth and seventh the same timer
    // duration and the sixth another, and Node runs all the due timers of one duration first.
    busyUntil(Date.now() + 1);
    const start = Date.now();
    const asked: Promise<unknown>[] = [];
    const ask = (i: number) => asked.push(send(urls[i]!));
    ask(0);
    busyUntil(start + 20);
    ask(1);
    busyUntil(start + 40);
    [2, 3, 4, 5].forEach(ask);
    busyUntil(start + 80);
    [6, 7, 8, 9].forEach(ask);
    // The loop is busy from shortly before the fifth may leave until after the seventh may.
    setTimeout(() => busyUntil(start + 1050 + 100), 1050 - 30 - (Date.now() - start));
    await Promise.all(asked);
    expect(sent.map((s) => s.url)).toEqual(urls);
    for (let i = 0; i + 4 < sent.length; i++) expect(sent[i + 4]!.at - sent[i]!.at).toBeGreaterThanOrEqual(1050);
  });

  it('leaves a client without a limit as it was', () => {
    const rest = new REST({ globalRequestsPerSecond: Number.POSITIVE_INFINITY });
    const before = rest.options.makeRequest;
    holdGlobalLimit(rest);
    expect(rest.options.makeRequest).toBe(before);
  });
});
