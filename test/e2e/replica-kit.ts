/**
 * Replicas as an operator runs them, for the end-to-end tests: one REST proxy process
 * (`npm run rest-proxy`), bot processes in HTTP interactions mode on one PostgreSQL database, and
 * the double delivering signed POSTs to them in turn as a load balancer would. A killer SIGKILLs
 * replicas at random moments (between clicks, as a POST goes out, just after a replica answered)
 * and starts a fresh one in each dead one's place; one driver plays any game through it, and one
 * check holds every game to the same guarantees.
 */
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { replay } from '../../src/engine/index.js';
import { gameById } from '../../src/catalog.js';
import { GameStore, type GameRecord } from '../../src/store/game-store.js';
import { openPostgres } from '../../src/store/postgres.js';
import { DiscordDouble } from '../double/discord-double.js';
import type { Delivery } from '../double/http-interactions.js';
import type { InteractionRecord, MessageRecord } from '../double/types.js';
import { freshPgDatabase } from '../pg/pg.js';
import { GUILD_ID, Player, boards, openAndStart, type World } from './harness.js';
import { expectPostedOnce, inspect } from './pg-posts.js';
import { exited, kill9 } from './process.js';
import { Replicas, startProxyProcess, type Replica } from './replica-processes.js';

/** A small seeded generator, so a failing run can be repeated with its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether the bot has finished answering an interaction (its reply filled, or a follow-up). */
export function finished(rec: InteractionRecord): boolean {
  if (rec.followUps.length > 0) return true;
  if (rec.ackType === 9) return true;
  const reply = rec.reply;
  if (!reply) return false;
  if (rec.ackType !== 5 && rec.ackType !== 6) return true;
  return reply.editedAt !== undefined && reply.editedAt >= rec.sentAt;
}

export const KILL_MOMENTS = ['between clicks', 'as a POST goes out', 'just after it answered'] as const;
export type KillMoment = (typeof KILL_MOMENTS)[number];

/**
 * Kills a replica every `gap` deliveries (a random count in the range) at one of the three
 * moments, each moment once per three kills in a random order, and replaces it. Records which
 * interactions a dead replica held unfinished: those alone are excused from the checks.
 */
export class Killer {
  /** Kills signalled, and kills whose process is gone. */
  kills = 0;
  gone = 0;
  readonly kinds: KillMoment[] = [];
  readonly inFlightAtKill = new Set<string>();
  /** Set by the driver while no click of its own is under way. */
  idle = true;
  private over = false;
  private readonly order: KillMoment[] = [];
  private readonly deadUrls = new Set<string>();
  private done?: Promise<void>;
  private spare?: Promise<Replica | undefined>;

  constructor(
    private readonly double: DiscordDouble,
    private readonly replicas: Replicas,
    private readonly random: () => number,
    private readonly gap: [number, number] = [4, 10],
  ) {}

  start(): void {
    this.spare = this.startSpare();
    this.done = this.loop();
  }

  async stop(): Promise<void> {
    this.over = true;
    await this.done;
    // A spare still starting is waited for, so that stopping the replicas stops it too.
    await this.spare;
  }

  /**
   * A replica started ahead, out of the load balancer, to join the moment one dies: a start
   * takes seconds on a busy machine, and a short game would end before the next kill.
   */
  private startSpare(): Promise<Replica | undefined> {
    const spare = this.replicas.start().catch(() => undefined);
    return spare;
  }

  /**
   * Whether one of these interactions was answered over HTTP by a replica that then died before
   * finishing it: nothing will finish it now, so its player need not wait any longer.
   */
  lostAfterAnswer(ids: Set<string>): boolean {
    return this.double.http.deliveries.some((d) => ids.has(d.interactionId) && d.status === 200 && this.deadUrls.has(d.url) && !finished(this.double.interaction(d.interactionId)!));
  }

