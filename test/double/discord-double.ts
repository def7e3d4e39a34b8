// A local Discord (REST + gateway) that an unmodified discord.js Client can log in to, driven
// by tests through slash commands, component clicks and modal submits, with Discord's rules
// (3 s first-response deadline, 15 min tokens, message limits, channel permissions) enforced.
//
// Behaviours worth knowing:
// - `violations` records every 4xx answered (limits, deadline, token, permissions, and also
//   unknown routes and bad auth), so a test can assert it stays empty.
// - Every request body, HTTP interaction answers included, is also checked against Discord's
//   published OpenAPI description (openapi.ts); `routesUsed()` counts the routes called.
// - Embeds posted to a channel without EmbedLinks are dropped silently, as Discord does; the
//   drop is listed in `warnings`.
// - After a deferred reply (type 5) the first follow-up completes the "thinking" message instead
//   of creating a new one, keeping the defer's ephemerality, as Discord does.
// - slash()/click()/select() throw when a real user could not send the interaction (command not
//   registered or hidden by default_member_permissions, unknown option, value outside choices
//   or bounds, component missing or disabled, ephemeral message of another user).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { buildCommandData, type SlashOptions, type OptionValue } from './commands.js';
import { Gateway, type GatewayStats } from './gateway.js';
import { HttpDelivery } from './http-interactions.js';
import { InteractionRecord } from './interaction.js';
import { DEFAULT_BOT_PERMISSIONS, DEFAULT_MEMBER_PERMISSIONS, effective, has } from './perms.js';
import { RateLimiter, type RateLimitOptions } from './ratelimit.js';
import { RestApi } from './rest.js';
import { DoubleState, interactionToken, snowflake, type GuildState, type MessageState } from './state.js';
import type { ChannelRecord, GuildRecord, MessageRecord, RestLogEntry, UserRecord, Violation } from './types.js';
import { InteractionKind } from './types.js';

export { InteractionRecord } from './interaction.js';
export type { ChannelRecord, GuildRecord, MessageRecord, AttachmentRecord, UserRecord, Violation, RestLogEntry } from './types.js';
export { Perm, DEFAULT_BOT_PERMISSIONS, DEFAULT_MEMBER_PERMISSIONS, ALL_PERMISSIONS } from './perms.js';
export { LIMITS } from './limits.js';
export type { SlashOptions, OptionValue } from './commands.js';

export type { RateLimitHit, RateLimitOptions } from './ratelimit.js';

export interface DiscordDoubleOptions {
  /** First-response deadline after dispatch (Discord: 3000). */
  responseDeadlineMs?: number;
  /** Interaction token lifetime for follow-ups and edits (Discord: 15 min). */
  tokenLifetimeMs?: number;
  /** HELLO heartbeat interval sent to clients. */
  heartbeatIntervalMs?: number;
  /**
   * How long slash()/click()/... wait for a READY client before rejecting (default 10 s: after a
   * forced re-identify, discord.js waits up to ~6.5 s for its identify rate limit).
   */
  readyWaitMs?: number;
  /** Per-file upload limit, also sent as attachment_size_limit. */
  attachmentSizeLimit?: number;
  /** Enforce Discord's REST rate limits (per-route buckets and the global limit); off by default. */
  rateLimits?: RateLimitOptions | false;
  /** Shards GET /gateway/bot recommends, and how many may identify at once. */
  shards?: number;
  maxConcurrency?: number;
}

const MAX_INTERACTIONS = 10_000;
const INPUT_COMPONENT_TYPES = new Set([2, 3, 5, 6, 7, 8]);

function findComponent(components: unknown, customId: string): Record<string, any> | undefined {
  if (!Array.isArray(components)) return undefined;
  for (const c of components as Record<string, any>[]) {
    if (!c || typeof c !== 'object') continue;
    if (c.custom_id === customId && INPUT_COMPONENT_TYPES.has(c.type)) return c;
    const nested =
      findComponent(c.components, customId) ??
      (c.accessory ? findComponent([c.accessory], customId) : undefined) ??
      (c.component ? findComponent([c.component], customId) : undefined);
    if (nested) return nested;
  }
  return undefined;
}

