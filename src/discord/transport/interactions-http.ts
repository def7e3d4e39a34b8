/**
 * HTTP interactions: Discord POSTs every interaction, signed, to `/interactions` instead of
 * sending it over the gateway.
 *
 * After the signature check, the raw payload goes through discord.js's own InteractionCreate
 * action, the very code the gateway path runs, so the router, commands and handlers below are
 * the same for both transports. The one difference is where the first answer goes: discord.js
 * POSTs it to the interaction callback route; here that request is caught at the REST boundary
 * (`makeRequest`) and written into the waiting HTTP response. Edits and follow-ups then use the
 * interaction webhook as usual.
 */
import type { KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientUser, DefaultRestOptions, MessageFlags, Routes, type APIUser, type Client, type RawFile, type RESTOptions, type ResponseLike } from 'discord.js';
import type { Logger } from '../../logger.js';
import { rememberChannel } from './channels.js';
import { checkSignature, publicKeyFromHex } from './signature.js';

export const INTERACTIONS_PATH = '/interactions';
/** Interaction payloads are a few kilobytes; anything far larger is refused unread. */
export const MAX_BODY_BYTES = 256 * 1024;
/** An interaction nobody answered by then gets an error, before Discord's 3 s are up. */
const ANSWER_DEADLINE_MS = 2_800;
/** Interaction types the router handles: command, component, autocomplete, modal submit. */
const DISPATCHED_TYPES = new Set([2, 3, 4, 5]);
/** Reading back the message an HTTP answer made: tries, and the pause that grows between them. */
const ORIGINAL_ATTEMPTS = 5;
const ORIGINAL_RETRY_MS = 100;
const CALLBACK_PATH = /\/interactions\/(\d+)\/([^/]+)\/callback$/;

type MakeRequest = RESTOptions['makeRequest'];
type RequestInit = Parameters<MakeRequest>[1];

interface Exchange {
  id: string;
  type: number;
  applicationId: string;
  token: string;
  res: ServerResponse;
  claimed: boolean;
  timer: NodeJS.Timeout;
}

interface Callback {
  type: number;
  data?: Record<string, unknown> & { flags?: number };
}

function reply(res: ServerResponse, status: number, body: unknown, close = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...(close ? { Connection: 'close' } : {}) });
  res.end(text);
}