  /** The deliveries since `from`: where each went, what came back, how long its replica had been up. */
  describe(from: number): string {
    const now = performance.now();
    return this.double.http.deliveries
      .slice(from)
      .map((d) => {
        const rec = this.double.interaction(d.interactionId);
        const up = this.replicas.readyAt.get(d.url);
        const age = rec ? `sent ${((now - rec.sentAt) / 1000).toFixed(1)} s ago` : '';
        return `${rec?.payload.data?.custom_id ?? rec?.type} → ${d.url} (${this.deadUrls.has(d.url) ? 'dead' : 'live'}, up ${up === undefined ? '?' : ((now - up) / 1000).toFixed(1)} s) ${d.status}${d.error ? ` (${d.error})` : ''} ${age}`;
      })
      .join('\n  ');
  }

  private noteInFlight(victim: Replica): void {
    for (const d of this.double.http.deliveries) {
      const rec = d.url === victim.url ? this.double.interaction(d.interactionId) : undefined;
      if (rec && !finished(rec)) this.inFlightAtKill.add(rec.id);
    }
  }

  private async loop(): Promise<void> {
    const { double } = this;
    const [least, most] = this.gap;
    // Clicks go on while a fresh replica starts: they count toward the next kill.
    let last = double.http.deliveries.length;
    while (!this.over) {
      const mark = last + least + Math.floor(this.random() * (most - least + 1));
      await double.waitFor(() => this.over || double.http.deliveries.length >= mark, 600_000);
      if (this.over) return;
      const victim = this.replicas.live[Math.floor(this.random() * this.replicas.live.length)]!;
      if (this.order.length === 0) this.order.push(...KILL_MOMENTS.map((k) => ({ k, r: this.random() })).sort((a, b) => a.r - b.r).map(({ k }) => k));
      const kind = this.order.shift()!;
      const kill = () => {
        last = double.http.deliveries.length;
        this.noteInFlight(victim);
        victim.child.kill('SIGKILL');
        this.kills++;
      };
      if (kind === 'between clicks') {
        await double.waitFor(() => this.over || this.idle, 600_000);
        if (this.over) return;
        kill();
      } else {
        const killed = await new Promise<boolean>((resolve) => {
          const hook = (d: Delivery) => {
            if (d.url !== victim.url) return;
            double.http.onSend = double.http.onAnswer = undefined;
            kill();
            resolve(true);
          };
          if (kind === 'as a POST goes out') double.http.onSend = hook;
          else double.http.onAnswer = hook;
          void double.waitFor(() => this.over, 600_000).then(() => {
            double.http.onSend = double.http.onAnswer = undefined;
            resolve(false);
          });
        });
        if (!killed) return;
      }
      this.kinds.push(kind);
      await exited(victim.child);
      // A POST sent between the signal and the end of the process died with it too.
      this.noteInFlight(victim);
      this.deadUrls.add(victim.url);
      this.gone++;
      // The load balancer passes requests on to the survivor meanwhile; then the spare joins.
      const fresh = await this.spare;
      this.spare = this.over ? undefined : this.startSpare();
      await this.replicas.replace(victim, fresh);
    }
  }
}

/** What a person does when the driver finds them asked: one answer through the private view. */
export type Answer = (player: Player, ctx: { channel: string; record: GameRecord; seat: number }) => Promise<unknown>;

/**
 * Plays a game to its end through replicas that keep dying. The state read from the database
 * says who is asked; a bot asked at the same time moves first (its turn is a job on some
 * replica). A person's answer may fail only when a kill overlapped it; it then plays again on
 * what the database holds. Returns the number of answers given.
 */
