// Permission bits used by the double (values from Discord's permission table).
export const Perm = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ManageRoles: 1n << 28n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
} as const;

export const ALL_PERMISSIONS = (1n << 53n) - 1n;

export const DEFAULT_BOT_PERMISSIONS =
  Perm.ViewChannel |
  Perm.SendMessages |
  Perm.SendMessagesInThreads |
  Perm.EmbedLinks |
  Perm.AttachFiles |
  Perm.ReadMessageHistory |
  Perm.UseExternalEmojis;

export const DEFAULT_MEMBER_PERMISSIONS = Perm.ViewChannel | Perm.SendMessages;

/** Administrator implies every permission, as Discord computes it. */
export function effective(perms: bigint): bigint {
  return (perms & Perm.Administrator) !== 0n ? ALL_PERMISSIONS : perms;
}

export function has(perms: bigint, bit: bigint): boolean {
  return (effective(perms) & bit) === bit;
}
