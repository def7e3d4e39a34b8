// Smoke tests: an unmodified discord.js Client against the Discord double.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  PermissionFlagsBits,
  Routes,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { DEFAULT_BOT_PERMISSIONS, DiscordDouble, Perm, type ChannelRecord, type GuildRecord, type UserRecord } from './discord-double.js';
import { validateCommands, validateMessage, validateModal } from './limits.js';

// 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Handler = (i: Interaction) => Promise<unknown>;

interface TestBot {
  client: Client;
  handlers: Map<string, Handler>;
  errors: unknown[];
  readyMs: number;
}

async function startBot(double: DiscordDouble): Promise<TestBot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: double.apiUrl } });
  const handlers = new Map<string, Handler>();
  const errors: unknown[] = [];
  client.on(Events.InteractionCreate, (i) => {
    const key = i.isChatInputCommand() || i.isAutocomplete() ? `/${i.commandName}` : i.isMessageComponent() || i.isModalSubmit() ? i.customId : '?';
    const handler = handlers.get(key);
    if (!handler) {
      errors.push(new Error(`no handler for ${key}`));
      return;
    }
    handler(i).catch((e: unknown) => errors.push(e));
  });
  client.on(Events.Error, (e) => errors.push(e));
  const t0 = performance.now();
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(double.token);
  await ready;
  return { client, handlers, errors, readyMs: performance.now() - t0 };
}

/** Runs `fn` as the handler of `key` and resolves with its result (or rejects with its error). */
function handleOnce<T>(bot: TestBot, key: string, fn: (i: any) => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    bot.handlers.set(key, async (i) => {
      try {
        resolve(await fn(i));
      } catch (e) {
        reject(e);
      }
    });
  });
}

