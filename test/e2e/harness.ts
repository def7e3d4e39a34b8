/**
 * End-to-end harness: the real bot (real discord.js client, real SQLite file) against the local
 * Discord double, driven only by slash commands and component clicks as a user would. With
 * RECYCLERIE_E2E_DATABASE=postgres (and a test cluster), worlds run on PostgreSQL instead.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBot, type RunningBot } from '../../src/bot.js';
import type { Clock } from '../../src/discord/runtime/scheduler.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { DiscordDouble } from '../double/discord-double.js';
import { freshPgDatabase, hasPg } from '../pg/pg.js';
import type { InteractionRecord, MessageRecord, UserRecord } from '../double/types.js';

export const GUILD_ID = '300000000000000001';

export function tempDatabase(): string {
  return join(mkdtempSync(join(tmpdir(), 'recyclerie-e2e-')), 'bot.sqlite');
}

/** Whether this run's end-to-end worlds use PostgreSQL (see the file comment). */
export const e2eOnPostgres = process.env.RECYCLERIE_E2E_DATABASE === 'postgres' && hasPg;

export function botEnv(double: DiscordDouble, dbPath: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DISCORD_TOKEN: double.token,
    DISCORD_API_URL: double.apiUrl,
    DISCORD_GUILD_ID: GUILD_ID,
    DATABASE_PATH: dbPath,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
    BOT_MOVE_DELAY_MS: '0',
    // Bots would otherwise wait for each undoable move; the undo tests set it.
    UNDO_BOT_WAIT_MS: '0',
    ...extra,
  };
}

/**
 * How the bot gets interactions: over the gateway, or as signed HTTP POSTs from the double
 * (E2E_INTERACTIONS=http runs the same tests that way; vitest.config.ts has a project for it).
 */
export type InteractionsMode = 'gateway' | 'http';

export function interactionsMode(): InteractionsMode {
  return process.env.E2E_INTERACTIONS === 'http' ? 'http' : 'gateway';
}

export async function launchBot(
  double: DiscordDouble,
  dbPath: string,
  extra: Record<string, string> = {},
  clock?: Clock,
  mode: InteractionsMode = interactionsMode(),
): Promise<RunningBot> {
  const http: Record<string, string> = mode === 'http' ? { INTERACTIONS: 'http', PORT: '0', DISCORD_PUBLIC_KEY: double.http.publicKey } : {};
  const config = loadConfig(botEnv(double, dbPath, { ...http, ...extra }));
  const bot = await startBot(config, createLogger(config.LOG_LEVEL), clock ? { clock } : {});
  // As an operator saves the Interactions Endpoint URL: the double checks it, then uses it.
  if (bot.interactionsUrl) await double.http.setUrls([bot.interactionsUrl]);
  return bot;
}

/** A clock the test moves by hand: days of game time in milliseconds. */
export function fakeClock(start = Date.UTC(2026, 10, 2, 9)): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

export interface World {
  double: DiscordDouble;
  bot: RunningBot;
  dbPath: string;
  channels: string[];
  stop(): Promise<void>;
}

export async function startWorld(
  opts: { channels?: number; dbPath?: string; env?: Record<string, string>; clock?: Clock; interactions?: InteractionsMode } = {},
): Promise<World> {
  const double = await DiscordDouble.start();
  double.addGuild({ id: GUILD_ID, name: 'Recycling club' });
  const channels = Array.from({ length: opts.channels ?? 1 }, (_, i) => double.addChannel(GUILD_ID, { name: `table-${i + 1}` }).id);
  const dbPath = opts.dbPath ?? tempDatabase();
  const env = e2eOnPostgres && !opts.dbPath ? { DATABASE_URL: await freshPgDatabase(), ...opts.env } : opts.env;
  const bot = await launchBot(double, dbPath, env, opts.clock, opts.interactions);
  return {
    double,
    bot,
    dbPath,
    channels,
    async stop() {
      await bot.stop();
      await double.close();
    },
  };
}

type Component = { type: number; custom_id?: string; options?: { label: string; value: string }[]; min_values?: number; max_values?: number; components?: Component[]; disabled?: boolean };

export function componentsOf(message: MessageRecord): Component[] {
  return (message.components as Component[]).flatMap((row) => row.components ?? []);
}

