/**
 * The game web pages through the real bot: the link on Discord, the routes, the token, the 404s,
 * the headers, the rate limit, live updates over Server-Sent Events and the replay.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordDouble } from '../double/discord-double.js';
import { CSP } from '../../src/web/server.js';
import { GUILD_ID, Player, componentsOf, interactionsMode, launchBot, tempDatabase, latestBoard, lobbyMessage, openAndStart, playToEnd, settled, startWorld, type World } from './harness.js';
import { readEvents } from './web-events.js';

const PUBLIC_URL = 'https://games.example.org';

function linkOf(message: { components: unknown[] }): string | undefined {
  return (componentsOf(message as never) as { style?: number; url?: string }[]).find((c) => c.style === 5)?.url;
}

function tokenOf(url: string): string {
  const match = /^https:\/\/games\.example\.org\/g\/([A-Za-z0-9_-]+)$/.exec(url);
  if (!match) throw new Error(`not a page URL: ${url}`);
  return match[1]!;
}

describe('game web pages', () => {
  let world: World;
  let local: string;
  beforeAll(async () => {
    world = await startWorld({ channels: 3, env: { PUBLIC_URL, WEB_PORT: '0' } });
    local = world.bot.webUrl!;
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('links each game from its lobby, its boards, its final post and /game link', async () => {
    const channel = world.channels[0]!;
    const host = new Player(world, world.double.addUser({ username: 'teacher' }));
    await host.command(channel, 'game', { subcommand: 'new', options: { game: 'r-eco' } });
    const lobbyUrl = linkOf(lobbyMessage(world, channel));
    expect(lobbyUrl).toBeDefined();
    const token = tokenOf(lobbyUrl!);
    // At least 128 random bits, as URL-safe base64.
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
    const linked = await settled(world.double, await host.command(channel, 'game', { subcommand: 'link' }));
    expect(linked.content).toContain(lobbyUrl);
    expect(linked.flags & 64).toBe(64);
    const lobbyPage = await fetch(`${local}/g/${token}`);
    expect(lobbyPage.status).toBe(200);
    expect(await lobbyPage.text()).toContain('has not started yet');
    await host.command(channel, 'game', { subcommand: 'cancel' });
  });

  it('serves a live page that updates by itself, then a replay with every step', async () => {
    const channel = world.channels[1]!;
    const host = new Player(world, world.double.addUser({ username: 'host' }));
    const other = new Player(world, world.double.addUser({ username: 'other' }));
    await openAndStart(host, channel, [other], 1);
    const url = linkOf(latestBoard(world, channel))!;
    const token = tokenOf(url);
    const page = await fetch(`${local}/g/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('set-cookie')).toBeNull();
    const html = await page.text();
    expect(html).toMatch(/<img id="board" src="\/g\/[^"]+\/post\/\d+\.png\?lang=en" alt="[^"]+">/);
    // Nothing from elsewhere: every address in the page is the bot's own.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);

    const events = await readEvents(`${local}/g/${token}/events`);
    const first = await events.next();
    expect(first.mode).toBe('live');
    const image = await fetch(`${local}${first.image.src}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png1 = Buffer.from(await image.arrayBuffer());
    expect(png1.subarray(1, 4).toString()).toBe('PNG');
    // Every spectator asks for the same board as it lands: the second answer reads no game.
    const reads = vi.spyOn(world.bot.store, 'byWebToken');
    const again = Buffer.from(await (await fetch(`${local}${first.image.src}`)).arrayBuffer());
    expect(again.equals(png1)).toBe(true);
    expect(reads).not.toHaveBeenCalled();
    // The kept image answers its own page's address only.
    expect((await fetch(`${local}${first.image.src.replace(token, 'A'.repeat(token.length))}`)).status).toBe(404);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    // No replay while the game runs, and no post of another game.
    for (const path of ['/step/0.png', '/0', '/replay.json', '/post/999999.png']) expect((await fetch(`${local}/g/${token}${path}`)).status, path).toBe(404);
    // A move through Discord reaches the open stream.
    const mover = [host, other].find((p) => latestBoard(world, channel).content.includes(p.id))!;
    await mover.playOnce(channel);
    const second = await events.next();
    expect(second.version).toBeGreaterThan(first.version);
    events.close();

    await playToEnd(world, channel, [host, other]);
    const record = (await world.bot.store.latestInChannel(channel))!;
    const moves = await world.bot.store.moveCount(record.id);
    const replay = await (await fetch(`${local}/g/${token}/replay.json`)).json() as { steps: { who: string; image: string }[]; ranking: string[] };
    expect(replay.steps).toHaveLength(moves + 1);
    expect(replay.steps[0]!.who).toBe('The deal');
    expect(replay.steps[1]!.who).toMatch(/^Move by /);
    expect(replay.ranking.length).toBe(3);
    const finished = await (await fetch(`${local}/g/${token}`)).text();
    expect(finished).toContain(`Step ${moves} of ${moves}`);
    const step = await fetch(`${local}/g/${token}/1?lang=fr`);
    expect(step.status).toBe(200);
    expect(await step.text()).toContain(`Étape 1 sur ${moves}`);
    // Every language the bot speaks, each page offering the other four.
    for (const [lang, text] of [['de', `Schritt 1 von ${moves}`], ['es', `Paso 1 de ${moves}`], ['it', `Passo 1 di ${moves}`]] as const) {
      const page = await (await fetch(`${local}/g/${token}/1?lang=${lang}`)).text();
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toContain(text);
      for (const other of ['en', 'fr', 'de', 'es', 'it'].filter((l) => l !== lang)) expect(page).toContain(`?lang=${other}"`);
    }
    const png = await fetch(`${local}/g/${token}/step/1.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${local}/g/${token}/${moves + 1}`)).status).toBe(404);
    // A stream opened after the end says so and closes.
    const late = await readEvents(`${local}/g/${token}/events`);
    expect((await late.next()).mode).toBe('over');
    late.close();
    // The final post links the page too.
    const final = world.double.channelMessages(channel).find((m) => m.attachments.some((a) => a.filename === 'final.png'))!;
    expect(linkOf(final)).toBe(url);
  });

  it('answers unknown tokens, other paths and other methods plainly', async () => {
    const paths = ['/g/AAAAAAAAAAAAAAAAAAAAAAAA', '/g/short', '/g/', '/', '/favicon.ico', '/g/AAAAAAAAAAAAAAAAAAAAAAAA/events'];
    // On a server of its own, the interactions path is just another unknown path.
    for (const path of interactionsMode() === 'http' ? paths : [...paths, '/interactions']) {
      const res = await fetch(`${local}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('Not found\n');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const res = await fetch(`${local}/assets/page.css`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
    const head = await fetch(`${local}/assets/page.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await head.text()).toBe('');
  });
});

describe('game web pages: limits and settings', () => {
  it('limits the requests of one address', async () => {
    const world = await startWorld({ env: { PUBLIC_URL, WEB_PORT: '0', WEB_RATE_PER_MINUTE: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await fetch(`${world.bot.webUrl}/assets/page.css`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await fetch(`${world.bot.webUrl}/assets/page.css`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await world.stop();
    }
  });

  it('stops the start with one sentence when WEB_PORT is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const double = await DiscordDouble.start();
    double.addGuild({ id: GUILD_ID });
    try {
      const port = (taken.address() as AddressInfo).port;
      await expect(launchBot(double, tempDatabase(), { PUBLIC_URL, WEB_PORT: String(port) }, undefined, 'gateway')).rejects.toThrow(`The game pages cannot listen on WEB_PORT ${port} (EADDRINUSE): choose another port.`);
    } finally {
      await double.close();
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('shares the interactions server in HTTP mode', async () => {
    const world = await startWorld({ interactions: 'http', env: { PUBLIC_URL } });
    try {
      const channel = world.channels[0]!;
      const host = new Player(world, world.double.addUser({ username: 'host' }));
      await host.command(channel, 'game', { subcommand: 'new', options: { game: 'mark' } });
      const token = tokenOf(linkOf(lobbyMessage(world, channel))!);
      expect(world.bot.webUrl).toBe(world.bot.interactionsUrl!.replace(/\/interactions$/, ''));
      expect((await fetch(`${world.bot.webUrl}/g/${token}`)).status).toBe(200);
      expect((await fetch(world.bot.interactionsUrl!)).status).toBe(405);
    } finally {
      await world.stop();
    }
  });

  it('without PUBLIC_URL serves nothing, adds no link and /game link says how to turn it on', async () => {
    const world = await startWorld();
    try {
      const channel = world.channels[0]!;
      const host = new Player(world, world.double.addUser({ username: 'host' }));
      expect(world.bot.web).toBeUndefined();
      await openAndStart(host, channel, [], 2);
      expect(linkOf(lobbyMessage(world, channel))).toBeUndefined();
      expect(linkOf(latestBoard(world, channel))).toBeUndefined();
      const answer = await settled(world.double, await host.command(channel, 'game', { subcommand: 'link' }));
      expect(answer.content).toMatch(/PUBLIC_URL/);
    } finally {
      await world.stop();
    }
  });
});