async function rejection(p: Promise<unknown>): Promise<DiscordAPIError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DiscordAPIError) return e;
    throw e;
  }
  throw new Error('expected a DiscordAPIError');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Discord double with a real discord.js client', () => {
  let double: DiscordDouble;
  let guild: GuildRecord;
  let channel: ChannelRecord;
  let thread: ChannelRecord;
  let alice: UserRecord;
  let bob: UserRecord;
  let bot: TestBot;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    double = await DiscordDouble.start();
    guild = double.addGuild({ name: 'Recycling club', locale: 'fr' });
    channel = double.addChannel(guild.id, { name: 'table-1' });
    thread = double.addChannel(guild.id, { type: 11, parentId: channel.id, name: 'game-thread' });
    alice = double.addUser({ username: 'alice', locale: 'fr' });
    bob = double.addUser({ username: 'bob', permissions: Perm.ViewChannel | Perm.SendMessages | Perm.ManageGuild });
    bot = await startBot(double);
    timings.readyMs = bot.readyMs;
  });

  afterAll(async () => {
    await bot?.client.destroy();
    await double?.close();
    // Quiet unless asked: TEST_VERBOSE=1 npm test prints the double's timings.
    if (process.env.TEST_VERBOSE) console.info('[double timings ms]', Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v * 10) / 10])));
  });

  it('logs in and becomes ready with the guild, channels and permissions', () => {
    const { client } = bot;
    expect(client.user?.id).toBe(double.botUserId);
    expect(client.application?.id).toBe(double.applicationId);
    const g = client.guilds.cache.get(guild.id);
    expect(g?.name).toBe('Recycling club');
    expect(g?.preferredLocale).toBe('fr');
    const ch = client.channels.cache.get(channel.id) as TextChannel;
    expect(ch?.name).toBe('table-1');
    expect(client.channels.cache.get(thread.id)?.isThread()).toBe(true);
    const perms = ch.permissionsFor(client.user!.id);
    expect(perms?.has(PermissionFlagsBits.SendMessages)).toBe(true);
    expect(perms?.has(PermissionFlagsBits.ManageMessages)).toBe(false);
    expect(double.connectedClients).toBe(1);
  });

  it('records a guild command set registered by the client', async () => {
    const commands = [
      new SlashCommandBuilder()
        .setName('game')
        .setDescription('Play a game')
        .addSubcommand((s) =>
          s
            .setName('new')
            .setDescription('Start a game')
            .addIntegerOption((o) => o.setName('players').setDescription('Players').setRequired(true).setMinValue(2).setMaxValue(6))
            .addNumberOption((o) => o.setName('speed').setDescription('Speed'))
            .addStringOption((o) => o.setName('mode').setDescription('Mode').addChoices({ name: 'Quick', value: 'quick' }, { name: 'Full', value: 'full' }))
            .addBooleanOption((o) => o.setName('bots').setDescription('Add bots')),
        )
        .addSubcommand((s) => s.setName('help').setDescription('Help')),
      new SlashCommandBuilder().setName('ping').setDescription('Ping'),
      new SlashCommandBuilder().setName('admin').setDescription('Admin').setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild),
    ].map((c) => c.toJSON());
    const created = await bot.client.application!.commands.set(commands, guild.id);
    expect(created.size).toBe(3);
    expect(double.commandPuts).toBe(1);
    const stored = double.commands.guild.get(guild.id) as { id: string; name: string }[];
    expect(stored.map((c) => c.name)).toEqual(['game', 'ping', 'admin']);
    expect([...created.keys()].sort()).toEqual(stored.map((c) => c.id).sort());
    // A command a user could not see cannot be run, and unknown commands are refused.
    await expect(double.slash(alice, channel.id, 'admin')).rejects.toThrow(/ManageGuild|permissions/);
    await expect(double.slash(alice, channel.id, 'nope')).rejects.toThrow(/not registered/);
    await expect(double.slash(alice, channel.id, 'game', { subcommand: 'new', options: { players: 9 } })).rejects.toThrow(/max_value/);
  });

  it('delivers a complete slash interaction and records an ephemeral reply', async () => {
    const seen = handleOnce(bot, '/game', async (i) => {
      const snapshot = {
        sub: i.options.getSubcommand(),
        players: i.options.getInteger('players'),
        speed: i.options.getNumber('speed'),
        mode: i.options.getString('mode'),
        bots: i.options.getBoolean('bots'),
        locale: i.locale,
        guildLocale: i.guildLocale,
        userId: i.user.id,
        canSend: i.appPermissions.has(PermissionFlagsBits.SendMessages),
        memberPerms: i.memberPermissions?.has(PermissionFlagsBits.SendMessages),
        cachedMemberPerms: i.member?.permissions.has(PermissionFlagsBits.SendMessages),
        channelId: i.channelId,
        inGuild: i.inCachedGuild(),
      };
      await i.reply({ content: `players=${snapshot.players}`, flags: MessageFlags.Ephemeral });
      return snapshot;
    });
    const rec = await double.slash(alice, channel.id, 'game', { subcommand: 'new', options: { players: 3, speed: 1.5, mode: 'quick', bots: true } });
    const seenValues = await seen;
    await rec.response();
    timings.slashToCallbackMs = rec.ackAt! - rec.sentAt;
    expect(seenValues).toEqual({
      sub: 'new',
      players: 3,
      speed: 1.5,
      mode: 'quick',
      bots: true,
      locale: 'fr',
      guildLocale: 'fr',
      userId: alice.id,
      canSend: true,
      memberPerms: true,
      cachedMemberPerms: true,
      channelId: channel.id,
      inGuild: true,
    });
    expect(rec.ackType).toBe(4);
    expect(rec.ephemeral).toBe(true);
    expect(rec.reply).toMatchObject({ content: 'players=3', ephemeral: true, visibleTo: alice.id, flags: 64 });
    expect(double.channelMessages(channel.id)).toHaveLength(0);
    expect(double.ephemeralMessages(alice, channel.id).map((m) => m.content)).toEqual(['players=3']);
    expect(rec.deadlineMissed).toBe(false);

    // A second first response is refused by the server (discord.js would refuse it locally).
    const err = await rejection(bot.client.rest.post(Routes.interactionCallback(rec.id, rec.token), { body: { type: 4, data: { content: 'again' } }, auth: false }));
    expect(err.code).toBe(40060);
  });

  it('rejects a follow-up before any response with 10015', async () => {
    const result = handleOnce(bot, '/ping', async (i) => {
      const early = await rejection(i.webhook.send({ content: 'too early' }));
      await i.reply({ content: 'pong' });
      return early.code;
    });
    await double.slash(bob, channel.id, 'ping');
    expect(await result).toBe(10015);
  });

  it('handles a public reply with a PNG and a button, then a click answered with update()', async () => {
    const replied = handleOnce(bot, '/game', async (i) => {
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Primary));
      const res = await i.reply({ content: 'Lobby open', files: [new AttachmentBuilder(PNG, { name: 'board.png' })], components: [row], withResponse: true });
      return res.resource?.message;
    });
    const rec = await double.slash(alice, channel.id, 'game', { subcommand: 'help' });
    const returned = await replied;
    await rec.response();
    const lobby = rec.reply!;
    expect(returned?.id).toBe(lobby.id);
    expect(returned?.attachments.first()?.name).toBe('board.png');
    expect(double.channelMessages(channel.id).at(-1)?.id).toBe(lobby.id);
    expect(lobby.ephemeral).toBe(false);
    expect(lobby.attachments).toHaveLength(1);
    expect(lobby.attachments[0]).toMatchObject({ filename: 'board.png', contentType: 'image/png' });
    expect(lobby.attachments[0]!.data.equals(PNG)).toBe(true);

    const clicked = handleOnce(bot, 'join', async (i) => {
      const info = { user: i.user.id, messageId: i.message.id, attachments: i.message.attachments.size, isButton: i.isButton() };
      await i.update({ content: 'Lobby: bob', components: [] });
      return info;
    });
    const click = await double.click(bob, lobby, 'join');
    const info = await clicked;
    await click.response();
    timings.clickToCallbackMs = click.ackAt! - click.sentAt;
    expect(info).toEqual({ user: bob.id, messageId: lobby.id, attachments: 1, isButton: true });
    expect(click.ackType).toBe(7);
    expect(click.reply?.id).toBe(lobby.id);
    expect(lobby.content).toBe('Lobby: bob');
    expect(lobby.components).toEqual([]);
    expect(lobby.attachments).toHaveLength(1); // no `attachments` in the update: kept
    expect(lobby.editedAt).toBeDefined();
    // The button is gone: a user cannot click it any more.
    await expect(double.click(bob, lobby, 'join')).rejects.toThrow(/no button/);
  });

  it('handles a string select on an ephemeral message', async () => {
    const shown = handleOnce(bot, '/ping', async (i) => {
      const menu = new StringSelectMenuBuilder()
        .setCustomId('pick')
        .setMinValues(1)
        .setMaxValues(2)
        .addOptions({ label: 'Glass', value: 'glass' }, { label: 'Paper', value: 'paper' }, { label: 'Metal', value: 'metal' });
      await i.reply({ content: 'Pick', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)], flags: MessageFlags.Ephemeral });
    });
    const rec = await double.slash(alice, channel.id, 'ping');
    await shown;
    await rec.response();
    const picked = handleOnce(bot, 'pick', async (i) => {
      await i.update({ content: `picked ${i.values.join('+')}`, components: [] });
      return { values: i.values, ephemeral: i.message.flags.has(MessageFlags.Ephemeral) };
    });
    await expect(double.select(bob, rec.reply!, 'pick', ['glass'])).rejects.toThrow(/ephemeral/);
    await expect(double.select(alice, rec.reply!, 'pick', ['wood'])).rejects.toThrow(/no option/);
    const sel = await double.select(alice, rec.reply!, 'pick', ['glass', 'metal']);
    expect(await picked).toEqual({ values: ['glass', 'metal'], ephemeral: true });
    await sel.response();
    expect(sel.ackType).toBe(7);
    expect(sel.ephemeral).toBe(true);
    expect(rec.reply?.content).toBe('picked glass+metal');
  });

  it('handles deferReply + editReply (with a file) and follow-ups', async () => {
    const done = handleOnce(bot, '/ping', async (i) => {
      await i.deferReply();
      await sleep(20);
      await i.editReply({ content: 'rendered', files: [new AttachmentBuilder(PNG, { name: 'final.png' })] });
      await i.followUp({ content: 'only for you', flags: MessageFlags.Ephemeral });
      await i.followUp({ content: 'for everyone' });
    });
    const t0 = performance.now();
    const rec = await double.slash(bob, channel.id, 'ping');
    await rec.response();
    await done;
    timings.deferEditTwoFollowUpsMs = performance.now() - t0;
    expect(rec.ackType).toBe(5);
    expect(rec.reply).toMatchObject({ content: 'rendered', ephemeral: false, flags: 0 });
    expect(rec.reply?.editedAt).toBeDefined();
    expect(rec.reply?.attachments.map((a) => a.filename)).toEqual(['final.png']);
    expect(rec.followUps.map((m) => [m.content, m.ephemeral])).toEqual([
      ['only for you', true],
      ['for everyone', false],
    ]);
    const contents = double.channelMessages(channel.id).map((m) => m.content);
    expect(contents.slice(-2)).toEqual(['rendered', 'for everyone']);
  });

  it('shows a modal and receives its submission', async () => {
    const shown = handleOnce(bot, '/ping', async (i) => {
      const modal = new ModalBuilder()
        .setCustomId('rename')
        .setTitle('Rename')
        .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(new TextInputBuilder().setCustomId('name').setLabel('Name').setStyle(TextInputStyle.Short)));
      await i.showModal(modal);
    });
    const rec = await double.slash(alice, channel.id, 'ping');
    await shown;
    await rec.response();
    expect(rec.ackType).toBe(9);
    const submitted = handleOnce(bot, 'rename', async (i) => {
      const name = i.fields.getTextInputValue('name');
      await i.reply({ content: `renamed to ${name}`, flags: MessageFlags.Ephemeral });
      return name;
    });
    await expect(double.submitModal(alice, channel.id, 'rename', { nickname: 'x' })).rejects.toThrow(/no field/);
    const sub = await double.submitModal(alice, channel.id, 'rename', { name: 'Composteur' });
    expect(await submitted).toBe('Composteur');
    await sub.response();
    expect(sub.reply?.content).toBe('renamed to Composteur');
  });

  it('posts with channel.send (files, thread) and edits the message', async () => {
    const ch = bot.client.channels.cache.get(channel.id) as TextChannel;
    const msg = await ch.send({ content: 'Turn reminder', files: [new AttachmentBuilder(PNG, { name: 'board.png' })] });
    expect(msg.attachments.first()?.name).toBe('board.png');
    const rec = double.channelMessages(channel.id).at(-1)!;
    expect(rec).toMatchObject({ id: msg.id, content: 'Turn reminder', authorId: double.botUserId, ephemeral: false });
    expect(rec.attachments[0]!.data.equals(PNG)).toBe(true);
    // An edit with `attachments: []` removes the file.
    await msg.edit({ content: 'Turn reminder (edited)', attachments: [] });
    expect(rec.content).toBe('Turn reminder (edited)');
    expect(rec.attachments).toHaveLength(0);

    const th = bot.client.channels.cache.get(thread.id);
    if (!th?.isSendable()) throw new Error('thread not sendable');
    await th.send('in the thread');
    expect(double.channelMessages(thread.id).map((m) => m.content)).toEqual(['in the thread']);

    const inThread = handleOnce(bot, '/ping', async (i) => {
      await i.reply({ content: 'thread reply' });
      return i.channel?.isThread();
    });
    const threadRec = await double.slash(bob, thread.id, 'ping');
    expect(await inThread).toBe(true);
    await threadRec.response();
    expect(double.channelMessages(thread.id).map((m) => m.content)).toEqual(['in the thread', 'thread reply']);
  });

  it('refuses webhook calls once the interaction token has expired (50027)', async () => {
    double.tokenLifetimeMs = 100;
    try {
      const result = handleOnce(bot, '/ping', async (i) => {
        await i.reply({ content: 'quick' });
        await sleep(150);
        return [await rejection(i.followUp({ content: 'late' })), await rejection(i.editReply({ content: 'late edit' }))];
      });
      const rec = await double.slash(alice, channel.id, 'ping');
      const errors = await result;
      expect(errors.map((e) => [e.status, e.code])).toEqual([
        [401, 50027],
        [401, 50027],
      ]);
      expect(rec.reply?.content).toBe('quick');
    } finally {
      double.tokenLifetimeMs = 15 * 60_000;
    }
  });

  it('refuses a first response after the deadline with 10062 and records it', async () => {
    double.responseDeadlineMs = 150;
    try {
      const late = handleOnce(bot, '/ping', async (i) => {
        await sleep(250);
        return rejection(i.reply({ content: 'too late' }));
      });
      const rec = await double.slash(alice, channel.id, 'ping');
      await expect(rec.response()).rejects.toThrow(/deadline/);
      const err = await late;
      expect(err.code).toBe(10062);
      expect(rec.deadlineMissed).toBe(true);
      expect(rec.ackAt).toBeUndefined();
      expect(double.violations.at(-1)).toMatchObject({ code: 10062, interactionId: rec.id });
      expect(rec.followUps).toHaveLength(0);
    } finally {
      double.responseDeadlineMs = 3000;
    }
  });

  it('rejects message limit violations with 50035 without acknowledging', async () => {
    const result = handleOnce(bot, '/ping', async (i) => {
      const row = (n: number) => ({ type: 1, components: [{ type: 2, style: 1, label: `b${n}`, custom_id: `b${n}` }] });
      const sixRows = await rejection(i.reply({ content: 'x', components: [0, 1, 2, 3, 4, 5].map(row) }));
      const longId = await rejection(i.reply({ content: 'x', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'x'.repeat(101) }] }] }));
      const longContent = await rejection(i.reply({ content: 'x'.repeat(2001) }));
      await i.reply({ content: 'fallback' });
      return [sixRows, longId, longContent];
    });
    const rec = await double.slash(bob, channel.id, 'ping');
    const errors = await result;
    expect(errors.map((e) => e.code)).toEqual([50035, 50035, 50035]);
    expect(errors[0]!.message).toMatch(/data\.components\[BASE_TYPE_MAX_LENGTH\]|components/);
    expect(errors[1]!.rawError).toMatchObject({ errors: { data: { components: { 0: { components: { 0: { custom_id: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } } } } } });
    await rec.response();
    expect(rec.reply?.content).toBe('fallback');
    expect(rec.errors.map((e) => e.code)).toEqual([50035, 50035, 50035]);
    expect(double.violations.filter((v) => v.interactionId === rec.id)).toHaveLength(3);
  });

  it('refuses channel.send without SendMessages (50013) and files without AttachFiles', async () => {
    const ch = bot.client.channels.cache.get(channel.id) as TextChannel;
    double.setBotPermissions(channel.id, DEFAULT_BOT_PERMISSIONS & ~Perm.SendMessages);
    try {
      await double.waitFor(() => ch.permissionsFor(bot.client.user!.id)?.has(PermissionFlagsBits.SendMessages) === false);
      expect((await rejection(ch.send('hello'))).code).toBe(50013);
      double.setBotPermissions(channel.id, DEFAULT_BOT_PERMISSIONS & ~Perm.AttachFiles);
      expect((await rejection(ch.send({ files: [new AttachmentBuilder(PNG, { name: 'a.png' })] }))).code).toBe(50013);
      // Interactions carry the channel's bot permissions in app_permissions.
      const seen = handleOnce(bot, '/ping', async (i) => {
        await i.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
        return i.appPermissions.has(PermissionFlagsBits.AttachFiles);
      });
      await double.slash(alice, channel.id, 'ping');
      expect(await seen).toBe(false);
    } finally {
      double.setBotPermissions(channel.id, DEFAULT_BOT_PERMISSIONS);
    }
    expect(double.violations.filter((v) => v.code === 50013)).toHaveLength(2);
  });

  it('resumes after an outage and works with a second client after a restart', async () => {
    double.disconnectAll();
    await double.waitFor(() => double.gatewayStats.resumes === 1 && double.connectedClients === 1, 4000);
    const afterResume = handleOnce(bot, '/ping', (i) => i.reply({ content: 'resumed' }));
    const r1 = await double.slash(alice, channel.id, 'ping');
    await afterResume;
    await r1.response();

    expect(bot.errors).toEqual([]);
    await bot.client.destroy();
    await double.waitFor(() => double.connectedClients === 0);
    const second = await startBot(double);
    timings.secondReadyMs = second.readyMs;
    bot = second;
    expect(double.gatewayStats.identifies).toBe(2);
    const answered = handleOnce(second, '/ping', (i) => i.reply({ content: 'second' }));
    const r2 = await double.slash(bob, channel.id, 'ping');
    await answered;
    await r2.response();
    expect(r2.reply?.content).toBe('second');
  });

  it('refuses a wrong token', async () => {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: double.apiUrl } });
    try {
      await expect(client.login('not-the-token')).rejects.toThrow(/token/i);
    } finally {
      await client.destroy();
    }
  });

  it('never let the client crash or miss a handler', () => {
    expect(bot.errors).toEqual([]);
    expect(double.restLog.every((r) => r.status < 500)).toBe(true);
  });
});

