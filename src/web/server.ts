/**
 * The game web pages: a live board that updates itself (Server-Sent Events) and a step-by-step
 * replay once the game ends. Read-only (GET and HEAD), no cookies, nothing from elsewhere.
 * Every page is read from the database, so any replica serves any game; the live pages learn of
 * moves made anywhere by polling the watched games' versions, one query for all of them.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LRUCache } from 'lru-cache';
import proxyAddr from 'proxy-addr';
import type { GameOptions } from '../engine/index.js';
import { languageOf, type Language } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { gameOf, type GameRecord, type GameStore } from '../store/game-store.js';
import type { BoardCache } from './board-cache.js';
import { livePage, replayPage } from './html.js';
import { liveModel, pageBoardJob, replayModel, type LiveModel, type ReplayModel } from './model.js';
import { RateLimiter } from './rate-limit.js';
import { IMMUTABLE, KEEPALIVE_MS, STREAM_HEADERS, TOKEN, send, sendHtml, sendNotFound, sendText } from './respond.js';
import { SessionScreens } from './session-screen.js';

export { CSP } from './respond.js';
/** A post image's cache key: its path and the language asked for. */
const postKey = (url: URL): string => `${url.pathname}?${url.searchParams.get('lang') ?? ''}`;
/** How often the versions of watched games are read. */
export const POLL_MS = 1000;
/** Event streams open at once, in all; more get 503 and retry. */
const MAX_STREAMS = 5000;
/** A live page lists the public lines of this many of the latest posted moves (at most LIVE_LINES). */
export const LIVE_MOVES = 40;
/** Finished games whose replayed states are kept. */
export const REPLAY_CACHE = 16;
/**
 * Board posts' PNGs by address. A post never changes, and every spectator of a game asks for the
 * same one as it lands: answered from here, the request reads nothing from the database.
 */
export const POST_PNG_CACHE = 32;
/** Live models kept, one per game and language, each for the game's current version. */
export const LIVE_CACHE = 256;

const ASSETS: Record<string, { type: string; body: Buffer }> = {
  '/assets/page.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./assets/page.js', import.meta.url)) },
  '/assets/page.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./assets/page.css', import.meta.url)) },
  '/assets/reconnect.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./assets/reconnect.js', import.meta.url)) },
  '/assets/class.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./assets/class.js', import.meta.url)) },
  '/assets/class.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./assets/class.css', import.meta.url)) },
};

interface Watcher {
  res: ServerResponse;
  language: Language;
  version: number;
}

interface Replayed {
  states: unknown[];
  moves: { seat: number; sequence?: number }[];
  lines: { sequence: number; line: import('../engine/index.js').Msg }[];
  /** Built once per language: a finished game never changes. */
  models: Map<Language, ReplayModel>;
}

export interface WebOptions {
  store: GameStore;
  images: BoardCache;
  logger: Logger;
  ratePerMinute: number;
  /** Believe X-Forwarded-For only from these proxy addresses or ranges (proxy-addr's trust list); none: never. */
  trustProxy: readonly string[] | false;
  pollMs?: number;
  now?: () => number;
}

export class WebPages {
  private readonly limiter: RateLimiter;
  private readonly watchers = new Map<number, Set<Watcher>>();
  private streams = 0;
  private poller: NodeJS.Timeout | null = null;
  private keepalive: NodeJS.Timeout | null = null;
  private polling = false;
  private readonly replays = new LRUCache<number, Promise<Replayed>>({ max: REPLAY_CACHE });
  private readonly postPngs = new LRUCache<string, Buffer>({ max: POST_PNG_CACHE });
  private readonly lives = new LRUCache<string, { version: number; model: Promise<LiveModel> }>({ max: LIVE_CACHE });
  private server: Server | null = null;
  private closed = false;

  private readonly trusted: (address: string, hop: number) => boolean;
  /** The class screens of sessions (`/s/<token>`). */
  readonly sessions: SessionScreens;

  constructor(private readonly opts: WebOptions) {
    this.limiter = new RateLimiter(opts.ratePerMinute, opts.now);
    this.sessions = new SessionScreens(opts);
    this.trusted = opts.trustProxy ? proxyAddr.compile([...opts.trustProxy]) : () => false;
  }

  /** Serves one request (also called by the interactions server for every other path). */
  handle(req: IncomingMessage, res: ServerResponse): void {
    this.route(req, res).catch((error: unknown) => {
      this.opts.logger.error({ err: error, url: req.url }, 'web page failed');
      if (!res.headersSent) this.text(res, 500, 'Internal error\n');
      else res.destroy();
    });
  }

