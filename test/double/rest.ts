// The REST side: the routes discord.js calls for a bot that answers interactions and posts in
// channels, with Discord's checks (deadlines, tokens, limits, permissions).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Gateway } from './gateway.js';
import type { InteractionRecord } from './interaction.js';
import { validateAutocomplete, validateCommand, validateCommands, validateMessage, validateModal } from './limits.js';
import { ApiError, parseBody, pathSegments, readRaw, sendJson } from './http.js';
import { openApi, type OpenApi } from './openapi.js';
import { Perm, has } from './perms.js';
import type { RateLimiter } from './ratelimit.js';
import type { DoubleState, GuildState, MessageState } from './state.js';
import { snowflake } from './state.js';
import type { AttachmentRecord, ChannelRecord, UploadedFile } from './types.js';
import { InteractionKind, MessageFlag } from './types.js';

const INTENT_GUILD_MESSAGES = 1 << 9;
const INTENT_DIRECT_MESSAGES = 1 << 12;
/** Flags a bot may set when creating a message. */
const CREATE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

export interface Ctx {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  arrivedAt: number;
  body: any;
  files: UploadedFile[];
  interaction?: InteractionRecord;
}

export interface Result {
  status: number;
  body?: unknown;
}

type Handler = (ctx: Ctx, p: Record<string, string>) => Result;

interface Route {
  method: string;
  pattern: string[];
  /** Needs `Authorization: Bot <token>` (interaction and webhook routes use their token instead). */
  auth: boolean;
  handler: Handler;
}

const CALLBACK_TEMPLATE = '/interactions/{interaction_id}/{interaction_token}/callback';

export class RestApi {
  private readonly routes: Route[] = [];
  /** Discord's published schemas for the bodies of these routes. */
  private readonly spec: OpenApi;

  constructor(
    private readonly state: DoubleState,
    private readonly gateway: Gateway,
    /** Discord's rate limits, when the double enforces them. */
    private readonly limiter?: RateLimiter,
  ) {
    const r = (method: string, pattern: string, auth: boolean, handler: Handler): void => {
      this.routes.push({ method, pattern: pattern.split('/').filter(Boolean), auth, handler });
    };
    r('GET', 'gateway', false, () => ({ status: 200, body: { url: this.gateway.url } }));
    r('GET', 'gateway/bot', true, () => ({ status: 200, body: this.gatewayBot() }));

    r('POST', 'interactions/:id/:token/callback', false, (c, p) => this.callback(c, p.id!, p.token!));
    r('POST', 'webhooks/:app/:token', false, (c, p) => this.followUp(c, p.app!, p.token!));
    r('GET', 'webhooks/:app/:token/messages/:mid', false, (c, p) => this.webhookGet(c, p.app!, p.token!, p.mid!));
    r('PATCH', 'webhooks/:app/:token/messages/:mid', false, (c, p) => this.webhookEdit(c, p.app!, p.token!, p.mid!));
    r('DELETE', 'webhooks/:app/:token/messages/:mid', false, (c, p) => this.webhookDelete(c, p.app!, p.token!, p.mid!));

    r('GET', 'channels/:cid', true, (_c, p) => this.getChannel(p.cid!));
    r('GET', 'channels/:cid/messages', true, (c, p) => this.listMessages(c, p.cid!));
    r('POST', 'channels/:cid/messages', true, (c, p) => this.postMessage(c, p.cid!));
    r('GET', 'channels/:cid/messages/:mid', true, (_c, p) => ({ status: 200, body: this.state.messageJson(this.channelMessage(p.cid!, p.mid!)) }));
    r('PATCH', 'channels/:cid/messages/:mid', true, (c, p) => this.editChannelMessage(c, p.cid!, p.mid!));
    r('DELETE', 'channels/:cid/messages/:mid', true, (_c, p) => this.deleteChannelMessage(p.cid!, p.mid!));
    r('POST', 'channels/:cid/threads', true, (c, p) => this.createThread(c, p.cid!));
    r('POST', 'channels/:cid/typing', true, (_c, p) => (this.requireChannel(p.cid!), { status: 204 }));

    r('GET', 'applications/@me', true, () => ({ status: 200, body: this.applicationJson() }));
    r('GET', 'applications/:app/commands', true, (_c, p) => this.getCommands(p.app!, null));
    r('PUT', 'applications/:app/commands', true, (c, p) => this.putCommands(c, p.app!, null));
    r('POST', 'applications/:app/commands', true, (c, p) => this.postCommand(c, p.app!, null));
    r('GET', 'applications/:app/commands/:cmd', true, (_c, p) => this.getCommand(p.app!, null, p.cmd!));
    r('PATCH', 'applications/:app/commands/:cmd', true, (c, p) => this.patchCommand(c, p.app!, null, p.cmd!));
    r('DELETE', 'applications/:app/commands/:cmd', true, (_c, p) => this.deleteCommand(p.app!, null, p.cmd!));
    r('GET', 'applications/:app/guilds/:gid/commands', true, (_c, p) => this.getCommands(p.app!, p.gid!));
    r('PUT', 'applications/:app/guilds/:gid/commands', true, (c, p) => this.putCommands(c, p.app!, p.gid!));
    r('POST', 'applications/:app/guilds/:gid/commands', true, (c, p) => this.postCommand(c, p.app!, p.gid!));
    r('GET', 'applications/:app/guilds/:gid/commands/:cmd', true, (_c, p) => this.getCommand(p.app!, p.gid!, p.cmd!));
    r('PATCH', 'applications/:app/guilds/:gid/commands/:cmd', true, (c, p) => this.patchCommand(c, p.app!, p.gid!, p.cmd!));
    r('DELETE', 'applications/:app/guilds/:gid/commands/:cmd', true, (_c, p) => this.deleteCommand(p.app!, p.gid!, p.cmd!));

    r('GET', 'users/@me', true, () => ({ status: 200, body: this.state.userJson(this.state.botUser) }));
    r('POST', 'users/@me/channels', true, (c) => this.openDm(c));
    r('GET', 'users/:uid', true, (_c, p) => ({ status: 200, body: this.state.userJson(this.requireUser(p.uid!)) }));

    r('GET', 'guilds/:gid', true, (_c, p) => ({ status: 200, body: this.state.guildJson(this.requireGuild(p.gid!)) }));
    r('GET', 'guilds/:gid/channels', true, (_c, p) => ({
      status: 200,
      body: this.state.guildChannels(this.requireGuild(p.gid!).id).filter((c) => c.type !== 11).map((c) => this.state.channelJson(c)),
    }));
    r('GET', 'guilds/:gid/roles', true, (_c, p) => ({ status: 200, body: this.requireGuild(p.gid!).roles.map((x) => this.state.roleJson(x)) }));
    r('GET', 'guilds/:gid/members/:uid', true, (_c, p) => {
      const guild = this.requireGuild(p.gid!);
      const user = p.uid === this.state.botUser.id ? this.state.botUser : this.state.users.get(p.uid!);
      if (!user) throw new ApiError(404, 10007, 'Unknown Member');
      return { status: 200, body: this.state.memberJson(guild, user) };
    });
    this.spec = openApi(this.routes);
  }