export function findComponent(message: MessageRecord, prefix: string): Component | undefined {
  return componentsOf(message).find((c) => c.custom_id?.startsWith(prefix));
}

export function customIdOf(message: MessageRecord, prefix: string): string {
  const c = findComponent(message, prefix);
  if (!c?.custom_id) throw new Error(`no component starting with ${prefix} on message ${message.id}: ${JSON.stringify(message.components)}`);
  return c.custom_id;
}

/** The response's message once the bot has filled it (a deferred reply counts once edited). */
export async function settled(double: DiscordDouble, rec: InteractionRecord, timeoutMs = 15_000): Promise<MessageRecord> {
  await rec.response(timeoutMs);
  return double.waitFor(() => {
    const reply = rec.reply;
    if (!reply) return rec.followUps[0];
    if (rec.ackType !== 5 && rec.ackType !== 6) return reply;
    // After a deferral, a follow-up is the answer: the bot says a refusal in its own message
    // before it redraws the view, so both can land between two looks and the follow-up must win.
    // Otherwise the answer is the message once the bot has edited it after this interaction.
    if (rec.followUps[0]) return rec.followUps[0];
    return reply.editedAt !== undefined && reply.editedAt >= rec.sentAt ? reply : undefined;
  }, timeoutMs);
}

/** Waits for the bot's answer and returns all the text of a reply (content and embeds). */
export function textOf(message: MessageRecord): string {
  const embeds = (message.embeds as { title?: string; description?: string; fields?: { name: string; value: string }[] }[]) ?? [];
  return [message.content, ...embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value])])].join('\n');
}

export class Player {
  constructor(
    readonly world: World,
    readonly user: UserRecord,
  ) {}

  get id(): string {
    return this.user.id;
  }

  async command(channelId: string, command: string, opts?: { subcommand?: string; options?: Record<string, string | number | boolean> }): Promise<InteractionRecord> {
    const rec = await this.world.double.slash(this.user, channelId, command, opts);
    await rec.response();
    return rec;
  }

  async click(message: MessageRecord, customId: string): Promise<InteractionRecord> {
    const rec = await this.world.double.click(this.user, message, customId);
    await rec.response();
    return rec;
  }

  /** Clicks the first component whose custom id starts with `prefix`. */
  async press(message: MessageRecord, prefix: string): Promise<InteractionRecord> {
    return this.click(message, customIdOf(message, prefix));
  }

  async select(message: MessageRecord, customId: string, values: string[]): Promise<InteractionRecord> {
    const rec = await this.world.double.select(this.user, message, customId, values);
    await rec.response();
    return rec;
  }

  /** Opens "My hand / Play" on the latest board of a channel. */
  async openHand(channelId: string): Promise<MessageRecord> {
    // The latest board with its button: a board read just as the next one replaces it has
    // already lost its buttons, and the next one is the one to press.
    const board = await this.world.double.waitFor(() => {
      const latest = latestBoard(this.world, channelId);
      return findComponent(latest, 'hand:') ? latest : undefined;
    }, 30_000);
    const rec = await this.press(board, 'hand:');
    return settled(this.world.double, rec);
  }

  /** Gives the first answer a private view offers (see firstAnswer). */
  async answer(message: MessageRecord, answer = firstAnswer(message)): Promise<InteractionRecord> {
    if (!answer) throw new Error(`no decision for ${this.user.username}: ${message.content}`);
    const rec = await sendAnswer(this.world.double, this.user, message, answer);
    await rec.response();
    return rec;
  }

  /** Submits the modal a `form:` button opened, with the given field texts or values. */
  async submitForm(channelId: string, hand: MessageRecord, fields: (modal: ModalJson) => Record<string, string | string[]>): Promise<MessageRecord> {
    const opener = await this.press(hand, 'form:');
    await opener.response();
    const modal = opener.modal as ModalJson | undefined;
    if (!modal) throw new Error(`no modal for ${this.user.username}: ${JSON.stringify(opener.reply?.content ?? '')}`);
    const rec = await this.world.double.submitModal(this.user, channelId, modal.custom_id, fields(modal), hand);
    await rec.response();
    return settled(this.world.double, rec);
  }

