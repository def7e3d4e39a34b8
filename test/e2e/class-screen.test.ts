/**
 * The class screen of a session (`/s/<token>`) through the real bot and web server, and in
 * Debian's headless Chromium: six tables played through the Discord double, one grid that
 * follows them all live at 1920 × 1080 (all visible, no scrolling) and at 400 px (one column, no
 * sideways scroll), pseudonyms and never a real name in an anonymous session, the paused,
 * stopped early and finished states, the debrief and exports matching the stored outcomes, a
 * plain 404 for an unknown token, and no secret: the page is the same with every hand dealt again.
 * The session rows are written here directly, as the session commands would.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classScreenUrl } from '../../src/discord/messages/web-link.js';
import { rngFromSeed } from '../../src/engine/index.js';
import { fingerprintOfPage, gameOf, type GameRecord, type GameStore, type SessionPageData } from '../../src/store/game-store.js';
import { sessionPage } from '../../src/web/session-html.js';
import { sessionModel } from '../../src/web/session-model.js';
import { Player, boards, componentsOf, latestBoard, openAndStart, playToEnd, settled, type World, startWorld } from './harness.js';
import { readEvents } from './web-events.js';

// The page's own globals, for the functions that run in the browser.
declare const document: any;
declare const window: any;
declare const getComputedStyle: any;

const CHROMIUM = '/usr/bin/chromium';
const PUBLIC_URL = 'https://games.example.org';
const shots = process.env.WEB_SCREENSHOTS ?? mkdtempSync(join(tmpdir(), 'recyclerie-class-'));
const TABLES = 6;

const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser && process.env.RECYCLERIE_REQUIRE_BROWSER) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
if (!hasBrowser) console.warn(`${CHROMIUM} is missing: the class screen test is skipped (apt-get install chromium).`);

/** A session row over these games, its tables numbered in order, as /session new makes it. */
async function makeSession(store: GameStore, games: GameRecord[], anonymous: boolean): Promise<number> {
  const { sessions, games: table } = store.schema;
  return store.backend.write(async (tx) => {
    const [row] = await tx.insert(sessions).values({
      guildId: games[0]!.guildId, channelId: games[0]!.channelId, gameType: games[0]!.gameType, options: {}, settings: games[0]!.settings,
      language: 'en', tables: games.length, anonymous, facilitatorId: games[0]!.creatorId, status: 'running', createdAt: new Date(), startedAt: new Date(),
    }).returning({ id: sessions.id });
    for (const [i, g] of games.entries()) await tx.update(table).set({ sessionId: row!.id, tableNumber: i + 1 }).where(eq(table.id, g.id));
    return row!.id;
  });
}

/** The facilitator's marks, written as the session's changes write them (each bumps the table's version). */
async function mark(store: GameStore, gameIds: number[], set: { pausedAt?: Date | null; stoppedEarly?: boolean; status?: 'finished' }): Promise<void> {
  const { games } = store.schema;
  await store.backend.write((tx) =>
    tx.update(games).set({ ...set, ...(set.status ? { finishedAt: new Date() } : {}), version: sql`${games.version} + 1` }).where(inArray(games.id, gameIds)));
}

async function setSession(store: GameStore, id: number, set: { status: 'running' | 'paused' | 'ended'; endedAt?: Date }): Promise<void> {
  const { sessions } = store.schema;
  await store.backend.write((tx) => tx.update(sessions).set(set).where(eq(sessions.id, id)));
}

/** The same page data with every table's secrets (hands, deck order) dealt again. */
function otherSecrets(data: SessionPageData, salt: string): SessionPageData {
  return {
    ...data,
    tables: data.tables.map((tb) => (tb.record.state === null ? tb : {
      ...tb,
      record: { ...tb.record, state: gameOf(tb.record).withOtherSecrets(tb.record.state, rngFromSeed(`${salt}:${tb.number}`)) },
    })),
  };
}