  /**
   * Checks a body against Discord's published schema for the route; a body it refuses is a 400
   * "Invalid Form Body", as Discord answers, with the failing paths.
   */
  private checkSpec(method: string, template: string, body: unknown): void {
    if (body === undefined) return;
    const issues = this.spec.validate(method, template, body);
    if (issues.length) throw ApiError.invalidForm(issues, true);
  }

  /** An HTTP interaction answer: counted as a route and checked as a callback body is. */
  checkAnswer(body: unknown): void {
    this.state.useRoute(`HTTP answer (POST ${CALLBACK_TEMPLATE})`);
    this.checkSpec('POST', CALLBACK_TEMPLATE, body);
  }

  /** The interaction a token route names, to attach a refused body to it. */
  private routeInteraction(params: Record<string, string>): InteractionRecord | undefined {
    if (params.token === undefined) return undefined;
    const rec = this.state.interactionsByToken.get(params.token);
    return rec && (params.id === undefined || rec.id === params.id) ? rec : undefined;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrivedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const segments = pathSegments(url.pathname);

    if (segments[0] === 'attachments' && method === 'GET') return this.serveAttachment(res, segments);

    const apiPath = segments[0] === 'api' && segments[1] === 'v10' ? segments.slice(2) : undefined;
    const path = apiPath ? `/${apiPath.join('/')}` : url.pathname;
    const ctx: Ctx = { method, path, query: url.searchParams, headers: req.headers, arrivedAt, body: undefined, files: [] };
    let status = 500;
    try {
      const match = apiPath ? this.match(method, apiPath) : undefined;
      if (!match) {
        req.resume();
        const other = apiPath && this.routes.some((r) => this.matchPattern(r.pattern, apiPath));
        throw other ? new ApiError(405, 0, '405: Method Not Allowed') : new ApiError(404, 0, '404: Not Found');
      }
      const template = this.spec.template(method, apiPath!) ?? `/${match.route.pattern.join('/')}`;
      this.state.useRoute(`${method} ${template}`);
      if (match.route.auth && req.headers.authorization !== `Bot ${this.state.token}`) {
        req.resume();
        throw new ApiError(401, 0, '401: Unauthorized');
      }
      // Counted on arrival, as Discord does: a refused request changes nothing.
      const limit = this.limiter?.take(method, match.route.pattern.join('/'), match.params, !match.route.auth);
      if (limit && !limit.ok) {
        req.resume();
        status = limit.status;
        sendJson(res, limit.status, limit.body, limit.headers);
        return;
      }
      const raw = await readRaw(req, this.state.attachmentSizeLimit * 10 + 8 * 1024 * 1024);
      const parsed = await parseBody(req.headers['content-type'], raw);
      ctx.body = parsed.body;
      ctx.files = parsed.files;
      try {
        this.checkSpec(method, template, ctx.body);
      } catch (e) {
        ctx.interaction ??= this.routeInteraction(match.params);
        throw e;
      }
      // An HTTP answer still being read comes first, as Discord has it before any edit.
      const answering = apiPath?.[0] === 'webhooks' ? this.state.pendingAnswers.get(apiPath[2] ?? '') : undefined;
      if (answering) await answering;
      // Handlers are synchronous from here on, so check-then-acknowledge cannot interleave.
      const result = match.route.handler(ctx, match.params);
      status = result.status;
      sendJson(res, result.status, result.body, limit?.headers);
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(500, 0, `500: Internal Server Error (${(err as Error)?.message ?? err})`);
      status = e.status;
      if (e.status >= 400 && e.status < 500) {
        const v = {
          route: `${method} ${path}`,
          status: e.status,
          code: e.code,
          message: e.detail ? `${e.message}: ${e.detail}` : e.message,
          at: arrivedAt,
          ...(ctx.interaction ? { interactionId: ctx.interaction.id } : {}),
          ...(e.openapi ? { openapi: true as const } : {}),
        };
        this.state.violation(v);
        ctx.interaction?.errors.push(v);
      }
      e.after?.();
      if (!res.headersSent) sendJson(res, e.status, e.body);
    } finally {
      this.state.log({ method, path, status, at: arrivedAt });
    }
  }