  /**
   * Plays one decision the way a cautious person would, whatever its kind: the first options of
   * a select, else the first answer button, else a form with its suggested or lowest values,
   * else the first shortcut. Returns the updated private message.
   */
  async playOnce(channelId: string): Promise<MessageRecord> {
    const hand = await this.openHand(channelId);
    const select = findComponent(hand, 'mv:');
    if (select?.custom_id && select.options) {
      const count = Math.max(select.min_values ?? 1, 1);
      const rec = await this.select(hand, select.custom_id, select.options.slice(0, count).map((o) => o.value));
      return settled(this.world.double, rec);
    }
    if (select?.custom_id) return settled(this.world.double, await this.click(hand, select.custom_id));
    if (findComponent(hand, 'form:')) {
      const answered = await this.submitForm(channelId, hand, suggestedAnswers);
      if (!answered.content.includes('⚠️')) return answered;
      // Suggested values can be refused (an empty offer, twice the same card): distinct options
      // next, then the first one-click answer.
      const again = await this.openHand(channelId);
      const varied = await this.submitForm(channelId, again, variedAnswers);
      if (!varied.content.includes('⚠️') || !findComponent(again, 'sc:')) return varied;
      return settled(this.world.double, await this.press(await this.openHand(channelId), 'sc:'));
    }
    if (findComponent(hand, 'sc:')) return settled(this.world.double, await this.press(hand, 'sc:'));
    throw new Error(`no decision for ${this.user.username}: ${hand.content}`);
  }

  /** Like playOnce, but a board that lags behind the game (not this player's turn) is no error. */
  async tryPlayOnce(channelId: string): Promise<boolean> {
    const hand = await this.openHand(channelId);
    if (!componentsOf(hand).some((c) => /^(mv|sc|form):/.test(c.custom_id ?? ''))) return false;
    await this.playOnce(channelId);
    return true;
  }
}

export interface ModalJson {
  custom_id: string;
  components: { type: number; component?: { type: number; custom_id: string; value?: string; placeholder?: string; min_values?: number; options?: { value: string; default?: boolean }[] } }[];
}

/** A form's answers as shown: suggested values, else the lowest bound; default or first options. */
export function suggestedAnswers(modal: ModalJson): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const c of modal.components) {
    const input = c.component;
    if (!input) continue;
    if (input.type === 4) out[input.custom_id] = input.value ?? input.placeholder?.split('–')[0] ?? '0';
    else {
      const defaults = (input.options ?? []).filter((o) => o.default).map((o) => o.value);
      out[input.custom_id] = defaults.length ? defaults : (input.options ?? []).slice(0, Math.max(input.min_values ?? 1, 1)).map((o) => o.value);
    }
  }
  return out;
}

/** A form's answers when the suggested ones were refused: each select takes options no earlier select took. */
export function variedAnswers(modal: ModalJson): Record<string, string | string[]> {
  const out = suggestedAnswers(modal);
  const used = new Set<string>();
  for (const c of modal.components) {
    const input = c.component;
    if (!input || input.type === 4) continue;
    const count = Math.max(input.min_values ?? 1, 1);
    const fresh = (input.options ?? []).filter((o) => !o.default && !used.has(o.value)).slice(0, count).map((o) => o.value);
    if (fresh.length === count) out[input.custom_id] = fresh;
    for (const v of out[input.custom_id] as string[]) used.add(v);
  }
  return out;
}

/** A complete answer to a decision: a button, or values for a select. */
export interface Answer {
  customId: string;
  values?: string[];
}

/** The first answer of the decision on a message: its first button, or a select's first options. */
export function firstAnswer(message: MessageRecord): Answer | undefined {
  const c = findComponent(message, 'mv:');
  if (!c?.custom_id) return undefined;
  if (c.type === 2) return { customId: c.custom_id };
  return { customId: c.custom_id, values: (c.options ?? []).slice(0, Math.max(c.min_values ?? 1, 1)).map((o) => o.value) };
}

/** Sends an answer as a click or a selection, without waiting for the bot. */
export function sendAnswer(double: DiscordDouble, user: UserRecord, message: MessageRecord, answer: Answer): Promise<InteractionRecord> {
  return answer.values ? double.select(user, message, answer.customId, answer.values) : double.click(user, message, answer.customId);
}

/** Public messages of a channel that carry a board image. */
export function boards(world: World, channelId: string): MessageRecord[] {
  return world.double.channelMessages(channelId).filter((m) => m.attachments.some((a) => a.filename === 'board.png'));
}