function customIds(components: unknown, out: string[] = []): string[] {
  if (!Array.isArray(components)) return out;
  for (const c of components as Record<string, any>[]) {
    if (typeof c?.custom_id === 'string') out.push(c.custom_id);
    customIds(c?.components, out);
    if (c?.accessory) customIds([c.accessory], out);
    if (c?.component) customIds([c.component], out);
  }
  return out;
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export class DiscordDouble {
  readonly apiUrl: string;
  readonly token: string;
  readonly applicationId: string;
  readonly botUserId: string;
  /** Applies to interactions dispatched from now on. */
  responseDeadlineMs: number;
  /** Applies to interactions dispatched from now on. */
  tokenLifetimeMs: number;
  readonly readyWaitMs: number;
  /** Set when the double enforces rate limits; its `hits` are the 429s it answered. */
  readonly rateLimiter: RateLimiter | undefined;
  /** HTTP interactions: the signing key, the endpoint URLs, and every delivery. */
  readonly http: HttpDelivery;

  private readonly state: DoubleState;

  /** Test hook: sees each interaction's first answer as it arrives (a crash test kills the bot there). */
  set onFirstAnswer(hook: ((rec: InteractionRecord) => void) | undefined) {
    this.state.onFirstAnswer = hook;
  }
  private readonly gateway: Gateway;
  private readonly waitTimers = new Set<{ timer?: NodeJS.Timeout; reject: (e: Error) => void }>();
  private readonly fallbackCommandIds = new Map<string, string>();
  private closed = false;

  private constructor(
    private readonly server: Server,
    opts: Required<DiscordDoubleOptions>,
  ) {
    const port = (server.address() as AddressInfo).port;
    const origin = `http://127.0.0.1:${port}`;
    this.apiUrl = `${origin}/api`;
    this.applicationId = snowflake();
    this.botUserId = this.applicationId;
    this.token = `${Buffer.from(this.botUserId).toString('base64url')}.${randomBytes(4).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    this.responseDeadlineMs = opts.responseDeadlineMs;
    this.tokenLifetimeMs = opts.tokenLifetimeMs;
    this.readyWaitMs = opts.readyWaitMs;
    this.state = new DoubleState(this.token, this.applicationId, this.botUserId, opts.attachmentSizeLimit);
    this.state.origin = origin;
    this.gateway = new Gateway(server, this.state, opts.heartbeatIntervalMs);
    this.rateLimiter = opts.rateLimits ? new RateLimiter(opts.rateLimits) : undefined;
    this.state.gatewayShards = opts.shards;
    this.state.maxConcurrency = opts.maxConcurrency;
    const rest = new RestApi(this.state, this.gateway, this.rateLimiter);
    this.http = new HttpDelivery(this.state, rest);
    server.on('request', (req, res) => {
      rest.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end('{"message":"500: Internal Server Error","code":0}');
      });
    });
    server.on('clientError', (_err, socket) => socket.destroy());
  }

  static async start(opts: DiscordDoubleOptions = {}): Promise<DiscordDouble> {
    const server = createServer({ keepAlive: true });
    await listen(server);
    return new DiscordDouble(server, {
      responseDeadlineMs: opts.responseDeadlineMs ?? 3000,
      tokenLifetimeMs: opts.tokenLifetimeMs ?? 15 * 60_000,
      heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
      readyWaitMs: opts.readyWaitMs ?? 10_000,
      attachmentSizeLimit: opts.attachmentSizeLimit ?? 10 * 1024 * 1024,
      rateLimits: opts.rateLimits ?? false,
      shards: opts.shards ?? 1,
      maxConcurrency: opts.maxConcurrency ?? 1,
    });
  }

  // ---- observation ----------------------------------------------------------------------

  get commands(): { global: unknown[]; guild: Map<string, unknown[]> } {
    return this.state.commands;
  }

  get commandPuts(): number {
    return this.state.commandPuts;
  }

  get restLog(): RestLogEntry[] {
    return this.state.restLog;
  }

  /** REST requests answered so far, all of them (restLog keeps only the latest). */
  get restCount(): number {
    return this.state.restCount;
  }

  get violations(): Violation[] {
    return this.state.violations;
  }

  /**
   * The routes the bot called, as Discord's spec names them ("POST /channels/{channel_id}/messages"),
   * with how many requests each got, refused ones included; HTTP interaction answers are listed
   * apart. Sorted by route.
   */
  routesUsed(): { route: string; count: number }[] {
    return [...this.state.routeUse].map(([route, count]) => ({ route, count })).sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  }

  /** Silent Discord behaviours that happened (e.g. embeds dropped for lack of EmbedLinks). */
  get warnings(): { route: string; message: string; at: number }[] {
    return this.state.warnings;
  }

  get gatewayStats(): GatewayStats {
    return this.gateway.stats;
  }

  /** Deliver interactions to each ready bot session in turn (several processes, one database). */
  spreadInteractions(on = true): void {
    this.gateway.spread = on;
  }

  /** Number of gateway sessions currently connected and READY. */
  get connectedClients(): number {
    return this.gateway.readySessions().length;
  }

  /** Public messages of a channel in posting order, reflecting later edits and deletions. */
  channelMessages(channelId: string): MessageRecord[] {
    return [...(this.state.channelLog.get(channelId) ?? [])];
  }

  /** Ephemeral messages shown to a user (optionally in one channel), in order. */
  ephemeralMessages(user: UserRecord | string, channelId?: string): MessageRecord[] {
    const uid = typeof user === 'string' ? user : user.id;
    return this.state.ephemeralLog.filter((m) => m.visibleTo === uid && !m.deleted && (channelId === undefined || m.channelId === channelId));
  }

  /** Latest state of a message by id (public or ephemeral). */
  message(id: string): MessageRecord | undefined {
    return this.state.messages.get(id);
  }

  interaction(id: string): InteractionRecord | undefined {
    return this.state.interactions.get(id);
  }

  /** DM channel id the bot opened with this user, if any. */
  dmChannelId(user: UserRecord): string | undefined {
    return this.state.dmChannelByUser.get(user.id);
  }

  // ---- world setup ----------------------------------------------------------------------

  addGuild(opts: { id?: string; name?: string; locale?: string } = {}): GuildRecord {
    const guild = this.state.addGuild(opts);
    this.gateway.dispatchGuildEvent(guild.id, 'GUILD_CREATE', this.state.guildCreateJson(guild));
    return guild;
  }

  addChannel(guildId: string, opts: { id?: string; name?: string; type?: 0 | 11; parentId?: string; botPermissions?: bigint } = {}): ChannelRecord {
    const guild = this.requireGuild(guildId);
    const type = opts.type ?? 0;
    let parentId = opts.parentId;
    if (type === 11) {
      parentId ??= this.state.guildChannels(guildId).find((c) => c.type === 0)?.id;
      const parent = parentId ? this.state.channels.get(parentId) : undefined;
      if (!parent || parent.type !== 0 || parent.guildId !== guildId) throw new Error('a thread needs a text channel of the same guild as parentId');
    }
    const id = opts.id ?? snowflake();
    if (this.state.channels.has(id)) throw new Error(`channel ${id} already exists`);
    const existing = this.state.guildChannels(guildId).length;
    const channel: ChannelRecord = {
      id,
      guildId: guild.id,
      name: opts.name ?? (type === 11 ? `thread-${existing + 1}` : `channel-${existing + 1}`),
      type,
      ...(parentId ? { parentId } : {}),
      botPermissions: opts.botPermissions ?? DEFAULT_BOT_PERMISSIONS,
      position: existing,
      lastMessageId: null,
      createdAt: new Date().toISOString(),
    };
    this.state.channels.set(id, channel);
    const json = this.state.channelJson(channel);
    if (type === 11) this.gateway.dispatchGuildEvent(guild.id, 'THREAD_CREATE', { ...json, newly_created: true });
    else this.gateway.dispatchGuildEvent(guild.id, 'CHANNEL_CREATE', json);
    return channel;
  }

  setBotPermissions(channelId: string, perms: bigint): void {
    const channel = this.requireChannel(channelId);
    channel.botPermissions = perms;
    if (channel.guildId) {
      this.gateway.dispatchGuildEvent(channel.guildId, channel.type === 11 ? 'THREAD_UPDATE' : 'CHANNEL_UPDATE', this.state.channelJson(channel));
    }
  }

  addUser(opts: { id?: string; username: string; locale?: string; permissions?: bigint }): UserRecord {
    const id = opts.id ?? snowflake();
    if (this.state.users.has(id) || id === this.botUserId) throw new Error(`user ${id} already exists`);
    const user: UserRecord = {
      id,
      username: opts.username,
      globalName: opts.username,
      locale: opts.locale ?? 'en-US',
      permissions: opts.permissions ?? DEFAULT_MEMBER_PERMISSIONS,
    };
    this.state.users.set(id, user);
    for (const guild of this.state.guilds.values()) {
      this.state.roleFor(guild, user.permissions, (role) =>
        this.gateway.dispatchGuildEvent(guild.id, 'GUILD_ROLE_CREATE', { guild_id: guild.id, role: this.state.roleJson(role) }),
      );
    }
    return user;
  }

  // ---- driving the bot ------------------------------------------------------------------

  /** A user runs /command (optionally a subcommand) in a channel. */
  slash(
    user: UserRecord,
    channelId: string,
    command: string,
    opts: { subcommand?: string; subcommandGroup?: string; options?: Record<string, OptionValue>; optionTypes?: Record<string, number> } = {},
  ): Promise<InteractionRecord> {
    return this.commandInteraction(InteractionKind.Command, user, channelId, command, opts);
  }

  /** A user is typing option `focused` of /command: sends an autocomplete interaction. */
  autocomplete(user: UserRecord, channelId: string, command: string, opts: SlashOptions & { focused: string }): Promise<InteractionRecord> {
    return this.commandInteraction(InteractionKind.Autocomplete, user, channelId, command, opts, opts.focused);
  }

  /** A user clicks the button `customId` on a message. */
  click(user: UserRecord, message: MessageRecord, customId: string): Promise<InteractionRecord> {
    return this.run(async () => {
      const { msg, component } = this.componentOn(user, message, customId, 'button');
      if (component.type !== 2) throw new Error(`component "${customId}" is not a button (type ${component.type})`);
      if (component.style === 5 || component.style === 6) throw new Error(`button "${customId}" is a link/premium button: it sends no interaction`);
      return this.dispatch(user, this.requireChannel(msg.channelId), InteractionKind.Component, { custom_id: customId, component_type: 2, ...(component.id !== undefined ? { id: component.id } : {}) }, msg);
    });
  }

  /** A user picks `values` in the select menu `customId` on a message. */
  select(user: UserRecord, message: MessageRecord, customId: string, values: string[]): Promise<InteractionRecord> {
    return this.run(async () => {
      const { msg, component } = this.componentOn(user, message, customId, 'select menu');
      if (![3, 5, 6, 7, 8].includes(component.type)) throw new Error(`component "${customId}" is not a select menu (type ${component.type})`);
      const min = component.min_values ?? 1;
      const max = component.max_values ?? 1;
      if (values.length < min || values.length > max) throw new Error(`select "${customId}" takes ${min}..${max} values, got ${values.length}`);
      const channel = this.requireChannel(msg.channelId);
      const resolved: Record<string, Record<string, unknown>> = {};
      if (component.type === 3) {
        const allowed = new Set((component.options ?? []).map((o: any) => o.value));
        const bad = values.filter((v) => !allowed.has(v));
        if (bad.length) throw new Error(`select "${customId}" has no option(s) ${bad.join(', ')} (have: ${[...allowed].join(', ')})`);
      } else {
        for (const v of values) this.resolveMention(component.type, v, channel, resolved);
      }
      const data = {
        custom_id: customId,
        component_type: component.type,
        values,
        ...(Object.keys(resolved).length ? { resolved } : {}),
        ...(component.id !== undefined ? { id: component.id } : {}),
      };
      return this.dispatch(user, channel, InteractionKind.Component, data, msg);
    });
  }

  /**
   * A user submits the modal `customId`. When the bot showed that modal to this user, the
   * submission follows its layout and checks the fields; otherwise each field becomes a row
   * with one text input. `message` defaults to the component message the modal came from.
   */
  submitModal(user: UserRecord, channelId: string, customId: string, fields: Record<string, string | string[]>, message?: MessageRecord): Promise<InteractionRecord> {
    return this.run(async () => {
      const channel = this.requireChannel(channelId);
      const source = [...this.state.interactions.values()]
        .reverse()
        .find((r) => r.ackType === 9 && r.user.id === user.id && (r.modal as any)?.custom_id === customId && performance.now() - r.sentAt < r.tokenLifetimeMs);
      let components: Record<string, unknown>[];
      if (source) {
        components = this.modalSubmission(source.modal as Record<string, any>, fields, customId);
      } else {
        components = Object.entries(fields).map(([k, v]) => ({ type: 1, components: [{ type: 4, custom_id: k, value: Array.isArray(v) ? v.join(',') : v }] }));
      }
      const msgId = message?.id ?? (source?.type === InteractionKind.Component ? source.componentMessageId : undefined);
      const msg = msgId ? this.state.messages.get(msgId) : undefined;
      if (msgId && (!msg || msg.deleted)) throw new Error(`message ${msgId} does not exist (deleted?)`);
      const rec = await this.dispatch(user, channel, InteractionKind.ModalSubmit, { custom_id: customId, components }, msg);
      if (source) rec.modalSource = source;
      return rec;
    });
  }

  /** Polls `fn` until it returns something truthy. */
  waitFor<T>(fn: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = performance.now();
      let lastError: unknown;
      const entry: { timer?: NodeJS.Timeout; reject: (e: Error) => void } = { reject };
      this.waitTimers.add(entry);
      const tick = async (): Promise<void> => {
        entry.timer = undefined;
        if (this.closed) return;
        try {
          const v = await fn();
          if (v) {
            this.waitTimers.delete(entry);
            resolve(v as T);
            return;
          }
        } catch (e) {
          lastError = e;
        }
        if (performance.now() - start >= timeoutMs) {
          this.waitTimers.delete(entry);
          const src = fn.toString().replace(/\s+/g, ' ').slice(0, 200);
          const recent = this.state.restLog.slice(-5).map((r) => `${r.method} ${r.path.slice(0, 80)} → ${r.status}`).join('; ');
          const viol = this.state.violations.slice(-3).map((v) => `${v.status}/${v.code} ${v.message.slice(0, 160)}`).join('; ');
          reject(
            new Error(
              `waitFor timed out after ${timeoutMs} ms: ${src}` +
                (lastError ? `\n  last error: ${(lastError as Error)?.message ?? String(lastError)}` : '') +
                (recent ? `\n  recent REST: ${recent}` : '') +
                (viol ? `\n  recent violations: ${viol}` : ''),
            ),
          );
          return;
        }
        entry.timer = setTimeout(() => void tick(), 5);
      };
      void tick();
    });
  }

  /**
   * Closes every gateway socket. By default with code 4000, after which discord.js resumes
   * (missed events are replayed); code 1000 ends the session and makes it identify again.
   * `refuseForMs` keeps refusing new gateway connections for a while (a longer outage).
   */
  disconnectAll(opts: { code?: number; refuseForMs?: number } = {}): void {
    if (opts.refuseForMs) this.gateway.refuseUntil = Date.now() + opts.refuseForMs;
    this.gateway.disconnectAll(opts.code ?? 4000);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.waitTimers) {
      if (w.timer) clearTimeout(w.timer);
      w.reject(new Error('the double was closed'));
    }
    this.waitTimers.clear();
    for (const rec of this.state.interactions.values()) rec.close();
    this.http.close();
    this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // ---- internals ------------------------------------------------------------------------

  /** Runs a driver step so that synchronous validation errors become rejections. */
  private async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the double is closed');
    return fn();
  }

  private requireGuild(id: string): GuildState {
    const g = this.state.guilds.get(id);
    if (!g) throw new Error(`unknown guild ${id}`);
    return g;
  }

  private requireChannel(id: string): ChannelRecord {
    const c = this.state.channels.get(id);
    if (!c) throw new Error(`unknown channel ${id}`);
    return c;
  }

  private componentOn(user: UserRecord, message: MessageRecord, customId: string, what: string): { msg: MessageState; component: Record<string, any> } {
    const msg = this.state.messages.get(message.id);
    if (!msg || msg.deleted) throw new Error(`message ${message.id} does not exist (deleted?)`);
    if (msg.ephemeral && msg.visibleTo !== user.id) throw new Error(`message ${msg.id} is ephemeral and only visible to user ${msg.visibleTo}`);
    const component = findComponent(msg.components, customId);
    if (!component) throw new Error(`no ${what} with custom_id "${customId}" on message ${msg.id} (has: ${customIds(msg.components).join(', ') || 'none'})`);
    if (component.disabled) throw new Error(`${what} "${customId}" is disabled`);
    return { msg, component };
  }

  private resolveMention(componentType: number, id: string, channel: ChannelRecord, resolved: Record<string, Record<string, unknown>>): void {
    const guild = channel.guildId ? this.state.guilds.get(channel.guildId) : undefined;
    const user = id === this.botUserId ? this.state.botUser : this.state.users.get(id);
    const role = guild?.roles.find((r) => r.id === id);
    const ch = this.state.channels.get(id);
    if ((componentType === 5 || componentType === 7) && user) {
      (resolved.users ??= {})[id] = this.state.userJson(user);
      if (guild) (resolved.members ??= {})[id] = { ...this.state.memberJson(guild, user, false), permissions: effective(user.permissions).toString() };
    } else if ((componentType === 6 || componentType === 7) && role) {
      (resolved.roles ??= {})[id] = this.state.roleJson(role);
    } else if (componentType === 8 && ch) {
      (resolved.channels ??= {})[id] = { ...this.state.channelJson(ch), permissions: effective(ch.botPermissions).toString() };
    } else {
      throw new Error(`select value ${id} is not a valid ${componentType === 8 ? 'channel' : componentType === 6 ? 'role' : 'user'} id`);
    }
  }

  private modalSubmission(modal: Record<string, any>, fields: Record<string, string | string[]>, customId: string): Record<string, unknown>[] {
    const rows = (modal.components ?? []) as Record<string, any>[];
    const known = new Set(rows.map((c) => (c.type === 1 ? c.components?.[0]?.custom_id : c.component?.custom_id)).filter((x) => typeof x === 'string'));
    const unknown = Object.keys(fields).filter((k) => !known.has(k));
    if (unknown.length) throw new Error(`modal "${customId}" has no field(s) ${unknown.join(', ')} (has: ${[...known].join(', ')})`);
    const out: Record<string, unknown>[] = [];
    const valueOf = (input: Record<string, any>): Record<string, unknown> => {
      const v = fields[input.custom_id];
      if (input.type === 4) {
        const text = v === undefined ? '' : Array.isArray(v) ? v.join(',') : v;
        if (input.required !== false && text.length === 0) throw new Error(`modal "${customId}": field "${input.custom_id}" is required`);
        if (text.length > 0 && input.min_length !== undefined && text.length < input.min_length) throw new Error(`modal "${customId}": field "${input.custom_id}" is shorter than ${input.min_length}`);
        if (input.max_length !== undefined && text.length > input.max_length) throw new Error(`modal "${customId}": field "${input.custom_id}" is longer than ${input.max_length}`);
        return { type: 4, ...(input.id !== undefined ? { id: input.id } : {}), custom_id: input.custom_id, value: text };
      }
      const values = v === undefined ? [] : Array.isArray(v) ? v : [v];
      return { type: input.type, ...(input.id !== undefined ? { id: input.id } : {}), custom_id: input.custom_id, values };
    };
    for (const c of rows) {
      if (c.type === 1 && Array.isArray(c.components) && c.components[0]) {
        out.push({ type: 1, ...(c.id !== undefined ? { id: c.id } : {}), components: [valueOf(c.components[0])] });
      } else if (c.type === 18 && c.component) {
        out.push({ type: 18, ...(c.id !== undefined ? { id: c.id } : {}), component: valueOf(c.component) });
      }
    }
    return out;
  }

  private registeredCommand(guildId: string | null, name: string): Record<string, any> | undefined {
    const find = (list: unknown[] | undefined): Record<string, any> | undefined =>
      (list as Record<string, any>[] | undefined)?.find((c) => c.name === name && (c.type ?? 1) === 1);
    return (guildId ? find(this.state.commands.guild.get(guildId)) : undefined) ?? find(this.state.commands.global);
  }

  private commandInteraction(kind: number, user: UserRecord, channelId: string, command: string, opts: SlashOptions, focused?: string): Promise<InteractionRecord> {
    return this.run(async () => {
      const channel = this.requireChannel(channelId);
      const anyRegistered = this.state.commands.global.length > 0 || (channel.guildId !== null && (this.state.commands.guild.get(channel.guildId)?.length ?? 0) > 0);
      const registered = this.registeredCommand(channel.guildId, command);
      if (anyRegistered && !registered) throw new Error(`/${command} is not registered (a Discord user could not run it)`);
      if (registered?.default_member_permissions != null) {
        const needed = BigInt(registered.default_member_permissions);
        if (!has(user.permissions, needed)) throw new Error(`/${command} needs member permissions ${needed} that ${user.username} lacks (Discord hides it)`);
      }
      let fallbackId = this.fallbackCommandIds.get(command);
      if (!fallbackId) this.fallbackCommandIds.set(command, (fallbackId = snowflake()));
      const guild = channel.guildId ? this.state.guilds.get(channel.guildId) : undefined;
      const data = buildCommandData(command, registered, fallbackId, opts, {
        user: (id) => {
          const u = id === this.botUserId ? this.state.botUser : this.state.users.get(id);
          return u ? this.state.userJson(u) : undefined;
        },
        member: (id) => {
          const u = id === this.botUserId ? this.state.botUser : this.state.users.get(id);
          return u && guild ? { ...this.state.memberJson(guild, u, false), permissions: effective(u.permissions).toString() } : undefined;
        },
        channel: (id) => {
          const c = this.state.channels.get(id);
          return c ? { ...this.state.channelJson(c), permissions: effective(user.permissions).toString() } : undefined;
        },
        role: (id) => {
          const r = guild?.roles.find((x) => x.id === id);
          return r ? this.state.roleJson(r) : undefined;
        },
      }, focused);
      return this.dispatch(user, channel, kind, data);
    });
  }

  private async dispatch(user: UserRecord, channel: ChannelRecord, type: number, data: Record<string, unknown>, message?: MessageState): Promise<InteractionRecord> {
    if (!this.state.users.has(user.id)) throw new Error(`unknown user ${user.id}: create it with addUser()`);
    // With an Interactions Endpoint URL set, interactions go there and not over the gateway.
    const session = this.http.active ? undefined : await this.gateway.waitForTarget(channel.guildId, this.readyWaitMs);
    const rec = new InteractionRecord(snowflake(), interactionToken(), user, channel.id, channel.guildId, type, this.responseDeadlineMs, this.tokenLifetimeMs);
    const guild = channel.guildId ? this.state.guilds.get(channel.guildId) : undefined;
    const memberPerms = effective(user.permissions);
    const payload: Record<string, unknown> = {
      id: rec.id,
      application_id: this.applicationId,
      type,
      data,
      token: rec.token,
      version: 1,
      channel: this.state.channelJson(channel, memberPerms),
      channel_id: channel.id,
      locale: user.locale,
      app_permissions: effective(channel.botPermissions).toString(),
      entitlements: [],
      attachment_size_limit: this.state.attachmentSizeLimit,
      ...(guild
        ? {
            guild: { id: guild.id, locale: guild.locale, features: [] },
            guild_id: guild.id,
            guild_locale: guild.locale,
            member: { ...this.state.memberJson(guild, user), permissions: memberPerms.toString() },
            authorizing_integration_owners: { '0': guild.id },
            context: 0,
          }
        : { user: this.state.userJson(user), authorizing_integration_owners: { '0': '0' }, context: 1 }),
      ...(message ? { message: this.state.messageJson(message) } : {}),
    };
    rec.payload = payload;
    if (message) rec.componentMessageId = message.id;
    this.state.interactions.set(rec.id, rec);
    this.state.interactionsByToken.set(rec.token, rec);
    if (this.state.interactions.size > MAX_INTERACTIONS) {
      const oldest = this.state.interactions.values().next().value;
      if (oldest) {
        oldest.close();
        this.state.interactions.delete(oldest.id);
        this.state.interactionsByToken.delete(oldest.token);
      }
    }
    rec.sentAt = performance.now();
    if (session) this.gateway.dispatch(session, 'INTERACTION_CREATE', payload);
    else this.http.deliver(rec, payload);
    return rec;
  }
}

export type { GatewayStats };