export async function playThroughKills(opts: { world: World; channel: string; gameId: number; store: GameStore; people: Player[]; killer: Killer; answer: Answer; note: string; maxSteps?: number }): Promise<number> {
  const { world, channel, gameId, store, killer, note } = opts;
  const { double } = world;
  const bySeatUser = new Map(opts.people.map((p) => [p.id, p]));
  const game = (record: GameRecord) => gameById(record.gameType)!;
  let answers = 0;
  let refusedInARow = 0;
  for (let step = 0; step < (opts.maxSteps ?? 2000); step++) {
    const record = (await store.get(gameId))!;
    if (record.status !== 'active') return answers;
    const pending: number[] = game(record).pending(record.state);
    const seat = pending.find((s) => bySeatUser.has(record.seats[s]!.userId ?? ''));
    const gone = killer.gone;
    const movedOn = async () => {
      const now = (await store.get(gameId))!;
      return now.version > record.version || now.status !== 'active' || killer.gone !== gone;
    };
    if (seat === undefined || pending.some((s) => record.seats[s]!.isBot)) {
      await double.waitFor(movedOn, 60_000);
      continue;
    }
    const player = bySeatUser.get(record.seats[seat]!.userId!)!;
    const signalled = killer.kills;
    const from = double.http.deliveries.length;
    const ours = () => new Set(double.http.deliveries.slice(from).map((d) => d.interactionId));
    killer.idle = false;
    let reply: unknown;
    try {
      const action = opts.answer(player, { channel, record, seat });
      action.catch(() => {});
      // A click a dead replica had acknowledged is never finished: stop waiting for it.
      let acting = true;
      const lost = (async () => {
        while (acting) {
          if (killer.lostAfterAnswer(ours())) return 'lost' as const;
          await new Promise((r) => setTimeout(r, 20));
        }
        return undefined;
      })();
      try {
        reply = await Promise.race([action, lost]);
      } finally {
        acting = false;
      }
      if (reply === 'lost') throw new Error('a replica died with this click');
    } catch (error) {
      // A click may be lost with the replica that held it (killed during it, or dying as its POST
      // went out); any other failure is a failure. A kill under way is noted once its process is gone.
      await double.waitFor(() => killer.gone === killer.kills, 60_000);
      const excused = killer.kills !== signalled || [...ours()].some((id) => killer.inFlightAtKill.has(id));
      if (!excused) throw new Error(`${note}: ${(error as Error).message}\n  ${killer.describe(from)}`, { cause: error });
    } finally {
      killer.idle = true;
    }
    answers++;
    // A refusal (an answer the rules turn down) changes nothing: look again at once.
    if (reply && typeof reply === 'object' && (reply as MessageRecord).content?.includes('⚠️')) {
      if (++refusedInARow > 5) throw new Error(`${note}: five answers in a row refused: ${(reply as MessageRecord).content}`);
      continue;
    }
    refusedInARow = 0;
    await double.waitFor(movedOn, 60_000);
  }
  throw new Error(`${note}: the game did not end`);
}

/**
 * The guarantees through kills: the game ended and was announced once, every post went out once
 * (each board once), no move is doubled, every click was answered, and every move click not
 * refused is in the move log, except the interactions a killed replica held.
 */
export async function expectGuarantees(databaseUrl: string, world: World, channel: string, gameId: number, killer: Killer, note: string): Promise<void> {
  const { double } = world;
  const finals = () => double.channelMessages(channel).filter((m) => m.attachments.some((a) => a.filename === 'final.png'));
  await double.waitFor(() => finals()[0], 60_000);
  await double.waitFor(() => inspect(databaseUrl, async (s) => (await s.postsOf(gameId)).every((p) => p.sentAt !== null)), 60_000);
  expect(finals(), note).toHaveLength(1);
  expect(double.channelMessages(channel).filter((m) => m.content.includes('🏆')), note).toHaveLength(1);
  expect((await inspect(databaseUrl, (s) => s.get(gameId)))!.status, note).toBe('finished');

  await expectPostedOnce(databaseUrl, world, channel, gameId, note);
  expect(boards(world, channel).length, note).toBeGreaterThan(3);

  const log = await inspect(databaseUrl, (s) => s.moveLog(gameId));
  // The log replays to the stored state from the seed: no move is missing from it or in it twice.
  const record = (await inspect(databaseUrl, (s) => s.get(gameId)))!;
  const game = gameById(record.gameType)!;
  const parsed = game.parseOptions(record.options);
  if (!parsed.ok) throw new Error(`${note}: bad options`);
  expect(replay(game, { seats: record.seats.length, options: parsed.options, seed: record.seed }, log), note).toEqual(record.state);
  const logged = log.map((m) => m.interactionId).filter((id): id is string => id !== null);
  expect(new Set(logged).size, note).toBe(logged.length);
  expect(log.some((m) => m.actorId === null), note).toBe(true);
  const ours = new Set(double.http.deliveries.map((d) => d.interactionId).filter((id) => double.interaction(id)?.channelId === channel));
  let checked = 0;
  for (const id of ours) {
    if (killer.inFlightAtKill.has(id)) continue;
    const rec = double.interaction(id)!;
    expect({ id, answered: finished(rec), custom: rec.payload.data?.custom_id }, note).toMatchObject({ answered: true });
    const isMove = (rec.type === 3 && /^(mv|sc):/.test(rec.payload.data?.custom_id ?? '')) || rec.type === 5;
    if (!isMove) continue;
    checked++;
    const refused = rec.followUps.some((m) => m.content.includes('⚠️'));
    if (!refused) expect({ id, inLog: logged.includes(id) }, note).toEqual({ id, inLog: true });
  }
  expect(checked, note).toBeGreaterThan(5);
  expect(double.violations.filter((v) => !killer.inFlightAtKill.has(v.interactionId ?? '')), note).toEqual([]);
}