describe.skipIf(!hasBrowser)('class screen', () => {
  let world: World;
  let browser: Browser;
  const players: Player[][] = [];
  const names: string[] = [];
  const requested: string[] = [];
  let sessionId = 0;
  let path = '';

  beforeAll(async () => {
    world = await startWorld({ channels: TABLES + 1, env: { PUBLIC_URL, WEB_PORT: '0' } });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await world?.stop();
  });

  async function open(address: string, width: number, height: number): Promise<Page & { errors: string[] }> {
    const page = (await browser.newPage({ viewport: { width, height } })) as Page & { errors: string[] };
    page.errors = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('pageerror', (e) => page.errors.push(e.message));
    // Failed requests by address (the browser's own favicon.ico, a plain 404, is no error of the page).
    page.on('response', (r) => r.status() >= 400 && page.errors.push(`${r.status()} ${r.url()}`));
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && page.errors.push(m.text()));
    await page.goto(`${world.bot.webUrl}${address}`);
    return page;
  }

  /** Every board image of the page has loaded. */
  const boardsLoaded = (page: Page) =>
    page.waitForFunction(() => [...document.querySelectorAll('img.board:not([hidden])')].every((img: any) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });

  async function layout(page: Page) {
    return page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      scrollHeight: document.documentElement.scrollHeight,
      clientHeight: document.documentElement.clientHeight,
      tiles: [...document.querySelectorAll('article.table')].map((a: any) => {
        const r = a.getBoundingClientRect();
        const img = a.querySelector('img.board').getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, image: { width: img.width, height: img.height }, heading: parseFloat(getComputedStyle(a.querySelector('h2')).fontSize) };
      }),
    }));
  }

  async function shot(page: Page, name: string): Promise<void> {
    const file = join(shots, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(statSync(file).size).toBeGreaterThan(1000);
  }

  it('opens six tables and gives their session an address', async () => {
    const games: GameRecord[] = [];
    for (let i = 0; i < TABLES; i++) {
      const channel = world.channels[i]!;
      const a = new Player(world, world.double.addUser({ username: `Realname${i + 1}a` }));
      const b = new Player(world, world.double.addUser({ username: `Realname${i + 1}b` }));
      // The last table is one person and two bots, so it can be played to its end quickly.
      const table = i === TABLES - 1 ? [a] : [a, b];
      await openAndStart(a, channel, table.slice(1), 3 - table.length);
      players.push(table);
      names.push(...table.map((p) => p.user.username));
      games.push((await world.bot.store.openInChannel(channel))!);
    }
    sessionId = await makeSession(world.bot.store, games, true);
    const url = await classScreenUrl(world.bot.store, sessionId);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/s/[A-Za-z0-9_-]{22,}$`));
    // The token is made once, then kept.
    expect(await classScreenUrl(world.bot.store, sessionId)).toBe(url);
    path = url!.slice(PUBLIC_URL.length);
    // The facilitator's panel links it.
    const facilitator = players[0]![0]!;
    const panel = await settled(world.double, await facilitator.command(world.channels[0]!, 'session', { subcommand: 'panel' }));
    expect(panel.ephemeral).toBe(true);
    const link = componentsOf(panel).find((c) => (c as { url?: string }).url) as { url?: string; label?: string } | undefined;
    expect(link).toMatchObject({ url, label: 'Class screen' });
  }, 120_000);

  it('serves the page read-only, with the game pages’ headers, and 404s an unknown token plainly', async () => {
    const res = await fetch(`${world.bot.webUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html.match(/<article class="table"/g)).toHaveLength(TABLES);
    for (const name of names) expect(html).not.toContain(name);
    expect(html).not.toMatch(/Bot (Ada|Blaise|Curie)/);
    expect(html).toContain('Table 3 · seat 2');
    expect(html).not.toMatch(/\/g\/[A-Za-z0-9_-]{22}/);

    const unknown = await fetch(`${world.bot.webUrl}/s/AAAAAAAAAAAAAAAAAAAAAAAA`);
    const nowhere = await fetch(`${world.bot.webUrl}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(await nowhere.text());
    expect((await fetch(`${world.bot.webUrl}${path}/export.csv/x`)).status).toBe(404);
    const post = await fetch(`${world.bot.webUrl}${path}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');

    // No secret: the page and a stream's first event are the same with every hand dealt again.
    const data = (await world.bot.store.classScreens.page({ id: sessionId }))!;
    const posts = new Map(await Promise.all(data.tables.map(async (tb) => [tb.record.id, await world.bot.store.latestBoardPost(tb.record.id)] as const)));
    const model = sessionModel(otherSecrets(data, 'page'), posts, fingerprintOfPage(data), 'en', path);
    expect(html).toBe(sessionPage(model, 'en', path));
    const events = await readEvents(`${world.bot.webUrl}${path}/events?lang=en`);
    expect(await events.next()).toEqual(JSON.parse(JSON.stringify(model)));
    events.close();

    // A board image, drawn with the pseudonyms.
    const src = model.tables[2]!.image!.src;
    const png = await fetch(`${world.bot.webUrl}${src}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await png.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }, 60_000);

  it('shows every table on a projector and follows a move on table 3 without a reload', async () => {
    const page = await open(path, 1920, 1080);
    await boardsLoaded(page);
    const big = await layout(page);
    expect(big.tiles).toHaveLength(TABLES);
    // All six visible at once: nothing scrolls, every tile is inside the screen.
    expect(big.scrollWidth).toBeLessThanOrEqual(big.clientWidth);
    expect(big.scrollHeight).toBeLessThanOrEqual(big.clientHeight);
    for (const tile of big.tiles) {
      expect(tile.bottom).toBeLessThanOrEqual(1080);
      expect(tile.right).toBeLessThanOrEqual(1920);
      expect(tile.image.height).toBeGreaterThan(250);
      expect(tile.heading).toBeGreaterThanOrEqual(28);
    }
    await shot(page, 'class-1920');

    // The stream is open once the page shows its fingerprint; mark this document to see that
    // it is never reloaded.
    await world.double.waitFor(() => world.bot.web!.sessions.openStreams === 1, 20_000);
    await page.evaluate(() => ((window as { mark: string }).mark = 'same document'));
    const before = await page.evaluate(() => [...document.querySelectorAll('img.board')].map((i: any) => i.getAttribute('src')));

    const channel = world.channels[2]!;
    const count = boards(world, channel).length;
    const mover = players[2]!.find((p) => latestBoard(world, channel).content.includes(p.id))!;
    await mover.playOnce(channel);
    await world.double.waitFor(() => boards(world, channel).length > count, 20_000);
    const record = (await world.bot.store.openInChannel(channel))!;
    const post = (await world.bot.store.latestBoardPost(record.id))!;
    await page.waitForFunction((id) => document.querySelector('article[data-table="3"] img.board').getAttribute('src').includes(`/table/3/${id}.png`), post.id, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as { mark?: string }).mark)).toBe('same document');
    const after = await page.evaluate(() => [...document.querySelectorAll('img.board')].map((i: any) => i.getAttribute('src')));
    expect(after.filter((src, i) => src !== before[i])).toEqual([after[2]]);
    await boardsLoaded(page);
    const alt = await page.getAttribute('article[data-table="3"] img.board', 'alt');
    expect(alt).toMatch(/Table 3 · seat \d/);
    for (const name of names) expect(alt).not.toContain(name);

    // A laptop, then a phone: one column at 400 px, nothing cut off sideways.
    await page.setViewportSize({ width: 400, height: 900 });
    await boardsLoaded(page);
    const phone = await layout(page);
    expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
    for (const tile of phone.tiles) {
      expect(tile.left).toBe(phone.tiles[0]!.left);
      expect(tile.right).toBeLessThanOrEqual(400);
      expect(tile.image.width).toBeGreaterThan(300);
    }
    await shot(page, 'class-400');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('says which tables are paused, then stopped early or finished, and turns into the debrief at the end', async () => {
    const store = world.bot.store;
    const page = await open(`${path}?lang=en`, 1920, 1080);
    await page.waitForFunction(() => document.body.dataset.fingerprint !== undefined);
    await world.double.waitFor(() => world.bot.web!.sessions.openStreams === 1, 20_000);
    await page.evaluate(() => ((window as { mark: string }).mark = 'same document'));
    const data = (await store.classScreens.page({ id: sessionId }))!;
    const ids = data.tables.map((tb) => tb.record.id);

    // A dropped stream (a proxy restarting, a laptop waking up): the page connects again by
    // itself, with the game page's back-off, and the pause below reaches it only that way.
    const screens = world.bot.web!.sessions;
    for (const set of (screens as unknown as { watchers: Map<number, Set<{ res: { destroy(): void } }>> }).watchers.values()) for (const w of set) w.res.destroy();
    await world.double.waitFor(() => screens.openStreams === 0);
    await world.double.waitFor(() => screens.openStreams === 1, 30_000);

    await setSession(store, sessionId, { status: 'paused' });
    await mark(store, [ids[1]!], { pausedAt: new Date() });
    await page.waitForFunction(() => document.querySelector('article[data-table="2"]').dataset.state === 'paused', undefined, { timeout: 20_000 });
    expect(await page.textContent('article[data-table="2"] .state')).toBe('Paused');
    expect(await page.evaluate(() => (window as { mark?: string }).mark)).toBe('same document');
    await mark(store, [ids[1]!], { pausedAt: null });
    await setSession(store, sessionId, { status: 'running' });
    await page.waitForFunction(() => document.querySelector('article[data-table="2"]').dataset.state === 'live', undefined, { timeout: 20_000 });

    // The last table plays to its end.
    await playToEnd(world, world.channels[TABLES - 1]!, players[TABLES - 1]!);
    await page.waitForFunction((n) => document.querySelector(`article[data-table="${n}"]`).dataset.state === 'over', TABLES, { timeout: 30_000 });
    expect(await page.textContent(`article[data-table="${TABLES}"] .state`)).toBe('Finished');

    // Players flag cards: one item at two tables, another at one.
    const r1 = (await store.get(ids[0]!))!;
    const r2 = (await store.get(ids[1]!))!;
    const game = gameOf(r1);
    const [first, second] = game.flaggable(game.seatView(r1.state, 0));
    expect(second).toBeDefined();
    const { flags } = store.schema;
    await store.backend.write(async (tx) => {
      await tx.insert(flags).values({ gameId: r1.id, seat: 0, userId: r1.seats[0]!.userId!, item: first!.id, createdAt: new Date() });
      await tx.insert(flags).values({ gameId: r1.id, seat: 1, userId: r1.seats[1]!.userId!, item: second!.id, createdAt: new Date() });
      await tx.insert(flags).values({ gameId: r2.id, seat: 0, userId: r2.seats[0]!.userId!, item: first!.id, createdAt: new Date() });
    });

    // End all now: the other tables stop where they stand.
    await mark(store, ids.slice(0, TABLES - 1), { status: 'finished', stoppedEarly: true });
    await setSession(store, sessionId, { status: 'ended', endedAt: new Date() });
    await page.waitForFunction(() => document.body.dataset.mode === 'ended', undefined, { timeout: 30_000 });
    await boardsLoaded(page);
    expect(await page.locator('article.table[data-state="stopped"]').count()).toBe(TABLES - 1);
    expect(await page.textContent('article[data-table="1"] .state')).toBe('Ended early');
    expect(await page.locator('.debrief-table').count()).toBe(TABLES);
    const html = await page.content();
    for (const name of names) expect(html).not.toContain(name);
    const flagged = await page.locator('ol.flags li').allTextContents();
    expect(flagged[0]).toContain('2 flags');
    expect(flagged).toHaveLength(2);
    const rankings = await page.locator('.debrief-table .ranking').allTextContents();
    expect(rankings[0]).toMatch(/Table 1 · seat \d/);
    await shot(page, 'class-debrief-1920');
    await page.setViewportSize({ width: 400, height: 900 });
    const phone = await layout(page);
    expect(phone.scrollWidth).toBeLessThanOrEqual(phone.clientWidth);
    await shot(page, 'class-debrief-400');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('exports the stored outcomes as CSV and JSON, with pseudonyms only', async () => {
    const store = world.bot.store;
    const data = (await store.classScreens.page({ id: sessionId }))!;
    const json = await fetch(`${world.bot.webUrl}${path}/export.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="session-\d+\.json"$/);
    const text = await json.text();
    for (const name of names) expect(text).not.toContain(name);
    const exported = JSON.parse(text) as { tables: { table: number; stoppedEarly: boolean; seats: { seat: number; player: string; rank: number; score: number }[] }[] };
    expect(exported.tables).toHaveLength(TABLES);
    for (const tb of data.tables) {
      const game = gameOf(tb.record);
      // A finished game ranks by its outcome, a stopped one as it stood.
      const outcome = game.isOver(tb.record.state) ? game.outcome(tb.record.state)! : game.standingsNow(tb.record.state);
      const row = exported.tables.find((x) => x.table === tb.number)!;
      expect(row.stoppedEarly).toBe(tb.number !== TABLES);
      for (const s of outcome.standings) {
        const seat = row.seats.find((x) => x.seat === s.seat + 1)!;
        expect({ rank: seat.rank, score: seat.score }).toEqual({ rank: s.rank, score: s.score });
        expect(seat.player).toMatch(new RegExp(`^Table ${tb.number} · seat ${s.seat + 1}`));
      }
    }
    const csv = await fetch(`${world.bot.webUrl}${path}/export.csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split(/\r\n/);
    const seats = data.tables.reduce((n, tb) => n + tb.record.seats.length, 0);
    expect(lines).toHaveLength(seats + 1);
    for (const name of names) expect(lines.join('\n')).not.toContain(name);
    // In French too.
    const fr = await (await fetch(`${world.bot.webUrl}${path}?lang=fr`)).text();
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('Débriefing');
    for (const name of names) expect(fr).not.toContain(name);
  }, 60_000);

  it('names the players in a session that is not anonymous, and asks nothing from elsewhere', async () => {
    const channel = world.channels[TABLES]!;
    const host = new Player(world, world.double.addUser({ username: 'Visiblename' }));
    await openAndStart(host, channel, [], 2);
    const id = await makeSession(world.bot.store, [(await world.bot.store.openInChannel(channel))!], false);
    const url = (await classScreenUrl(world.bot.store, id))!;
    const html = await (await fetch(`${world.bot.webUrl}${url.slice(PUBLIC_URL.length)}`)).text();
    expect(html).toContain('Visiblename');
    expect(html.match(/<article class="table"/g)).toHaveLength(1);
    const origin = new URL(world.bot.webUrl!).origin;
    expect(requested.length).toBeGreaterThan(10);
    expect(requested.filter((u) => !u.startsWith(origin))).toEqual([]);
  }, 60_000);
});