  /** Its own server, when the interactions server does not carry the pages. */
  async listen(port: number, host?: string): Promise<number> {
    this.server = createServer({ keepAlive: true }, (req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => {
        this.server!.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.sessions.close();
    if (this.poller) clearInterval(this.poller);
    if (this.keepalive) clearInterval(this.keepalive);
    this.poller = this.keepalive = null;
    for (const set of this.watchers.values()) for (const w of set) w.res.end();
    this.watchers.clear();
    const server = this.server;
    if (server?.listening) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  }

  /** Event streams open now (benchmarks, tests). */
  get openStreams(): number {
    return this.streams + this.sessions.openStreams;
  }

  /** The visitor's address: the proxy's X-Forwarded-For entry only when the connection comes from a trusted proxy. */
  private address(req: IncomingMessage): string {
    return proxyAddr(req, this.trusted);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      return this.text(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    }
    const wait = this.limiter.take(this.address(req));
    if (wait > 0) return this.text(res, 429, 'Too many requests\n', { 'Retry-After': String(wait) });
    const url = new URL(req.url ?? '/', 'http://page.invalid');
    const asset = ASSETS[url.pathname];
    if (asset) return this.send(res, 200, asset.type, asset.body, { 'Cache-Control': 'public, max-age=3600' });
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 's') return this.sessions.route(req, res, parts, url);
    if (parts[0] !== 'g' || !parts[1] || !TOKEN.test(parts[1]) || parts.length > 4) return this.notFound(res);
    const known = parts[2] === 'post' && parts.length === 4 ? this.postPngs.get(postKey(url)) : undefined;
    if (known) return this.send(res, 200, 'image/png', known, IMMUTABLE);
    const record = await this.opts.store.byWebToken(parts[1]);
    if (!record) return this.notFound(res);
    const language = languageOf(url.searchParams.get('lang') ?? record.language);
    const base = `/g/${parts[1]}`;
    const [, , what, file] = parts;
    if (what === undefined) {
      if (record.status === 'finished') {
        const replay = await this.replayOf(record, language, base);
        return this.html(res, replayPage(replay, replay.steps.length - 1, language, base));
      }
      return this.html(res, livePage(await this.live(record, language, base), language, base));
    }
    if (what === 'events' && file === undefined) return this.stream(req, res, record, language, base);
    if (what === 'replay.json' && file === undefined && record.status === 'finished') {
      return this.send(res, 200, 'application/json; charset=utf-8', Buffer.from(JSON.stringify(await this.replayOf(record, language, base))), { 'Cache-Control': 'no-cache' });
    }
    if (what === 'post' && file && /^\d+\.png$/.test(file)) return this.postImage(res, record, Number.parseInt(file, 10), language, postKey(url));
    if (what === 'step' && file && /^\d+\.png$/.test(file) && record.status === 'finished') return this.stepImage(res, record, Number.parseInt(file, 10), language);
    if (/^\d+$/.test(what) && file === undefined && record.status === 'finished') {
      const replay = await this.replayOf(record, language, base);
      const step = Number.parseInt(what, 10);
      if (step >= replay.steps.length) return this.notFound(res);
      return this.html(res, replayPage(replay, step, language, base));
    }
    return this.notFound(res);
  }

  /** The live model of a game's version, built once per language for every page and stream. */
  private live(record: GameRecord, language: Language, base: string): Promise<LiveModel> {
    const key = `${record.id}:${language}`;
    const kept = this.lives.get(key);
    if (kept && kept.version === record.version) return kept.model;
    const model = this.buildLive(record, language, base);
    this.lives.set(key, { version: record.version, model });
    model.catch(() => this.lives.peek(key)?.model === model && this.lives.delete(key));
    return model;
  }

  private async buildLive(record: GameRecord, language: Language, base: string): Promise<LiveModel> {
    const { store } = this.opts;
    if (record.status === 'lobby' || record.status === 'cancelled') return liveModel(record, null, [], language, base);
    const [post, lines] = await Promise.all([store.latestBoardPost(record.id), store.publicLinesBetween(record.id, record.postedThrough - LIVE_MOVES + 1, record.postedThrough)]);
    return liveModel(record, post, lines, language, base);
  }

  private async postImage(res: ServerResponse, record: GameRecord, postId: number, language: Language, key: string): Promise<void> {
    // Any board the channel was shown: a page may ask for one just as a newer one lands.
    const post = await this.opts.store.boardPost(record.id, postId);
    if (!post) return this.notFound(res);
    const png = await this.opts.images.renderForPage(pageBoardJob(record, post.payload.view, language));
    this.postPngs.set(key, png);
    return this.send(res, 200, 'image/png', png, IMMUTABLE);
  }

  private async stepImage(res: ServerResponse, record: GameRecord, step: number, language: Language): Promise<void> {
    const replayed = await this.replayed(record);
    const state = replayed.states[step];
    if (state === undefined) return this.notFound(res);
    const at = step === 0 ? 0 : (replayed.moves[step - 1]?.sequence ?? step);
    const png = await this.opts.images.renderForPage(pageBoardJob(record, gameOf(record).publicView(state), language, at));
    return this.send(res, 200, 'image/png', png, IMMUTABLE);
  }

  /** A finished game's states, replayed once from its seed and moves and kept for a while. */
  private replayed(record: GameRecord): Promise<Replayed> {
    const found = this.replays.get(record.id);
    if (found) return found;
    const replaying = (async (): Promise<Replayed> => {
      const { store } = this.opts;
      const [log, lines] = await Promise.all([store.moveLog(record.id), store.publicLines(record.id)]);
      const game = gameOf(record);
      const parsed = game.parseOptions(record.options);
      const options: GameOptions = parsed.ok ? parsed.options : record.options;
      let state = game.setup({ seats: record.seats.length, options, seed: record.seed });
      const states: unknown[] = [state];
      for (const [i, entry] of log.entries()) {
        const result = game.apply(state, entry.seat, entry.move);
        if (!result.ok) throw new Error(`move ${i + 1} of game ${record.id} does not replay: ${result.error.key}`);
        state = result.state;
        states.push(state);
      }
      return { states, moves: log.map((m) => ({ seat: m.seat, sequence: m.sequence })), lines, models: new Map() };
    })();
    replaying.catch(() => this.replays.peek(record.id) === replaying && this.replays.delete(record.id));
    this.replays.set(record.id, replaying);
    return replaying;
  }

  private async replayOf(record: GameRecord, language: Language, base: string): Promise<ReplayModel> {
    const replayed = await this.replayed(record);
    let model = replayed.models.get(language);
    if (!model) replayed.models.set(language, (model = replayModel(record, replayed.states, replayed.moves, replayed.lines, language, base)));
    return model;
  }

  // ------------------------------------------------------------ live updates

  private async stream(req: IncomingMessage, res: ServerResponse, record: GameRecord, language: Language, base: string): Promise<void> {
    if (this.closed) return this.text(res, 503, 'Closing\n');
    if (this.streams >= MAX_STREAMS) return this.text(res, 503, 'Busy\n', { 'Retry-After': '10' });
    res.writeHead(200, STREAM_HEADERS);
    if (req.method === 'HEAD') return void res.end();
    const model = await this.live(record, language, base);
    res.write(`retry: 2000\ndata: ${JSON.stringify(model)}\n\n`);
    // A finished or cancelled game changes no more: the page moves on to the replay.
    if (model.mode === 'over' || model.mode === 'cancelled') return void res.end();
    // The page may have gone while the model was read.
    if (res.destroyed) return;
    const watcher: Watcher = { res, language, version: record.version };
    let set = this.watchers.get(record.id);
    if (!set) this.watchers.set(record.id, (set = new Set()));
    set.add(watcher);
    this.streams++;
    res.on('close', () => {
      if (set.delete(watcher)) this.streams--;
      if (set.size === 0 && this.watchers.get(record.id) === set) this.watchers.delete(record.id);
    });
    this.startPolling();
  }

  private startPolling(): void {
    if (this.poller || this.closed) return;
    this.poller = setInterval(() => void this.poll(), this.opts.pollMs ?? POLL_MS);
    this.keepalive = setInterval(() => {
      for (const set of this.watchers.values()) for (const w of set) w.res.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.poller.unref();
    this.keepalive.unref();
  }

  /** One read for every watched game; each changed game is rebuilt once per language. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    if (this.watchers.size === 0) {
      if (this.poller) clearInterval(this.poller);
      if (this.keepalive) clearInterval(this.keepalive);
      this.poller = this.keepalive = null;
      return;
    }
    this.polling = true;
    try {
      const versions = await this.opts.store.versionsOf([...this.watchers.keys()]);
      for (const [gameId, set] of this.watchers) {
        const version = versions.get(gameId);
        if (version === undefined || ![...set].some((w) => w.version !== version)) continue;
        const record = await this.opts.store.get(gameId);
        if (!record?.webToken) continue;
        const base = `/g/${record.webToken}`;
        const built = new Map<Language, string>();
        for (const w of set) {
          if (w.version === record.version) continue;
          let data = built.get(w.language);
          if (!data) built.set(w.language, (data = JSON.stringify(await this.live(record, w.language, base))));
          w.version = record.version;
          w.res.write(`data: ${data}\n\n`);
          if (record.status !== 'active' && record.status !== 'lobby') w.res.end();
        }
      }
    } catch (error) {
      this.opts.logger.warn({ err: error }, 'web pages could not read game versions');
    } finally {
      this.polling = false;
    }
  }

  // ------------------------------------------------------------ answers

  private html(res: ServerResponse, body: string): void {
    sendHtml(res, body);
  }

  private notFound(res: ServerResponse): void {
    sendNotFound(res);
  }

  private text(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    sendText(res, status, body, headers);
  }

  private send(res: ServerResponse, status: number, type: string, body: Buffer, headers: Record<string, string>): void {
    send(res, status, type, body, headers);
  }
}
