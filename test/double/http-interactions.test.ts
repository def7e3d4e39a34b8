// The double's HTTP interactions and its gateway shards, against small plain endpoints and a
// plain discord.js client (no bot code), so the double itself is what is tested.
import { createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Events, GatewayIntentBits, MessageFlags, Routes, type Interaction } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscordDouble } from './discord-double.js';

type Answer = (payload: Record<string, any>) => { status: number; body: unknown; delayMs?: number } | Promise<{ status: number; body: unknown }>;

/** A minimal endpoint that checks the signature itself and answers as `answer` says. */
async function endpoint(publicKeyHex: string, answer: Answer): Promise<{ url: string; seen: Record<string, any>[]; server: Server }> {
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]), format: 'der', type: 'spki' });
  const seen: Record<string, any>[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const signature = String(req.headers['x-signature-ed25519'] ?? '');
      const timestamp = String(req.headers['x-signature-timestamp'] ?? '');
      const ok = /^[0-9a-f]{128}$/.test(signature) && verify(null, Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signature, 'hex'));
      if (!ok) {
        res.writeHead(401).end('bad signature');
        return;
      }
      const payload = JSON.parse(body.toString()) as Record<string, any>;
      if (payload.type === 1) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}');
        return;
      }
      seen.push(payload);
      const out = await answer(payload);
      res.writeHead(out.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`, seen, server };
}

describe('the double over HTTP interactions', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  async function world() {
    const double = await DiscordDouble.start({ responseDeadlineMs: 400 });
    cleanup.push(() => double.close());
    const guild = double.addGuild();
    const channel = double.addChannel(guild.id);
    const user = double.addUser({ username: 'ada' });
    return { double, channel, user };
  }

  it('refuses to save an endpoint that does not PONG or that accepts a bad signature', async () => {
    const { double } = await world();
    const lax = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"type":1}'));
    await new Promise<void>((resolve) => lax.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => lax.close(resolve)));
    const laxUrl = `http://127.0.0.1:${(lax.address() as AddressInfo).port}/interactions`;
    await expect(double.http.setUrls([laxUrl])).rejects.toThrow(/accepted a bad signature/);
    const mute = await endpoint(double.http.publicKey, () => ({ status: 200, body: {} }));
    cleanup.push(() => new Promise((resolve) => mute.server.close(resolve)));
    await expect(double.http.setUrls([mute.url])).resolves.toBeUndefined();
    expect(double.http.active).toBe(true);
  });

  it('delivers signed interactions to the replicas in turn and takes the HTTP answer as the first response', async () => {
    const { double, channel, user } = await world();
    const replicas = await Promise.all(
      [0, 1].map((n) => endpoint(double.http.publicKey, () => ({ status: 200, body: { type: 4, data: { content: `from replica ${n}`, flags: MessageFlags.Ephemeral } } }))),
    );
    for (const r of replicas) cleanup.push(() => new Promise((resolve) => r.server.close(resolve)));
    await double.http.setUrls(replicas.map((r) => r.url));
    const recs = [];
    for (let i = 0; i < 4; i++) recs.push(await (await double.slash(user, channel.id, 'help')).response());
    expect(replicas.map((r) => r.seen.length)).toEqual([2, 2]);
    expect(recs.map((r) => r.reply?.content)).toEqual(['from replica 0', 'from replica 1', 'from replica 0', 'from replica 1']);
    expect(recs.every((r) => r.ephemeral && r.ackType === 4)).toBe(true);
    expect(replicas[0]!.seen[0]).toMatchObject({ type: 2, channel_id: channel.id, data: { name: 'help' } });
    expect(double.connectedClients).toBe(0);
    expect(double.violations).toEqual([]);
  });

  it('holds the HTTP answer to the deadline, and refuses an answer Discord would refuse', async () => {
    const { double, channel, user } = await world();
    let mode: 'late' | 'bad' | 'error' = 'late';
    const slow = await endpoint(double.http.publicKey, async () => {
      if (mode === 'late') await new Promise((resolve) => setTimeout(resolve, 600));
      if (mode === 'error') return { status: 500, body: { error: 'down' } };
      return { status: 200, body: mode === 'bad' ? { type: 6 } : { type: 4, data: { content: 'late' } } };
    });
    cleanup.push(() => new Promise((resolve) => slow.server.close(resolve)));
    await double.http.setUrls([slow.url]);
    const late = await double.slash(user, channel.id, 'help');
    await expect(late.response()).rejects.toThrow(/deadline/);
    await double.waitFor(() => late.deadlineMissed && double.http.deliveries.find((d) => d.interactionId === late.id)?.status === 200);
    expect(late.reply).toBeUndefined();
    mode = 'bad';
    const bad = await double.slash(user, channel.id, 'help');
    await double.waitFor(() => bad.errors.length > 0);
    expect(bad.errors[0]).toMatchObject({ status: 400, code: 50035 });
    mode = 'error';
    const failed = await double.slash(user, channel.id, 'help');
    await double.waitFor(() => failed.errors.length > 0);
    expect(failed.errors[0]).toMatchObject({ status: 500 });
  });

  it('lets edits through the webhook follow a deferral given in the HTTP answer', async () => {
    const { double, channel, user } = await world();
    const replica = await endpoint(double.http.publicKey, () => ({ status: 200, body: { type: 5 } }));
    cleanup.push(() => new Promise((resolve) => replica.server.close(resolve)));
    await double.http.setUrls([replica.url]);
    const rec = await double.slash(user, channel.id, 'help');
    await rec.response();
    expect(rec.ackType).toBe(5);
    const res = await fetch(`${double.apiUrl}/v10${Routes.webhookMessage(double.applicationId, rec.token, '@original')}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: 'done' }),
    });
    expect(res.status).toBe(200);
    expect(rec.reply?.content).toBe('done');
  });
});

describe('the double with two gateway shards', () => {
  it('recommends two shards and routes each guild to its own shard', async () => {
    const double = await DiscordDouble.start({ shards: 2, maxConcurrency: 2 });
    // Discord's rule: shard = (guild_id >> 22) % shard count.
    const guilds = [double.addGuild({ id: '300000000000000001' }), double.addGuild({ id: String(300000000000000001n + (1n << 22n)) })];
    const shardOf = (id: string) => Number((BigInt(id) >> 22n) % 2n);
    expect(guilds.map((g) => shardOf(g.id)).sort()).toEqual([0, 1]);
    const channels = guilds.map((g) => double.addChannel(g.id));
    const user = double.addUser({ username: 'ada' });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], shards: 'auto', rest: { api: double.apiUrl } });
    const seenOnShard = new Map<string, number>();
    client.on(Events.InteractionCreate, (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      seenOnShard.set(i.guildId!, i.guild!.shardId);
      void i.reply({ content: `shard ${i.guild!.shardId}`, flags: MessageFlags.Ephemeral });
    });
    try {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(double.token);
      await ready;
      expect(client.ws.shards.size).toBe(2);
      expect(double.gatewayStats.identifies).toBe(2);
      expect(client.guilds.cache.size).toBe(2);
      for (const [i, channel] of channels.entries()) {
        const rec = await (await double.slash(user, channel.id, 'ping')).response();
        expect(rec.reply?.content).toBe(`shard ${shardOf(guilds[i]!.id)}`);
      }
      expect(Object.fromEntries(seenOnShard)).toEqual(Object.fromEntries(guilds.map((g) => [g.id, shardOf(g.id)])));
      expect(double.violations).toEqual([]);
    } finally {
      await client.destroy();
      await double.close();
    }
  });
});