describe('message limits', () => {
  const button = (id: string) => ({ type: 2, style: 1, label: id, custom_id: id });
  const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

  it('accepts a typical message', () => {
    const select = { type: 3, custom_id: 's', options: [{ label: 'a', value: 'a' }] };
    const body = { content: 'hi', embeds: [{ title: 't', fields: [{ name: 'n', value: 'v' }] }], components: [{ type: 1, components: [button('a'), button('b')] }, { type: 1, components: [select] }] };
    expect(validateMessage(body, 1, 0)).toEqual([]);
  });

  it('flags rows, buttons, selects and custom ids', () => {
    const sixButtons = { components: [{ type: 1, components: ['a', 'b', 'c', 'd', 'e', 'f'].map(button) }] };
    expect(codes(validateMessage(sixButtons, 0, 0))).toEqual(['BASE_TYPE_MAX_LENGTH']);
    const mixed = { components: [{ type: 1, components: [button('a'), { type: 3, custom_id: 's', options: [{ label: 'x', value: 'x' }] }] }] };
    expect(codes(validateMessage(mixed, 0, 0))).toContain('COMPONENT_LAYOUT_WIDTH_EXCEEDED');
    const options = Array.from({ length: 26 }, (_, i) => ({ label: `o${i}`, value: `o${i}` }));
    expect(codes(validateMessage({ components: [{ type: 1, components: [{ type: 3, custom_id: 's', options }] }] }, 0, 0))).toContain('BASE_TYPE_MAX_LENGTH');
    const minMax = { type: 3, custom_id: 's', min_values: 3, max_values: 2, options: options.slice(0, 4) };
    expect(codes(validateMessage({ components: [{ type: 1, components: [minMax] }] }, 0, 0))).toContain('SELECT_COMPONENT_MIN_VALUES_TOO_HIGH');
    const dup = { components: [{ type: 1, components: [button('a')] }, { type: 1, components: [button('a')] }] };
    expect(codes(validateMessage(dup, 0, 0))).toEqual(['COMPONENT_CUSTOM_ID_DUPLICATED']);
    expect(codes(validateMessage({ components: [{ type: 1, components: [{ ...button('a'), label: 'x'.repeat(81) }] }] }, 0, 0))).toEqual(['BASE_TYPE_MAX_LENGTH']);
  });

  it('flags embeds, content and files', () => {
    const big = { embeds: [{ description: 'x'.repeat(4000) }, { description: 'x'.repeat(2001) }] };
    expect(codes(validateMessage(big, 0, 0))).toEqual(['MAX_EMBED_SIZE_EXCEEDED']);
    expect(codes(validateMessage({ embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, 0, 0))).toEqual(['BASE_TYPE_MAX_LENGTH']);
    expect(codes(validateMessage({ embeds: [{ fields: [{ name: '', value: 'v' }] }] }, 0, 0))).toEqual(['BASE_TYPE_MIN_LENGTH']);
    expect(codes(validateMessage({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, 0, 0))).toEqual(['BASE_TYPE_MAX_LENGTH']);
    expect(codes(validateMessage({ content: 'x'.repeat(2001) }, 0, 0))).toEqual(['BASE_TYPE_MAX_LENGTH']);
    expect(codes(validateMessage({ content: 'ok' }, 11, 0))).toEqual(['BASE_TYPE_MAX_LENGTH']);
  });

  it('flags modals and command definitions', () => {
    const input = (id: string) => ({ type: 1, components: [{ type: 4, custom_id: id, label: id, style: 1 }] });
    expect(validateModal({ title: 'T', custom_id: 'm', components: [input('a')] })).toEqual([]);
    expect(codes(validateModal({ title: 'T', custom_id: 'm', components: ['a', 'b', 'c', 'd', 'e', 'f'].map(input) }))).toEqual(['BASE_TYPE_MAX_LENGTH']);
    expect(codes(validateCommands([{ name: 'Bad Name', description: 'd' }]))).toContain('APPLICATION_COMMAND_INVALID_NAME');
    expect(codes(validateCommands([{ name: 'ok', description: 'd', options: [{ type: 3, name: 'a', description: 'a' }, { type: 3, name: 'b', description: 'b', required: true }] }]))).toEqual([
      'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
    ]);
  });
});