  private matchPattern(pattern: string[], segs: string[]): Record<string, string> | undefined {
    if (pattern.length !== segs.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const s = segs[i]!;
      if (p.startsWith(':')) {
        if (s === '@me' && !p.startsWith(':app')) return undefined;
        params[p.slice(1)] = s;
      } else if (p !== s) {
        return undefined;
      }
    }
    return params;
  }

  private match(method: string, segs: string[]): { route: Route; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const params = this.matchPattern(route.pattern, segs);
      if (params) return { route, params };
    }
    return undefined;
  }

  private serveAttachment(res: ServerResponse, segs: string[]): void {
    const m = [...this.state.messages.values()].find((x) => x.channelId === segs[1] && x.attachments.some((a) => a.id === segs[2]));
    const a = m?.attachments.find((x) => x.id === segs[2]);
    if (!a) {
      sendJson(res, 404, { message: '404: Not Found', code: 0 });
      return;
    }
    res.writeHead(200, { 'Content-Type': a.contentType ?? 'application/octet-stream', 'Content-Length': a.data.length.toString() });
    res.end(a.data);
  }

  // ---- lookups ------------------------------------------------------------------------

  private gatewayBot(): Record<string, unknown> {
    return {
      url: this.gateway.url,
      shards: this.state.gatewayShards,
      session_start_limit: { total: 1000, remaining: 1000, reset_after: 14_400_000, max_concurrency: this.state.maxConcurrency },
    };
  }

  private applicationJson(): Record<string, unknown> {
    return {
      id: this.state.applicationId,
      name: this.state.botUser.username,
      icon: null,
      description: '',
      summary: '',
      type: null,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: this.state.verifyKey,
      flags: 0,
      team: null,
      owner: { id: '1', username: 'owner', discriminator: '0', global_name: 'Owner', avatar: null, public_flags: 0 },
      bot: this.state.userJson(this.state.botUser),
      approximate_guild_count: this.state.guilds.size,
      interactions_endpoint_url: this.state.interactionsEndpointUrl,
      redirect_uris: [],
      tags: [],
    };
  }

  private requireChannel(id: string): ChannelRecord {
    const c = this.state.channels.get(id);
    if (!c) throw new ApiError(404, 10003, 'Unknown Channel');
    return c;
  }

  private requireGuild(id: string): GuildState {
    const g = this.state.guilds.get(id);
    if (!g) throw new ApiError(404, 10004, 'Unknown Guild');
    return g;
  }

  private requireUser(id: string) {
    const u = id === this.state.botUser.id ? this.state.botUser : this.state.users.get(id);
    if (!u) throw new ApiError(404, 10013, 'Unknown User');
    return u;
  }

  private requireApp(app: string): void {
    if (app !== this.state.applicationId) throw new ApiError(403, 50001, 'Missing Access');
  }

  /** Public (non-ephemeral, not deleted) message in a channel. */
  private channelMessage(cid: string, mid: string): MessageState {
    const channel = this.requireChannel(cid);
    if (channel.guildId && !has(channel.botPermissions, Perm.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    const m = this.state.messages.get(mid);
    if (!m || m.channelId !== cid || m.ephemeral || m.deleted) throw new ApiError(404, 10008, 'Unknown Message');
    return m;
  }

  // ---- shared message handling ----------------------------------------------------------

  private checkFileSizes(files: UploadedFile[]): void {
    if (files.some((f) => f.data.length > this.state.attachmentSizeLimit)) throw new ApiError(413, 40005, 'Request entity too large');
  }

  private static isEmpty(m: { content?: unknown; embeds?: unknown; components?: unknown; attachments?: unknown[] }, fileCount: number, body?: any): boolean {
    const text = typeof m.content === 'string' && m.content.trim().length > 0;
    const embeds = Array.isArray(m.embeds) && m.embeds.length > 0;
    const comps = Array.isArray(m.components) && m.components.length > 0;
    const atts = fileCount > 0 || (Array.isArray(m.attachments) && m.attachments.length > 0);
    const extra = body && ((Array.isArray(body.sticker_ids) && body.sticker_ids.length > 0) || body.poll);
    return !(text || embeds || comps || atts || extra);
  }

  private emitMessage(t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', m: MessageState): void {
    if (m.ephemeral) return;
    const intent = m.guildId ? INTENT_GUILD_MESSAGES : INTENT_DIRECT_MESSAGES;
    this.gateway.dispatchGuildEvent(m.guildId, t, { ...this.state.messageJson(m), ...(m.guildId ? { guild_id: m.guildId } : {}) }, intent);
  }

  private emitDelete(m: MessageState): void {
    if (m.ephemeral) return;
    const intent = m.guildId ? INTENT_GUILD_MESSAGES : INTENT_DIRECT_MESSAGES;
    this.gateway.dispatchGuildEvent(m.guildId, 'MESSAGE_DELETE', { id: m.id, channel_id: m.channelId, ...(m.guildId ? { guild_id: m.guildId } : {}) }, intent);
  }

  /** Checks the body of a new message; returns the flags it asks for and its attachments. */
  private checkNewMessage(body: any, files: UploadedFile[], prefix: (string | number)[]): { flags: number; attachments: AttachmentRecord[] } {
    this.checkFileSizes(files);
    const flags = typeof body.flags === 'number' ? body.flags : 0;
    const attachments = this.state.resolveAttachments([], body.attachments, files);
    const issues = validateMessage(body, attachments.length, flags, prefix);
    if (issues.length) throw ApiError.invalidForm(issues);
    if (RestApi.isEmpty(body, files.length, body)) throw new ApiError(400, 50006, 'Cannot send an empty message');
    return { flags, attachments };
  }

  /** Validates and applies an edit; returns the message. */
  private edit(m: MessageState, body: any, files: UploadedFile[], prefix: (string | number)[]): MessageState {
    if (typeof body !== 'object' || body === null) body = {};
    this.checkFileSizes(files);
    const attachments = this.state.resolveAttachments(m.attachments, body.attachments, files);
    const flags = typeof body.flags === 'number' ? (m.flags & ~MessageFlag.IsComponentsV2) | (body.flags & MessageFlag.IsComponentsV2) : m.flags;
    const issues = validateMessage(body, attachments.length, flags, prefix);
    if (issues.length) throw ApiError.invalidForm(issues);
    const merged = {
      content: 'content' in body && body.content !== undefined ? body.content : m.content,
      embeds: 'embeds' in body && body.embeds !== undefined ? body.embeds : m.embeds,
      components: 'components' in body && body.components !== undefined ? body.components : m.components,
      attachments,
    };
    if (RestApi.isEmpty(merged, 0)) throw new ApiError(400, 50006, 'Cannot send an empty message');
    this.state.applyEdit(m, body, attachments);
    return m;
  }

  // ---- interactions ---------------------------------------------------------------------

  private interactionMetadata(rec: InteractionRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
    const d = rec.payload.data ?? {};
    return {
      id: rec.id,
      type: rec.type,
      user: this.state.userJson(rec.user),
      authorizing_integration_owners: rec.payload.authorizing_integration_owners ?? {},
      ...(rec.type === InteractionKind.Command ? { name: d.name, command_type: d.type ?? 1 } : {}),
      ...(rec.componentMessageId ? { interacted_message_id: rec.componentMessageId } : {}),
      ...extra,
    };
  }

  /**
   * A message an interaction creates (its reply or a follow-up) from a request body: it may be
   * ephemeral, and then only the interaction's user sees it.
   */
  private createInteractionMessage(
    rec: InteractionRecord,
    body: any,
    files: UploadedFile[],
    prefix: (string | number)[],
    type: number,
    metadata: Record<string, unknown> = {},
  ): MessageState {
    const { flags, attachments } = this.checkNewMessage(body, files, prefix);
    return this.state.createMessage({
      channelId: rec.channelId,
      content: body.content,
      embeds: body.embeds,
      components: body.components,
      flags: flags & (CREATE_FLAGS | MessageFlag.Ephemeral),
      attachments,
      type,
      tts: !!body.tts,
      visibleTo: rec.user.id,
      interaction: rec,
      interactionMetadata: this.interactionMetadata(rec, metadata),
    });
  }

  private componentMessage(rec: InteractionRecord): MessageState {
    const m = rec.componentMessageId ? this.state.messages.get(rec.componentMessageId) : undefined;
    if (!m || m.deleted) throw new ApiError(404, 10008, 'Unknown Message');
    return m;
  }

  /** The first answer to an interaction: a REST callback, or an HTTP answer (http-interactions.ts). */
  callback(ctx: Ctx, id: string, token: string): Result {
    const rec = this.state.interactions.get(id);
    if (!rec || rec.token !== token) throw new ApiError(404, 10062, 'Unknown interaction');
    ctx.interaction = rec;
    this.state.onFirstAnswer?.(rec);
    if (rec.ackAt !== undefined) throw new ApiError(400, 40060, 'Interaction has already been acknowledged.');
    if (ctx.arrivedAt - rec.sentAt > rec.deadlineMs) {
      throw new ApiError(404, 10062, 'Unknown interaction', undefined, () => rec.markLate(ctx.arrivedAt));
    }
    const body = ctx.body ?? {};
    const type = body.type;
    const allowed: Record<number, number[]> = {
      [InteractionKind.Command]: [4, 5, 9],
      [InteractionKind.Component]: [4, 5, 6, 7, 9],
      [InteractionKind.Autocomplete]: [8],
      [InteractionKind.ModalSubmit]: rec.componentMessageId ? [4, 5, 6, 7] : [4, 5],
    };
    if (!allowed[rec.type]?.includes(type)) {
      throw ApiError.invalidForm([
        { path: ['type'], code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: `Interaction response type ${String(type)} is not valid for interaction type ${rec.type}` },
      ]);
    }
    const data = typeof body.data === 'object' && body.data !== null ? body.data : {};
    const msgType = rec.type === InteractionKind.Command ? 20 : 0;
    let message: MessageState | undefined;
    let created = false;
    switch (type) {
      case 4: {
        message = this.createInteractionMessage(rec, data, ctx.files, ['data'], msgType);
        created = true;
        rec.reply = message;
        rec.ephemeral = message.ephemeral;
        break;
      }
      case 5: {
        const flags = (typeof data.flags === 'number' ? data.flags : 0) & MessageFlag.Ephemeral;
        message = this.state.createMessage({
          channelId: rec.channelId,
          flags: flags | MessageFlag.Loading,
          attachments: [],
          type: msgType,
          visibleTo: rec.user.id,
          interaction: rec,
          interactionMetadata: this.interactionMetadata(rec),
        });
        created = true;
        rec.reply = message;
        rec.ephemeral = message.ephemeral;
        break;
      }
      case 6:
        message = this.componentMessage(rec);
        rec.reply = message;
        rec.ephemeral = message.ephemeral;
        break;
      case 7:
        message = this.edit(this.componentMessage(rec), data, ctx.files, ['data']);
        rec.reply = message;
        rec.ephemeral = message.ephemeral;
        break;
      case 8: {
        const issues = validateAutocomplete(data);
        if (issues.length) throw ApiError.invalidForm(issues);
        rec.choices = data.choices;
        break;
      }
      case 9: {
        const issues = validateModal(body.data);
        if (issues.length) throw ApiError.invalidForm(issues);
        rec.modal = body.data;
        break;
      }
    }
    rec.markAcked(type, ctx.arrivedAt);
    if (message) this.emitMessage(created ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE', message);

    if (ctx.query.get('with_response') !== 'true') return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: rec.id,
          type: rec.type,
          ...(message ? { response_message_id: message.id, response_message_loading: type === 5, response_message_ephemeral: message.ephemeral } : {}),
        },
        resource: { type, ...(message ? { message: this.state.messageJson(message) } : {}) },
      },
    };
  }

  /** The interaction behind a webhook token, with Discord's token checks. */
  private webhookInteraction(ctx: Ctx, app: string, token: string): InteractionRecord {
    const rec = app === this.state.applicationId ? this.state.interactionsByToken.get(token) : undefined;
    if (!rec) throw new ApiError(404, 10015, 'Unknown Webhook');
    ctx.interaction = rec;
    if (ctx.arrivedAt - rec.sentAt > rec.tokenLifetimeMs) throw new ApiError(401, 50027, 'Invalid Webhook Token');
    if (rec.ackAt === undefined) throw new ApiError(404, 10015, 'Unknown Webhook');
    return rec;
  }

  private webhookMessage(rec: InteractionRecord, mid: string): MessageState {
    const candidates = mid === '@original' ? [rec.reply] : [rec.reply, ...rec.followUps].filter((m) => m?.id === mid);
    const m = candidates[0] as MessageState | undefined;
    if (!m || m.deleted) throw new ApiError(404, 10008, 'Unknown Message');
    return m;
  }

  private followUp(ctx: Ctx, app: string, token: string): Result {
    const rec = this.webhookInteraction(ctx, app, token);
    const body = typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {};
    const original = rec.reply as MessageState | undefined;
    let message: MessageState;
    if (rec.ackType === 5 && original && !original.deleted && original.flags & MessageFlag.Loading) {
      // After a deferred reply the first follow-up completes the "thinking" message, keeping the
      // defer's ephemerality (Discord's documented behaviour).
      message = this.edit(original, body, ctx.files, []);
      this.emitMessage('MESSAGE_UPDATE', message);
    } else {
      const metadata = original ? { original_response_message_id: original.id } : {};
      message = this.createInteractionMessage(rec, body, ctx.files, [], 0, metadata);
      rec.followUps.push(message);
      this.emitMessage('MESSAGE_CREATE', message);
    }
    return ctx.query.get('wait') === 'true' ? { status: 200, body: this.state.messageJson(message) } : { status: 204 };
  }

  private webhookGet(ctx: Ctx, app: string, token: string, mid: string): Result {
    const rec = this.webhookInteraction(ctx, app, token);
    return { status: 200, body: this.state.messageJson(this.webhookMessage(rec, mid)) };
  }

  private webhookEdit(ctx: Ctx, app: string, token: string, mid: string): Result {
    const rec = this.webhookInteraction(ctx, app, token);
    const m = this.edit(this.webhookMessage(rec, mid), ctx.body, ctx.files, []);
    this.emitMessage('MESSAGE_UPDATE', m);
    return { status: 200, body: this.state.messageJson(m) };
  }

  private webhookDelete(ctx: Ctx, app: string, token: string, mid: string): Result {
    const rec = this.webhookInteraction(ctx, app, token);
    const m = this.webhookMessage(rec, mid);
    this.state.deleteMessage(m);
    this.emitDelete(m);
    return { status: 204 };
  }

  // ---- channels -------------------------------------------------------------------------

  private getChannel(cid: string): Result {
    const c = this.requireChannel(cid);
    if (c.guildId && !has(c.botPermissions, Perm.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    return { status: 200, body: this.state.channelJson(c) };
  }

  private listMessages(ctx: Ctx, cid: string): Result {
    const c = this.requireChannel(cid);
    if (c.guildId && !has(c.botPermissions, Perm.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    // Without ReadMessageHistory Discord answers with an empty list.
    if (c.guildId && !has(c.botPermissions, Perm.ReadMessageHistory)) return { status: 200, body: [] };
    const limit = Math.min(100, Math.max(1, Number(ctx.query.get('limit') ?? 50) || 50));
    const before = ctx.query.get('before');
    const after = ctx.query.get('after');
    let list = [...(this.state.channelLog.get(cid) ?? [])];
    if (before) list = list.filter((m) => BigInt(m.id) < BigInt(before));
    if (after) list = list.filter((m) => BigInt(m.id) > BigInt(after));
    list = after ? list.slice(0, limit) : list.slice(-limit);
    return { status: 200, body: list.reverse().map((m) => this.state.messageJson(m)) };
  }

  /** Checks Discord applies when the bot posts or edits in a channel. */
  private channelPermissions(ctx: Ctx, c: ChannelRecord, body: any, creating: boolean): void {
    if (!c.guildId) return;
    const perms = c.botPermissions;
    if (!has(perms, Perm.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    if (creating) {
      const send = c.type === 11 ? Perm.SendMessagesInThreads : Perm.SendMessages;
      if (!has(perms, send)) throw new ApiError(403, 50013, 'Missing Permissions');
    }
    if (ctx.files.length > 0 && !has(perms, Perm.AttachFiles)) throw new ApiError(403, 50013, 'Missing Permissions');
    if (Array.isArray(body.embeds) && body.embeds.length > 0 && !has(perms, Perm.EmbedLinks)) {
      // Discord accepts the message and silently drops the embeds.
      body.embeds = [];
      this.state.warnings.push({ route: `${ctx.method} ${ctx.path}`, message: 'embeds dropped: the bot lacks EmbedLinks in this channel', at: ctx.arrivedAt });
    }
  }

  private postMessage(ctx: Ctx, cid: string): Result {
    const c = this.requireChannel(cid);
    // A user who closed their DMs to this server's members cannot be written to.
    if (c.type === 1 && c.recipientId && this.state.users.get(c.recipientId)?.dmsClosed) throw new ApiError(403, 50007, 'Cannot send messages to this user');
    const body = typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {};
    this.channelPermissions(ctx, c, body, true);
    // Checked before the nonce and the reference, so a bad body fails even when it repeats a nonce.
    const { flags, attachments } = this.checkNewMessage(body, ctx.files, []);

    if (body.enforce_nonce && body.nonce !== undefined) {
      const recent = (this.state.channelLog.get(cid) ?? []).find((m) => m.nonce === body.nonce && performance.now() - m.createdAt < 5 * 60_000);
      if (recent) return { status: 200, body: this.state.messageJson(recent) };
    }
    let type = 0;
    let messageReference: Record<string, unknown> | undefined;
    const ref = body.message_reference;
    if (ref && typeof ref === 'object' && (ref.type ?? 0) === 0) {
      const target = this.state.messages.get(String(ref.message_id));
      if (target && target.channelId === cid && !target.deleted && !target.ephemeral) {
        type = 19;
        messageReference = { type: 0, message_id: target.id, channel_id: cid, ...(c.guildId ? { guild_id: c.guildId } : {}) };
      } else if (ref.fail_if_not_exists !== false) {
        throw ApiError.invalidForm([{ path: ['message_reference'], code: 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', message: 'Unknown message' }]);
      }
    }
    const m = this.state.createMessage({
      channelId: cid,
      content: body.content,
      embeds: body.embeds,
      components: body.components,
      flags: flags & CREATE_FLAGS,
      attachments,
      type,
      tts: !!body.tts,
      ...(body.nonce !== undefined ? { nonce: body.nonce } : {}),
      ...(messageReference ? { messageReference } : {}),
    });
    m.pinged = pingedUsers(m.content, body.allowed_mentions);
    this.emitMessage('MESSAGE_CREATE', m);
    return { status: 200, body: this.state.messageJson(m) };
  }

  /** A public thread without a starter message (Start Thread without Message), as Discord checks it. */
  private createThread(ctx: Ctx, cid: string): Result {
    const parent = this.requireChannel(cid);
    const body = typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {};
    if (parent.type !== 0 || !parent.guildId) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
    if (!has(parent.botPermissions, Perm.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    if (!has(parent.botPermissions, Perm.CreatePublicThreads)) throw new ApiError(403, 50013, 'Missing Permissions');
    if (typeof body.name !== 'string' || body.name.length < 1 || body.name.length > 100) {
      throw ApiError.invalidForm([{ path: ['name'], code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }]);
    }
    const existing = this.state.guildChannels(parent.guildId).length;
    const thread: ChannelRecord = {
      id: snowflake(),
      guildId: parent.guildId,
      name: body.name,
      type: 11,
      parentId: parent.id,
      botPermissions: parent.botPermissions,
      position: existing,
      lastMessageId: null,
      createdAt: new Date().toISOString(),
    };
    this.state.channels.set(thread.id, thread);
    const json = this.state.channelJson(thread);
    this.gateway.dispatchGuildEvent(parent.guildId, 'THREAD_CREATE', { ...json, newly_created: true });
    return { status: 201, body: json };
  }

  private editChannelMessage(ctx: Ctx, cid: string, mid: string): Result {
    const c = this.requireChannel(cid);
    const m = this.channelMessage(cid, mid);
    if (m.authorId !== this.state.botUser.id) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
    const body = typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {};
    this.channelPermissions(ctx, c, body, false);
    this.edit(m, body, ctx.files, []);
    this.emitMessage('MESSAGE_UPDATE', m);
    return { status: 200, body: this.state.messageJson(m) };
  }

  private deleteChannelMessage(cid: string, mid: string): Result {
    const m = this.channelMessage(cid, mid);
    const c = this.requireChannel(cid);
    if (m.authorId !== this.state.botUser.id && c.guildId && !has(c.botPermissions, Perm.ManageMessages)) {
      throw new ApiError(403, 50013, 'Missing Permissions');
    }
    this.state.deleteMessage(m);
    this.emitDelete(m);
    return { status: 204 };
  }

  private openDm(ctx: Ctx): Result {
    const uid = String(ctx.body?.recipient_id ?? '');
    const user = this.state.users.get(uid);
    if (!user) throw ApiError.invalidForm([{ path: ['recipient_id'], code: 'NUMBER_TYPE_COERCE', message: `Value "${uid}" is not snowflake.` }]);
    let id = this.state.dmChannelByUser.get(uid);
    if (!id) {
      id = snowflake();
      this.state.dmChannelByUser.set(uid, id);
      this.state.channels.set(id, {
        id,
        guildId: null,
        name: user.username,
        type: 1,
        botPermissions: Perm.ViewChannel | Perm.SendMessages | Perm.EmbedLinks | Perm.AttachFiles | Perm.ReadMessageHistory,
        recipientId: uid,
        position: 0,
        lastMessageId: null,
        createdAt: new Date().toISOString(),
      });
    }
    return { status: 200, body: this.state.channelJson(this.state.channels.get(id)!) };
  }

  // ---- commands -------------------------------------------------------------------------

  private commandList(guildId: string | null): unknown[] {
    if (guildId === null) return this.state.commands.global;
    return this.state.commands.guild.get(guildId) ?? [];
  }

  private setCommandList(guildId: string | null, list: unknown[]): void {
    if (guildId === null) this.state.commands.global = list;
    else this.state.commands.guild.set(guildId, list);
  }

  private normalizeCommand(cmd: Record<string, any>, guildId: string | null): Record<string, unknown> {
    const type = cmd.type ?? 1;
    const key = `${guildId ?? 'global'}:${type}:${String(cmd.name)}`;
    let id = this.state.commandIds.get(key);
    if (!id) this.state.commandIds.set(key, (id = snowflake()));
    return {
      id,
      application_id: this.state.applicationId,
      version: snowflake(),
      type,
      name: cmd.name,
      name_localizations: cmd.name_localizations ?? null,
      description: cmd.description ?? '',
      description_localizations: cmd.description_localizations ?? null,
      options: Array.isArray(cmd.options) ? cmd.options : [],
      default_member_permissions: cmd.default_member_permissions ?? null,
      nsfw: cmd.nsfw ?? false,
      contexts: cmd.contexts ?? null,
      integration_types: cmd.integration_types ?? [0],
      ...(guildId ? { guild_id: guildId } : { dm_permission: cmd.dm_permission ?? true }),
    };
  }

  private scope(app: string, gid: string | null): void {
    this.requireApp(app);
    if (gid !== null) this.requireGuild(gid);
  }

  private getCommands(app: string, gid: string | null): Result {
    this.scope(app, gid);
    return { status: 200, body: this.commandList(gid) };
  }

  private putCommands(ctx: Ctx, app: string, gid: string | null): Result {
    this.scope(app, gid);
    const issues = validateCommands(ctx.body);
    if (issues.length) throw ApiError.invalidForm(issues);
    const list = (ctx.body as Record<string, any>[]).map((c) => this.normalizeCommand(c, gid));
    this.setCommandList(gid, list);
    this.state.commandPuts++;
    return { status: 200, body: list };
  }

  private postCommand(ctx: Ctx, app: string, gid: string | null): Result {
    this.scope(app, gid);
    const body = typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {};
    const issues = validateCommand(body);
    if (issues.length) throw ApiError.invalidForm(issues);
    const cmd = this.normalizeCommand(body, gid);
    const list = [...this.commandList(gid)] as Record<string, any>[];
    const i = list.findIndex((c) => c.id === cmd.id);
    if (i >= 0) list[i] = cmd;
    else list.push(cmd);
    this.setCommandList(gid, list);
    return { status: i >= 0 ? 200 : 201, body: cmd };
  }

  private findCommand(gid: string | null, cmdId: string): { list: Record<string, any>[]; index: number } {
    const list = [...this.commandList(gid)] as Record<string, any>[];
    const index = list.findIndex((c) => c.id === cmdId);
    if (index < 0) throw new ApiError(404, 10063, 'Unknown application command');
    return { list, index };
  }

  private getCommand(app: string, gid: string | null, cmdId: string): Result {
    this.scope(app, gid);
    const { list, index } = this.findCommand(gid, cmdId);
    return { status: 200, body: list[index] };
  }

  private patchCommand(ctx: Ctx, app: string, gid: string | null, cmdId: string): Result {
    this.scope(app, gid);
    const { list, index } = this.findCommand(gid, cmdId);
    const merged = { ...list[index], ...(ctx.body ?? {}) };
    const issues = validateCommand(merged);
    if (issues.length) throw ApiError.invalidForm(issues);
    list[index] = { ...this.normalizeCommand(merged, gid), id: cmdId };
    this.setCommandList(gid, list);
    return { status: 200, body: list[index] };
  }

  private deleteCommand(app: string, gid: string | null, cmdId: string): Result {
    this.scope(app, gid);
    const { list, index } = this.findCommand(gid, cmdId);
    list.splice(index, 1);
    this.setCommandList(gid, list);
    return { status: 204 };
  }
}

/**
 * Who a message notifies, as Discord decides: the users mentioned in its content, all of them
 * without `allowed_mentions`, else those its `parse` or `users` lets through.
 */
export function pingedUsers(content: string, allowed: unknown): string[] {
  const mentioned = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!))];
  if (!allowed || typeof allowed !== 'object') return mentioned;
  const { parse, users } = allowed as { parse?: unknown; users?: unknown };
  if (Array.isArray(parse) && parse.includes('users')) return mentioned;
  return mentioned.filter((id) => Array.isArray(users) && users.includes(id));
}