export function latestBoard(world: World, channelId: string): MessageRecord {
  const all = boards(world, channelId);
  const last = all[all.length - 1];
  if (!last) throw new Error(`no board in channel ${channelId}`);
  return last;
}

export function finalMessage(world: World, channelId: string): MessageRecord | undefined {
  return world.double.channelMessages(channelId).find((m) => m.attachments.some((a) => a.filename === 'final.png'));
}

/** The lobby message of a channel: the public reply carrying lobby buttons. */
export function lobbyMessage(world: World, channelId: string): MessageRecord {
  const found = world.double.channelMessages(channelId).filter((m) => JSON.stringify(m.components).includes('"lobby:') || /game #\d+|partie n° \d+/.test(textOf(m)) && m.attachments.length === 0);
  const last = found[found.length - 1];
  if (!last) throw new Error('no lobby message');
  return last;
}

/** Presses a lobby button (join, leave, bot, start, cancel) on the channel's lobby message. */
export async function pressLobby(player: Player, channelId: string, action: string): Promise<InteractionRecord> {
  const lobby = player.world.double
    .channelMessages(channelId)
    .filter((m) => componentsOf(m).some((c) => c.custom_id?.startsWith('lobby:')))
    .at(-1);
  if (!lobby) throw new Error('no open lobby message');
  const id = componentsOf(lobby).find((c) => c.custom_id?.startsWith('lobby:') && c.custom_id.endsWith(`:${action}`))?.custom_id;
  if (!id) throw new Error(`no ${action} button`);
  return player.click(lobby, id);
}

/** The user ids mentioned as "to play" on the latest board. */
export function mentionedOnBoard(board: MessageRecord): string[] {
  return [...board.content.matchAll(/<@(\d+)>/g)].map((m) => m[1]!);
}

/** Opens a game in `channelId` with the given players and bots, and starts it. */
/**
 * People by name, each added to the double once, for tests that name the same person in several
 * places; `world` is read when asked, as tests start it in beforeAll.
 */
export function peopleOf(world: () => World): { person(name: string): Player; byId(id: string | null | undefined): Player | undefined } {
  const people = new Map<string, Player>();
  return {
    person(name) {
      if (!people.has(name)) people.set(name, new Player(world(), world().double.addUser({ username: name })));
      return people.get(name)!;
    },
    byId: (id) => [...people.values()].find((p) => p.id === id),
  };
}

export async function openAndStart(host: Player, channelId: string, others: Player[], bots = 0, options: Record<string, string | boolean> = {}): Promise<MessageRecord> {
  const created = await host.command(channelId, 'game', { subcommand: 'new', options: { game: 'r-eco', ...options } });
  if (created.ephemeral) throw new Error(`could not open a game: ${created.reply?.content}`);
  for (const p of others) await pressLobby(p, channelId, 'join');
  for (let i = 0; i < bots; i++) await pressLobby(host, channelId, 'bot');
  const before = boards(host.world, channelId).length;
  await pressLobby(host, channelId, 'start');
  return host.world.double.waitFor(() => boards(host.world, channelId)[before]);
}

/**
 * Plays the channel's game to its end: whoever is mentioned on the latest board plays once,
 * then we wait for the next board. Bot seats play on their own.
 */
export async function playToEnd(world: World, channelId: string, players: Player[], maxTurns = 400): Promise<MessageRecord> {
  const byId = new Map(players.map((p) => [p.id, p]));
  for (let turn = 0; turn < maxTurns; turn++) {
    const done = finalMessage(world, channelId);
    if (done) return done;
    const count = boards(world, channelId).length;
    const board = latestBoard(world, channelId);
    const mentioned = mentionedOnBoard(board);
    if (mentioned.length === 0 && board.components.length === 0) {
      // A board without controls is the last one; the final scoring follows it.
      return world.double.waitFor(() => finalMessage(world, channelId), 30_000);
    }
    const mover = mentioned.map((id) => byId.get(id)).find(Boolean);
    const edited = board.editedAt;
    if (mover) await mover.tryPlayOnce(channelId);
    // A new board, the same board redrawn for a sub-step, or the end.
    await world.double.waitFor(
      () => boards(world, channelId).length > count || world.double.message(board.id)?.editedAt !== edited || finalMessage(world, channelId),
      10_000,
    );
  }
  throw new Error(`no end after ${maxTurns} turns`);
}