function json(status: number, body: unknown): ResponseLike {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Reads a body up to `limit` bytes; null when it is larger. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The callback discord.js meant to POST: JSON, or multipart when it carries files. */
async function readCallback(body: RequestInit['body']): Promise<{ callback: Callback; files: RawFile[] }> {
  if (typeof body === 'string') return { callback: JSON.parse(body) as Callback, files: [] };
  // @discordjs/rest builds multipart bodies with the global FormData.
  if (body instanceof globalThis.FormData) {
    const files: RawFile[] = [];
    let callback: Callback | undefined;
    for (const [key, value] of body.entries()) {
      if (key === 'payload_json' && typeof value === 'string') callback = JSON.parse(value) as Callback;
      else if (value instanceof File) files.push({ key: String(key), name: value.name, data: Buffer.from(await value.arrayBuffer()), contentType: value.type });
    }
    if (callback) return { callback, files };
  }
  throw new Error('an interaction callback without a readable body');
}

export class HttpInteractions {
  private readonly key: KeyObject;
  private readonly exchanges = new Map<string, Exchange>();
  private readonly server: Server;
  private client?: Client;
  private readonly fallback: MakeRequest = DefaultRestOptions.makeRequest;
  /** Serves every other path (the game web pages share this server); else they get 404. */
  otherRequests: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  constructor(
    private readonly publicKeyHex: string,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.key = publicKeyFromHex(publicKeyHex);
    this.server = createServer({ keepAlive: true }, (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.logger.error({ err: error }, 'interactions endpoint failed');
        if (!res.headersSent) reply(res, 500, { error: 'internal error' });
        else res.destroy();
      });
    });
  }

  /** The client whose InteractionCreate action the payloads go through. */
  attach(client: Client): void {
    this.client = client;
  }

  /**
   * What the gateway's READY would give, read over REST: the bot's own user (discord.js needs it
   * to edit its messages) and the application id. A bad token fails here, with a 401.
   */
  async identify(token: string): Promise<{ applicationId: string }> {
    const client = this.client!;
    client.rest.setToken(token);
    const user = (await client.rest.get(Routes.user())) as APIUser;
    const ClientUserClass = ClientUser as unknown as new (client: Client, data: APIUser) => ClientUser;
    client.user = new ClientUserClass(client, user);
    client.users.cache.set(user.id, client.user);
    const application = (await client.rest.get(Routes.currentApplication())) as { id: string; verify_key?: string };
    if (application.verify_key && application.verify_key.toLowerCase() !== this.publicKeyHex.toLowerCase()) {
      throw new Error('DISCORD_PUBLIC_KEY is not the public key of this application: copy it from the General Information page of the Developer Portal');
    }
    return { applicationId: application.id };
  }

  /**
   * The client's REST request function: a callback for an interaction this endpoint is holding
   * becomes its HTTP answer; every other request goes to Discord (or DISCORD_API_URL).
   */
  readonly makeRequest: MakeRequest = async (url, init) => {
    const match = CALLBACK_PATH.exec(new URL(url).pathname);
    const exchange = match ? this.exchanges.get(match[1]!) : undefined;
    if (!exchange || exchange.claimed || exchange.token !== decodeURIComponent(match![2]!)) return this.fallback(url, init);
    exchange.claimed = true;
    return this.answer(exchange, new URL(url).searchParams.get('with_response') === 'true', init);
  };

  async listen(port: number, host?: string): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address() as AddressInfo;
    // Listening on every interface: the URL names loopback, which reaches it from this machine.
    const shown = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${shown}:${address.port}${INTERACTIONS_PATH}`;
  }

  async close(): Promise<void> {
    for (const exchange of this.exchanges.values()) clearTimeout(exchange.timer);
    if (!this.server.listening) return;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== INTERACTIONS_PATH) return this.otherRequests ? this.otherRequests(req, res) : reply(res, 404, { error: 'not found' });
    if (req.method !== 'POST') return reply(res, 405, { error: 'method not allowed' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      req.resume();
      return reply(res, 400, { error: 'body too large' }, true);
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (!body) return reply(res, 400, { error: 'body too large' }, true);
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const check = checkSignature(this.key, { signature: header('x-signature-ed25519'), timestamp: header('x-signature-timestamp') }, body, this.now());
    if (!check.ok) {
      this.logger.warn({ why: check.why, from: req.socket.remoteAddress }, 'interaction refused: bad signature');
      return reply(res, 401, { error: 'invalid request signature' });
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return reply(res, 400, { error: 'malformed JSON' });
    }
    if (!payload || typeof payload !== 'object' || typeof payload.type !== 'number') return reply(res, 400, { error: 'not an interaction' });
    if (payload.type === 1) return reply(res, 200, { type: 1 });
    const { id, token, application_id: applicationId } = payload;
    if (!DISPATCHED_TYPES.has(payload.type) || typeof id !== 'string' || typeof token !== 'string' || typeof applicationId !== 'string' || !this.client) {
      return reply(res, 400, { error: 'not an interaction this bot handles' });
    }
    if (this.exchanges.has(id)) return reply(res, 400, { error: 'interaction already in progress' });
    const exchange: Exchange = {
      id,
      type: payload.type,
      applicationId,
      token,
      res,
      claimed: false,
      timer: setTimeout(() => this.expire(exchange), ANSWER_DEADLINE_MS),
    };
    this.exchanges.set(id, exchange);
    res.on('close', () => {
      clearTimeout(exchange.timer);
      if (this.exchanges.get(id) === exchange) this.exchanges.delete(id);
    });
    // As on the gateway, `interaction.channel` comes from the payload's partial channel.
    rememberChannel(this.client, payload.channel);
    (this.client as unknown as { actions: { InteractionCreate: { handle(data: unknown): void } } }).actions.InteractionCreate.handle(payload);
  }

  /** Nothing answered in time: say so now, rather than let Discord wait for nothing. */
  private expire(exchange: Exchange): void {
    if (exchange.claimed) return;
    exchange.claimed = true;
    this.exchanges.delete(exchange.id);
    this.logger.warn({ interactionId: exchange.id }, 'interaction not answered in time');
    if (!exchange.res.headersSent) reply(exchange.res, 500, { error: 'no answer in time' });
  }

  private async answer(exchange: Exchange, withResponse: boolean, init: RequestInit): Promise<ResponseLike> {
    const { callback, files } = await readCallback(init.body);
    const makesMessage = callback.type === 4 || callback.type === 7;
    if (makesMessage && files.length > 0) {
      // Files do not go in the HTTP answer: it defers, and the message itself goes through the
      // interaction webhook.
      const flags = callback.data?.flags ?? 0;
      await this.send(exchange, callback.type === 4 ? { type: 5, data: { flags: flags & MessageFlags.Ephemeral } } : { type: 6 });
      const { flags: _flags, ...data } = callback.data ?? {};
      const rest = flags & ~MessageFlags.Ephemeral;
      const message = (await this.client!.rest.patch(Routes.webhookMessage(exchange.applicationId, exchange.token, '@original'), {
        body: rest ? { ...data, flags: rest } : data,
        files,
        auth: false,
      })) as { id: string; flags?: number };
      if (!withResponse) return new Response(null, { status: 204 });
      return json(200, {
        interaction: {
          id: exchange.id,
          type: exchange.type,
          response_message_id: message.id,
          response_message_loading: false,
          response_message_ephemeral: ((message.flags ?? 0) & MessageFlags.Ephemeral) !== 0,
        },
        resource: { type: callback.type, message },
      });
    }
    await this.send(exchange, callback);
    if (!withResponse) return new Response(null, { status: 204 });
    // The caller needs the message made (a lobby keeps its id): read it back.
    const message = makesMessage ? await this.original(exchange) : undefined;
    return json(200, {
      interaction: { id: exchange.id, type: exchange.type, ...(message ? { response_message_id: message.id } : {}) },
      resource: { type: callback.type, ...(message ? { message } : {}) },
    });
  }

  /** The message an answer made. Discord may take a moment to have it after our answer. */
  private async original(exchange: Exchange): Promise<{ id: string }> {
    const route = Routes.webhookMessage(exchange.applicationId, exchange.token, '@original');
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.client!.rest.get(route, { auth: false })) as { id: string };
      } catch (error) {
        if ((error as { status?: unknown }).status !== 404 || attempt >= ORIGINAL_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, ORIGINAL_RETRY_MS * attempt));
      }
    }
  }

  /** Writes the HTTP answer; resolves once it is handed to the network. */
  private async send(exchange: Exchange, body: Callback): Promise<void> {
    clearTimeout(exchange.timer);
    this.exchanges.delete(exchange.id);
    const { res } = exchange;
    if (res.headersSent || res.destroyed) throw new Error('the interaction request was already answered or closed');
    const text = JSON.stringify(body);
    await new Promise<void>((resolve, reject) => {
      res.once('close', () => (res.writableFinished ? resolve() : reject(new Error('the interaction request closed before its answer went out'))));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
      res.end(text, () => resolve());
    });
  }
}
