// Everything the double knows (guilds, channels, users, messages, interactions) and the JSON
// shapes Discord uses for them.
import { randomBytes } from 'node:crypto';
import type { InteractionRecord } from './interaction.js';
import { DEFAULT_BOT_PERMISSIONS, effective } from './perms.js';
import type {
  AttachmentRecord,
  ChannelRecord,
  GuildRecord,
  MessageRecord,
  RestLogEntry,
  UploadedFile,
  UserRecord,
  Violation,
} from './types.js';
import { MessageFlag } from './types.js';

const DISCORD_EPOCH = 1420070400000n;
let lastSnowflake = 0n;

/** Monotonic snowflakes with real timestamps (discord.js derives createdAt from them). */
export function snowflake(): string {
  let id = ((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (1n << 17n);
  if (id <= lastSnowflake) id = lastSnowflake + 1n;
  lastSnowflake = id;
  return id.toString();
}

/** URL-safe like Discord's, long enough to be unguessable. */
export function interactionToken(): string {
  return `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`;
}

export interface RoleState {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  botId?: string;
}

export interface GuildState extends GuildRecord {
  roles: RoleState[];
  /** Role per distinct member permission set, so that client-side permission math agrees. */
  rolesByPerms: Map<bigint, RoleState>;
  botRoleId: string;
}

export interface MessageState extends MessageRecord {
  guildId: string | null;
  type: number;
  tts: boolean;
  timestamp: string;
  editedTimestamp?: string;
  nonce?: string | number;
  webhookId?: string;
  interactionMetadata?: Record<string, unknown>;
  messageReference?: Record<string, unknown>;
}

const MAX_REST_LOG = 20_000;
const MAX_VIOLATIONS = 5_000;

export class DoubleState {
  origin = '';
  readonly botUser: UserRecord;
  readonly guilds = new Map<string, GuildState>();
  readonly channels = new Map<string, ChannelRecord>();
  readonly users = new Map<string, UserRecord>();
  readonly dmChannelByUser = new Map<string, string>();
  readonly messages = new Map<string, MessageState>();
  /** Creation order per channel, ephemeral ones excluded. */
  readonly channelLog = new Map<string, MessageState[]>();
  readonly ephemeralLog: MessageState[] = [];
  readonly interactions = new Map<string, InteractionRecord>();
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  readonly commands: { global: unknown[]; guild: Map<string, unknown[]> } = { global: [], guild: new Map() };
  commandPuts = 0;
  readonly restLog: RestLogEntry[] = [];
  /** REST requests answered so far (the log keeps only the latest). */
  restCount = 0;
  readonly violations: Violation[] = [];
  /** Silent Discord behaviours worth knowing about (e.g. embeds dropped without EmbedLinks). */
  readonly warnings: { route: string; message: string; at: number }[] = [];
  /** Command ids stay stable across overwrites of a command with the same name, like Discord. */
  readonly commandIds = new Map<string, string>();
  /** What GET /gateway/bot recommends: shard count and identify concurrency. */
  gatewayShards = 1;
  maxConcurrency = 1;
  /** HTTP delivery: answers still being read, by interaction token (webhook calls wait for them). */
  readonly pendingAnswers = new Map<string, Promise<void>>();
  /** Called as each first answer (a REST callback or an HTTP answer) reaches Discord, before it counts. */
  onFirstAnswer?: (rec: InteractionRecord) => void;
  /** The application's public key and saved Interactions Endpoint URL (GET /applications/@me). */
  verifyKey = '';
  interactionsEndpointUrl: string | null = null;

  constructor(
    readonly token: string,
    readonly applicationId: string,
    botUserId: string,
    readonly attachmentSizeLimit: number,
  ) {
    this.botUser = { id: botUserId, username: 'Recyclerie', globalName: 'Recyclerie', locale: 'en-US', permissions: 0n };
  }

  log(entry: RestLogEntry): void {
    this.restCount++;
    this.restLog.push(entry);
    if (this.restLog.length > MAX_REST_LOG) this.restLog.splice(0, this.restLog.length - MAX_REST_LOG);
  }

  /** Requests by route ("METHOD /spec/template"), refused ones included. */
  readonly routeUse = new Map<string, number>();

  useRoute(route: string): void {
    this.routeUse.set(route, (this.routeUse.get(route) ?? 0) + 1);
  }

  violation(v: Violation): void {
    this.violations.push(v);
    if (this.violations.length > MAX_VIOLATIONS) this.violations.splice(0, this.violations.length - MAX_VIOLATIONS);
  }

  // ---- guild structure -------------------------------------------------------------------

  addGuild(opts: { id?: string; name?: string; locale?: string }): GuildState {
    const id = opts.id ?? snowflake();
    if (this.guilds.has(id)) throw new Error(`guild ${id} already exists`);
    const botRole: RoleState = {
      id: snowflake(),
      name: this.botUser.username,
      permissions: DEFAULT_BOT_PERMISSIONS,
      position: 1,
      managed: true,
      botId: this.botUser.id,
    };
    const guild: GuildState = {
      id,
      name: opts.name ?? 'Recyclerie Test Guild',
      locale: opts.locale ?? 'en-US',
      ownerId: snowflake(),
      joinedAt: new Date().toISOString(),
      // @everyone grants nothing: every permission comes from an explicit role, so the member
      // permissions discord.js computes from roles match what interactions carry.
      roles: [{ id, name: '@everyone', permissions: 0n, position: 0, managed: false }, botRole],
      rolesByPerms: new Map(),
      botRoleId: botRole.id,
    };
    this.guilds.set(id, guild);
    for (const user of this.users.values()) this.roleFor(guild, user.permissions);
    return guild;
  }

  /** Returns the role for a permission set, creating it (and reporting it) when new. */
  roleFor(guild: GuildState, perms: bigint, onCreate?: (role: RoleState) => void): RoleState | undefined {
    if (perms === 0n) return undefined;
    let role = guild.rolesByPerms.get(perms);
    if (!role) {
      role = { id: snowflake(), name: `members-${perms.toString(16)}`, permissions: perms, position: 1, managed: false };
      guild.rolesByPerms.set(perms, role);
      guild.roles.push(role);
      onCreate?.(role);
    }
    return role;
  }

  guildChannels(guildId: string): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId);
  }

  // ---- JSON shapes ----------------------------------------------------------------------

  userJson(user: UserRecord): Record<string, unknown> {
    const bot = user.id === this.botUser.id;
    return {
      id: user.id,
      username: user.username,
      discriminator: bot ? '0000' : '0',
      global_name: bot ? null : user.globalName,
      avatar: null,
      avatar_decoration_data: null,
      public_flags: 0,
      flags: 0,
      ...(bot ? { bot: true, verified: true } : {}),
    };
  }

  roleJson(role: RoleState): Record<string, unknown> {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: role.managed,
      mentionable: false,
      flags: 0,
      ...(role.botId ? { tags: { bot_id: role.botId } } : {}),
    };
  }

  memberJson(guild: GuildState, user: UserRecord, withUser = true): Record<string, unknown> {
    const roles =
      user.id === this.botUser.id ? [guild.botRoleId] : [this.roleFor(guild, user.permissions)?.id].filter((r): r is string => !!r);
    return {
      ...(withUser ? { user: this.userJson(user) } : {}),
      nick: null,
      avatar: null,
      banner: null,
      roles,
      joined_at: guild.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      pending: false,
      flags: 0,
      communication_disabled_until: null,
      unusual_dm_activity_until: null,
    };
  }

  /** Bot member overwrite making discord.js's permissionsFor() agree with botPermissions. */
  overwritesFor(channel: ChannelRecord): Record<string, unknown>[] {
    const base = DEFAULT_BOT_PERMISSIONS;
    if (channel.botPermissions === base) return [];
    return [
      {
        id: this.botUser.id,
        type: 1,
        allow: (channel.botPermissions & ~base).toString(),
        deny: (base & ~channel.botPermissions).toString(),
      },
    ];
  }

  channelJson(channel: ChannelRecord, permissionsFor?: bigint): Record<string, unknown> {
    const extra = permissionsFor === undefined ? {} : { permissions: effective(permissionsFor).toString() };
    if (channel.type === 1) {
      const recipient = channel.recipientId ? this.users.get(channel.recipientId) : undefined;
      return {
        id: channel.id,
        type: 1,
        last_message_id: channel.lastMessageId,
        flags: 0,
        recipients: recipient ? [this.userJson(recipient)] : [],
        ...extra,
      };
    }
    if (channel.type === 11) {
      return {
        id: channel.id,
        type: 11,
        guild_id: channel.guildId,
        parent_id: channel.parentId ?? null,
        owner_id: this.botUser.id,
        name: channel.name,
        last_message_id: channel.lastMessageId,
        message_count: 0,
        member_count: 1,
        total_message_sent: 0,
        rate_limit_per_user: 0,
        flags: 0,
        thread_metadata: {
          archived: false,
          auto_archive_duration: 1440,
          archive_timestamp: channel.createdAt,
          locked: false,
          create_timestamp: channel.createdAt,
        },
        ...extra,
      };
    }
    return {
      id: channel.id,
      type: channel.type,
      guild_id: channel.guildId,
      name: channel.name,
      position: channel.position,
      permission_overwrites: this.overwritesFor(channel),
      parent_id: channel.parentId ?? null,
      nsfw: false,
      topic: null,
      last_message_id: channel.lastMessageId,
      rate_limit_per_user: 0,
      default_thread_rate_limit_per_user: 0,
      flags: 0,
      ...extra,
    };
  }

  guildJson(guild: GuildState): Record<string, unknown> {
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      banner: null,
      description: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: guild.roles.map((r) => this.roleJson(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      public_updates_channel_id: null,
      safety_alerts_channel_id: null,
      max_members: 500000,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      vanity_url_code: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      premium_progress_bar_enabled: false,
      preferred_locale: guild.locale,
      nsfw_level: 0,
      incidents_data: null,
    };
  }

  guildCreateJson(guild: GuildState): Record<string, unknown> {
    const channels = this.guildChannels(guild.id);
    return {
      ...this.guildJson(guild),
      joined_at: guild.joinedAt,
      large: false,
      unavailable: false,
      lazy: true,
      member_count: this.users.size + 1,
      // Without the privileged GuildMembers intent Discord sends only the bot's own member.
      members: [this.memberJson(guild, this.botUser)],
      channels: channels.filter((c) => c.type !== 11).map((c) => this.channelJson(c)),
      threads: channels.filter((c) => c.type === 11).map((c) => this.channelJson(c)),
      presences: [],
      voice_states: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      embedded_activities: [],
      hub_type: null,
    };
  }

  attachmentJson(channelId: string, a: AttachmentRecord): Record<string, unknown> {
    const url = `${this.origin}/attachments/${channelId}/${a.id}/${encodeURIComponent(a.filename)}`;
    return {
      id: a.id,
      filename: a.filename,
      size: a.size,
      url,
      proxy_url: url,
      ...(a.contentType ? { content_type: a.contentType } : {}),
      ...(a.description ? { description: a.description } : {}),
      ...(a.width !== undefined ? { width: a.width, height: a.height } : {}),
    };
  }

  messageJson(m: MessageState): Record<string, unknown> {
    return {
      id: m.id,
      type: m.type,
      channel_id: m.channelId,
      author: this.userJson(this.botUser),
      content: m.content,
      timestamp: m.timestamp,
      edited_timestamp: m.editedTimestamp ?? null,
      tts: m.tts,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: m.attachments.map((a) => this.attachmentJson(m.channelId, a)),
      embeds: m.embeds,
      pinned: false,
      flags: m.flags,
      components: m.components,
      ...(m.nonce !== undefined ? { nonce: m.nonce } : {}),
      ...(m.webhookId ? { webhook_id: m.webhookId, application_id: this.applicationId } : {}),
      ...(m.interactionMetadata ? { interaction_metadata: m.interactionMetadata } : {}),
      ...(m.messageReference ? { message_reference: m.messageReference } : {}),
    };
  }

  // ---- messages -------------------------------------------------------------------------

  makeAttachment(file: UploadedFile, meta?: { filename?: string; description?: string }): AttachmentRecord {
    const a: AttachmentRecord = {
      id: snowflake(),
      filename: sanitizeFilename(meta?.filename ?? file.filename),
      contentType: file.contentType || undefined,
      data: file.data,
      size: file.data.length,
      ...(meta?.description ? { description: meta.description } : {}),
    };
    const dims = pngSize(file.data);
    if (dims) {
      a.width = dims.width;
      a.height = dims.height;
      a.contentType ??= 'image/png';
    }
    return a;
  }

  /**
   * Computes the attachment list after a create/edit. `list` is the payload's `attachments`
   * (the complete list to keep: existing ones by id, new ones by file index) or undefined.
   */
  resolveAttachments(existing: AttachmentRecord[], list: unknown, files: UploadedFile[]): AttachmentRecord[] {
    const byIndex = new Map(files.map((f) => [String(f.index), f]));
    const used = new Set<string>();
    let result: AttachmentRecord[];
    if (Array.isArray(list)) {
      result = [];
      for (const entry of list as Record<string, any>[]) {
        const id = String(entry?.id ?? '');
        const old = existing.find((a) => a.id === id);
        if (old) {
          result.push(old);
          continue;
        }
        const file = byIndex.get(id);
        if (file && !used.has(id)) {
          used.add(id);
          result.push(this.makeAttachment(file, entry));
        }
      }
    } else {
      result = [...existing];
    }
    // Files nobody referenced are still uploaded, appended in order.
    for (const f of files) if (!used.has(String(f.index))) result.push(this.makeAttachment(f));
    return result;
  }

  /** Rewrites attachment:// references in embeds to the uploaded files' URLs. */
  normalizeEmbeds(embeds: unknown, channelId: string, attachments: AttachmentRecord[]): any[] {
    if (!Array.isArray(embeds)) return [];
    return embeds.map((e: Record<string, any>) => {
      const out: Record<string, any> = { type: 'rich', ...e };
      for (const key of ['image', 'thumbnail'] as const) {
        const url = out[key]?.url;
        if (typeof url === 'string' && url.startsWith('attachment://')) {
          const a = attachments.find((x) => x.filename === url.slice('attachment://'.length));
          if (a) {
            const u = this.attachmentJson(channelId, a).url;
            out[key] = { ...out[key], url: u, proxy_url: u, width: a.width, height: a.height };
          }
        }
      }
      return out;
    });
  }

  createMessage(init: {
    channelId: string;
    content?: unknown;
    embeds?: unknown;
    components?: unknown;
    flags: number;
    attachments: AttachmentRecord[];
    type: number;
    tts?: boolean;
    nonce?: string | number;
    visibleTo?: string;
    interaction?: InteractionRecord;
    interactionMetadata?: Record<string, unknown>;
    messageReference?: Record<string, unknown>;
  }): MessageState {
    const channel = this.channels.get(init.channelId);
    const ephemeral = (init.flags & MessageFlag.Ephemeral) !== 0;
    const m: MessageState = {
      id: snowflake(),
      channelId: init.channelId,
      guildId: channel?.guildId ?? null,
      authorId: this.botUser.id,
      content: typeof init.content === 'string' ? init.content : '',
      embeds: this.normalizeEmbeds(init.embeds, init.channelId, init.attachments),
      components: Array.isArray(init.components) ? init.components : [],
      flags: init.flags,
      ephemeral,
      ...(ephemeral && init.visibleTo ? { visibleTo: init.visibleTo } : {}),
      attachments: init.attachments,
      ...(init.interaction ? { interactionId: init.interaction.id, webhookId: this.applicationId } : {}),
      createdAt: performance.now(),
      type: init.type,
      tts: init.tts ?? false,
      timestamp: new Date().toISOString(),
      ...(init.nonce !== undefined ? { nonce: init.nonce } : {}),
      ...(init.interactionMetadata ? { interactionMetadata: init.interactionMetadata } : {}),
      ...(init.messageReference ? { messageReference: init.messageReference } : {}),
    };
    this.messages.set(m.id, m);
    if (ephemeral) {
      this.ephemeralLog.push(m);
    } else {
      let list = this.channelLog.get(m.channelId);
      if (!list) this.channelLog.set(m.channelId, (list = []));
      list.push(m);
      if (channel) channel.lastMessageId = m.id;
    }
    return m;
  }

  /** Applies an edit payload (only the fields present), PATCH semantics. */
  applyEdit(m: MessageState, body: Record<string, any>, attachments: AttachmentRecord[]): void {
    const wasLoading = (m.flags & MessageFlag.Loading) !== 0;
    if ('content' in body && body.content !== undefined) m.content = typeof body.content === 'string' ? body.content : '';
    m.attachments = attachments;
    if ('embeds' in body && body.embeds !== undefined) m.embeds = this.normalizeEmbeds(body.embeds ?? [], m.channelId, attachments);
    if ('components' in body && body.components !== undefined) m.components = Array.isArray(body.components) ? body.components : [];
    if (typeof body.flags === 'number') {
      // Only these flags can change on an edit; ephemerality is fixed at creation.
      const editable = MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2;
      m.flags = (m.flags & ~editable) | (body.flags & editable);
    }
    m.flags &= ~MessageFlag.Loading;
    m.editedAt = performance.now();
    // Completing a deferred ("thinking") response is not shown as an edit to users.
    if (!wasLoading) m.editedTimestamp = new Date().toISOString();
  }

  deleteMessage(m: MessageState): void {
    m.deleted = true;
    const list = this.channelLog.get(m.channelId);
    if (list) {
      const i = list.indexOf(m);
      if (i >= 0) list.splice(i, 1);
    }
  }
}

function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  return base.replace(/\s+/g, '_') || 'file';
}

function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 24 || data.readUInt32BE(0) !== 0x89504e47 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