/** A store on the test's database, read as another process would. */
export async function readerOf(databaseUrl: string): Promise<GameStore> {
  return new GameStore(await openPostgres(databaseUrl, { max: 2 }));
}

/** One game played on two replicas that keep dying: which game, its table and how people answer. */
export interface KilledGame {
  game: string;
  options?: Record<string, string | boolean>;
  people: number;
  bots: number;
  answer: Answer;
  /** Deliveries between kills (a random count in this range). */
  gap?: [number, number];
}

/**
 * Plays one game as `spec` says on PostgreSQL, the REST proxy process and two replicas, killing
 * replicas all along, then checks the guarantees. REPLICA_KILL_SEED repeats a run's kills.
 */
export async function playKilledGame(spec: KilledGame): Promise<{ kinds: KillMoment[]; answers: number; note: string }> {
  const seed = Number(process.env.REPLICA_KILL_SEED ?? Date.now() % 1_000_000);
  const note = `${spec.game}: seed ${seed} (REPLICA_KILL_SEED repeats it)`;
  const double = await DiscordDouble.start();
  double.addGuild({ id: GUILD_ID });
  let proxy: ChildProcess | undefined;
  let replicas: Replicas | undefined;
  let store: GameStore | undefined;
  try {
    const started = await startProxyProcess(double);
    proxy = started.child;
    const databaseUrl = await freshPgDatabase();
    replicas = new Replicas(double, started.url, databaseUrl);
    await replicas.begin(2);
    const channel = double.addChannel(GUILD_ID, { name: spec.game }).id;
    const world = { double, channels: [channel] } as unknown as World;
    const people = Array.from({ length: spec.people }, (_, i) => new Player(world, double.addUser({ username: `${spec.game}-${i + 1}` })));
    await openAndStart(people[0]!, channel, people.slice(1), spec.bots, { game: spec.game, ...spec.options });
    store = await readerOf(databaseUrl);
    const gameId = (await store.openInChannel(channel))!.id;

    const killer = new Killer(double, replicas, seeded(seed), spec.gap);
    killer.start();
    let answers: number;
    try {
      answers = await playThroughKills({ world, channel, gameId, store, people, killer, answer: spec.answer, note });
    } finally {
      await killer.stop();
    }
    if (process.env.REPLICA_KILL_DEBUG) console.log(note, { kinds: killer.kinds, inFlight: killer.inFlightAtKill.size, answers });
    // Two kills at least, so one at least mid-interaction (each moment comes once per three
    // kills); the test files check that every moment came across their games.
    expect(killer.kinds.length, note).toBeGreaterThanOrEqual(2);
    await expectGuarantees(databaseUrl, world, channel, gameId, killer, note);
    return { kinds: killer.kinds, answers, note };
  } finally {
    await store?.close();
    await replicas?.stop();
    if (proxy) await kill9(proxy);
    await double.close();
  }
}
