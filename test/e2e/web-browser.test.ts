/**
 * The game page in a real browser: Debian's chromium, headless, driven by playwright-core (no
 * browser is downloaded). A live page updates when a move is made through Discord, a finished
 * replay steps with the keyboard, and both read at 400 px and 1280 px with no sideways scroll.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, componentsOf, latestBoard, openAndStart, playToEnd, type World, startWorld } from './harness.js';

// The page's own globals, for the functions that run in the browser.
declare const document: any;
declare const window: any;
type HTMLImageElement = any;

const CHROMIUM = '/usr/bin/chromium';
const PUBLIC_URL = 'https://games.example.org';
const shots = process.env.WEB_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'recyclerie-web-'));

function pagePath(world: World, channel: string): string {
  const url = (componentsOf(latestBoard(world, channel)) as { style?: number; url?: string }[]).find((c) => c.style === 5)!.url!;
  return url.slice(PUBLIC_URL.length);
}

/** The board loaded and nothing scrolls sideways, at this width; a screenshot to look at. */
async function checkLayout(page: Page, width: number, name: string): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction(() => {
    const img = document.getElementById('board') as HTMLImageElement | null;
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    alt: (document.getElementById('board') as HTMLImageElement).alt,
    shown: (document.getElementById('board') as HTMLImageElement).getBoundingClientRect().width,
  }));
  expect(layout.scrollWidth).toBeLessThanOrEqual(layout.clientWidth);
  expect(layout.alt.length).toBeGreaterThan(10);
  expect(layout.shown).toBeGreaterThan(width / 2);
  const file = join(shots, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  expect(statSync(file).size).toBeGreaterThan(1000);
}

const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.RECYCLERIE_REQUIRE_BROWSER) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
if (!hasBrowser) console.warn(`${CHROMIUM} is missing: the browser test of the game pages is skipped (apt-get install chromium).`);

describe.skipIf(!hasBrowser)('game page in a browser', () => {
  let world: World;
  let browser: Browser;
  /** Every address the pages asked for: nothing may go anywhere but the bot. */
  const requested: string[] = [];

  beforeAll(async () => {
    world = await startWorld({ channels: 1, env: { PUBLIC_URL, WEB_PORT: '0' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage();
    page.on('request', (r) => requested.push(r.url()));
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${world.bot.webUrl}${path}`);
    (page as Page & { errors: string[] }).errors = errors;
    return page;
  }

  it('follows a live game without a reload, then steps through its replay with the keyboard', async () => {
    const channel = world.channels[0]!;
    const host = new Player(world, world.double.addUser({ username: 'teacher' }));
    const pupil = new Player(world, world.double.addUser({ username: 'pupil' }));
    await openAndStart(host, channel, [pupil], 1);
    const path = pagePath(world, channel);

    const live = await open(path);
    await checkLayout(live, 400, 'live');
    await checkLayout(live, 1280, 'live');
    // The page's script has connected once it showed a version; mark this document to see that
    // it is never reloaded.
    await live.waitForFunction(() => document.body.dataset.version !== undefined);
    const before = Number(await live.evaluate(() => document.body.dataset.version));
    await live.evaluate(() => ((window as unknown as { mark: string }).mark = 'same document'));
    const src = await live.getAttribute('#board', 'src');

    const mover = [host, pupil].find((p) => latestBoard(world, channel).content.includes(p.id))!;
    await mover.playOnce(channel);
    const record = (await world.bot.store.latestInChannel(channel))!;
    await live.waitForFunction((v) => Number(document.body.dataset.version) >= v, record.version);
    expect(Number(await live.evaluate(() => document.body.dataset.version))).toBeGreaterThan(before);
    expect(await live.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe('same document');
    // A new board post means a new image; the page shows the channel's newest board.
    const post = await world.bot.store.latestBoardPost(record.id);
    await live.waitForFunction((id) => (document.getElementById('board') as HTMLImageElement).src.includes(`/post/${id}.png`), post!.id);
    expect(await live.getAttribute('#board', 'src')).not.toBe(src);
    await checkLayout(live, 400, 'live-after-move');

    // A dropped stream (a proxy restarting, a laptop waking up): the page connects again by
    // itself, and the end of the game below reaches it only through the new stream.
    const web = world.bot.web!;
    for (const set of (web as unknown as { watchers: Map<number, Set<{ res: { destroy(): void } }>> }).watchers.values()) for (const w of set) w.res.destroy();
    await world.double.waitFor(() => web.openStreams === 0);
    await world.double.waitFor(() => web.openStreams === 1, 30_000);

    await playToEnd(world, channel, [host, pupil]);
    // The open page notices the end and turns into the replay.
    await live.waitForFunction(() => document.body.dataset.mode === 'replay', undefined, { timeout: 30_000 });
    await live.close();

    const replay = await open(path);
    await replay.waitForFunction(() => document.body.dataset.ready === 'true');
    const total = Number(await replay.evaluate(() => document.body.dataset.total));
    expect(total).toBeGreaterThan(3);
    await checkLayout(replay, 400, 'replay');
    await checkLayout(replay, 1280, 'replay');
    await replay.keyboard.press('ArrowLeft');
    await replay.waitForFunction((n) => document.body.dataset.step === String(n), total - 1);
    expect(replay.url()).toContain(`${path}/${total - 1}`);
    expect(await replay.textContent('#stepText')).toBe(`Step ${total - 1} of ${total}`);
    await replay.keyboard.press('Home');
    await replay.waitForFunction(() => document.body.dataset.step === '0');
    expect(await replay.textContent('#who')).toBe('The deal');
    await replay.keyboard.press('ArrowRight');
    await replay.waitForFunction(() => document.body.dataset.step === '1');
    expect(await replay.textContent('#who')).toMatch(/^Move by /);
    await checkLayout(replay, 400, 'replay-step-1');
    // A shared step address opens at that step, in the language asked for.
    const shared = await open(`${path}/2?lang=fr`);
    expect(await shared.textContent('#stepText')).toBe(`Étape 2 sur ${total}`);
    await checkLayout(shared, 400, 'replay-fr');

    for (const page of [replay, shared]) expect((page as Page & { errors: string[] }).errors).toEqual([]);
    const origin = new URL(world.bot.webUrl!).origin;
    expect(requested.filter((u) => !u.startsWith(origin))).toEqual([]);
  });
});
