/**
 * HTTP interactions mode on one process: the double POSTs every interaction, signed, to the
 * bot's /interactions endpoint. Requests that are not Discord's are refused before they change
 * anything, and a whole game of every game plays through the endpoint.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/catalog.js';
import { Player, botEnv, componentsOf, finalMessage, latestBoard, launchBot, openAndStart, settled, startWorld, tempDatabase, textOf, type World } from './harness.js';

describe('HTTP interactions endpoint', () => {
  let world: World;
  let url: string;

  beforeAll(async () => {
    world = await startWorld({ channels: 6, interactions: 'http', env: { RENDER_WORKERS: '0' } });
    url = world.bot.interactionsUrl!;
  });
  afterAll(() => world?.stop());

  /** A real /game new payload, as Discord would send it, that a forged request tries to pass on. */
  function gameNewBody(channelId: string, userId: string): string {
    return JSON.stringify({
      id: '1400000000000000001',
      application_id: world.double.applicationId,
      type: 2,
      token: 'forged',
      version: 1,
      channel: { id: channelId, type: 0, guild_id: world.bot.config.DISCORD_GUILD_ID },
      channel_id: channelId,
      guild_id: world.bot.config.DISCORD_GUILD_ID,
      locale: 'en-US',
      app_permissions: '2251799813685247',
      member: { user: { id: userId, username: 'mallory', discriminator: '0', global_name: null, avatar: null }, roles: [], permissions: '0', joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 },
      data: { id: '1400000000000000002', name: 'game', type: 1, options: [{ type: 1, name: 'new', options: [{ type: 3, name: 'game', value: 'r-eco' }] }] },
    });
  }

  it('answers a PING with a PONG', async () => {
    const answer = await world.double.http.ping(url);
    expect(answer).toEqual({ status: 200, body: { type: 1 } });
  });

  it('refuses unsigned, wrongly signed, stale, malformed and oversized requests, and changes nothing', async () => {
    const channel = world.channels[5]!;
    const body = gameNewBody(channel, '1400000000000000003');
    const http = world.double.http;
    const now = Math.floor(Date.now() / 1000);
    const otherKey = generateKeyPairSync('ed25519').privateKey;
    const foreign = sign(null, Buffer.from(`${now}${body}`), otherKey).toString('hex');
    const refusals: [string, Promise<{ status: number }>, number][] = [
      ['unsigned', http.post(url, body, {}), 401],
      ['no timestamp', http.post(url, body, { 'X-Signature-Ed25519': http.signedHeaders(body)['X-Signature-Ed25519']! }), 401],
      ['signed by another key', http.post(url, body, { 'X-Signature-Ed25519': foreign, 'X-Signature-Timestamp': String(now) }), 401],
      ['signature of another body', http.post(url, body, http.signedHeaders(body.replace('r-eco', 'mark'))), 401],
      ['signature not hex', http.post(url, body, { ...http.signedHeaders(body), 'X-Signature-Ed25519': 'zz'.repeat(64) }), 401],
      ['timestamp not a number', http.post(url, body, { ...http.signedHeaders(body), 'X-Signature-Timestamp': 'yesterday' }), 401],
      ['stale by six minutes', http.post(url, body, http.signedHeaders(body, now - 360)), 401],
      ['six minutes ahead', http.post(url, body, http.signedHeaders(body, now + 360)), 401],
      ['signed but not JSON', http.post(url, '{"type": 2,', http.signedHeaders('{"type": 2,')), 400],
      ['signed but not an interaction', http.post(url, '[1,2]', http.signedHeaders('[1,2]')), 400],
      ['oversized', http.post(url, `${body}${' '.repeat(300 * 1024)}`, http.signedHeaders(`${body}${' '.repeat(300 * 1024)}`)), 400],
    ];
    for (const [why, answer, status] of refusals) expect({ why, status: (await answer).status }).toEqual({ why, status });

    const elsewhere = await fetch(url.replace('/interactions', '/other'), { method: 'POST', body });
    expect(elsewhere.status).toBe(404);
    expect((await fetch(url)).status).toBe(405);
    // Nothing reached the router: no lobby, no message, no callback.
    expect((await world.bot.store.openInChannel(channel))).toBeNull();
    expect(world.double.channelMessages(channel)).toEqual([]);
    expect(world.double.restLog.filter((r) => r.path.includes('/interactions/'))).toEqual([]);
  });

  it('refuses to start with the public key of another application', async () => {
    await expect(launchBot(world.double, tempDatabase(), { DISCORD_PUBLIC_KEY: 'ab'.repeat(32) }, undefined, 'http')).rejects.toThrow(
      /^DISCORD_PUBLIC_KEY is not the public key of this application/,
    );
  });

  it('`npm run deploy-commands` registers the commands and shows the endpoint Discord uses', async () => {
    const before = world.double.commandPuts;
    const env = { ...botEnv(world.double, tempDatabase()), INTERACTIONS: 'http', PORT: '8080', DISCORD_PUBLIC_KEY: world.double.http.publicKey };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/deploy-commands.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      timeout: 20_000,
    });
    expect(world.double.commandPuts).toBe(before + 1);
    expect(stdout).toContain(`Interactions Endpoint URL: ${url}`);
  }, 30_000);

  const OPTIONS: Record<string, Record<string, string | boolean>> = {
    'r-eco': {},
    mark: { 'mark-short': true },
    'mull-money': {},
    palermo: { 'palermo-turns': '5' },
    phoneimpact: { 'phoneimpact-20min': true },
  };

  it('plays a whole game of every game, one person against bots, through the endpoint', async () => {
    expect(Object.keys(OPTIONS).sort()).toEqual(Object.keys(GAMES).sort());
    const deliveredBefore = world.double.http.deliveries.length;
    await Promise.all(
      Object.entries(OPTIONS).map(async ([game, options], i) => {
        const channel = world.channels[i]!;
        const human = new Player(world, world.double.addUser({ username: `solo-${game}` }));
        await openAndStart(human, channel, [], game === 'mull-money' ? 2 : 3, { game, ...options });
        const id = (await world.bot.store.openInChannel(channel))!.id;
        for (let step = 0; step < 3000 && !finalMessage(world, channel); step++) {
          const record = (await world.bot.store.get(id))!;
          if (record.status !== 'active') break;
          // A board without controls is the last one (or one about to be replaced): wait.
          const board = latestBoard(world, channel);
          if (componentsOf(board).length === 0) {
            await world.double.waitFor(async () => finalMessage(world, channel) || latestBoard(world, channel).id !== board.id || (await world.bot.store.get(id))!.version > record.version, 20_000);
            continue;
          }
          // Palermo's first menu choice can be taken again and again: go straight to the refill.
          try {
            const hand = game === 'palermo' ? await human.openHand(channel) : null;
            const refill = hand ? componentsOf(hand).find((c) => c.custom_id?.startsWith('mv:') && c.custom_id.endsWith(':menu:refill')) : undefined;
            if (hand && refill?.custom_id) await settled(world.double, await human.click(hand, refill.custom_id));
            else await human.tryPlayOnce(channel);
          } catch (error) {
            // The board may lose its controls between the look above and the click: only then
            // (the game moved on meanwhile) is a failed click no failure.
            if ((await world.bot.store.get(id))!.version === record.version) throw error;
          }
          // Wait for the game to move on (a bot, this person, or the end).
          await world.double.waitFor(async () => (await world.bot.store.get(id))!.version > record.version || finalMessage(world, channel), 20_000);
        }
        const final = await world.double.waitFor(() => finalMessage(world, channel), 20_000);
        expect(textOf(final)).toMatch(/🏆/);
        expect((await world.bot.store.get(id))!.status).toBe('finished');
        expect(new Set((await world.bot.store.moveLog(id)).filter((m) => m.actorId === human.id).map((m) => m.seat))).toEqual(new Set([0]));
      }),
    );
    // Every interaction went through the endpoint, none through a gateway.
    const deliveries = world.double.http.deliveries.slice(deliveredBefore);
    expect(deliveries.length).toBeGreaterThan(50);
    expect(deliveries.every((d) => d.status === 200 && d.url === world.bot.interactionsUrl)).toBe(true);
    expect(world.double.connectedClients).toBe(0);
    expect(world.double.violations).toEqual([]);
  }, 600_000);
});
