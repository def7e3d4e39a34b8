/**
 * The class screen of a session, `/s/<token>`: every table's live board in one page, one event
 * stream for the whole session, the debrief once it ends, and its CSV and JSON exports. The same
 * rules as the game pages (the caller has already refused other methods and rate-limited): a
 * token, read-only, public facts only, pseudonyms in an anonymous session. Watched sessions are
 * polled together, one fingerprint read for all, so changes made by any process reach the page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { languageOf, type Language } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { sessionExport, sessionRecord } from '../discord/messages/session-export.js';
import { fingerprintOfPage, type GameStore, type PostRecord, type SessionPageData } from '../store/game-store.js';
import type { BoardCache } from './board-cache.js';
import { pageBoardJob } from './model.js';
import { IMMUTABLE, KEEPALIVE_MS, STREAM_HEADERS, TOKEN, send, sendHtml, sendNotFound, sendText } from './respond.js';
import { sessionPage } from './session-html.js';
import { sessionModel, type SessionModel } from './session-model.js';

/** Class screens' event streams open at once, in all; more get 503 and retry. */
const MAX_STREAMS = 1000;
/** Session models kept, one per session and language, each for the session's fingerprint. */
const MODEL_CACHE = 64;
/** Table board PNGs by address: a whole room asks for the same one as it lands. */
const PNG_CACHE = 64;

interface Watcher {
  res: ServerResponse;
  language: Language;
  fingerprint: string;
  base: string;
}

export interface SessionScreenOptions {
  store: GameStore;
  images: BoardCache;
  logger: Logger;
  pollMs?: number;
}

export class SessionScreens {
  private readonly watchers = new Map<number, Set<Watcher>>();
  private readonly models = new LRUCache<string, { fingerprint: string; model: Promise<SessionModel> }>({ max: MODEL_CACHE });
  private readonly pngs = new LRUCache<string, Buffer>({ max: PNG_CACHE });
  private streams = 0;
  private poller: NodeJS.Timeout | null = null;
  private keepalive: NodeJS.Timeout | null = null;
  private polling = false;
  private closed = false;

  constructor(private readonly opts: SessionScreenOptions) {}

  get openStreams(): number {
    return this.streams;
  }

  close(): void {
    this.closed = true;
    this.stopPolling();
    for (const set of this.watchers.values()) for (const w of set) w.res.end();
    this.watchers.clear();
  }

