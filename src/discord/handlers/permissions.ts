/** Checks the bot's own permissions in a channel before it promises to post there. */
import { ChannelType, PermissionFlagsBits, type Interaction } from 'discord.js';
import { t, type Language } from '../../i18n/index.js';

const THREAD_TYPES = new Set([ChannelType.PublicThread, ChannelType.PrivateThread, ChannelType.AnnouncementThread]);

/** Permission names the board posts need, by i18n key; empty when everything is granted. */
export function missingBotPermissions(interaction: Interaction): string[] {
  const perms = interaction.appPermissions;
  if (!perms) return [];
  const inThread = interaction.channel ? THREAD_TYPES.has(interaction.channel.type) : false;
  const needed: [bigint, string][] = [
    [PermissionFlagsBits.ViewChannel, 'permission.viewChannel'],
    inThread ? [PermissionFlagsBits.SendMessagesInThreads, 'permission.sendMessagesInThreads'] : [PermissionFlagsBits.SendMessages, 'permission.sendMessages'],
    [PermissionFlagsBits.EmbedLinks, 'permission.embedLinks'],
    [PermissionFlagsBits.AttachFiles, 'permission.attachFiles'],
  ];
  return needed.filter(([flag]) => !perms.has(flag)).map(([, key]) => key);
}

export function missingPermissionText(language: Language, keys: string[]): string {
  return t(language, 'error.botMissingPermissions', { permissions: keys.map((k) => t(language, k)).join(', ') });
}

/** Server moderators may cancel any game in their channels. */
export function canModerate(interaction: Interaction): boolean {
  const perms = interaction.memberPermissions;
  return !!perms && (perms.has(PermissionFlagsBits.ManageChannels) || perms.has(PermissionFlagsBits.ManageGuild));
}
