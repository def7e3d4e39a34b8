/**
 * The HTTP transport alone (src/discord/transport/interactions-http.ts) with plain discord.js handlers:
 * each kind of first answer reaches the double through the HTTP response, files by a deferral
 * and an edit of @original, and a reply that asks for its message gets it back.
 */
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, Client, Events, type Interaction, type MessageActionRowComponentBuilder } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpInteractions } from '../../src/discord/transport/interactions-http.js';
import { createLogger } from '../../src/logger.js';
import { DiscordDouble, type ChannelRecord, type UserRecord } from '../double/discord-double.js';

// 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('the HTTP transport', () => {
  let double: DiscordDouble;
  let client: Client;
  let http: HttpInteractions;
  let channel: ChannelRecord;
  let user: UserRecord;
  const returnedIds: (string | undefined)[] = [];

  beforeAll(async () => {
    double = await DiscordDouble.start();
    const guild = double.addGuild();
    channel = double.addChannel(guild.id);
    user = double.addUser({ username: 'ada' });
    http = new HttpInteractions(double.http.publicKey, createLogger('silent'));
    client = new Client({ intents: [], rest: { api: double.apiUrl, makeRequest: http.makeRequest } });
    http.attach(client);
    await http.identify(double.token);
    await double.http.setUrls([await http.listen(0, '127.0.0.1')]);
    client.on(Events.InteractionCreate, (i: Interaction) => {
      void (async () => {
        if (i.isChatInputCommand() && i.commandName === 'picture') {
          const again = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(new ButtonBuilder().setCustomId('again').setLabel('Again').setStyle(ButtonStyle.Primary));
          await i.reply({ content: 'a picture', files: [new AttachmentBuilder(PNG, { name: 'a.png' })], components: [again] });
        } else if (i.isChatInputCommand() && i.commandName === 'lobby') {
          const response = await i.reply({ content: 'a lobby', withResponse: true });
          returnedIds.push(response.resource?.message?.id);
        } else if (i.isButton() && i.customId === 'again') {
          await i.update({ content: 'another picture', files: [new AttachmentBuilder(PNG, { name: 'b.png' })], components: [] });
        }
        // Anything else is left unanswered on purpose.
      })();
    });
  });
  afterAll(async () => {
    await http?.close();
    await client?.destroy();
    await double?.close();
  });

  it('sends a reply with files as a deferral, then the message through the webhook', async () => {
    const rec = await (await double.slash(user, channel.id, 'picture')).response();
    expect(rec.ackType).toBe(5);
    const reply = await double.waitFor(() => (rec.reply?.content === 'a picture' ? rec.reply : undefined));
    expect(reply.attachments.map((a) => a.filename)).toEqual(['a.png']);
    expect(reply.ephemeral).toBe(false);
    expect(double.channelMessages(channel.id).map((m) => m.id)).toContain(reply.id);
  });

  it('sends an update with files as a deferred update, then edits the message it was on', async () => {
    const message = double.channelMessages(channel.id).find((m) => m.content === 'a picture')!;
    const rec = await (await double.click(user, message, 'again')).response();
    expect(rec.ackType).toBe(6);
    const edited = await double.waitFor(() => (double.message(message.id)?.content === 'another picture' ? double.message(message.id) : undefined));
    expect(edited!.attachments.map((a) => a.filename)).toEqual(['b.png']);
    expect(edited!.components).toEqual([]);
  });

  it('answers a reply in the HTTP response and gives the caller the message it made', async () => {
    const rec = await (await double.slash(user, channel.id, 'lobby')).response();
    expect(rec.ackType).toBe(4);
    await double.waitFor(() => returnedIds.length === 1);
    expect(returnedIds).toEqual([rec.reply!.id]);
  });

  it('says "no answer" in time when a handler never answers', async () => {
    const rec = await double.slash(user, channel.id, 'silence');
    await expect(rec.response()).rejects.toThrow(/deadline/);
    await double.waitFor(() => double.http.deliveries.find((d) => d.interactionId === rec.id)?.status === 500);
    expect(rec.deadlineMissed).toBe(true);
    const others = double.violations.filter((v) => v.interactionId !== rec.id);
    expect(others).toEqual([]);
  });
});