  /** `parts` is the path split at slashes: 's', the token, then what is asked for. */
  async route(req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): Promise<void> {
    const [, token, what, n, file] = parts;
    if (!token || !TOKEN.test(token) || parts.length > 5) return sendNotFound(res);
    const pngKey = `${url.pathname}?${url.searchParams.get('lang') ?? ''}`;
    const known = what === 'table' ? this.pngs.get(pngKey) : undefined;
    if (known) return send(res, 200, 'image/png', known, IMMUTABLE);
    const data = await this.opts.store.classScreens.page({ token });
    if (!data) return sendNotFound(res);
    const fingerprint = fingerprintOfPage(data);
    const language = languageOf(url.searchParams.get('lang') ?? data.session.language);
    const base = `/s/${token}`;
    if (what === undefined) return sendHtml(res, sessionPage(await this.model(data, fingerprint, language, base), language, base));
    if (parts.length === 3 && what === 'events') return this.stream(req, res, data, fingerprint, language, base);
    if (parts.length === 3 && (what === 'export.csv' || what === 'export.json')) {
      const files = sessionExport(data, language);
      const csv = what === 'export.csv';
      return send(res, 200, csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8', Buffer.from(csv ? files.csv : files.json), {
        'Cache-Control': 'no-cache',
        'Content-Disposition': `attachment; filename="session-${data.session.id}.${csv ? 'csv' : 'json'}"`,
      });
    }
    if (what === 'table' && n && /^\d+$/.test(n) && file && /^\d+\.png$/.test(file)) return this.image(res, data, Number(n), Number.parseInt(file, 10), language, pngKey);
    return sendNotFound(res);
  }

  private model(data: SessionPageData, fingerprint: string, language: Language, base: string): Promise<SessionModel> {
    const key = `${data.session.id}:${language}`;
    const kept = this.models.get(key);
    if (kept && kept.fingerprint === fingerprint) return kept.model;
    const model = (async () => {
      const posts = new Map<number, Pick<PostRecord, 'id' | 'payload'> | null>();
      for (const table of data.tables) {
        const { status, id } = table.record;
        posts.set(id, status === 'lobby' || status === 'cancelled' ? null : await this.opts.store.latestBoardPost(id));
      }
      return sessionModel(data, posts, fingerprint, language, base);
    })();
    this.models.set(key, { fingerprint, model });
    model.catch(() => this.models.peek(key)?.model === model && this.models.delete(key));
    return model;
  }

  /** A table's board post, drawn with the session's names (pseudonyms when anonymous). */
  private async image(res: ServerResponse, data: SessionPageData, number: number, postId: number, language: Language, key: string): Promise<void> {
    const table = data.tables.find((tb) => tb.number === number);
    const post = table ? await this.opts.store.boardPost(table.record.id, postId) : null;
    if (!table || !post) return sendNotFound(res);
    const png = await this.opts.images.renderForPage(pageBoardJob(sessionRecord(data, table, language), post.payload.view, language));
    this.pngs.set(key, png);
    return send(res, 200, 'image/png', png, IMMUTABLE);
  }

  // ------------------------------------------------------------ live updates

  private async stream(req: IncomingMessage, res: ServerResponse, data: SessionPageData, fingerprint: string, language: Language, base: string): Promise<void> {
    if (this.closed) return sendText(res, 503, 'Closing\n');
    if (this.streams >= MAX_STREAMS) return sendText(res, 503, 'Busy\n', { 'Retry-After': '10' });
    res.writeHead(200, STREAM_HEADERS);
    if (req.method === 'HEAD') return void res.end();
    const model = await this.model(data, fingerprint, language, base);
    res.write(`retry: 2000\ndata: ${JSON.stringify(model)}\n\n`);
    // An ended session changes no more: the page reloads into the debrief.
    if (model.mode === 'ended') return void res.end();
    if (res.destroyed) return;
    const id = data.session.id;
    const watcher: Watcher = { res, language, fingerprint, base };
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(watcher);
    this.streams++;
    res.on('close', () => {
      if (set.delete(watcher)) this.streams--;
      if (set.size === 0 && this.watchers.get(id) === set) this.watchers.delete(id);
    });
    this.startPolling();
  }

  private startPolling(): void {
    if (this.poller || this.closed) return;
    this.poller = setInterval(() => void this.poll(), this.opts.pollMs ?? 1000);
    this.keepalive = setInterval(() => {
      for (const set of this.watchers.values()) for (const w of set) w.res.write(': keep-alive\n\n');
    }, KEEPALIVE_MS);
    this.poller.unref();
    this.keepalive.unref();
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    if (this.keepalive) clearInterval(this.keepalive);
    this.poller = this.keepalive = null;
  }

  /** One read for every watched session; each changed session is rebuilt once per language. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    if (this.watchers.size === 0) return this.stopPolling();
    this.polling = true;
    try {
      const fingerprints = await this.opts.store.classScreens.fingerprints([...this.watchers.keys()]);
      for (const [id, set] of this.watchers) {
        const fingerprint = fingerprints.get(id);
        if (fingerprint === undefined || ![...set].some((w) => w.fingerprint !== fingerprint)) continue;
        const data = await this.opts.store.classScreens.page({ id });
        if (!data) continue;
        // What was read is at least as new as the poll's fingerprint: name it by what it shows.
        const shown = fingerprintOfPage(data);
        const built = new Map<Language, string>();
        for (const w of set) {
          if (w.fingerprint === shown) continue;
          let json = built.get(w.language);
          const model = json ? null : await this.model(data, shown, w.language, w.base);
          if (model) built.set(w.language, (json = JSON.stringify(model)));
          w.fingerprint = shown;
          w.res.write(`data: ${json}\n\n`);
          if (data.session.status === 'ended') w.res.end();
        }
      }
    } catch (error) {
      this.opts.logger.warn({ err: error }, 'class screens could not read their sessions');
    } finally {
      this.polling = false;
    }
  }
}
