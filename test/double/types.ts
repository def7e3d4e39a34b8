export type { InteractionRecord } from './interaction.js';

export interface UserRecord {
  id: string;
  username: string;
  globalName: string;
  locale: string;
  /** Member permissions in every guild of the double. */
  permissions: bigint;
  /** The user does not accept direct messages from the bot. */
  dmsClosed?: boolean;
}

export interface GuildRecord {
  id: string;
  name: string;
  locale: string;
  ownerId: string;
  joinedAt: string;
}

export interface ChannelRecord {
  id: string;
  /** null for DM channels. */
  guildId: string | null;
  name: string;
  /** 0 guild text, 1 DM, 11 public thread. */
  type: number;
  parentId?: string;
  /** The bot's computed permissions in this channel (what app_permissions carries). */
  botPermissions: bigint;
  /** For DM channels: the other user. */
  recipientId?: string;
  position: number;
  lastMessageId: string | null;
  createdAt: string;
}

export interface AttachmentRecord {
  id: string;
  filename: string;
  contentType?: string;
  data: Buffer;
  size: number;
  description?: string;
  width?: number;
  height?: number;
}

export interface MessageRecord {
  id: string;
  channelId: string;
  authorId: string;
  content: string;
  embeds: any[];
  components: any[];
  flags: number;
  ephemeral: boolean;
  /** User id for ephemeral messages. */
  visibleTo?: string;
  attachments: AttachmentRecord[];
  interactionId?: string;
  createdAt: number;
  editedAt?: number;
  deleted?: boolean;
  /** Channel messages: the users Discord would notify (mentioned in the content and allowed by allowed_mentions). */
  pinged?: string[];
}

export interface Violation {
  route: string;
  status: number;
  code: number;
  message: string;
  at: number;
  interactionId?: string;
  /** Refused by Discord's published schema (test/fixtures/discord-api/openapi.json). */
  openapi?: true;
}

export interface RestLogEntry {
  method: string;
  path: string;
  status: number;
  at: number;
}

export interface UploadedFile {
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Discord interaction types. */
export const InteractionKind = {
  Command: 2,
  Component: 3,
  Autocomplete: 4,
  ModalSubmit: 5,
} as const;

export const MessageFlag = {
  Crossposted: 1 << 0,
  SuppressEmbeds: 1 << 2,
  Ephemeral: 1 << 6,
  Loading: 1 << 7,
  SuppressNotifications: 1 << 12,
  IsComponentsV2: 1 << 15,
} as const;
