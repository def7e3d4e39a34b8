/**
 * The game page rides out a server that refuses it for a while, as a class screen left open for
 * an hour meets it: a proxy in front of the real page server answers 502, 503 or 429 to chosen
 * requests. The live page says it is retrying and then follows the game again; the reload at the
 * end waits for the page to answer; a replay whose data fails once says so and then steps.
 */
import { existsSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, componentsOf, latestBoard, openAndStart, playToEnd, type World, startWorld } from './harness.js';

// The page's own globals, for the functions that run in the browser.
declare const document: any;
declare const window: any;
declare const MutationObserver: any;

const CHROMIUM = '/usr/bin/chromium';
const PUBLIC_URL = 'https://games.example.org';

interface Refusal {
  matches(req: IncomingMessage): boolean;
  status: number;
}

/** Passes requests on to the page server, except the ones it is told to refuse. */
class FlakyProxy {
  /** Refused in order: each answers the first request it matches, once. */
  readonly refusals: Refusal[] = [];
  readonly refused: string[] = [];
  private readonly streams = new Set<ServerResponse>();
  private readonly server: Server;
  url = '';

  constructor(private readonly upstream: string) {
    this.server = createServer((req, res) => this.pass(req, res));
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  refuse(status: number, matches: (req: IncomingMessage) => boolean): void {
    this.refusals.push({ status, matches });
  }

  /** Drops the event streams open through the proxy, as a restarting proxy or bot does. */
  cutStreams(): void {
    for (const res of this.streams) res.destroy();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pass(req: IncomingMessage, res: ServerResponse): void {
    const i = this.refusals.findIndex((r) => r.matches(req));
    if (i >= 0) {
      const { status } = this.refusals.splice(i, 1)[0]!;
      this.refused.push(`${req.method} ${new URL(req.url!, this.url).pathname} ${status}`);
      req.resume();
      res.writeHead(status, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store', ...(status === 429 ? { 'Retry-After': '1' } : {}) });
      res.end(`refused with ${status}\n`);
      return;
    }
    const up = request(`${this.upstream}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
    if (req.url?.includes('/events')) {
      this.streams.add(res);
      res.on('close', () => this.streams.delete(res));
    }
    // The browser gone, the page server must see the stream close too.
    res.on('close', () => up.destroy());
  }
}

function pagePath(world: World, channel: string): string {
  const url = (componentsOf(latestBoard(world, channel)) as { style?: number; url?: string }[]).find((c) => c.style === 5)!.url!;
  return url.slice(PUBLIC_URL.length);
}

const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.RECYCLERIE_REQUIRE_BROWSER) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);

describe.skipIf(!hasBrowser)('game page through a flaky server', () => {
  let world: World;
  let browser: Browser;
  let proxy: FlakyProxy;
  let path = '';

  beforeAll(async () => {
    world = await startWorld({ channels: 1, env: { PUBLIC_URL, WEB_PORT: '0' } });
    proxy = new FlakyProxy(world.bot.webUrl!);
    await proxy.listen();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await world?.stop();
  });

  /** A page through the proxy that records every text its connection notices show. */
  async function open(address: string): Promise<Page & { errors: string[] }> {
    const page = (await browser.newPage()) as Page & { errors: string[] };
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.addInitScript(() => {
      const seen: string[] = ((window as { seen: string[] }).seen = []);
      new MutationObserver(() => {
        for (const id of ['conn', 'loading']) {
          const box = document.getElementById(id);
          if (box && !box.hidden && seen[seen.length - 1] !== box.textContent) seen.push(box.textContent);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto(`${proxy.url}${address}`);
    return page;
  }

  const seen = (page: Page): Promise<string[]> => page.evaluate(() => (window as { seen: string[] }).seen);

  it('keeps following a live game after the event stream is refused, and reloads only once the page answers', async () => {
    const channel = world.channels[0]!;
    const host = new Player(world, world.double.addUser({ username: 'teacher' }));
    const pupil = new Player(world, world.double.addUser({ username: 'pupil' }));
    await openAndStart(host, channel, [pupil], 1);
    path = pagePath(world, channel);
    const web = world.bot.web!;

    const live = await open(path);
    await live.waitForFunction(() => document.body.dataset.version !== undefined);
    await world.double.waitFor(() => web.openStreams === 1);
    await live.evaluate(() => ((window as { mark: string }).mark = 'same document'));

    // The bot restarts behind a reverse proxy: the stream drops, then every way a server says
    // "not now" once. The browser's own retry would stop at the first of them.
    const events = (req: IncomingMessage) => !!req.url?.includes('/events');
    for (const status of [502, 503, 429]) proxy.refuse(status, events);
    proxy.cutStreams();
    await world.double.waitFor(() => proxy.refused.length === 3 && web.openStreams === 1, 60_000);
    await live.waitForFunction(() => document.getElementById('conn').hidden);
    expect(proxy.refused).toEqual([`GET ${path}/events 502`, `GET ${path}/events 503`, `GET ${path}/events 429`]);
    const notices = await seen(live);
    expect(notices.length).toBeGreaterThan(0);
    for (const text of notices) expect(text).toMatch(/^Connection lost, (retrying in \d+\u00a0s…|reconnecting…)$/);
    expect(notices.some((text) => /retrying in \d+\u00a0s…$/.test(text))).toBe(true);

    // Connected again: a later move reaches the same document.
    const before = Number(await live.evaluate(() => document.body.dataset.version));
    const mover = [host, pupil].find((p) => latestBoard(world, channel).content.includes(p.id))!;
    await mover.playOnce(channel);
    const record = (await world.bot.store.latestInChannel(channel))!;
    expect(record.version).toBeGreaterThan(before);
    await live.waitForFunction((v) => Number(document.body.dataset.version) >= v, record.version);
    expect(await live.evaluate(() => (window as { mark?: string }).mark)).toBe('same document');

    // The server is down just as the game ends: the page asks until it answers, then reloads
    // into the replay instead of a browser error page.
    const page = (req: IncomingMessage) => new URL(req.url!, proxy.url).pathname === path;
    proxy.refuse(502, page);
    proxy.refuse(503, page);
    await live.evaluate(() => ((window as { seen: string[] }).seen.length = 0));
    await playToEnd(world, channel, [host, pupil]);
    await live.waitForFunction(() => document.body.dataset.mode === 'replay', undefined, { timeout: 60_000 });
    expect(proxy.refused.slice(3)).toEqual([`HEAD ${path} 502`, `HEAD ${path} 503`]);
    expect(live.errors).toEqual([]);
    await live.close();
  });

  it('says so when the replay data fails to load, then loads it and steps', async () => {
    expect(path).not.toBe('');
    proxy.refuse(502, (req) => !!req.url?.includes('/replay.json'));
    const replay = await open(`${path}?lang=fr`);
    await replay.waitForFunction(() => document.body.dataset.ready === 'true', undefined, { timeout: 30_000 });
    expect(proxy.refused.at(-1)).toBe(`GET ${path}/replay.json 502`);
    const notices = await seen(replay);
    expect(notices.length).toBeGreaterThan(0);
    for (const text of notices) expect(text).toMatch(/^La partie rejouée n’a pas pu être chargée, nouvel essai dans \d+\u00a0s…$/);
    expect(await replay.evaluate(() => document.getElementById('loading').hidden)).toBe(true);

    const total = Number(await replay.evaluate(() => document.body.dataset.total));
    await replay.keyboard.press('ArrowLeft');
    await replay.waitForFunction((n) => document.body.dataset.step === String(n), total - 1);
    expect(await replay.textContent('#stepText')).toBe(`Étape ${total - 1} sur ${total}`);
    expect(replay.errors).toEqual([]);
    await replay.close();
  });
});
